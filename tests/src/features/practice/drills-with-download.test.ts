/**
 * A book downloaded for an offline day brings the practice drills along (issue 37): the drills
 * are stored for the user after the copy, and a failure to load them never fails the download.
 */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseBook } from '../../../../src/contract/book-detail';
import { downloadBook } from '../../../../src/features/downloads/download/download-book';
import { db } from '../../../../src/lib/db';
import { FakeApi } from '../../../helpers/fake-api';
import { LEARNER, makeBook, makeChapter, signInAs } from '../books/fixtures';
import { FakePracticeServer } from './practice-fixtures';

let api: FakeApi;
let uninstall: () => void;

beforeEach(() => {
  api = new FakeApi();
  new FakePracticeServer(api);
  uninstall = api.install();
  signInAs(api, LEARNER);
});
afterEach(() => uninstall());

const book = makeBook({ id: 3 });
const plan = () => ({ bookId: 3, book: parseBook(book), chapters: [makeChapter({ id: 21, book: 3 })], textBytes: 100, images: [], videos: [] });

describe('downloading a book', () => {
  it('stores the practice drills for the user too', async () => {
    expect(await downloadBook({ userId: LEARNER.user_id, plan: plan() })).toMatchObject({ status: 'complete' });
    await waitFor(async () =>
      expect((await db.drills.where('userId').equals(LEARNER.user_id).toArray()).map((row) => row.drill.name)).toEqual(['Peg transfer', 'Pattern cut']),
    );
  });

  it('completes when the drills cannot be loaded', async () => {
    api.on('GET', '/practice/drills/', () => 'network');
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(await downloadBook({ userId: LEARNER.user_id, plan: plan() })).toMatchObject({ status: 'complete' });
    await waitFor(() => expect(info).toHaveBeenCalledWith('The practice drills were not refreshed with the download', expect.anything()));
    expect(await db.books.get([LEARNER.user_id, 3])).toMatchObject({ status: 'complete' });
    info.mockRestore();
  });
});
