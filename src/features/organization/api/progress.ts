/**
 * The organization's progress view (issue 35): a page of members with their figures per assigned
 * book and per practice drill (issue 37), one member's detail, and the CSV exports. Members'
 * results are never kept across reloads: the keys are outside the persisted `organization`
 * prefix (lib/query-client.ts).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AssignmentStatus, MemberProgress, ProgressPage, ProgressQuery } from '../../../contract/progress';
import { apiClient } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export type { AssignmentStatus, MemberProgress, ProgressCell, ProgressPage, ProgressRow } from '../../../contract/progress';

/** The two CSV files: one row per member (csv), one row per repetition of practice (practice_csv). */
export type ProgressCsvFormat = Exclude<NonNullable<ProgressQuery['format']>, 'json'>;

export type ProgressSort = NonNullable<ProgressQuery['sort']>;

/** The orders the view offers, as the sort select names them. */
export const PROGRESS_SORT_LABELS: Record<ProgressSort, string> = {
  name: 'Name (A to Z)',
  '-name': 'Name (Z to A)',
  '-last_synced': 'Last synced (newest first)',
  last_synced: 'Last synced (oldest first)',
  status: 'Status',
  '-status': 'Status (reversed)',
};

/** What the progress view asks the server for (the page's URL search). */
export interface ProgressSearch {
  status?: AssignmentStatus;
  sort: ProgressSort;
  page: number;
}

export const progressKeys = {
  all: ['organization-progress'] as const,
  organization: (organizationId: number) => [...progressKeys.all, organizationId] as const,
  page: (organizationId: number, search: ProgressSearch) => [...progressKeys.organization(organizationId), 'page', search] as const,
  member: (organizationId: number, userId: number) => [...progressKeys.organization(organizationId), 'member', userId] as const,
};

const progressPath = (organizationId: number) => `/accounts/organizations/${organizationId}/progress/`;

/** The view's URL under /api with its query; the defaults (name, page 1) are left out. */
function progressUrl(organizationId: number, { status, sort, page }: Partial<ProgressSearch>, format?: ProgressCsvFormat): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (sort && sort !== 'name') params.set('sort', sort);
  if (page && page > 1) params.set('page', String(page));
  if (format) params.set('format', format);
  const query = params.toString();
  return query ? `${progressPath(organizationId)}?${query}` : progressPath(organizationId);
}

export async function getProgressPage(organizationId: number, search: ProgressSearch): Promise<ProgressPage> {
  const { data } = await apiClient.get<ProgressPage>(progressUrl(organizationId, search));
  return data;
}

export const progressPageQueryOptions = (organizationId: number, search: ProgressSearch) =>
  queryOptions({
    queryKey: progressKeys.page(organizationId, search),
    queryFn: () => getProgressPage(organizationId, search),
    // The table stays while the next page, filter or order loads.
    placeholderData: keepPreviousData,
  });

export async function getMemberProgress(organizationId: number, userId: number): Promise<MemberProgress> {
  const { data } = await apiClient.get<MemberProgress>(`${progressPath(organizationId)}${userId}/`);
  return data;
}

export const memberProgressQueryOptions = (organizationId: number, userId: number) =>
  queryOptions({ queryKey: progressKeys.member(organizationId, userId), queryFn: () => getMemberProgress(organizationId, userId) });

/** The device's date as 'YYYY-MM-DD' (the day the director downloads the file). */
const localIsoDate = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** `progress-<organization name>-<YYYY-MM-DD>.csv` (`practice-…` for the practice CSV), without characters a file system refuses. */
export function progressCsvFileName(organizationName: string, now = new Date(), format: ProgressCsvFormat = 'csv'): string {
  // eslint-disable-next-line no-control-regex
  const name = organizationName.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-').trim() || 'organization';
  return `${format === 'practice_csv' ? 'practice' : 'progress'}-${name}-${localIsoDate(now)}.csv`;
}

/** A Blob by what it does (a test's Blob may come from another realm than the page's). */
const isBlob = (value: unknown): value is Blob => typeof value === 'object' && value !== null && typeof (value as Blob).text === 'function';

/** A failed blob request carries the server's JSON error as a Blob: read it so the `detail` shows. */
async function withJsonBody(error: unknown): Promise<unknown> {
  if (!(error instanceof ApiError) || !isBlob(error.data)) return error;
  try {
    const data: unknown = JSON.parse(await error.data.text());
    return new ApiError(error.message, error.reason, error.status, data, error.retryAfterSeconds);
  } catch {
    return error;
  }
}

/**
 * Downloads the progress CSV or the practice CSV (with the view's status filter) through the
 * signed-in client and saves it under `progressCsvFileName`; the object URL is revoked once the
 * save has started.
 */
export async function downloadProgressCsv(
  organizationId: number,
  organizationName: string,
  status?: AssignmentStatus,
  format: ProgressCsvFormat = 'csv',
): Promise<string> {
  let file: Blob;
  try {
    const { data } = await apiClient.get<Blob>(progressUrl(organizationId, { status }, format), { responseType: 'blob' });
    file = isBlob(data) ? data : new Blob([String(data)], { type: 'text/csv' });
  } catch (error) {
    throw await withJsonBody(error);
  }
  const fileName = progressCsvFileName(organizationName, new Date(), format);
  const url = URL.createObjectURL(file);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download; a tick later nothing needs the URL.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return fileName;
}
