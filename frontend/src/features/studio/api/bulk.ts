import type { Quality } from '@brandloom/contracts';

/*
 * Bulk generation (issue 4, "Bulk generation"), as backend/src/generation/bulk-generation.controller.ts
 * serves it (its DTOs live in libs/core, not in @brandloom/contracts, so they are read loosely here):
 *   POST /api/generate/bulk (multipart: file, defaultBrandProfileId?, defaultQuality?)
 *     201 {batchId, total, folderId, jobs: [{row, generationId}]}
 *     422 {message, errors: [{row, field, message}]} (row = CSV line, header = 1; null for the whole file),
 *     400/402/404/413/415 {message}
 *   GET /api/generate/bulk/{batchId}/progress (SSE): `progress` (changed rows) and `completed` (all rows)
 *     {done (completed rows), failed, total, rows: [{row, generationId, status, error?, assetUrl?, thumbnailUrl?}]},
 *     then `close`; `error` {message} if the stream fails.
 */

export const BULK_TEMPLATE_URL = '/templates/bulk-generation.csv';
export const BULK_ENDPOINT = '/api/generate/bulk';
export const bulkProgressUrl = (batchId: string) => `${BULK_ENDPOINT}/${encodeURIComponent(batchId)}/progress`;

export type BulkRowStatusName = 'queued' | 'processing' | 'completed' | 'failed';

export interface BulkRow {
  /** The CSV row number as the server counts it. */
  row: number;
  status: BulkRowStatusName | string;
  generationId?: string | null;
  error?: string | null;
  assetUrl?: string | null;
  thumbnailUrl?: string | null;
  prompt?: string | null;
}

export interface BulkProgress {
  done: number;
  failed: number;
  total: number;
  rows: BulkRow[];
}

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

const num = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
};
const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

function readRow(item: unknown, position: number): BulkRow | null {
  if (!item || typeof item !== 'object') return null;
  const r = item as Record<string, unknown>;
  const row = num(r.row ?? r.rowNumber, NaN);
  return {
    row: Number.isFinite(row) ? row : position + 1,
    status: str(r.status) ?? 'queued',
    generationId: str(r.generationId) ?? str(r.jobId) ?? str(r.id),
    error: str(r.error) ?? str(r.message),
    assetUrl: str(r.assetUrl) ?? str(r.imageUrl),
    thumbnailUrl: str(r.thumbnailUrl) ?? str(r.preview),
    prompt: str(r.prompt),
  };
}

export function readRows(value: unknown): BulkRow[] {
  if (!Array.isArray(value)) return [];
  return value.map(readRow).filter((row): row is BulkRow => row !== null);
}

export function readProgress(data: unknown): BulkProgress | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  return { done: num(d.done ?? d.completed), failed: num(d.failed), total: num(d.total), rows: readRows(d.rows) };
}

/** Row-numbered messages from a 400/422 body: errors[{row, message|error|field}] or strings, else message. */
export function validationMessages(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const { errors, message, error } = body as { errors?: unknown; message?: unknown; error?: unknown };
  const fromErrors = Array.isArray(errors)
    ? errors.flatMap((item: unknown): string[] => {
        if (typeof item === 'string') return [item];
        if (!item || typeof item !== 'object') return [];
        const e = item as Record<string, unknown>;
        const text = str(e.message) ?? str(e.error) ?? (Array.isArray(e.messages) ? e.messages.filter((m) => typeof m === 'string').join(', ') : null);
        if (!text) return [];
        const row = e.row ?? e.rowNumber ?? e.line;
        const column = str(e.column) ?? str(e.field);
        const where = row !== undefined && row !== null && !/^row\s+\d+/i.test(text) ? `Row ${String(row)}: ` : '';
        // The column is named only when the message does not already say it (brand_profile ~ "Brand profile").
        const named = !column || text.toLowerCase().includes(column.toLowerCase().replace(/_/g, ' '));
        return [`${where}${named ? '' : `${column}: `}${text}`];
      })
    : [];
  if (fromErrors.length) return fromErrors;
  if (Array.isArray(message)) return message.filter((m): m is string => typeof m === 'string' && !!m);
  if (typeof message === 'string' && message) return [message];
  if (typeof error === 'string' && error) return [error];
  return [];
}

/** POST /api/generate/bulk. Rejects with a BulkUploadError listing what the server refused. */
export async function startBulkGeneration(input: BulkInput): Promise<BulkStartResponse> {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  if (input.defaultBrandProfileId) form.append('defaultBrandProfileId', input.defaultBrandProfileId);
  if (input.defaultQuality) form.append('defaultQuality', input.defaultQuality);

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
  const b = (body ?? {}) as Record<string, unknown>;
  const batchId = str(b.batchId) ?? (typeof b.batchId === 'number' ? String(b.batchId) : null);
  if (!batchId) throw new BulkUploadError(['Failed to start bulk generation'], res.status);
  return { batchId, total: num(b.total), rows: readRows(b.jobs ?? b.rows) };
}
