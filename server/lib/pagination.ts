/** DRF-style page numbers: `?page=` (from 1) and an optional `?page_size=` up to MAX_PAGE_SIZE. */
import type { FastifyRequest } from 'fastify';
import type { Page as Paginated } from '../../src/contract/fields';
import { notFound } from './errors';
import { JsonBody } from './json-body';

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

/**
 * A page whose results are one JSON array as text, kept between requests: its answer body is
 * built once for each pair of next/previous links (they name the host the client used).
 */
export class JsonPage {
  private readonly bodies = new Map<string, JsonBody>();

  constructor(
    readonly count: number,
    readonly results: string,
  ) {}

  /** The answer to `request` (a 404 "Invalid page." past the end, as `paginated`). */
  body(request: FastifyRequest, page: Page): JsonBody {
    const { next, previous } = paginated(request, page, this.count, []);
    const key = `${next} ${previous}`;
    let body = this.bodies.get(key);
    if (!body) {
      body = new JsonBody(`{"count":${this.count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${this.results}}`);
      // A handful of hosts at most (the public name, an internal address): never grows without bound.
      if (this.bodies.size >= 4) this.bodies.delete(this.bodies.keys().next().value!);
      this.bodies.set(key, body);
    }
    return body;
  }
}
