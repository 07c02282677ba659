import Box from '@mui/material/Box';

/**
 * The place of the reader's 'Search in this book' while its code loads: the height of the small
 * outlined field (40 px), so nothing below it moves when it comes. Apart from the field, whose
 * inputs are MUI parts no other part of the reader's first screen needs.
 */
export function BookSearchPlace() {
  return <Box sx={{ minHeight: 40 }} />;
}
