import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { LEARNER, makeBook, page, signInAs, SUPERUSER } from './fixtures';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
});
afterEach(() => uninstall());

const LONG = `${'Port placement decides how easy the rest of the operation will be; '.repeat(3)}END`;

async function openBooks() {
  const view = await renderApp('/books');
  await screen.findByRole('heading', { level: 1, name: 'Books' });
  return view;
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('Books list', () => {
  it('shows each book as a card: cover, title, author, description cut to 100 characters, chapters, View and Created', async () => {
    signInAs(api, LEARNER);
    api.on(
      'GET',
      '/books/books/',
      page([
        makeBook({ id: 3, title: 'Hernia Repair', author: 'Dr. Rao', description: LONG, chapter_count: 4, created_at: '2026-03-01T09:00:00Z' }),
        makeBook({ id: 4, title: 'Suturing', author: '', description: '', cover_image_url: '', chapter_count: 0 }),
      ]),
    );
    await openBooks();

    const hernia = within(card('Hernia Repair'));
    expect(hernia.getByRole('img', { name: 'Cover of Hernia Repair' })).toHaveAttribute('src', '/media/images/2026-01/cover.png');
    expect(hernia.getByRole('img', { name: 'Cover of Hernia Repair' })).toHaveStyle({ height: '200px' });
    expect(hernia.getByText('By: Dr. Rao')).toBeInTheDocument();
    expect(hernia.getByText(`${LONG.slice(0, 100)}...`)).toBeInTheDocument();
    expect(hernia.getByText('Chapters: 4')).toBeInTheDocument();
    expect(hernia.getByRole('link', { name: 'View Hernia Repair' })).toHaveAttribute('href', '/book/3');
    expect(
      hernia.getByText(new Date('2026-03-01T09:00:00Z').toLocaleDateString('en-IN', { year: 'numeric', month: 'short', day: 'numeric' })),
    ).toBeInTheDocument();
    expect(card('Hernia Repair')).toHaveTextContent('Created:');

    const suturing = within(card('Suturing'));
    expect(suturing.getByRole('img', { name: 'No cover for Suturing' })).toHaveStyle({ height: '200px' });
    expect(suturing.getByText('By: Unknown Author')).toBeInTheDocument();
    expect(suturing.getByText('No description.')).toBeInTheDocument();
    expect(suturing.getByText('Chapters: 0')).toBeInTheDocument();
  });

  it("preloads the first card's cover with the loaded list, as the same file the card then shows, and fetches it first", async () => {
    signInAs(api, LEARNER);
    api.on(
      'GET',
      '/books/books/',
      page([
        makeBook({ id: 3, title: 'Hernia Repair', cover_image_url: '/media/images/2026-01/hernia.png' }),
        makeBook({ id: 4, title: 'Suturing', cover_image_url: '/media/images/2026-01/suturing.png' }),
      ]),
    );
    await openBooks();

    // One preload, for the first cover only, asking for what its image asks for (srcset and sizes),
    // so the browser downloads the file once.
    const preloads = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].filter((link) =>
      /hernia|suturing/.test(link.getAttribute('imagesrcset') ?? ''),
    );
    expect(preloads).toHaveLength(1);
    const first = within(card('Hernia Repair')).getByRole('img', { name: 'Cover of Hernia Repair' });
    expect(first.getAttribute('srcset')).toContain('/media/images/2026-01/hernia.png?w=480 480w');
    expect(preloads[0]).toHaveAttribute('imagesrcset', first.getAttribute('srcset'));
    expect(preloads[0]).toHaveAttribute('imagesizes', first.getAttribute('sizes'));
    expect(preloads[0]).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(within(card('Suturing')).getByRole('img', { name: 'Cover of Suturing' })).not.toHaveAttribute('fetchpriority');
  });

  it('gives readers no Create New Book or Delete', async () => {
    signInAs(api, LEARNER);
    api.on('GET', '/books/books/', page([makeBook()]));
    await openBooks();
    expect(screen.queryByRole('link', { name: 'Create New Book' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('lets a superuser delete a book after confirming, and updates the list', async () => {
    signInAs(api, SUPERUSER);
    let books = [makeBook({ id: 1, title: 'Keep me' }), makeBook({ id: 2, title: 'Remove me' })];
    api.on('GET', '/books/books/', () => page(books));
    api.on('DELETE', '/books/books/:id/', (request) => {
      books = books.filter((book) => String(book.id) !== request.params.id);
      return { status: 204 };
    });
    const { user } = await openBooks();
    expect(screen.getByRole('link', { name: 'Create New Book' })).toHaveAttribute('href', '/create-book');

    await user.click(within(card('Remove me')).getByRole('button', { name: 'Delete Remove me' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this book and all its chapters?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('/books/books/2/', 'DELETE')).toHaveLength(0);

    await user.click(within(card('Remove me')).getByRole('button', { name: 'Delete Remove me' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Remove me' })).not.toBeInTheDocument());
    expect(api.callsTo('/books/books/2/', 'DELETE')).toHaveLength(1);
    expect(card('Keep me')).toBeInTheDocument();
  });

  it("alerts 'Failed to delete book: {detail}' when the server refuses", async () => {
    signInAs(api, SUPERUSER);
    api.on('GET', '/books/books/', page([makeBook({ title: 'Protected' })]));
    api.on('DELETE', '/books/books/1/', { status: 403, data: { detail: 'You do not have permission to perform this action.' } });
    const { user } = await openBooks();
    await user.click(screen.getByRole('button', { name: 'Delete Protected' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete book: You do not have permission to perform this action.');
    expect(card('Protected')).toBeInTheDocument();
  });

  it("says 'You haven't created any books yet.', with a create link for superusers only", async () => {
    signInAs(api, SUPERUSER);
    api.on('GET', '/books/books/', page([]));
    await openBooks();
    expect(screen.getByText("You haven't created any books yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a book' })).toHaveAttribute('href', '/create-book');
  });

  it('shows no create link to a reader when the list is empty', async () => {
    signInAs(api, LEARNER);
    api.on('GET', '/books/books/', { status: 200, data: [] });
    await openBooks();
    expect(screen.getByText("You haven't created any books yet.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create a book' })).not.toBeInTheDocument();
  });

  it('follows the pages of the list', async () => {
    signInAs(api, LEARNER);
    api.on('GET', '/books/books/', (request) =>
      request.path.includes('page=2')
        ? page([makeBook({ id: 2, title: 'Second page' })])
        : {
            status: 200,
            data: { count: 2, next: 'https://lms.example.in/api/books/books/?page=2', previous: null, results: [makeBook({ id: 1, title: 'First page' })] },
          },
    );
    await openBooks();
    expect(card('First page')).toBeInTheDocument();
    expect(card('Second page')).toBeInTheDocument();
    // The next page is fetched from this origin, whatever host the server named.
    expect(api.calls.map((c) => c.path)).toContain('/books/books/?page=2');
  });

  it.each([
    [{ status: 500, data: { detail: 'A server error occurred.' } }, 'A server error occurred.'],
    [{ status: 500, data: '' }, 'Failed to fetch books.'],
    ['network' as const, 'Failed to fetch books.'],
  ])('shows the failure %#: "%s"', async (answer, message) => {
    signInAs(api, LEARNER);
    api.on('GET', '/books/books/', () => answer);
    await renderApp('/books');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
