import SearchOutlined from '@mui/icons-material/SearchOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';

/** The reader's 'Search in this book': Enter opens /search with the book's results only (offline too, from its download). */
export function BookSearchField({ bookId }: { bookId: number }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = typed.trim();
    if (q) void navigate({ to: '/search', search: { q, book: bookId } });
  };
  return (
    <form role="search" aria-label="Search in this book" onSubmit={submit}>
      <TextField
        label="Search in this book"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        size="small"
        fullWidth
        slotProps={{
          htmlInput: { enterKeyHint: 'search', type: 'search' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" aria-label="Search">
                  <SearchOutlined />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </form>
  );
}
