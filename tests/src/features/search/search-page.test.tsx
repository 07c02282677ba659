/** The search page: the app bar's field, results by book as links with their words in <mark>, 'Load more', and offline the downloaded books only. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_COUNT_CAP, type SearchResult } from '../../../../src/contract/search';
import { FakeApi } from '../../../helpers/fake-api';
import { lexicalDocument, textParagraph } from '../../../helpers/lexical-doc';
import { setScreenWidth } from '../../../helpers/media';
import { renderApp } from '../../../helpers/render-app';
import { LEARNER, makeBook, makeChapter, signInAs, storeCompleteCopy } from '../books/fixtures';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
  signInAs(api, LEARNER);
});
afterEach(() => {
  uninstall();
  vi.restoreAllMocks();
});

const result = (overrides: Partial<SearchResult>): SearchResult => ({
  book_id: 1,
  book_title: 'Fundamentals of Laparoscopic Surgery',
  chapter_id: 11,
  chapter_title: 'Suturing',
  snippet: 'Intracorporeal sutures need practice.',
  highlights: [[15, 22]],
  block: 2,
  ...overrides,
});

async function storeCopy(bookId: number, title: string, text: string) {
  const chapter = makeChapter({ id: bookId * 10, book: bookId, title: 'Knots', content_delta: lexicalDocument(textParagraph('Tie it.'), textParagraph(text)) });
  await storeCompleteCopy(LEARNER.user_id, makeBook({ id: bookId, title }), [chapter]);
}

const pageOf = (results: SearchResult[], count = results.length, next: string | null = null) => ({
  status: 200,
  data: { count, next, previous: null, results },
});

describe('search', () => {
  it("says '250+ results' when the server's count reaches its cap (it counts no further)", async () => {
    api.on('GET', '/books/search/', () => pageOf([result({})], SEARCH_COUNT_CAP, '/api/books/search/?q=the&page=2'));
    await renderApp('/search?q=the');
    expect(await screen.findByText('250+ results for “the”')).toBeInTheDocument();
  });

  it("searches from the app bar's field: results grouped by book, links to the reader at the block, words marked, 'Load more'", async () => {
    await storeCopy(2, 'Hernia Repair', 'Mesh fixation.');
    api.on('GET', '/books/search/', (request) =>
      request.path.includes('page=2')
        ? pageOf(
            [
              result({
                book_id: 2,
                book_title: 'Hernia Repair',
                chapter_id: 20,
                chapter_title: 'Closure',
                snippet: 'Close with sutures.',
                highlights: [[11, 18]],
                block: 0,
              }),
            ],
            3,
          )
        : pageOf(
            [result({}), result({ chapter_id: null, chapter_title: null, snippet: 'Suturing skills for all.', highlights: [[0, 8]], block: null })],
            3,
            '/api/books/search/?q=suture&page=2',
          ),
    );
    const { user, router } = await renderApp('/dashboard');
    const field = await screen.findByRole('searchbox', { name: 'Search books' });
    await user.click(document.body);
    await user.keyboard('/');
    expect(field).toHaveFocus();
    await user.keyboard('suture{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(await screen.findByRole('status')).toHaveTextContent('3 results for “suture”');
    const results = screen.getByRole('list', { name: 'Search results' });
    const fundamentals = within(results).getByRole('listitem', { name: 'Fundamentals of Laparoscopic Surgery' });
    const links = within(fundamentals).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/book/1?chapter=11&block=2&q=suture', '/book/1']);
    expect(links[0]).toHaveTextContent('Suturing');
    expect([...links[0]!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['sutures']);
    expect(api.callsTo('/books/search/')[0]!.path).toContain('q=suture');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const hernia = await within(results).findByRole('listitem', { name: 'Hernia Repair' });
    expect(within(hernia).getByText('Available offline')).toBeInTheDocument();
    expect(within(fundamentals).queryByText('Available offline')).not.toBeInTheDocument();
    expect([...hernia.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['sutures']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('offline, answers at once from the downloaded books without asking the server, and says so', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await storeCopy(3, 'Hernia Repair', 'Close the peritoneum with barbed sutures.');
    await renderApp('/search?q=suture');
    expect(await screen.findByText('You are offline: only the books downloaded on this device were searched.')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /Knots/ });
    expect(link).toHaveAttribute('href', '/book/3?chapter=30&block=1&q=suture');
    expect([...link.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['sutures']);
    expect(api.callsTo('/books/search/')).toHaveLength(0);
  });

  it("offline, a search made in the page's form goes into the URL once its results show: Back shows the search before, a reload the same results", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await storeCopy(5, 'Hernia Repair', 'Close the peritoneum with barbed sutures.');
    await storeCopy(6, 'Cholecystectomy', 'Clip the cystic artery.');
    const first = await renderApp('/search?q=suture');
    expect(await screen.findByRole('link', { name: /Knots/ })).toHaveAttribute('href', '/book/5?chapter=50&block=1&q=suture');

    const field = screen.getByRole('textbox', { name: 'Search books' });
    await first.user.clear(field);
    await first.user.type(field, 'cystic{Enter}');
    expect(await screen.findByText('1 result for “cystic”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Knots/ })).toHaveAttribute('href', '/book/6?chapter=60&block=1&q=cystic');
    await waitFor(() => expect(first.router.state.location.search).toEqual({ q: 'cystic' }));
    expect(document.title).toBe('Search: cystic');

    first.history.back();
    await waitFor(() => expect(screen.getByRole('link', { name: /Knots/ })).toHaveAttribute('href', '/book/5?chapter=50&block=1&q=suture'));
    expect(screen.getByText(/results? for “suture”/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search books' })).toHaveValue('suture');
    first.unmount();

    // A reload of the URL the form made.
    await renderApp('/search?q=cystic');
    expect(await screen.findByRole('link', { name: /Knots/ })).toHaveAttribute('href', '/book/6?chapter=60&block=1&q=cystic');
    expect(screen.getByText('1 result for “cystic”')).toBeInTheDocument();
    expect(api.callsTo('/books/search/')).toHaveLength(0);
  });

  it('online, a search made in the form asks the server and puts the words in the URL', async () => {
    api.on('GET', '/books/search/', (request) =>
      request.path.includes('q=mesh') ? pageOf([result({ chapter_title: 'Mesh', snippet: 'Mesh fixation.', highlights: [[0, 4]] })]) : pageOf([]),
    );
    const { user, router } = await renderApp('/search?q=zzyzx');
    expect(await screen.findByRole('status')).toHaveTextContent('No results.');
    const field = screen.getByRole('textbox', { name: 'Search books' });
    await user.clear(field);
    await user.type(field, 'mesh{Enter}');
    expect(await screen.findByRole('link', { name: /Mesh/ })).toHaveAttribute('href', '/book/1?chapter=11&block=2&q=mesh');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'mesh' }));
  });

  it('with the server out of reach, answers from the downloaded books', async () => {
    await storeCopy(4, 'Hernia Repair', 'पित्ताशय की थैली।');
    api.on('GET', '/books/search/', 'network' as never);
    await renderApp('/search?q=पित्ताशय&book=4');
    expect(await screen.findByText('The server could not be reached: only the books downloaded on this device were searched.')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /Knots/ });
    expect([...link.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['पित्ताशय']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search in Hernia Repair');
  });

  it("on a phone, the bar's Search button opens the field over the bar; Escape closes it and gives the focus back", async () => {
    setScreenWidth(390);
    const { user } = await renderApp('/dashboard');
    const button = await screen.findByRole('button', { name: 'Search' });
    expect(screen.queryByRole('searchbox', { name: 'Search books' })).not.toBeInTheDocument();
    await user.click(button);
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('searchbox', { name: 'Search books' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
