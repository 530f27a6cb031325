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
