import {
  BULK_TEMPLATE_PATH,
  type BulkProgressEventDto,
  type BulkRowError,
  type BulkRowStatusDto,
  type BulkStartResponseDto,
  type Quality,
} from '@brandloom/contracts';

// Bulk generation as backend/src/generation/bulk-generation.controller.ts serves it; the wire types
// are @brandloom/contracts' (libs/contracts/src/bulk.ts).

export const BULK_TEMPLATE_URL = BULK_TEMPLATE_PATH;
export const BULK_ENDPOINT = '/api/generate/bulk';
export const bulkProgressUrl = (batchId: string) => `${BULK_ENDPOINT}/${encodeURIComponent(batchId)}/progress`;

/** A row as the screen shows it: its status from the progress events. */
export type BulkRow = BulkRowStatusDto;
export type BulkProgress = BulkProgressEventDto;

export interface BulkStartResponse {
  batchId: string;
  total: number;
  rows: BulkRow[];
}

export interface BulkInput {
  file: File;
  /** '' = use the CSV's brand_profile. */
  defaultBrandProfileId: string;
  /** '' = use the CSV's quality. */
  defaultQuality: Quality | '';
  /** 'Also make ad formats' (fills empty `formats` cells); empty = the CSV's. */
  defaultFormats?: readonly string[];
}

/** A refused upload: the messages to list (row-numbered when the server named rows). */
export class BulkUploadError extends Error {
  readonly messages: string[];
  readonly status: number | null;

  constructor(messages: string[], status: number | null = null) {
    super(messages[0] ?? 'Bulk generation failed');
    this.name = 'BulkUploadError';
    this.messages = messages.length ? messages : ['Bulk generation failed'];
    this.status = status;
  }
}

/** The data of a `progress` or `completed` event, or null when it is not one. */
export function readProgress(data: unknown): BulkProgress | null {
  if (!data || typeof data !== 'object' || !Array.isArray((data as BulkProgress).rows)) return null;
  return data as BulkProgress;
}

/** Row-numbered messages of a refusal: the 422's errors [{row, field, message}], else its message(s). */
export function validationMessages(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const { errors, message } = body as { errors?: BulkRowError[]; message?: string | string[] };
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.map(({ row, field, message: text }) => {
      // The column is named only when the message does not already say it (brand_profile ~ "Brand profile").
      const named = !field || text.toLowerCase().includes(field.toLowerCase().replace(/_/g, ' '));
      return `${row !== null ? `Row ${row}: ` : ''}${named ? '' : `${field}: `}${text}`;
    });
  }
  if (Array.isArray(message)) return message;
  return typeof message === 'string' && message ? [message] : [];
}

/** POST /api/generate/bulk. Rejects with a BulkUploadError listing what the server refused. */
export async function startBulkGeneration(input: BulkInput): Promise<BulkStartResponse> {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  if (input.defaultBrandProfileId) form.append('defaultBrandProfileId', input.defaultBrandProfileId);
  if (input.defaultQuality) form.append('defaultQuality', input.defaultQuality);
  if (input.defaultFormats?.length) form.append('defaultFormats', input.defaultFormats.join(';'));

  let res: Response;
  let text: string;
  try {
    res = await fetch(BULK_ENDPOINT, { method: 'POST', credentials: 'include', body: form });
    text = await res.text();
  } catch {
    throw new BulkUploadError(['Failed to start bulk generation. Please try again.']);
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw new BulkUploadError([res.ok ? 'Failed to parse server response' : `Server error: ${res.statusText || res.status}`], res.status);
  }
  if (!res.ok) {
    const messages = validationMessages(body);
    throw new BulkUploadError(messages.length ? messages : ['Failed to start bulk generation'], res.status);
  }
  const started = body as BulkStartResponseDto | undefined;
  if (!started?.batchId || !Array.isArray(started.jobs)) throw new BulkUploadError(['Failed to start bulk generation'], res.status);
  return { batchId: started.batchId, total: started.total, rows: started.jobs.map((job) => ({ ...job, status: 'queued' })) };
}
