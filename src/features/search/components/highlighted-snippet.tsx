import type { ReactNode } from 'react';
import type { Highlight } from '../../../contract/search';

/** A result's snippet as text with its matched words in `<mark>`, built from the ranges (never from HTML). */
export function HighlightedSnippet({ snippet, highlights }: { snippet: string; highlights: readonly Highlight[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  const ranges = [...highlights].sort((a, b) => a[0] - b[0]);
  for (const [start, end] of ranges) {
    // Ranges outside the text, empty or overlapping one already marked are left out.
    if (start < at || end <= start || end > snippet.length) continue;
    if (start > at) parts.push(snippet.slice(at, start));
    parts.push(<mark key={start}>{snippet.slice(start, end)}</mark>);
    at = end;
  }
  if (at < snippet.length) parts.push(snippet.slice(at));
  return <>{parts}</>;
}
