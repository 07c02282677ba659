/**
 * The look of chapter text, the same in the editor and the reader: a line of about 70
 * characters, 17 px type on phones and 18 px from tablets up, generous line height, and
 * headings that step down clearly from h1 to h6.
 */
export const chapterContentSx = {
  maxWidth: '70ch',
  fontSize: { xs: '1.0625rem', md: '1.125rem' },
  lineHeight: 1.7,
  color: 'text.primary',
  overflowWrap: 'break-word',
  '& .ch-p': { m: 0, mb: '0.9em' },
  '& .ch-h1, & .ch-h2, & .ch-h3, & .ch-h4, & .ch-h5, & .ch-h6': { lineHeight: 1.3, mt: 0, mb: '0.5em', fontWeight: 700 },
  // A heading after other content gets air above it; one that opens the chapter does not.
  '& * + .ch-h1, & * + .ch-h2, & * + .ch-h3, & * + .ch-h4, & * + .ch-h5, & * + .ch-h6': { mt: '1.4em' },
  '& .ch-h1': { fontSize: '1.75em' },
  '& .ch-h2': { fontSize: '1.45em' },
  '& .ch-h3': { fontSize: '1.25em' },
  '& .ch-h4': { fontSize: '1.1em' },
  '& .ch-h5': { fontSize: '1em' },
  '& .ch-h6': { fontSize: '0.95em', textTransform: 'uppercase', letterSpacing: '0.04em' },
  '& .ch-quote': {
    m: 0,
    mb: '0.9em',
    pl: 2,
    borderLeft: '4px solid',
    borderColor: 'primary.light',
    color: 'text.secondary',
    fontStyle: 'italic',
  },
  '& .ch-ul, & .ch-ol': { m: 0, mb: '0.9em', pl: '1.6em' },
  '& .ch-li': { mb: '0.3em' },
  '& .ch-li-nested': { listStyleType: 'none' },
  '& .ch-li-checked, & .ch-li-unchecked': { listStyleType: 'none', position: 'relative', pl: '1.6em', ml: '-1.6em' },
  '& .ch-li-checked::before, & .ch-li-unchecked::before': { position: 'absolute', left: 0 },
  '& .ch-li-checked::before': { content: '"☑"' },
  '& .ch-li-unchecked::before': { content: '"☐"' },
  '& .ch-link': { color: 'primary.main', textDecoration: 'underline', textUnderlineOffset: '2px' },
  '& .ch-bold': { fontWeight: 700 },
  '& .ch-italic': { fontStyle: 'italic' },
  '& .ch-underline': { textDecoration: 'underline' },
  '& .ch-strike': { textDecoration: 'line-through' },
  '& .ch-underline-strike': { textDecoration: 'underline line-through' },
  '& .ch-code': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.9em', bgcolor: '#eef2f4', px: 0.5, borderRadius: 0.5 },
  '& .ch-sub': { verticalAlign: 'sub', fontSize: '0.8em' },
  '& .ch-sup': { verticalAlign: 'super', fontSize: '0.8em' },
  '& .ch-media': { my: 2 },
} as const;
