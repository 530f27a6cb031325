import type { DataSource } from 'typeorm';

/** One page of a sorted list, with an optional search term (the administrators' lists). */
export interface PageQuery<S extends string> {
  sort: S;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  q?: string;
  /** Only these rows (react-admin's getMany); ids that cannot be a row's are no match. */
  ids?: string[];
  /** Only the rows of this organization (react-admin's getManyReference). */
  organizationId?: string;
}

/** A page of rows and how many rows match in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * A page's rows and its total, read from one snapshot. Two plain statements would each see the
 * rows committed by then, so a list that is being written to (jobs, events) could answer
 * "0-33/36" with 34 rows; in one REPEATABLE READ transaction both see the same rows.
 */
export function readPage<T>(dataSource: DataSource, rowsSql: string, totalSql: string, params: unknown[]): Promise<Page<T>> {
  return dataSource.transaction('REPEATABLE READ', async (manager) => {
    const rows: T[] = await manager.query(rowsSql, params);
    const [{ total }]: Array<{ total: number }> = await manager.query(totalSql, params);
    return { rows, total };
  });
}
