/**
 * The progress view's URL search (`?status=&sort=&page=`) and its organization and member ids.
 * Plain code, as `book-id.ts`: route params and search are parsed in the entry chunk, so
 * neither zod nor the API client may come with them. Anything unknown is the default.
 */
import type { AssignmentStatus } from '../../contract/progress';
import type { ProgressSearch, ProgressSort } from '../../features/organization/api/progress';

const STATUSES: readonly AssignmentStatus[] = ['not_started', 'in_progress', 'done', 'overdue'];
const SORTS: readonly ProgressSort[] = ['name', '-name', 'last_synced', '-last_synced', 'status', '-status'];

/** An organization or user id is a positive integer; anything else is 0 (nobody). */
export const parseId = (id: string) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : 0);

/** The search as the URL keeps it: the defaults (every status, by name, page 1) are left out. */
export type ProgressUrlSearch = Partial<ProgressSearch>;

export function validateProgressSearch(search: Record<string, unknown>): ProgressUrlSearch {
  const parsed: ProgressUrlSearch = {};
  if (STATUSES.includes(search.status as AssignmentStatus)) parsed.status = search.status as AssignmentStatus;
  if (SORTS.includes(search.sort as ProgressSort) && search.sort !== 'name') parsed.sort = search.sort as ProgressSort;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= 100_000) parsed.page = page;
  return parsed;
}

/** The search with its defaults filled in, as the page and its query use it. */
export const withProgressDefaults = (search: ProgressUrlSearch): ProgressSearch => ({
  status: search.status,
  sort: search.sort ?? 'name',
  page: search.page ?? 1,
});

/** The search to put in the URL: the defaults left out. */
export function toProgressUrlSearch({ status, sort, page }: ProgressSearch): ProgressUrlSearch {
  return { ...(status ? { status } : {}), ...(sort !== 'name' ? { sort } : {}), ...(page > 1 ? { page } : {}) };
}
