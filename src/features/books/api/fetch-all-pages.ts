import { apiClient } from '../../../lib/api-client';
import type { Page } from './types';

/** Turns the server's absolute `next` link into a path for apiClient (base `/api`). */
function nextPath(next: string): string {
  const url = new URL(next, window.location.origin);
  // Follow the page, never the host: behind a proxy the server may name another origin or scheme.
  return url.pathname.replace(/^\/api(?=\/)/, '') + url.search;
}

/** Reads every page of a paginated list (or a bare array, SPEC §7) into one array. */
export async function fetchAllPages<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let url: string | null = path;
  // A server that kept pointing to the same page would loop forever: stop after 1000 pages.
  for (let pages = 0; url && pages < 1000; pages++) {
    const { data }: { data: Page<T> | T[] } = await apiClient.get<Page<T> | T[]>(url);
    if (Array.isArray(data)) return [...items, ...data];
    items.push(...data.results);
    url = data.next ? nextPath(data.next) : null;
  }
  return items;
}
