/** jsdom setup for the `src` test project. */
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { settleOutbox } from '../../src/features/quiz/scores/outbox-sync';
import { db } from '../../src/lib/db';
import { installMatchMedia, setPrefersReducedMotion, setScreenWidth } from './media';

installMatchMedia();

// find*/waitFor give up after 5 s instead of 1 s: on a CI machine running the browser suite
// beside this one, IndexedDB and a lazy chunk can take longer than a second. A passing test is
// no slower for it.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // jsdom does not implement scrolling; the app scrolls to the top on every path change.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
  setPrefersReducedMotion(false);
  // A desktop screen at the lg breakpoint: the navbar's wide form (its links and account part in
  // the bar, the account's links behind its 'Account' menu as from lg to 1280 px). A test of the
  // Menu button and its drawer sets a phone's width.
  setScreenWidth(1200);
});

afterEach(async () => {
  cleanup();
  // A run still going, or a retry left armed (scores or reviews still waiting), would touch
  // localStorage after the file's environment is gone.
  await settleOutbox();
  window.localStorage.clear();
  vi.useRealTimers();
  // The app's IndexedDB (fake-indexeddb) outlives a test: downloads, attempts, reading
  // positions and the outbox of one test must not show up in the next.
  await Promise.all(db.tables.map((table) => table.clear()));
});
