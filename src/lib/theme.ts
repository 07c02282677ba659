import { createTheme } from '@mui/material/styles';

/**
 * Calm, clinical and high contrast: deep teal on near-white, text at AAA contrast, a system
 * font stack (no web fonts: the CSP and offline use forbid them), and a focus ring that is
 * always visible for keyboard users.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0b4f6c', dark: '#083a50', light: '#3a7891', contrastText: '#ffffff' },
    secondary: { main: '#1f6f62', contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    warning: { main: '#8a5a00' },
    info: { main: '#0b5c8a' },
    success: { main: '#1e6b3a' },
    background: { default: '#f4f7f9', paper: '#ffffff' },
    text: { primary: '#14232c', secondary: '#3d5360' },
    divider: '#d4dee4',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: 'clamp(2rem, 5.5vw, 3.25rem)', fontWeight: 800, lineHeight: 1.15, letterSpacing: '-0.01em' },
    h2: { fontSize: 'clamp(1.6rem, 3.6vw, 2.25rem)', fontWeight: 750, lineHeight: 1.2 },
    h3: { fontSize: 'clamp(1.3rem, 2.6vw, 1.6rem)', fontWeight: 700, lineHeight: 1.25 },
    h4: { fontSize: '1.25rem', fontWeight: 700 },
    h5: { fontSize: '1.1rem', fontWeight: 700 },
    h6: { fontSize: '1rem', fontWeight: 700 },
    overline: { fontWeight: 700, letterSpacing: '0.08em' },
    button: { textTransform: 'none', fontWeight: 650 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: { scrollBehavior: 'smooth' },
        '@media (prefers-reduced-motion: reduce)': {
          html: { scrollBehavior: 'auto' },
          // One short iteration: an endless one would still run, a frame at a time.
          '*, *::before, *::after': {
            transitionDuration: '0.01ms !important',
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
          },
        },
        ':focus-visible': { outline: '3px solid #c9a227', outlineOffset: '2px' },
        img: { maxWidth: '100%' },
        '[id]': { scrollMarginTop: '80px' },
      },
    },
    // The spinner only turns (a transform, which the compositor animates); MUI's growing and
    // shrinking arc repaints the page on the main thread every frame, while the app starts.
    MuiCircularProgress: { defaultProps: { disableShrink: true } },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiButton: { styleOverrides: { root: { borderRadius: 999, paddingInline: 20 } } },
    MuiCard: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #d4dee4' } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
});
