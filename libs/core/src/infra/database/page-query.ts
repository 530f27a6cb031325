/** One page of a sorted list, with an optional search term (the administrators' lists). */
export interface PageQuery<S extends string> {
  sort: S;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  q?: string;
}

/** A page of rows and how many rows match in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}
