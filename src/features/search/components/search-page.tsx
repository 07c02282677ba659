import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { RouterLink } from '../../../components/router-link';
import { SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH } from '../../../contract/search';
import { messageOf } from '../../../lib/api-error';
import { useBookSearch } from '../use-book-search';
import { SearchResults } from './search-results';

export const SEARCH_PAGE_TEXT = {
  offline: 'You are offline: only the books downloaded on this device were searched.',
  unreachable: 'The server could not be reached: only the books downloaded on this device were searched.',
  prompt: 'Type words to search the books of the library.',
  none: 'No results.',
  failed: 'The search failed. Please try again.',
} as const;

const resultsText = (count: number, q: string) => `${count} ${count === 1 ? 'result' : 'results'} for “${q}”`;

export interface SearchPageProps {
  q: string;
  /** Search one book only. */
  book?: number;
}

/** /search: the form, what was searched (online or the downloaded books only), the results by book, 'Load more'. */
export function SearchPage({ q, book }: SearchPageProps) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState(q);
  const [shownOffline, setShownOffline] = useState(SEARCH_PAGE_SIZE);
  const search = useBookSearch({ q, book }, shownOffline);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A search made from the app bar (which lets go of the focus) starts keyboard users here, just before the results.
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus({ preventScroll: true });
  }, [q]);
  const [lastQ, setLastQ] = useState(q);
  if (lastQ !== q) {
    // A new search from the app bar: the field shows it, the offline list starts again.
    setLastQ(q);
    setTyped(q);
    setShownOffline(SEARCH_PAGE_SIZE);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = typed.trim();
    if (words) void navigate({ to: '/search', search: book ? { q: words, book } : { q: words } });
  };
  const label = book ? 'Search in this book' : 'Search books';
  const scope = book ? (search.results[0]?.book_title ?? 'this book') : null;

  let status: string | null = null;
  if (!q.trim()) status = SEARCH_PAGE_TEXT.prompt;
  else if (!search.valid) status = `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters, with at least one word.`;
  else if (search.loading) status = 'Searching...';
  else if (!search.error) status = search.count === 0 ? SEARCH_PAGE_TEXT.none : resultsText(search.count, q);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <title>{q ? `Search: ${q}` : 'Search'}</title>
      <Typography ref={heading} tabIndex={-1} variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 2, outline: 'none' }}>
        {scope ? `Search in ${scope}` : 'Search'}
      </Typography>
      <Box
        component="form"
        role="search"
        aria-label={book ? 'Search this book again' : 'Search again'}
        onSubmit={submit}
        sx={{ display: 'flex', gap: 1, mb: 1 }}
      >
        <TextField
          label={label}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { maxLength: SEARCH_QUERY_MAX_LENGTH, enterKeyHint: 'search' } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchOutlined />} sx={{ flexShrink: 0, minHeight: 40 }}>
          Search
        </Button>
      </Box>
      {book !== undefined && (
        <RouterLink to="/search" search={{ q }} sx={{ display: 'inline-block', mb: 2 }}>
          Search all books
        </RouterLink>
      )}
      <Stack spacing={2} sx={{ mt: 2 }}>
        {search.offline && q.trim() && search.valid && (
          <Alert severity="info">{navigator.onLine ? SEARCH_PAGE_TEXT.unreachable : SEARCH_PAGE_TEXT.offline}</Alert>
        )}
        {search.error != null && <Alert severity="error">{messageOf(search.error, { fallback: SEARCH_PAGE_TEXT.failed, fieldErrors: 'first' })}</Alert>}
        <Typography role="status" sx={{ color: 'text.secondary' }}>
          {status}
        </Typography>
        {search.results.length > 0 && <SearchResults results={search.results} q={q} downloaded={search.offline ? undefined : search.downloaded} />}
        {search.hasMore && (
          <Box>
            <Button
              variant="outlined"
              disabled={search.loadingMore}
              onClick={() => (search.offline ? setShownOffline((n) => n + SEARCH_PAGE_SIZE) : search.loadMore())}
            >
              {search.loadingMore ? 'Loading...' : 'Load more'}
            </Button>
          </Box>
        )}
      </Stack>
    </Container>
  );
}
