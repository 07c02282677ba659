import SearchOutlined from '@mui/icons-material/SearchOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';

/**
 * The reader's 'Search in this book': Enter opens /search with the book's results only (offline
 * too, from its download). An outlined input rather than TextField, which brings Select, Menu,
 * Popover and Modal (15 more requests) into every reader's first screen.
 */
export function BookSearchField({ bookId }: { bookId: number }) {
  const id = useId();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = typed.trim();
    if (q) void navigate({ to: '/search', search: { q, book: bookId } });
  };
  return (
    <form role="search" aria-label="Search in this book" onSubmit={submit}>
      <FormControl size="small" fullWidth>
        <InputLabel htmlFor={id}>Search in this book</InputLabel>
        <OutlinedInput
          id={id}
          label="Search in this book"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          inputProps={{ enterKeyHint: 'search', type: 'search' }}
          endAdornment={
            <InputAdornment position="end">
              <IconButton type="submit" edge="end" aria-label="Search">
                <SearchOutlined />
              </IconButton>
            </InputAdornment>
          }
        />
      </FormControl>
    </form>
  );
}
