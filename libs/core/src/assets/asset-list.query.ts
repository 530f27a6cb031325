import type { AssetCursor } from './asset-cursor';
import type { AssetSort } from '@brandloom/contracts';

/** What a list or count of the library filters on (already validated: folder of the organization, trimmed search). */
export interface AssetFilter {
  /** null: every asset (All Assets). */
  folderId: string | null;
  /** null: no search. Matched as a case-insensitive substring of the name or the prompt. */
  search: string | null;
  /** null: any; an ad format id, or 'original' (no format). */
  format?: string | null;
  /**
   * Stacks: leave out the ad formats whose original is listed beside them (in the same folder, when
   * one is chosen); each listed image carries its format_count instead.
   */
  stacked?: boolean;
}

export interface AssetListQuery extends AssetFilter {
  sort: AssetSort;
  cursor: AssetCursor | null;
  limit: number;
}

export interface SqlQuery {
  text: string;
  values: unknown[];
}

interface Order {
  /** The sort expression; an index has (organization_id, <expr>, id) and (organization_id, folder_id, <expr>, id). */
  expr: string;
  direction: 'ASC' | 'DESC';
  /** The key written into the next cursor: exactly what `expr` compares (microseconds included). */
  key: string;
  cast: 'timestamptz' | 'text';
}

const ORDERS: Record<AssetSort, Order> = {
  newest: { expr: 'a.created_at', direction: 'DESC', key: `to_json(a.created_at) #>> '{}'`, cast: 'timestamptz' },
  oldest: { expr: 'a.created_at', direction: 'ASC', key: `to_json(a.created_at) #>> '{}'`, cast: 'timestamptz' },
  'name-asc': { expr: 'lower(a.name)', direction: 'ASC', key: 'lower(a.name)', cast: 'text' },
  'name-desc': { expr: 'lower(a.name)', direction: 'DESC', key: 'lower(a.name)', cast: 'text' },
};

/** `%term%` for ILIKE, with the term's own %, _ and \ taken literally. */
export function substringPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * An image that tops its stack in a folder: an original, or a format whose original is elsewhere
 * (or deleted). Folder counts use the same rule, so a folder's count is the tiles it shows.
 */
export function stackRootIn(folderColumn: string): string {
  return `(a.parent_asset_id IS NULL OR NOT EXISTS (SELECT 1 FROM assets p WHERE p.id = a.parent_asset_id AND p.folder_id = ${folderColumn}))`;
}

function whereClause(organizationId: string, filter: AssetFilter, values: unknown[]): string[] {
  values.push(organizationId);
  const where = [`a.organization_id = $${values.length}`];
  if (filter.folderId) {
    values.push(filter.folderId);
    where.push(`a.folder_id = $${values.length}::uuid`);
  }
  if (filter.format) {
    // Served by assets_org_format_created_idx.
    values.push(filter.format);
    where.push(`COALESCE(a.format, 'original') = $${values.length}`);
  }
  if (filter.stacked) where.push(filter.folderId ? stackRootIn('a.folder_id') : 'a.parent_asset_id IS NULL');
  if (filter.search) {
    // Both sides are served by the trigram (GIN) indexes on name and prompt.
    values.push(substringPattern(filter.search));
    where.push(`(a.name ILIKE $${values.length} OR a.prompt ILIKE $${values.length})`);
  }
  return where;
}

/** How many ad formats were made from each listed image (served by assets_parent_idx): its stack in the library. */
const FORMAT_COUNT = `(SELECT count(*)::int FROM assets d WHERE d.parent_asset_id = a.id AND d.organization_id = a.organization_id) AS format_count`;

/**
 * One keyset page: the rows after the cursor in (sort key, id) order, plus one more row to tell
 * whether a next page exists. Rows added between pages land before the cursor (never seen again
 * by this walk) or after it (seen once): no duplicates, no gaps. Each sort walks a btree index.
 */
export function assetListSql(organizationId: string, query: AssetListQuery): SqlQuery {
  const order = ORDERS[query.sort];
  const values: unknown[] = [];
  const where = whereClause(organizationId, query, values);
  if (query.cursor) {
    values.push(query.cursor.key, query.cursor.id);
    const comparison = order.direction === 'DESC' ? '<' : '>';
    where.push(`(${order.expr}, a.id) ${comparison} ($${values.length - 1}::${order.cast}, $${values.length}::uuid)`);
  }
  values.push(query.limit + 1);
  return {
    // Only a stacked list says how many formats stand under each image.
    text: `SELECT a.*, ${query.stacked ? `${FORMAT_COUNT}, ` : ''}${order.key} AS cursor_key FROM assets a WHERE ${where.join(' AND ')}
           ORDER BY ${order.expr} ${order.direction}, a.id ${order.direction} LIMIT $${values.length}`,
    values,
  };
}

export function assetCountSql(organizationId: string, filter: AssetFilter): SqlQuery {
  const values: unknown[] = [];
  const where = whereClause(organizationId, filter, values);
  return { text: `SELECT count(*)::int AS count FROM assets a WHERE ${where.join(' AND ')}`, values };
}
