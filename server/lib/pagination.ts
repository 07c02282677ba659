/** DRF-style page numbers: `?page=` (from 1) and an optional `?page_size=` up to MAX_PAGE_SIZE. */
import type { FastifyRequest } from 'fastify';
import type { Page as Paginated } from '../../src/contract/fields';
import { notFound } from './errors';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** The rows a list asks a repository for. */
export interface Page {
  page: number;
  size: number;
  offset: number;
}

const POSITIVE = /^[1-9]\d{0,6}$/;

/** Reads `?page=` and `?page_size=`; a malformed page is DRF's 404 "Invalid page.". */
export function pageOf(request: FastifyRequest): Page {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const rawPage = query.page ?? '1';
  const rawSize = query.page_size ?? String(DEFAULT_PAGE_SIZE);
  if (typeof rawPage !== 'string' || !POSITIVE.test(rawPage)) throw notFound('Invalid page.');
  const size = typeof rawSize === 'string' && POSITIVE.test(rawSize) ? Math.min(Number(rawSize), MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  const page = Number(rawPage);
  return { page, size, offset: (page - 1) * size };
}

/** `{count, next, previous, results}` with absolute next/previous links, as DRF answers. */
export function paginated<T>(request: FastifyRequest, page: Page, count: number, results: T[]): Paginated<T> {
  if (page.page > 1 && page.offset >= count) throw notFound('Invalid page.');
  const link = (n: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    if (n === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(n));
    return url.toString();
  };
  return {
    count,
    next: page.offset + page.size < count ? link(page.page + 1) : null,
    previous: page.page > 1 ? link(page.page - 1) : null,
    results,
  };
}

/** `paginated` for results that are already JSON text (one string each): the page as JSON text. */
export function paginatedJson(request: FastifyRequest, page: Page, count: number, results: string[]): string {
  const { next, previous } = paginated(request, page, count, []);
  return `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":[${results.join(',')}]}`;
}
