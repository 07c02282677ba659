/**
 * The app bar's search field for signed-in users: inline from 600 px, behind a Search button on
 * a phone (it opens the field over the bar until closed). `/` focuses it from anywhere but a text
 * field or the editor; Enter opens /search?q=. One small file: a plain input and the bar's own
 * Button and Box (already loaded with the bar), an inline icon, nothing of the contract (zod,
 * the stemmer); the page, the offline indexes and MiniSearch load when the field is focused
 * (the route's preload) or a search is made.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { APP_BAR_SEARCH_SIZE } from './app-bar-search-place';

export const APP_BAR_SEARCH_LABEL = 'Search books';

/** Material's 'Search' icon, inline: no icon module to fetch. */
const SearchIcon = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
    <path
      fill="currentColor"
      d="M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14"
    />
  </svg>
);

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
  const toggle = useRef<HTMLButtonElement>(null);
  /** Closes the phone's field, the focus back on its button. */
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
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

  return (
    <>
      {!wide && (
        <Button
          ref={toggle}
          color="inherit"
          aria-label="Search"
          aria-expanded={open}
          onClick={() => {
            focusWhenOpen.current = !open;
            setOpen(!open);
          }}
          sx={{ minWidth: 0, px: 0.5, flexShrink: 0 }}
        >
          <SearchIcon />
        </Button>
      )}
      {shown && (
        <Box
          component="form"
          role="search"
          aria-label="Search the library"
          onSubmit={submit}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            bgcolor: 'rgba(255,255,255,0.15)',
            borderRadius: 1,
            px: 1,
            minWidth: 0,
            '&:focus-within': { bgcolor: 'rgba(255,255,255,0.25)', outline: '2px solid #ffffff', outlineOffset: 1 },
            // No taller than the bar's buttons (the bar keeps the height of index.html's shell); on a
            // phone, over the whole bar (the Toolbar is its positioned ancestor) until closed.
            height: APP_BAR_SEARCH_SIZE.height,
            ...(wide
              ? { width: APP_BAR_SEARCH_SIZE.width, flexShrink: 1 }
              : {
                  position: 'absolute',
                  left: 8,
                  right: 8,
                  top: '50%',
                  transform: 'translateY(-50%)',
                  zIndex: 1,
                  bgcolor: 'primary.dark',
                  '&:focus-within': { outline: '2px solid #ffffff' },
                }),
          }}
        >
          <SearchIcon />
          <Box
            component="input"
            ref={input}
            type="search"
            enterKeyHint="search"
            aria-label={APP_BAR_SEARCH_LABEL}
            placeholder="Search books ( / )"
            value={typed}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => setTyped(event.target.value)}
            onFocus={preload}
            onKeyDown={(event: React.KeyboardEvent) => {
              if (event.key === 'Escape' && !wide) close();
            }}
            sx={{
              flexGrow: 1,
              minWidth: 0,
              height: '100%',
              p: 0,
              border: 0,
              outline: 'none',
              bgcolor: 'transparent',
              color: 'inherit',
              font: 'inherit',
              '&::placeholder': { color: 'inherit', opacity: 0.8 },
            }}
          />
          {!wide && (
            <Button color="inherit" size="small" onClick={close} sx={{ minWidth: 0, flexShrink: 0 }}>
              Close
            </Button>
          )}
        </Box>
      )}
    </>
  );
}
