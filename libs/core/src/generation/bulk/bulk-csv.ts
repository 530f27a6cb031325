import { AD_COPY_LIMITS, AD_MESSAGES, hasForbiddenText, LANGUAGES, type Language, INPUT_MESSAGES, isAdCtaType, isAdLayoutId, parseFormatsCell, QUALITIES, resolveImageSize, type AdCtaType, type AdFormatId, type ImageSize, type Quality } from '@brandloom/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import {
  BULK_COLUMNS,
  BULK_MAX_ROWS,
  BULK_MESSAGES,
  BULK_MIN_ROWS,
  BULK_PROMPT_MAX_LENGTH,
  BULK_PROMPT_MIN_LENGTH,
  type BulkColumn,
  type BulkRowError,
} from '@brandloom/contracts';
import { BulkCsvFileTypeError, BulkCsvInvalidError } from './bulk.errors';

/** One data row of the CSV as written (cells trimmed, '' when empty or when the column is absent). */
export interface BulkCsvRow {
  /** The CSV line the row starts on (header = 1). */
  row: number;
  prompt: string;
  brand_profile: string;
  quality: string;
  size: string;
  /** Ad formats, e.g. '1:1;9:16'. */
  formats: string;
  /** Ad copy: a row with a headline also gets finished ads. */
  headline: string;
  body: string;
  /** A call-to-action type (SHOP_NOW) or its label (Shop now). */
  cta: string;
  layout: string;
  /** Placements of the ads, written like formats. */
  placements: string;
  /** The language of the row's copy (en-US, es, fr, de), kept on its ads. */
  language: string;
}

export interface BulkCsv {
  rows: BulkCsvRow[];
  /** Errors of the header and of the rows' shape (values are checked by validateBulkRows). */
  errors: BulkRowError[];
}

/** A row ready to become a generation. */
export interface BulkRowRequest {
  row: number;
  prompt: string;
  quality: Quality;
  size: ImageSize;
  brandProfileId: string | null;
  /** Ad formats the row's image also gets. */
  adFormats: AdFormatId[];
  /** The finished ads the row's image also gets, or null. */
  ad: BulkRowAd | null;
}

/** A row's ads: its copy set in one layout for each placement. */
export interface BulkRowAd {
  placements: AdFormatId[];
  layout: string;
  copy: { headline: string; body: string; cta: AdCtaType | null };
  /** Absent on rows stored before the language column. */
  language?: Language | null;
}

/** The layout and placement of a row's ads when its cells leave them empty. */
export const BULK_AD_DEFAULTS = { layout: 'bottom-band', placements: ['1:1'] as AdFormatId[] } as const;

export interface BulkDefaults {
  /** Fills empty quality cells; without it the product's default (medium). */
  quality?: Quality | null;
  /** Fills empty brand_profile cells (already checked to be the organization's). */
  brandProfileId?: string | null;
  /** Fills empty formats cells. */
  formats?: AdFormatId[] | null;
}

/** How a brand_profile cell resolves: the profile's id, or why not. */
export type BrandProfileLookup = (cell: string) => { id: string } | { error: string };

const DEFAULT_QUALITY: Quality = 'medium';
const DEFAULT_SIZE: ImageSize = '1024x1024';
const SIZE_ALIASES: Record<string, ImageSize> = { square: '1024x1024', landscape: '1536x1024', portrait: '1024x1536' };

/**
 * Reads an uploaded CSV: UTF-8 (with or without BOM), UTF-16 with BOM, or Windows-1252 as older
 * spreadsheet exports write it; CRLF, LF or CR line ends; quoted values with commas, quotes and
 * newlines; comma, semicolon or tab as the separator (taken from the header line). Header names are
 * matched without regard to case, spaces or hyphens ('Brand Profile' is brand_profile). Blank lines
 * are skipped; row numbers stay the file's line numbers. Throws BulkCsvFileTypeError for binary
 * content, BulkCsvInvalidError when the file cannot be read as rows at all or has too few or too
 * many rows; other problems are returned in `errors` so that every one can be reported at once.
 */
export function parseBulkCsv(file: Buffer): BulkCsv {
  const text = decodeCsv(file).replace(/\r\n?/g, '\n');
  if (text.trim() === '') throw new BulkCsvInvalidError([], BULK_MESSAGES.empty);

  const records = readRecords(text);
  const headerIndex = records.findIndex((r) => !isBlank(r.cells));
  if (headerIndex < 0) throw new BulkCsvInvalidError([], BULK_MESSAGES.empty);
  const header = records[headerIndex];
  const errors: BulkRowError[] = [];
  const columns = new Map<BulkColumn, number>();
  header.cells.forEach((cell, index) => {
    const name = normalizeHeader(cell);
    if (name === '') return; // Unnamed columns (trailing separators of spreadsheet exports) are ignored.
    if (!(BULK_COLUMNS as readonly string[]).includes(name)) {
      errors.push({ row: header.line, field: cell.trim(), message: BULK_MESSAGES.unknownColumn(cell.trim()) });
    } else if (columns.has(name as BulkColumn)) {
      errors.push({ row: header.line, field: name, message: BULK_MESSAGES.duplicateColumn(name) });
    } else {
      columns.set(name as BulkColumn, index);
    }
  });
  if (!columns.has('prompt')) {
    throw new BulkCsvInvalidError([{ row: header.line, field: 'prompt', message: BULK_MESSAGES.promptColumnRequired }, ...errors]);
  }

  const data = records.slice(headerIndex + 1).filter((r) => !isBlank(r.cells));
  if (data.length < BULK_MIN_ROWS) throw new BulkCsvInvalidError([], BULK_MESSAGES.tooFewRows);
  if (data.length > BULK_MAX_ROWS) throw new BulkCsvInvalidError([], BULK_MESSAGES.tooManyRows);

  const rows = data.map((record): BulkCsvRow => {
    const extra = record.cells.slice(header.cells.length);
    if (extra.some((cell) => cell.trim() !== '')) {
      errors.push({ row: record.line, field: null, message: BULK_MESSAGES.tooManyValues(record.cells.length, header.cells.length) });
    }
    const cell = (column: BulkColumn) => {
      const index = columns.get(column);
      return index === undefined ? '' : (record.cells[index] ?? '').trim();
    };
    return {
      row: record.line,
      prompt: cell('prompt'),
      brand_profile: cell('brand_profile'),
      quality: cell('quality'),
      size: cell('size'),
      formats: cell('formats'),
      headline: cell('headline'),
      body: cell('body'),
      cta: cell('cta'),
      layout: cell('layout'),
      placements: cell('placements'),
      language: cell('language'),
    };
  });
  return { rows, errors };
}

/**
 * Checks every row's values and fills empty cells: quality from the default (else medium), size
 * 1024x1024, brand profile from the default (else none). Returns the requests, or throws
 * BulkCsvInvalidError listing every error of the file (with `priorErrors`, the header's and shape's).
 */
export function validateBulkRows(csv: BulkCsv, defaults: BulkDefaults, lookup: BrandProfileLookup): BulkRowRequest[] {
  const errors = [...csv.errors];
  const requests: BulkRowRequest[] = [];
  for (const row of csv.rows) {
    const before = errors.length;
    const fail = (field: BulkColumn, message: string) => errors.push({ row: row.row, field, message });
    // UTF-16 files skip the byte checks of decodeCsv: every cell obeys the API's text rule.
    const unreadable = BULK_COLUMNS.filter((column) => hasForbiddenText(row[column]));
    if (unreadable.length > 0) {
      unreadable.forEach((column) => fail(column, INPUT_MESSAGES.invalidText(column)));
      continue;
    }

    if (row.prompt.length < BULK_PROMPT_MIN_LENGTH) fail('prompt', BULK_MESSAGES.promptTooShort);
    else if (row.prompt.length > BULK_PROMPT_MAX_LENGTH) fail('prompt', BULK_MESSAGES.promptTooLong);

    const quality = row.quality === '' ? (defaults.quality ?? DEFAULT_QUALITY) : parseQuality(row.quality);
    if (!quality) fail('quality', BULK_MESSAGES.qualityInvalid);

    const size = row.size === '' ? DEFAULT_SIZE : parseSize(row.size);
    if (!size) fail('size', BULK_MESSAGES.sizeInvalid);

    let brandProfileId: string | null = defaults.brandProfileId ?? null;
    if (row.brand_profile !== '') {
      const found = lookup(row.brand_profile);
      if ('error' in found) fail('brand_profile', found.error);
      else brandProfileId = found.id;
    }

    const adFormats = row.formats === '' ? [...(defaults.formats ?? [])] : parseFormatsCell(row.formats);
    if (!adFormats) fail('formats', BULK_MESSAGES.formatsInvalid);

    const ad = validateRowAd(row, fail);

    if (errors.length === before) requests.push({ row: row.row, prompt: row.prompt, quality: quality!, size: size!, brandProfileId, adFormats: adFormats!, ad });
  }
  if (errors.length > 0) throw new BulkCsvInvalidError(errors.sort(byRow));
  return requests;
}

/** The row's ads when it has copy (errors go to `fail` with the column's name). */
function validateRowAd(row: BulkCsvRow, fail: (field: BulkColumn, message: string) => void): BulkRowAd | null {
  if (![row.headline, row.body, row.cta, row.layout, row.placements, row.language].some((cell) => cell !== '')) return null;
  let ok = true;
  const refuse = (field: BulkColumn, message: string) => {
    ok = false;
    fail(field, message);
  };
  if (row.headline === '') refuse('headline', BULK_MESSAGES.adHeadlineRequired);
  else if (row.headline.length > AD_COPY_LIMITS.headline) refuse('headline', AD_MESSAGES.headlineTooLong);
  if (row.body.length > AD_COPY_LIMITS.body) refuse('body', AD_MESSAGES.bodyTooLong);
  const cta = row.cta === '' ? null : parseCta(row.cta);
  if (row.cta !== '' && !cta) refuse('cta', BULK_MESSAGES.adCtaInvalid(row.cta));
  const layout = row.layout === '' ? BULK_AD_DEFAULTS.layout : row.layout.trim().toLowerCase();
  if (!isAdLayoutId(layout)) refuse('layout', BULK_MESSAGES.adLayoutInvalid(row.layout));
  const placements = row.placements === '' ? [...BULK_AD_DEFAULTS.placements] : parseFormatsCell(row.placements);
  if (!placements || placements.length === 0) refuse('placements', BULK_MESSAGES.adPlacementsInvalid);
  const language = row.language === '' ? null : (LANGUAGES.find((candidate) => candidate.toLowerCase() === row.language.toLowerCase()) ?? null);
  if (row.language !== '' && !language) refuse('language', BULK_MESSAGES.adLanguageInvalid(row.language));
  return ok ? { placements: placements!, layout, copy: { headline: row.headline, body: row.body, cta }, language } : null;
}

/** 'SHOP_NOW', 'shop now' or 'Shop-now' → SHOP_NOW. */
export function parseCta(value: string): AdCtaType | null {
  const word = value.trim().toUpperCase().replace(/[\s-]+/g, '_');
  return isAdCtaType(word) ? word : null;
}

export function parseQuality(value: string): Quality | null {
  const word = value.trim().toLowerCase();
  return (QUALITIES as readonly string[]).includes(word) ? (word as Quality) : null;
}

/**
 * '1024x1024' (also with × or spaces, any case), square / landscape / portrait, or an ad
 * placement by its id ('4:5') or its size ('1088x1360').
 */
export function parseSize(value: string): ImageSize | null {
  const word = value.trim().toLowerCase().replace(/\s+/g, '').replace(/×/g, 'x');
  return resolveImageSize(word) ?? SIZE_ALIASES[word] ?? null;
}

/** 'Brand Profile', ' brand-profile ' → 'brand_profile'. */
function normalizeHeader(cell: string): string {
  return cell.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

function byRow(a: BulkRowError, b: BulkRowError): number {
  return (a.row ?? 0) - (b.row ?? 0);
}

interface CsvRecord {
  cells: string[];
  /** The line the record starts on (1-based). */
  line: number;
}

/** Every record with the line it starts on (newlines inside quoted values are counted). */
function readRecords(text: string): CsvRecord[] {
  let lastEnd = 0;
  try {
    return parse(text, {
      delimiter: detectDelimiter(text),
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      on_record: (cells: string[], context: { lines: number }) => {
        // `lines` is the line the record ends on (text is LF-only, so a quoted newline counts once).
        lastEnd = context.lines;
        const inner = cells.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
        return { cells, line: context.lines - inner };
      },
    }) as CsvRecord[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const row = firstLineAfter(text, lastEnd);
    const message = error.code === 'CSV_QUOTE_NOT_CLOSED' ? BULK_MESSAGES.quoteNotClosed : BULK_MESSAGES.unreadable(error.message);
    throw new BulkCsvInvalidError([{ row, field: null, message }]);
  }
}

/** The first non-blank line after line `after` (where a record that failed to parse started). */
function firstLineAfter(text: string, after: number): number {
  const lines = text.split('\n');
  for (let i = after; i < lines.length; i += 1) if (lines[i].trim() !== '') return i + 1;
  return after + 1;
}

/** The header line's separator: comma unless the header has none and has semicolons or tabs. */
function detectDelimiter(text: string): string {
  const first = text.split('\n').find((line) => line.trim() !== '') ?? '';
  if (first.includes(',')) return ',';
  if (first.includes(';')) return ';';
  if (first.includes('\t')) return '\t';
  return ',';
}

/** The upload as text; binary content and spreadsheets are refused by their bytes (415). */
export function decodeCsv(file: Buffer): string {
  const starts = (...bytes: number[]) => bytes.every((b, i) => file[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0xd0, 0xcf, 0x11, 0xe0)) throw new BulkCsvFileTypeError(BULK_MESSAGES.spreadsheet);
  if (starts(0xff, 0xfe)) return new TextDecoder('utf-16le').decode(file);
  if (starts(0xfe, 0xff)) return new TextDecoder('utf-16be').decode(file);
  if (file.includes(0)) throw new BulkCsvFileTypeError();
  let text: string;
  try {
    // Strips a UTF-8 byte order mark.
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    text = new TextDecoder('windows-1252').decode(file);
  }
  // Other control characters than tab and line ends mean binary content.
  if (hasControlCharacters(text)) throw new BulkCsvFileTypeError();
  return text;
}

function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}
