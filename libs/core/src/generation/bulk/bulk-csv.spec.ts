import { AD_MESSAGES, BULK_MESSAGES, BULK_TEMPLATE_CSV } from '@brandloom/contracts';
import { decodeCsv, parseBulkCsv, parseSize, validateBulkRows, type BrandProfileLookup } from './bulk-csv';
import { BulkCsvFileTypeError, BulkCsvInvalidError } from './bulk.errors';

const noProfiles: BrandProfileLookup = (cell) => ({ error: BULK_MESSAGES.brandProfileNotFound(cell) });
const csv = (text: string) => Buffer.from(text, 'utf8');

function invalid(run: () => unknown): BulkCsvInvalidError {
  try {
    run();
  } catch (error) {
    if (error instanceof BulkCsvInvalidError) return error;
    throw error;
  }
  throw new Error('expected BulkCsvInvalidError');
}

describe('parseBulkCsv', () => {
  it('reads quoted values with commas, doubled quotes and newlines, and numbers rows by the line they start on', () => {
    const parsed = parseBulkCsv(csv('prompt,quality\n"Shoes, socks and ""hats""",low\n"First line\nsecond line",high\n\nA plain prompt,\n'));
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual([
      { row: 2, prompt: 'Shoes, socks and "hats"', brand_profile: '', quality: 'low', size: '', formats: '', headline: '', body: '', cta: '', layout: '', placements: '', language: '' },
      { row: 3, prompt: 'First line\nsecond line', brand_profile: '', quality: 'high', size: '', formats: '', headline: '', body: '', cta: '', layout: '', placements: '', language: '' },
      { row: 6, prompt: 'A plain prompt', brand_profile: '', quality: '', size: '', formats: '', headline: '', body: '', cta: '', layout: '', placements: '', language: '' },
    ]);
  });

  it('handles a UTF-8 BOM and CRLF line ends (also inside quoted values)', () => {
    const parsed = parseBulkCsv(csv('\ufeffprompt,size\r\n"Two\r\nlines here",1536x1024\r\nCafé crème poster,\r\n'));
    expect(parsed.rows).toEqual([
      { row: 2, prompt: 'Two\nlines here', brand_profile: '', quality: '', size: '1536x1024', formats: '', headline: '', body: '', cta: '', layout: '', placements: '', language: '' },
      { row: 4, prompt: 'Café crème poster', brand_profile: '', quality: '', size: '', formats: '', headline: '', body: '', cta: '', layout: '', placements: '', language: '' },
    ]);
  });

  it('reads Windows-1252 and UTF-16 exports, semicolon separators and loosely written headers', () => {
    expect(parseBulkCsv(Buffer.from('prompt\nCaf\xe9 cr\xe8me poster\n', 'latin1')).rows[0].prompt).toBe('Café crème poster');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('prompt\tquality\nA tab separated row\tlow\n', 'utf16le')]);
    expect(parseBulkCsv(utf16).rows[0]).toMatchObject({ prompt: 'A tab separated row', quality: 'low' });
    const semicolons = parseBulkCsv(csv(' Prompt ;Brand Profile;QUALITY\nOne, two and three;Acme;low\n'));
    expect(semicolons.rows[0]).toEqual({ row: 2, prompt: 'One, two and three', brand_profile: 'Acme', quality: 'low', size: '', formats: '', headline: '', body: '', cta: '', layout: '', placements: '', language: '' });
  });

  it('reads the served template as three valid rows', () => {
    const parsed = parseBulkCsv(csv(BULK_TEMPLATE_CSV));
    expect(parsed.errors).toEqual([]);
    const rows = validateBulkRows(parsed, {}, noProfiles);
    expect(rows.map((r) => [r.row, r.quality, r.size, r.adFormats])).toEqual([
      [2, 'medium', '1024x1024', ['1:1', '4:5']],
      [3, 'low', '1536x1024', ['1.91:1']],
      [4, 'high', '1024x1536', ['9:16']],
    ]);
    expect(rows[2].prompt).toContain('"Summer Sale"');
  });

  it('refuses files without a prompt column, without rows or with more than 500 rows', () => {
    expect(invalid(() => parseBulkCsv(csv('quality,size\nlow,1024x1024\n'))).errors).toEqual([
      { row: 1, field: 'prompt', message: BULK_MESSAGES.promptColumnRequired },
    ]);
    expect(invalid(() => parseBulkCsv(csv(''))).message).toBe(BULK_MESSAGES.empty);
    expect(invalid(() => parseBulkCsv(csv('prompt\n\n,\n'))).message).toBe(BULK_MESSAGES.tooFewRows);
    const rows = (n: number) => `prompt\n${Array.from({ length: n }, (_, i) => `Prompt number ${i}`).join('\n')}\n`;
    expect(parseBulkCsv(csv(rows(500))).rows).toHaveLength(500);
    const tooMany = invalid(() => parseBulkCsv(csv(rows(501))));
    expect({ message: tooMany.message, errors: tooMany.errors }).toEqual({ message: BULK_MESSAGES.tooManyRows, errors: [] });
  });

  it('reports unknown and duplicate columns, extra values and an unclosed quote with their rows', () => {
    const parsed = parseBulkCsv(csv('prompt,qualty,prompt\nA good prompt,x,y\nAnother good one,,,surplus\n'));
    expect(parsed.errors).toEqual([
      { row: 1, field: 'qualty', message: BULK_MESSAGES.unknownColumn('qualty') },
      { row: 1, field: 'prompt', message: BULK_MESSAGES.duplicateColumn('prompt') },
      { row: 3, field: null, message: BULK_MESSAGES.tooManyValues(4, 3) },
    ]);
    expect(invalid(() => parseBulkCsv(csv('prompt\nA fine prompt\n\n"never closed\nmore text\n'))).errors).toEqual([
      { row: 4, field: null, message: BULK_MESSAGES.quoteNotClosed },
    ]);
  });

  it('refuses binary files and spreadsheets by their bytes', () => {
    expect(() => decodeCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toThrow(new BulkCsvFileTypeError(BULK_MESSAGES.spreadsheet));
    expect(() => decodeCsv(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toThrow(BulkCsvFileTypeError);
    expect(() => decodeCsv(Buffer.from('prompt\nabc\u0001def\n'))).toThrow(BulkCsvFileTypeError);
  });
});

describe('validateBulkRows', () => {
  const profiles: BrandProfileLookup = (cell) =>
    cell.toLowerCase() === 'acme' ? { id: 'acme-id' } : { error: BULK_MESSAGES.brandProfileNotFound(cell) };

  it('reads a row\'s ad copy (cta by type or label, placements like formats, a default layout) and names each bad cell by row and column', () => {
    const parsed = parseBulkCsv(csv('prompt,headline,body,cta,layout,placements\nFirst prompt,Fresh coffee,Roasted this week,Shop now,split,9:16;1:1\nSecond prompt,Hello,,,,\nThird prompt,,,,,\n'));
    const rows = validateBulkRows(parsed, {}, profiles);
    expect(rows.map((row) => row.ad)).toEqual([
      { placements: ['1:1', '9:16'], layout: 'split', copy: { headline: 'Fresh coffee', body: 'Roasted this week', cta: 'SHOP_NOW' }, language: null },
      { placements: ['1:1'], layout: 'bottom-band', copy: { headline: 'Hello', body: '', cta: null }, language: null },
      null,
    ]);
    const bad = parseBulkCsv(csv(`prompt,headline,body,cta,layout,placements\nFirst prompt,,Body only,,,\nSecond prompt,${'x'.repeat(41)},,BUY_IT,diagonal,2:3\n`));
    expect(invalid(() => validateBulkRows(bad, {}, profiles)).errors).toEqual([
      { row: 2, field: 'headline', message: BULK_MESSAGES.adHeadlineRequired },
      { row: 3, field: 'headline', message: AD_MESSAGES.headlineTooLong },
      { row: 3, field: 'cta', message: BULK_MESSAGES.adCtaInvalid('BUY_IT') },
      { row: 3, field: 'layout', message: BULK_MESSAGES.adLayoutInvalid('diagonal') },
      { row: 3, field: 'placements', message: BULK_MESSAGES.adPlacementsInvalid },
    ]);
  });

  it("keeps a row's copy language (any case) on its ads and names an unknown one by row and column", () => {
    const parsed = parseBulkCsv(csv('prompt,headline,language\nFirst prompt,Café fresco,es\nSecond prompt,Fresh coffee,EN-us\nThird prompt,Fresh coffee,\n'));
    expect(validateBulkRows(parsed, {}, profiles).map((row) => row.ad?.language)).toEqual(['es', 'en-US', null]);
    const bad = parseBulkCsv(csv('prompt,headline,language\nFirst prompt,Caffè,it\nSecond prompt,,de\n'));
    expect(invalid(() => validateBulkRows(bad, {}, profiles)).errors).toEqual([
      { row: 2, field: 'language', message: BULK_MESSAGES.adLanguageInvalid('it') },
      { row: 3, field: 'headline', message: BULK_MESSAGES.adHeadlineRequired },
    ]);
  });

  it('fills empty cells from the defaults, then the built-in defaults', () => {
    const parsed = parseBulkCsv(csv('prompt,brand_profile,quality,size\nFirst prompt,,,\nSecond prompt,ACME,HIGH,Portrait\n'));
    expect(validateBulkRows(parsed, { quality: 'low', brandProfileId: 'default-id' }, profiles)).toEqual([
      { row: 2, prompt: 'First prompt', quality: 'low', size: '1024x1024', brandProfileId: 'default-id', adFormats: [], ad: null },
      { row: 3, prompt: 'Second prompt', quality: 'high', size: '1024x1536', brandProfileId: 'acme-id', adFormats: [], ad: null },
    ]);
    expect(validateBulkRows(parsed, {}, profiles)[0]).toMatchObject({ quality: 'medium', brandProfileId: null });
  });

  it('reports every error of every row, by row number, in order', () => {
    const parsed = parseBulkCsv(csv('prompt,brand_profile,quality,size\nabcd,Nobody,ultra,800x600\nA valid prompt,,,\n"x",,low,\n'));
    const error = invalid(() => validateBulkRows(parsed, {}, profiles));
    expect(error.message).toBe(BULK_MESSAGES.csvHasErrors);
    expect(error.errors).toEqual([
      { row: 2, field: 'prompt', message: 'Prompt must be at least 5 characters' },
      { row: 2, field: 'quality', message: 'Quality must be low, medium or high' },
      { row: 2, field: 'size', message: BULK_MESSAGES.sizeInvalid },
      { row: 2, field: 'brand_profile', message: "Brand profile 'Nobody' not found" },
      { row: 4, field: 'prompt', message: 'Prompt must be at least 5 characters' },
    ]);
  });

  it('reads the formats column (1:1;9:16, also with commas or spaces; empty cells take the default) and names the row of a bad one', () => {
    const parsed = parseBulkCsv(csv('prompt,formats\nFirst prompt here,1:1;9:16\nSecond prompt here,"4:5, 1.91:1"\nThird prompt here,\nFourth prompt here,1:1;16:9\nFifth prompt here,square\n'));
    const error = invalid(() => validateBulkRows(parsed, { formats: ['9:16'] }, profiles));
    expect(error.errors).toEqual([
      { row: 5, field: 'formats', message: BULK_MESSAGES.formatsInvalid },
      { row: 6, field: 'formats', message: BULK_MESSAGES.formatsInvalid },
    ]);
    const valid = parseBulkCsv(csv('prompt;formats\nFirst prompt here;1:1 9:16\nSecond prompt here;\n'));
    expect(validateBulkRows(valid, { formats: ['4:5'] }, profiles).map((r) => r.adFormats)).toEqual([['1:1', '9:16'], ['4:5']]);
  });

  it('accepts the sizes as written, with ×, or by their names', () => {
    expect(['1024x1024', '1536X1024', '1024 × 1536', 'landscape', 'Square'].map(parseSize)).toEqual(['1024x1024', '1536x1024', '1024x1536', '1536x1024', '1024x1024']);
    expect(parseSize('1024x768')).toBeNull();
  });

  it('accepts each ad placement by its id or its own size, and nothing near them', () => {
    expect(['1:1', '4:5', ' 9:16 ', '1.91:1', '1088x1360', '1152 × 2048', '1376X720'].map(parseSize)).toEqual([
      '1088x1088',
      '1088x1360',
      '1152x2048',
      '1376x720',
      '1088x1360',
      '1152x2048',
      '1376x720',
    ]);
    expect(['1080x1350', '1080x1920', '16:9', '1.9:1', '4:5:1'].map(parseSize)).toEqual([null, null, null, null, null]);
    const parsed = parseBulkCsv(csv('prompt,size\nA story ad at dusk,9:16\nA feed ad at noon,1080x1350\n'));
    expect(invalid(() => validateBulkRows(parsed, {}, () => ({ error: 'none' }))).errors).toEqual([{ row: 3, field: 'size', message: BULK_MESSAGES.sizeInvalid }]);
    const valid = validateBulkRows(parseBulkCsv(csv('prompt,size\nA story ad at dusk,9:16\n')), {}, () => ({ error: 'none' }));
    expect(valid.map((row) => row.size)).toEqual(['1152x2048']);
  });
});
