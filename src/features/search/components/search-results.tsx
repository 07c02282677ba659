import OfflinePinOutlined from '@mui/icons-material/OfflinePinOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { RouterLink } from '../../../components/router-link';
import type { SearchResult } from '../../../contract/search';
import { HighlightedSnippet } from './highlighted-snippet';

interface BookGroup {
  bookId: number;
  bookTitle: string;
  results: SearchResult[];
}

/** Results grouped by book, the books in the order their first result came. */
export function groupByBook(results: readonly SearchResult[]): BookGroup[] {
  const groups = new Map<number, BookGroup>();
  for (const result of results) {
    const group = groups.get(result.book_id) ?? { bookId: result.book_id, bookTitle: result.book_title, results: [] };
    group.results.push(result);
    groups.set(result.book_id, group);
  }
  return [...groups.values()];
}

export interface SearchResultsProps {
  results: readonly SearchResult[];
  /** The words searched: the reader marks them where a result opens. */
  q: string;
  /** Books downloaded on this device: their results say 'Available offline'. */
  downloaded?: ReadonlySet<number>;
}

/**
 * The results' styles, set once on the list rather than on each of its links: styles given to
 * each link were worked out again for each result on each render.
 */
const resultsStyle = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 3,
  '& .search-result': {
    display: 'block',
    p: 1.5,
    borderRadius: 1,
    border: 1,
    borderColor: 'divider',
    color: 'text.primary',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
    '& mark': { bgcolor: '#ffe066', color: 'inherit', px: 0.25, borderRadius: 0.5 },
  },
  '& .search-result-chapter': { display: 'block', fontWeight: 700, color: 'primary.main' },
  '& .search-result-snippet': { display: 'block', mt: 0.5 },
} as const;

/**
 * The results as lists of links, one list per book: each opens the reader at its chapter and
 * block (a book match opens the book), its snippet with the matched words in `<mark>`. The same
 * results are not rendered again (the page renders again when the URL catches up with them).
 */
export const SearchResults = memo(function SearchResults({ results, q, downloaded }: SearchResultsProps) {
  return (
    <Box component="ul" aria-label="Search results" sx={resultsStyle}>
      {groupByBook(results).map((group) => (
        <Box component="li" key={group.bookId} aria-labelledby={`search-book-${group.bookId}`}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography id={`search-book-${group.bookId}`} variant="h2" sx={{ fontSize: '1.2rem', fontWeight: 700 }}>
              {group.bookTitle}
            </Typography>
            {downloaded?.has(group.bookId) && <Chip size="small" icon={<OfflinePinOutlined />} label="Available offline" color="success" variant="outlined" />}
          </Box>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {group.results.map((result, index) => (
              <li key={`${result.chapter_id}:${result.block}:${index}`}>
                <RouterLink
                  to="/book/$bookId"
                  params={{ bookId: result.book_id }}
                  search={result.chapter_id === null ? {} : { chapter: result.chapter_id, block: result.block ?? undefined, q }}
                  underline="none"
                  className="search-result"
                >
                  <Typography component="span" className="search-result-chapter">
                    {result.chapter_title ?? 'About this book'}
                  </Typography>
                  <Typography component="span" variant="body2" className="search-result-snippet">
                    <HighlightedSnippet snippet={result.snippet} highlights={result.highlights} />
                  </Typography>
                </RouterLink>
              </li>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
});
