import { isUuid } from '@brandloom/contracts';
import { BadRequestException } from '@nestjs/common';
import type { Response } from 'express';
import { coded } from '../common/send-error';

/** Rows a list may ask for at once. */
const MAX_PAGE = 200;

export interface ListQuery<S extends string> {
  sort: S;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
  /** filter.id: the rows react-admin's getMany asks for (an array), or one row. */
  ids?: string[];
  /** filter.organization_id: react-admin's getManyReference from an organization. */
  organizationId?: string;
}

/** The filter react-admin's getManyReference sets from an organization, on resources whose rows have one. */
export const ORGANIZATION_FILTER = 'organization_id';

function parseJson(name: string, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new BadRequestException(coded('admin_list_query_invalid', `${name} must be JSON`));
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestException(coded('admin_list_query_invalid', `${name} must be JSON`));
  }
}

const invalid = (message: string) => new BadRequestException(coded('admin_list_query_invalid', message));

/**
 * react-admin's simple REST list parameters (ra-data-simple-rest): sort=["field","ASC"],
 * range=[0,24], filter={"q":"..."}; every call of the provider (getList, getMany with
 * filter={"id":[…]}, getManyReference with filter={"organization_id":…}). Sorting only by the
 * listed fields; one rule for anything else: an unknown filter, sort field or malformed value is a 400.
 */
export function parseListQuery<S extends string>(
  query: Record<string, unknown>,
  sortable: readonly S[],
  defaults: { sort: S; order: 'ASC' | 'DESC' },
  filters: readonly string[] = ['q'],
): ListQuery<S> {
  const sortValue = parseJson('sort', query.sort) ?? [defaults.sort, defaults.order];
  if (!Array.isArray(sortValue) || sortValue.length !== 2 || !sortable.includes(sortValue[0] as S) || !['ASC', 'DESC'].includes(String(sortValue[1]).toUpperCase())) {
    throw new BadRequestException(coded('admin_list_query_invalid', `sort must be ["field","ASC"|"DESC"] with field one of ${sortable.join(', ')}`));
  }
  const rangeValue = parseJson('range', query.range) ?? [0, 24];
  if (
    !Array.isArray(rangeValue) ||
    rangeValue.length !== 2 ||
    !rangeValue.every((n) => Number.isSafeInteger(n) && n >= 0) ||
    rangeValue[1] < rangeValue[0] ||
    rangeValue[1] - rangeValue[0] + 1 > MAX_PAGE
  ) {
    throw new BadRequestException(coded('admin_list_query_invalid', `range must be [first, last] with 0 ≤ first ≤ last and at most ${MAX_PAGE} rows`));
  }
  const filterValue = parseJson('filter', query.filter) ?? {};
  if (!filterValue || typeof filterValue !== 'object' || Array.isArray(filterValue)) throw new BadRequestException(coded('admin_list_query_invalid', 'filter must be a JSON object'));
  let ids: string[] | undefined;
  let organizationId: string | undefined;
  for (const [key, value] of Object.entries(filterValue)) {
    if (key === 'id' && Array.isArray(value)) {
      if (value.length > MAX_PAGE || !value.every((id) => (typeof id === 'string' && id.length <= 200) || Number.isSafeInteger(id))) throw invalid(`filter.id must be at most ${MAX_PAGE} ids`);
      ids = value.map(String);
      continue;
    }
    if (key === ORGANIZATION_FILTER && filters.includes(key)) {
      if (typeof value !== 'string' || !isUuid(value)) throw invalid(`filter.${ORGANIZATION_FILTER} must be an organization's id (a UUID)`);
      organizationId = value;
      continue;
    }
    if (key === 'id' && (typeof value === 'string' || typeof value === 'number')) ids = [String(value)];
    if (!filters.includes(key) && key !== 'id') throw invalid(`filter may use ${['id', ...filters.filter((f) => f !== 'id')].join(', ')} only`);
    if (value !== null && typeof value !== 'string' && typeof value !== 'boolean' && typeof value !== 'number') throw new BadRequestException(coded('admin_list_query_invalid', `filter.${key} must be a string`));
    if (typeof value === 'string' && value.length > 200) throw new BadRequestException(coded('admin_list_query_invalid', `filter.${key} must be at most 200 characters`));
  }
  return {
    sort: sortValue[0] as S,
    order: String(sortValue[1]).toUpperCase() as 'ASC' | 'DESC',
    offset: rangeValue[0],
    limit: rangeValue[1] - rangeValue[0] + 1,
    filter: filterValue as Record<string, unknown>,
    ...(ids && { ids }),
    ...(organizationId && { organizationId }),
  };
}

/** `Content-Range: posts 0-24/319`: the rows sent and the total, as ra-data-simple-rest reads it. */
export function setContentRange(res: Response, resource: string, offset: number, count: number, total: number): void {
  const last = count === 0 ? offset : offset + count - 1;
  res.setHeader('Content-Range', `${resource} ${offset}-${last}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
}
