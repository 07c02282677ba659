import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize-html';

/** Renders content HTML after sanitising it (see lib/sanitize-html). */
export function SafeHtml({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box
      sx={[{ '& p': { mt: 0, mb: 1.5 }, '& ul, & ol': { pl: 3, mb: 1.5 }, '& li': { mb: 0.5 }, lineHeight: 1.7 }, ...(Array.isArray(sx) ? sx : [sx])]}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
