/** DRF-style page numbers: `?page=` (from 1) and an optional `?page_size=` up to MAX_PAGE_SIZE. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export interface Page {
  page: number;
  size: number;
  offset: number;
}

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
