/** The query cache kept across reloads: only network data that has no other home on the device. */
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, persistQueryCache, QUERY_CACHE_KEY } from '../../../src/lib/query-client';
import { clearSession } from '../../../src/lib/session';
import { makeUser, signIn } from '../../helpers/fake-api';

beforeEach(() => {
  localStorage.clear();
  signIn(makeUser({ user_id: 7 }));
});
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

describe('the persisted query cache belongs to one user (shared ward devices)', () => {
  const members = [{ id: 9, full_name: 'Dr Colleague', email: 'colleague@hospital.example' }];

  /** Another tab changing the session: localStorage changes and this tab hears a `storage` event. */
  function otherTabSignsIn(user_id: number | null) {
    if (user_id === null) clearSession();
    else signIn(makeUser({ user_id, email: `user${user_id}@hospital.example` }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
  }

  it('removes the saved cache at once on logout, and a write still pending then never brings it back', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const stop = persistQueryCache(client);
    client.setQueryData(['organization', 2, 'users'], members);
    vi.advanceTimersByTime(1100);
    expect(saved()).not.toBeNull();
    // Another answer arrives, so a throttled write is pending when the user logs out.
    client.setQueryData(['quiz-history', 7], [{ id: 3, quiz_title: 'FLS' }]);
    clearSession();
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
    vi.advanceTimersByTime(5000);
    client.setQueryData(['books', 'list'], [{ id: 1 }]);
    vi.advanceTimersByTime(5000);
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
    stop();
  });

  it("never restores one user's cache for another, and removes it", async () => {
    const first = createQueryClient();
    const stop = persistQueryCache(first);
    first.setQueryData(['organization', 2, 'users'], members);
    await vi.waitFor(() => expect(saved()).not.toBeNull(), { timeout: 3000 });
    stop();

    signIn(makeUser({ user_id: 8, email: 'next@hospital.example' }));
    const next = createQueryClient();
    persistQueryCache(next)();
    expect(next.getQueryData(['organization', 2, 'users'])).toBeUndefined();
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();

    clearSession();
    localStorage.setItem(QUERY_CACHE_KEY, JSON.stringify({ buster: 'v1:user-7', timestamp: Date.now(), clientState: { queries: [], mutations: [] } }));
    persistQueryCache(createQueryClient())();
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
  });

  it("forgets the last user's answers in memory and on disk when another user signs in in another tab, and never saves them for the new user", async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const stop = persistQueryCache(client);
    client.setQueryData(['organization', 2, 'users'], members);
    vi.advanceTimersByTime(1100);
    client.setQueryData(['quiz-history', 7], [{ id: 3 }]);
    otherTabSignsIn(8);
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
    expect(client.getQueryData(['organization', 2, 'users'])).toBeUndefined();
    vi.advanceTimersByTime(5000);
    expect(localStorage.getItem(QUERY_CACHE_KEY) ?? '').not.toContain('colleague@hospital.example');

    // The new user's own answers are saved, for them.
    client.setQueryData(['quiz-history', 8], [{ id: 4 }]);
    vi.advanceTimersByTime(1100);
    expect(JSON.parse(localStorage.getItem(QUERY_CACHE_KEY)!).buster).toBe('v1:user-8');
    stop();
  });

  it('saves nothing while nobody is signed in', async () => {
    vi.useFakeTimers();
    clearSession();
    const client = createQueryClient();
    const stop = persistQueryCache(client);
    client.setQueryData(['books', 'list'], [{ id: 1 }]);
    vi.advanceTimersByTime(3000);
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
    stop();
  });
});
