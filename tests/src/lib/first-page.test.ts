/**
 * What waits for the first page (the session's IndexedDB copy, the service worker, the score
 * sync) runs once main.tsx releases it, in order, and at once where nothing holds it.
 */
import { describe, expect, it } from 'vitest';
import { afterFirstPage, holdUntilFirstPage, releaseFirstPage } from '../../../src/lib/first-page';

describe('afterFirstPage', () => {
  it('runs at once when nothing holds it (a screen rendered on its own)', () => {
    const ran: string[] = [];
    afterFirstPage(() => ran.push('sync'));
    expect(ran).toEqual(['sync']);
  });

  it('waits while the app holds it, then runs each task once, in order', () => {
    const ran: string[] = [];
    holdUntilFirstPage();
    afterFirstPage(() => ran.push('session copy'));
    afterFirstPage(() => ran.push('service worker'));
    expect(ran).toEqual([]);
    releaseFirstPage();
    expect(ran).toEqual(['session copy', 'service worker']);
    releaseFirstPage();
    expect(ran).toEqual(['session copy', 'service worker']);
    // Once the page is shown, later tasks (a sign-in's sync) run at once.
    afterFirstPage(() => ran.push('score sync'));
    expect(ran).toEqual(['session copy', 'service worker', 'score sync']);
  });
});
