/** The books list with downloads: marked 'Available offline', and offline it never spins. */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseBook } from '../../../../src/contract/book-detail';
import type { Book } from '../../../../src/contract/books';
import { db } from '../../../../src/lib/db';
import { fakeNetworkPerTest } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { LEARNER, makeBook, page, signInAs } from '../books/fixtures';

const network = fakeNetworkPerTest();

const FLS = makeBook({ id: 1, title: 'Fundamentals of Laparoscopic Surgery', cover_image_url: '' });
const HERNIA = makeBook({ id: 2, title: 'Inguinal Hernia Repair', cover_image_url: '' });

async function storeCopy(userId: number, book: Book) {
  await db.books.put({
    userId,
    bookId: book.id,
    status: 'complete',
    book: parseBook(book),
    media: [],
    sizeBytes: 1000,
    serverUpdatedAt: book.updated_at,
    downloadedAt: Date.now(),
    checkedAt: Date.now(),
    error: null,
  });
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('the books list', () => {
  it("marks the user's downloaded books 'Available offline' and offers the download on the others", async () => {
    signInAs(network.api, LEARNER);
    await storeCopy(LEARNER.user_id, FLS);
    network.api.on('GET', '/books/books/', () => page([FLS, HERNIA]));
    await renderApp('/books');

    await screen.findByRole('article', { name: FLS.title });
    expect(await within(card(FLS.title)).findByText('Available offline')).toBeInTheDocument();
    // Each card's control reads the device on its own: the other card's may answer a moment later.
    expect(await within(card(HERNIA.title)).findByRole('button', { name: `Download for offline: ${HERNIA.title}` })).toBeInTheDocument();
  });

  it('offline on a device that never loaded the list, shows the downloaded books and says the rest need a connection', async () => {
    signInAs(network.api, LEARNER);
    await storeCopy(LEARNER.user_id, FLS);
    await storeCopy(99, HERNIA);
    network.setOnline(false);
    network.api.on('GET', /.*/, () => 'network');
    await renderApp('/books');

    const list = await screen.findByRole('list', { name: 'Books available offline' });
    expect(within(list).getByRole('article', { name: FLS.title })).toBeInTheDocument();
    expect(within(list).getByText('Available offline')).toBeInTheDocument();
    expect(within(list).queryByText(HERNIA.title)).not.toBeInTheDocument();
    expect(screen.getByText(/books that are not downloaded need a connection/i)).toBeInTheDocument();
    expect(screen.queryByText('Loading books...')).not.toBeInTheDocument();
  });

  it('going offline keeps the list as last loaded, marked as such', async () => {
    signInAs(network.api, LEARNER);
    network.api.on('GET', '/books/books/', () => page([FLS, HERNIA]));
    await renderApp('/books');
    await screen.findByRole('article', { name: HERNIA.title });

    network.setOnline(false);
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
    });

    expect(screen.getByText(/You are offline: this is the list as it was last loaded/)).toBeInTheDocument();
    expect(await within(card(HERNIA.title)).findByText('Not downloaded: needs a connection.')).toBeInTheDocument();
  });
});
