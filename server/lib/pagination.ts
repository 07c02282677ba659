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

/** Stands in for the origin while a link is built; never part of a link. */
const PLACEHOLDER_ORIGIN = 'http://link.invalid';

/**
 * `{count, next, previous, results}`. The links are absolute from PUBLIC_URL when it is set,
 * else relative to the server's root (`/api/books/books/?page=2`): never built from the
 * request's Host header, which a client chooses (a malformed one made every list a 500; a
 * forged one would write another site's address into the answer).
 */
export function paginated<T>(request: FastifyRequest, page: Page, count: number, results: T[]): Paginated<T> {
  if (page.page > 1 && page.offset >= count) throw notFound('Invalid page.');
  const publicUrl = request.server.config.publicUrl;
  const link = (n: number) => {
    const url = new URL(request.url, PLACEHOLDER_ORIGIN);
    if (n === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(n));
    const path = url.pathname + url.search;
    return publicUrl ? publicUrl + path : path;
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
 * built once for each pair of next/previous links (they carry the request's query).
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
      // A handful of link pairs (page_size and other query variants): never grows without bound.
      if (this.bodies.size >= 4) this.bodies.delete(this.bodies.keys().next().value!);
      this.bodies.set(key, body);
    }
    return body;
  }
}
