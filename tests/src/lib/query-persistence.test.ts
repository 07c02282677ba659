/** The query cache kept across reloads: only network data that has no other home on the device. */
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, persistQueryCache, QUERY_CACHE_KEY } from '../../../src/lib/query-client';

afterEach(() => vi.useRealTimers());

const saved = () => JSON.parse(localStorage.getItem(QUERY_CACHE_KEY) ?? 'null') as { clientState: { queries: { queryKey: unknown[] }[] } } | null;

describe('persistQueryCache', () => {
  it('keeps the books list, quiz history and members, and not book details, chapters or anything else', async () => {
    const client = createQueryClient();
    const stop = persistQueryCache(client);
    client.setQueryData(['books', 'list'], [{ id: 1, title: 'FLS' }]);
    client.setQueryData(['quiz-history', 7], [{ id: 3 }]);
    client.setQueryData(['organization', 2, 'users'], [{ id: 9 }]);
    client.setQueryData(['books', 'detail', 1], { id: 1 });
    client.setQueryData(['books', 'detail', 1, 'chapters'], [{ id: 11 }]);
    client.setQueryData(['attempts', 'x'], { phase: 'in-progress' });

    await vi.waitFor(() => expect(saved()).not.toBeNull(), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const keys = saved()!.clientState.queries.map((q) => q.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['books', 'list'],
        ['quiz-history', 7],
        ['organization', 2, 'users'],
      ]),
    );
    expect(keys).toHaveLength(3);
    stop();
  });

  it('restores the saved answers before the first render, with their time', async () => {
    const first = createQueryClient();
    const stop = persistQueryCache(first);
    first.setQueryData(['books', 'list'], [{ id: 1, title: 'FLS' }]);
    await vi.waitFor(() => expect(saved()).not.toBeNull(), { timeout: 3000 });
    stop();

    const next = createQueryClient();
    persistQueryCache(next)();
    expect(next.getQueryData(['books', 'list'])).toEqual([{ id: 1, title: 'FLS' }]);
    expect(next.getQueryState(['books', 'list'])?.dataUpdatedAt).toBe(first.getQueryState(['books', 'list'])?.dataUpdatedAt);
  });

  it('refreshes a restored answer from the network when a screen uses it, however recently it was saved', async () => {
    const first = createQueryClient();
    const stop = persistQueryCache(first);
    first.setQueryData(['organization', 2, 'users'], [{ id: 9 }]);
    await vi.waitFor(() => expect(saved()).not.toBeNull(), { timeout: 3000 });
    stop();

    const next = createQueryClient();
    persistQueryCache(next)();
    const queryFn = vi.fn(async () => [{ id: 9 }, { id: 10 }]);
    const observer = new QueryObserver(next, { queryKey: ['organization', 2, 'users'], queryFn });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await vi.waitFor(() => expect(next.getQueryData(['organization', 2, 'users'])).toEqual([{ id: 9 }, { id: 10 }]));
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(seen[0]).toEqual([{ id: 9 }]);
    unsubscribe();
  });

  it('discards a saved cache it cannot read', () => {
    localStorage.setItem(QUERY_CACHE_KEY, '{not json');
    const client = createQueryClient();
    persistQueryCache(client)();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
  });
});
