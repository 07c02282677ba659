/**
 * A chapter counts as read when its end is on screen (issue 35): the reader's sentinel after
 * the content stores one read and one event per user and chapter, for a downloaded copy offline
 * and for a book read from the network, and the outbox sends the event.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Chapter } from '../../../../src/contract/books';
import { db } from '../../../../src/lib/db';
import { readingEventsOf } from '../../../../src/lib/outbox/reading-outbox';
import { fakeNetworkPerTest } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { LEARNER, makeBook, makeChapter, page, signInAs, storeCompleteCopy } from '../books/fixtures';
import { installIntersectionObserver, showOnScreen } from './intersection-observer';

const network = fakeNetworkPerTest();
let uninstallObserver: () => void;

beforeEach(() => {
  uninstallObserver = installIntersectionObserver();
});
afterEach(() => {
  uninstallObserver();
});

const BOOK = makeBook({ cover_image_url: '', chapter_count: 2 });
const CHAPTERS: Chapter[] = [makeChapter({ id: 11, title: 'Ergonomics', order: 1 }), makeChapter({ id: 12, title: 'Port Placement', order: 2 })];

const chapterEnd = () => screen.getByTestId('chapter-end');
const reachEnd = () => act(() => showOnScreen(chapterEnd()));

describe('reading a chapter to its end', () => {
  it('offline, in a downloaded copy, stores one read and one event per chapter, and nothing when a chapter is read again', async () => {
    signInAs(network.api, LEARNER);
    await storeCompleteCopy(LEARNER.user_id, BOOK, CHAPTERS);
    network.setOnline(false);
    network.api.on('GET', /.*/, () => 'network');
    network.api.on('POST', /.*/, () => 'network');

    const { user } = await renderApp('/book/1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ergonomics' })).toBeInTheDocument();
    // Opening a chapter is not reading it.
    expect(await db.chapterReads.count()).toBe(0);

    await reachEnd();
    await waitFor(async () => expect(await db.chapterReads.count()).toBe(1));
    await reachEnd();

    await user.click(screen.getByRole('button', { name: 'Next: Port Placement' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Port Placement' })).toBeInTheDocument();
    await reachEnd();
    await user.click(screen.getByRole('button', { name: 'Previous: Ergonomics' }));
    await screen.findByRole('heading', { level: 2, name: 'Ergonomics' });
    await reachEnd();

    await waitFor(async () => expect((await readingEventsOf(db, LEARNER.user_id)).map((e) => e.chapterId)).toEqual([11, 12]));
    // Give a second write of chapter 11 every chance to land.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const events = await readingEventsOf(db, LEARNER.user_id);
    expect(events.map((e) => [e.chapterId, e.bookId, e.state])).toEqual([
      [11, 1, 'waiting'],
      [12, 1, 'waiting'],
    ]);
    expect((await db.chapterReads.toArray()).map((r) => r.chapterId).sort()).toEqual([11, 12]);
  });

  it('online, in a book read from the network, sends the event to the server once', async () => {
    signInAs(network.api, LEARNER);
    network.api.on('GET', '/books/books/1/', { status: 200, data: BOOK });
    network.api.on('GET', '/books/books/1/chapters/', page(CHAPTERS));
    network.api.on('POST', '/books/reading/', (request) => ({
      status: 200,
      data: { accepted: (request.body as { events: { client_event_id: string }[] }).events.map((e) => e.client_event_id), ignored: [] },
    }));

    await renderApp('/book/1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ergonomics' })).toBeInTheDocument();
    await reachEnd();

    await waitFor(() => expect(network.api.callsTo('/books/reading/', 'POST')).toHaveLength(1));
    const [sent] = network.api.callsTo('/books/reading/', 'POST');
    expect(sent!.body).toEqual({ events: [{ client_event_id: expect.stringMatching(/^[0-9a-f-]{36}$/), chapter: 11, read_at: expect.any(String) }] });
    await waitFor(async () => expect(await readingEventsOf(db, LEARNER.user_id)).toEqual([]));
    expect(await db.chapterReads.count()).toBe(1);

    await reachEnd();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(network.api.callsTo('/books/reading/', 'POST')).toHaveLength(1);
  });
});
