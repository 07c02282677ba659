import { createFileRoute } from '@tanstack/react-router';
import { SearchPage } from '../features/search/components/search-page';
import { parseBookId } from './-components/book-id';

/** `?q=&book=`: plain code (route search is parsed in the entry chunk). */
const validateSearch = (search: Record<string, unknown>): { q: string; book?: number } => {
  const q = typeof search.q === 'string' ? search.q.slice(0, 1000) : typeof search.q === 'number' ? String(search.q) : '';
  const book = parseBookId(String(search.book ?? ''));
  return book ? { q, book } : { q };
};

/** /search: the library's books searched online, or the downloaded books offline; ?book= searches one book. */
export const Route = createFileRoute('/_protected/search')({
  validateSearch,
  component: SearchRoute,
});

function SearchRoute() {
  const { q, book } = Route.useSearch();
  return <SearchPage q={q} book={book} />;
}
