import { InvalidAssetCursorError } from './assets.errors';
import { isUuid, ASSET_SORTS, type AssetSort } from '@brandloom/contracts';

/**
 * Where a page of GET /api/assets ended: the last row's sort key and id, for the sort it was made
 * for. Sent to clients as base64url JSON (opaque to them); every field is checked on the way back,
 * so a forged or truncated cursor answers 400, never a database error.
 */
export interface AssetCursor {
  sort: AssetSort;
  /** newest/oldest: created_at as ISO 8601 with microseconds; name-asc/name-desc: lower(name). */
  key: string;
  id: string;
}

const MAX_ENCODED_LENGTH = 4096;
const MAX_NAME_KEY_LENGTH = 1024;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** As PostgreSQL's to_json(timestamptz) writes it, e.g. 2026-11-22T01:19:51.783366+00:00. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)$/;

export function isTimeSort(sort: AssetSort): boolean {
  return sort === 'newest' || sort === 'oldest';
}

export function encodeAssetCursor(cursor: AssetCursor): string {
  return Buffer.from(JSON.stringify({ s: cursor.sort, k: cursor.key, i: cursor.id }), 'utf8').toString('base64url');
}

/** The cursor, or InvalidAssetCursorError when it is malformed or was made for another sort. */
export function decodeAssetCursor(raw: string, sort: AssetSort): AssetCursor {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_ENCODED_LENGTH || !BASE64URL.test(raw)) throw new InvalidAssetCursorError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidAssetCursorError();
  }
  if (typeof parsed !== 'object' || parsed === null) throw new InvalidAssetCursorError();
  const { s, k, i } = parsed as Record<string, unknown>;
  if (typeof s !== 'string' || !(ASSET_SORTS as readonly string[]).includes(s) || s !== sort) throw new InvalidAssetCursorError();
  if (!isUuid(i) || typeof k !== 'string') throw new InvalidAssetCursorError();
  if (isTimeSort(sort) ? !isTimestamp(k) : k.length > MAX_NAME_KEY_LENGTH || k.includes('\u0000')) throw new InvalidAssetCursorError();
  return { sort, key: k, id: i.toLowerCase() };
}

/** A timestamp PostgreSQL accepts as written (calendar date, 00:00:00 to 23:59:59, offset up to 15 h). */
function isTimestamp(value: string): boolean {
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const offsetHours = m[7] === undefined ? 0 : Number(m[7]);
  const offsetMinutes = m[8] === undefined ? 0 : Number(m[8]);
  const offsetSeconds = m[9] === undefined ? 0 : Number(m[9]);
  if (year < 1 || hour > 23 || minute > 59 || second > 59 || offsetHours > 15 || offsetMinutes > 59 || offsetSeconds > 59) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
