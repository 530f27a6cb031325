import { AD_CTA_TYPES, AD_LAYOUTS } from './ads';
import { AD_FORMAT_IDS, FORMAT_MESSAGES } from './formats';
import { SIZE_MESSAGES } from './image-sizes';
import { GENERATION_MESSAGES, PROMPT_MAX_LENGTH, PROMPT_MIN_LENGTH, type GenerationStatus } from './generation';
import { LANGUAGES } from './users';

/*
 * Bulk generation (docs/decisions.md: up to 500 rows per CSV). The HTTP contract:
 *
 *   POST /api/generate/bulk  multipart: file (CSV ≤ 1 MB), defaultBrandProfileId?, defaultQuality?, defaultFormats? ('1:1;9:16')
 *     201 {batchId, total, folderId, jobs: [{row, generationId}]}
 *     400 no file / wrong field / bad defaultQuality; 413 file > 1 MB; 415 not a text CSV;
 *     404 defaultBrandProfileId not the organization's;
 *     422 {statusCode, message, error, errors: [{row, field, message}]} (row = CSV line number, header = 1);
 *     402 'Not enough credits. You need N credits, but you only have M.' for the whole file.
 *   GET /api/generate/bulk/{batchId}           {batchId, total, done, failed, rows: [BulkRowStatus]}
 *   GET /api/generate/bulk/{batchId}/progress  SSE `progress` / `completed` {done, failed, total, rows}, then `close`
 *   GET /templates/bulk-generation.csv         the template (text/csv, attachment)
 */

export const BULK_MAX_ROWS = 500;
export const BULK_MIN_ROWS = 1;
export const BULK_CSV_MAX_BYTES = 1024 * 1024;
/** Multipart field of the CSV file. */
export const BULK_CSV_FIELD = 'file';
/** Columns a CSV may have; only `prompt` is required. A row with a headline also gets finished ads (layout, placements, body, cta). */
export const BULK_COLUMNS = ['prompt', 'brand_profile', 'quality', 'size', 'formats', 'headline', 'body', 'cta', 'layout', 'placements', 'language'] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
export const BULK_PROMPT_MAX_LENGTH = PROMPT_MAX_LENGTH;

export const BULK_TEMPLATE_PATH = '/templates/bulk-generation.csv';
export const BULK_TEMPLATE_FILENAME = 'bulk-generation.csv';
/** Three example rows; brand_profile is left empty so the template itself uploads as it is. */
export const BULK_TEMPLATE_CSV = [
  'prompt,brand_profile,quality,size,formats',
  '"A sunlit flat lay of our summer collection, pastel background",,medium,1024x1024,1:1;4:5',
  'Minimal product shot of a reusable water bottle on a marble counter,,low,1536x1024,1.91:1',
  '"Story ad with the headline ""Summer Sale"" over a beach at golden hour",,high,1024x1536,9:16',
  '',
].join('\r\n');

export const BULK_MESSAGES = {
  csvHasErrors: 'The CSV has errors',
  fileRequired: 'A CSV file is required',
  fileField: `Upload one CSV file under the field name "${BULK_CSV_FIELD}"`,
  fileTooLarge: 'The CSV file must be at most 1 MB',
  notCsv: 'The file must be a CSV file (comma-separated text)',
  spreadsheet: 'The file must be a CSV file: save the spreadsheet as CSV (comma-separated) first',
  empty: 'The CSV file is empty',
  tooFewRows: 'The CSV must have at least one row',
  tooManyRows: `A CSV can have at most ${BULK_MAX_ROWS} rows`,
  promptColumnRequired: "The CSV needs a 'prompt' column",
  duplicateColumn: (name: string) => `The column '${name}' appears more than once`,
  unknownColumn: (name: string) => `Unknown column '${name}': the columns are prompt, brand_profile, quality, size, formats, headline, body, cta, layout and placements`,
  tooManyValues: (values: number, columns: number) => `This row has ${values} values but the header has ${columns} columns`,
  quoteNotClosed: 'A quoted value that starts on this row is never closed',
  unreadable: (reason: string) => `This row could not be read: ${reason}`,
  promptTooShort: GENERATION_MESSAGES.promptTooShort,
  promptTooLong: GENERATION_MESSAGES.promptTooLong,
  qualityInvalid: 'Quality must be low, medium or high',
  sizeInvalid: SIZE_MESSAGES.csvSizeInvalid,
  formatsInvalid: FORMAT_MESSAGES.csvFormatsInvalid,
  brandProfileNotFound: (value: string) => `Brand profile '${value}' not found`,
  brandProfileAmbiguous: (value: string) => `More than one brand profile is named '${value}': use its id`,
  batchNotFound: 'Batch not found',
  adHeadlineRequired: 'A row with ad copy (body, cta, layout or placements) needs a headline',
  adLayoutInvalid: (value: string) => `Unknown layout '${value}': use ${AD_LAYOUTS.map((layout) => layout.id).join(', ')}`,
  adPlacementsInvalid: `Placements are ad formats separated by semicolons, e.g. 1:1;9:16 (${AD_FORMAT_IDS.join(', ')})`,
  adCtaInvalid: (value: string) => `Unknown call to action '${value}': use ${AD_CTA_TYPES.join(', ')}`,
  adLanguageInvalid: (value: string) => `Unknown language '${value}': use ${LANGUAGES.join(', ')}`,
} as const;

/** PROMPT_MIN_LENGTH re-exported for the parser (at least 5 characters). */
export const BULK_PROMPT_MIN_LENGTH = PROMPT_MIN_LENGTH;

/** One refused CSV cell or row; row is the CSV line number (header = 1), null for the file as a whole. */
export interface BulkRowError {
  row: number | null;
  field: string | null;
  message: string;
}

/** 201 of POST /api/generate/bulk. */
export interface BulkStartResponseDto {
  batchId: string;
  total: number;
  folderId: string;
  jobs: Array<{ row: number; generationId: string }>;
}

export interface BulkRowStatusDto {
  row: number;
  generationId: string;
  status: GenerationStatus;
  /** The row's prompt, its quality and size, and its brand profile's name (when it has one). */
  prompt?: string;
  quality?: string;
  size?: string;
  brandProfileName?: string;
  error?: string;
  assetUrl?: string;
  thumbnailUrl?: string;
  /** The image's pixel size once it is made (its thumbnail keeps that shape). */
  width?: number;
  height?: number;
}

/** GET /api/generate/bulk/{batchId}. */
export interface BulkBatchStatusDto {
  batchId: string;
  total: number;
  done: number;
  failed: number;
  rows: BulkRowStatusDto[];
}

/** Data of the SSE events `progress` (changed rows, or all in the first event) and `completed` (all rows). */
export interface BulkProgressEventDto {
  done: number;
  failed: number;
  total: number;
  rows: BulkRowStatusDto[];
}

export const BULK_SSE_EVENTS = { progress: 'progress', completed: 'completed', close: 'close' } as const;
