/**
 * The app bar's search field for signed-in users: inline from the sm breakpoint, behind a
 * Search button on a phone (it opens the field on a line of its own). `/` focuses it from
 * anywhere but a text field or the editor; Enter opens /search?q=. Kept small: the page, the
 * offline indexes and MiniSearch load when it is focused (the route's preload) or a search is made.
 */
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../contract/search';

export const APP_BAR_SEARCH_LABEL = 'Search books';

/** True when a key typed at `target` is text for it (an input, a text area, a select, the editor). */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[contenteditable="true"]') !== null;
}

export function AppBarSearch() {
  const navigate = useNavigate();
  const router = useRouter();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const focusWhenOpen = useRef(false);
  const shown = wide || open;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || typesText(event.target)) return;
      event.preventDefault();
      if (input.current) input.current.focus();
      else {
        focusWhenOpen.current = true;
        setOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (shown && focusWhenOpen.current) {
      focusWhenOpen.current = false;
      input.current?.focus();
    }
  }, [shown]);

  const preload = () => void router.preloadRoute({ to: '/search', search: { q: '' } }).catch(() => undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = typed.trim();
    if (!q) return;
    void navigate({ to: '/search', search: { q } });
    input.current?.blur();
    setOpen(false);
  };

  const field = (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      sx={{
        display: 'flex',
        alignItems: 'center',
        bgcolor: 'rgba(255,255,255,0.15)',
        borderRadius: 1,
        px: 1,
        minWidth: 0,
        '&:focus-within': { bgcolor: 'rgba(255,255,255,0.25)', outline: '2px solid #ffffff', outlineOffset: 1 },
        ...(wide ? { width: { sm: 200, md: 240 }, flexShrink: 1 } : { order: 10, flexBasis: '100%', mb: 1 }),
      }}
    >
      <SearchOutlined fontSize="small" aria-hidden sx={{ mr: 1, opacity: 0.85 }} />
      <InputBase
        inputRef={input}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onFocus={preload}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !wide) setOpen(false);
        }}
        placeholder="Search books  ( / )"
        inputProps={{ 'aria-label': APP_BAR_SEARCH_LABEL, type: 'search', enterKeyHint: 'search', maxLength: SEARCH_QUERY_MAX_LENGTH }}
        sx={{ color: 'inherit', flexGrow: 1, '& input::placeholder': { color: 'inherit', opacity: 0.8 }, py: 0.25 }}
      />
      {!wide && (
        <IconButton size="small" color="inherit" aria-label="Close search" onClick={() => setOpen(false)}>
          <CloseOutlined fontSize="small" />
        </IconButton>
      )}
    </Box>
  );

  return (
    <>
      {!wide && (
        <IconButton
          color="inherit"
          aria-label="Search"
          aria-expanded={open}
          onClick={() => {
            focusWhenOpen.current = !open;
            setOpen(!open);
          }}
          sx={{ flexShrink: 0 }}
        >
          <SearchOutlined />
        </IconButton>
      )}
      {shown && field}
    </>
  );
}
