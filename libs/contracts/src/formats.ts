/*
 * Ad formats: one image in every placement's shape. The HTTP contract:
 *
 *   POST /api/assets/{id}/formats  {formats: AdFormatId[], method, fill?, quality?}
 *     201 {jobs: [{id, format, status, progress, progressUrl}], creditsCharged, creditsRemaining}
 *     400 bad body; 404 not the organization's asset; 402 AI extend without enough credits
 *   GET  /api/assets/{id}/formats  {original: AssetDto, formats: AssetDto[], jobs: FormatJobDto[]}
 *   GET  /api/formats/progress/{jobId}  SSE `progress` / `completed` {asset} / `error` {message}, then `close`
 *   GET  /api/assets?format=9:16   the library's format filter ('original': images that are no format)
 */
import type { Quality } from './generation';
import { creditsPerImage, PLACEMENT_SIZES } from './image-sizes';
import type { AssetDto } from './library';

export const AD_FORMAT_IDS = ['1:1', '4:5', '9:16', '1.91:1'] as const;
export type AdFormatId = (typeof AD_FORMAT_IDS)[number];

export interface AdFormat {
  id: AdFormatId;
  name: string;
  width: number;
  height: number;
  /** Where Meta shows it. */
  placements: string;
}

/** The four placements' shapes, in the order screens list them. */
export const AD_FORMATS: readonly AdFormat[] = [
  { id: '1:1', name: 'Square', width: 1080, height: 1080, placements: 'Feed' },
  { id: '4:5', name: 'Portrait', width: 1080, height: 1350, placements: 'Feed' },
  { id: '9:16', name: 'Story', width: 1080, height: 1920, placements: 'Stories and Reels' },
  { id: '1.91:1', name: 'Landscape', width: 1200, height: 628, placements: 'Link ads and right column' },
];

export function adFormat(id: AdFormatId): AdFormat {
  return AD_FORMATS.find((format) => format.id === id)!;
}

export function isAdFormatId(value: unknown): value is AdFormatId {
  return typeof value === 'string' && (AD_FORMAT_IDS as readonly string[]).includes(value);
}

/** 'Story 9:16 (1080×1920)'. */
export function adFormatLabel(id: AdFormatId): string {
  const format = adFormat(id);
  return `${format.name} ${format.id} (${format.width}×${format.height})`;
}

/** The format the Meta push suggests per placement. */
export const META_SUGGESTED_FORMATS = { feed: '4:5', stories: '9:16' } as const satisfies Record<string, AdFormatId>;

export const FORMAT_METHODS = ['crop', 'extend', 'ai_extend'] as const;
export type FormatMethod = (typeof FORMAT_METHODS)[number];
export const FORMAT_METHOD_LABELS: Record<FormatMethod, string> = { crop: 'Smart crop', extend: 'Extend', ai_extend: 'AI extend' };

/** How the margins of an extended image are filled: a blurred, darkened copy, or the brand's primary colour. */
export const FORMAT_FILLS = ['blur', 'brand'] as const;
export type FormatFill = (typeof FORMAT_FILLS)[number];

/** Smart crop is used only when the crop keeps at least this share of the image; otherwise the image is extended. */
export const SMART_CROP_MIN_KEEP_DEFAULT = 0.7;

/** 'format' filter value of GET /api/assets for images that are not a format of another. */
export const ORIGINAL_FORMAT_FILTER = 'original';
export const ASSET_FORMAT_FILTERS = [...AD_FORMAT_IDS, ORIGINAL_FORMAT_FILTER] as const;

/**
 * Credits of one format: AI extend costs a generation of its quality at the placement's own size
 * (where it paints, PLACEMENT_SIZES), crop and extend are free.
 */
export function formatCost(method: FormatMethod, quality: Quality, format: AdFormatId): number {
  return method === 'ai_extend' ? creditsPerImage(quality, PLACEMENT_SIZES[format]) : 0;
}

/** Credits of a request for several formats. */
export function formatsCost(method: FormatMethod, quality: Quality, formats: readonly AdFormatId[]): number {
  return formats.reduce((sum, format) => sum + formatCost(method, quality, format), 0);
}

/** `formats` CSV cell of a bulk row, e.g. '1:1;9:16' (also ',' or spaces between); null when invalid. */
export function parseFormatsCell(cell: string): AdFormatId[] | null {
  const parts = cell.split(/[;,\s]+/).map((part) => part.trim()).filter(Boolean);
  if (!parts.every(isAdFormatId)) return null;
  return AD_FORMAT_IDS.filter((id) => parts.includes(id));
}

export const FORMAT_PROGRESS_PATH = '/api/formats/progress/';

export const FORMAT_MESSAGES = {
  formatsRequired: `formats must list one or more of: ${AD_FORMAT_IDS.join(', ')}`,
  methodInvalid: `method must be one of: ${FORMAT_METHODS.join(', ')}`,
  fillInvalid: `fill must be one of: ${FORMAT_FILLS.join(', ')}`,
  qualityInvalid: 'quality must be low, medium or high',
  brandColorMissing: "This image's brand profile has no primary colour: choose the blurred fill",
  formatFilterInvalid: `format must be one of: ${ASSET_FORMAT_FILTERS.join(', ')}`,
  jobNotFound: 'Format job not found',
  queued: 'Waiting in the queue',
  starting: 'Preparing the image',
  rendering: 'Resizing the image',
  outpainting: 'Extending the image with AI',
  storing: 'Saving the new format',
  ready: 'Format ready!',
  failed: 'The format could not be made. Please try again.',
  sourceMissing: 'The original image no longer exists',
  interrupted: 'Making the format was interrupted; its credits were refunded.',
  formatMissing: (format: string) => `This image has no ${format} format yet: make it first`,
  csvFormatsInvalid: `Formats must be ${AD_FORMAT_IDS.join(', ')}, separated by ';' (e.g. 1:1;9:16)`,
} as const;

export const FORMAT_JOB_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type FormatJobStatus = (typeof FORMAT_JOB_STATUSES)[number];

/** POST /api/assets/{id}/formats. */
export interface CreateFormatsRequest {
  formats: AdFormatId[];
  method: FormatMethod;
  /** Extend and AI extend; default 'brand' when the asset has a brand profile, else 'blur'. */
  fill?: FormatFill;
  /** AI extend's quality (its cost); default medium. */
  quality?: Quality;
}

export interface FormatJobDto {
  id: string;
  /** The original asset. */
  asset_id: string | null;
  format: AdFormatId;
  method: FormatMethod;
  status: FormatJobStatus;
  /** 0 to 100. */
  progress: number;
  message: string | null;
  /** The derived asset once completed. */
  result_asset_id: string | null;
  credits_charged: number;
  progressUrl: string;
}

export interface CreateFormatsResponseDto {
  jobs: FormatJobDto[];
  creditsCharged: number;
  creditsRemaining: number;
}

/** GET /api/assets/{id}/formats: the original (the asset's parent when it is a format itself), its formats and recent jobs. */
export interface AssetFormatsResponseDto {
  original: AssetDto;
  formats: AssetDto[];
  jobs: FormatJobDto[];
}

/** SSE `completed` of a format job. */
export interface FormatCompletedEventDto {
  jobId: string;
  progress: 100;
  message: string;
  assetId: string;
  format: AdFormatId;
  method: FormatMethod;
  url: string;
  thumbnailUrl: string | null;
  width: number;
  height: number;
}
