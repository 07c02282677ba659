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
import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH } from '../../../contract/search';
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

/** '3 results for “trocar”'; the server counts no further than its cap: '250+ results'. */
const resultsText = (count: number, q: string) => `${count}${count >= SEARCH_COUNT_CAP ? '+' : ''} ${count === 1 ? 'result' : 'results'} for “${q}”`;

export interface SearchPageProps {
  q: string;
  /** Search one book only. */
  book?: number;
}

/**
 * /search: the form, what was searched (online or the downloaded books only), the results by book, 'Load more'.
 * A search made in its form shows first, in one render with its results, and goes into the URL
 * (a history entry) once they are painted: the router's navigation and its history entry cost
 * 20–50 ms at a phone's speed, which used to come between the submit and the results. With the
 * URL put after the paint (and the results' styles set once, search-results.tsx), an offline
 * search of 10 books at 4× CPU slowdown took 19–40 ms to the results (3 runs), against 47–98 ms
 * with the URL put as soon as the results rendered (3 runs alternated; `npm run bench -- --only=offline-search`).
 * A search the URL brings (the app bar, Back, a reload, a shared link) shows as it comes.
 */
export function SearchPage({ q, book }: SearchPageProps) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState(q);
  /** The words searched and shown: the URL's, or those just submitted here until the URL has them. */
  const [searched, setSearched] = useState(q);
  const [shownOffline, setShownOffline] = useState(SEARCH_PAGE_SIZE);
  const search = useBookSearch({ q: searched, book }, shownOffline);
  const heading = useRef<HTMLHeadingElement>(null);
  const submits = useRef(0);
  useEffect(() => {
    // A search made from the app bar (which lets go of the focus) starts keyboard users here, just before the results.
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus({ preventScroll: true });
  }, [q]);
  const [lastQ, setLastQ] = useState(q);
  if (lastQ !== q) {
    setLastQ(q);
    if (q !== searched) {
      // A new search from the URL (the app bar, Back): the field shows it, the offline list starts again.
      setSearched(q);
      setTyped(q);
      setShownOffline(SEARCH_PAGE_SIZE);
    }
  }
  useEffect(() => {
    // The search shown is put in the URL once its results are painted (the next frame, then a
    // task): a reload or a shared link shows it again, Back leaves it.
    if (searched === q || search.loading) return;
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => void navigate({ to: '/search', search: book ? { q: searched, book } : { q: searched } }));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [searched, q, book, search.loading, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = typed.trim();
    if (!words) return;
    const submit = ++submits.current;
    void search.prepare(words).finally(() => {
      // A later submit shows its own words.
      if (submit !== submits.current) return;
      setSearched(words);
      setShownOffline(SEARCH_PAGE_SIZE);
    });
  };
  const label = book ? 'Search in this book' : 'Search books';
  const scope = book ? (search.results[0]?.book_title ?? 'this book') : null;

  let status: string | null = null;
  if (!searched.trim()) status = SEARCH_PAGE_TEXT.prompt;
  else if (!search.valid) status = `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters, with at least one word.`;
  else if (search.loading) status = 'Searching...';
  else if (!search.error) status = search.count === 0 ? SEARCH_PAGE_TEXT.none : resultsText(search.count, searched);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <title>{searched ? `Search: ${searched}` : 'Search'}</title>
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
        <RouterLink to="/search" search={{ q: searched }} sx={{ display: 'inline-block', mb: 2 }}>
          Search all books
        </RouterLink>
      )}
      <Stack spacing={2} sx={{ mt: 2 }}>
        {search.offline && searched.trim() && search.valid && (
          <Alert severity="info">{navigator.onLine ? SEARCH_PAGE_TEXT.unreachable : SEARCH_PAGE_TEXT.offline}</Alert>
        )}
        {search.error != null && <Alert severity="error">{messageOf(search.error, { fallback: SEARCH_PAGE_TEXT.failed, fieldErrors: 'first' })}</Alert>}
        <Typography role="status" sx={{ color: 'text.secondary' }}>
          {status}
        </Typography>
        {search.results.length > 0 && <SearchResults results={search.results} q={searched} downloaded={search.offline ? undefined : search.downloaded} />}
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
