import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import { styled } from '@mui/material/styles';
import { Link } from '@tanstack/react-router';
import { FOOTER_LINKS } from './navigation-links';

export interface FooterProps {
  brand: string;
  tagline: string;
  foundedYear: number;
  videoChannelUrl: string;
  contactLines: string[];
}

/** `columns` twelfths of a row whose gaps are `gap` wide (MUI Grid's item width). */
const twelfths = (columns: number, gap: string) => `calc(100% * ${columns} / 12 - ${gap} * ${12 - columns} / 12)`;

/**
 * The footer is on every screen and never changes while the app runs: plain elements under one
 * styled root, with the rules MUI's Container, Grid, Stack, Typography and Link gave it (the
 * theme's body2 and overline, the lg container, a 32 px grid). As those twenty-odd components it
 * was a fifth of the components of a signed-in page's first render on a phone, below the fold.
 */
const FooterRoot = styled('footer')(({ theme }) => ({
  backgroundColor: '#0a2f41',
  color: '#e8f3f5',
  marginTop: 'auto',
  paddingTop: theme.spacing(5),
  paddingBottom: theme.spacing(4),
  '& p, & h2': { margin: 0 },
  '.footer-frame': {
    boxSizing: 'border-box',
    width: '100%',
    marginInline: 'auto',
    paddingInline: theme.spacing(2),
    [theme.breakpoints.up('sm')]: { paddingInline: theme.spacing(3) },
    [theme.breakpoints.up('lg')]: { maxWidth: theme.breakpoints.values.lg },
  },
  // Grid's columns: 12 of 12 on a phone; on a tablet the first row whole and two halves below; from
  // md 5, 3 and 4 twelfths. Each column's share of the width less its share of the gaps.
  '.footer-columns': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: theme.spacing(4),
    '& > *': { width: '100%' },
    [theme.breakpoints.up('sm')]: { '& > :not(:first-of-type)': { width: `calc(50% - ${theme.spacing(2)})` } },
    [theme.breakpoints.up('md')]: {
      '& > :nth-of-type(1)': { width: twelfths(5, theme.spacing(4)) },
      '& > :nth-of-type(2)': { width: twelfths(3, theme.spacing(4)) },
      '& > :nth-of-type(3)': { width: twelfths(4, theme.spacing(4)) },
    },
  },
  '.footer-brand': { ...theme.typography.body1, fontWeight: 800, fontSize: '1.1rem' },
  '.footer-text': { ...theme.typography.body2, color: '#c8dbe2' },
  h2: { ...theme.typography.overline, color: '#a7d8d0' },
  nav: { display: 'flex', flexDirection: 'column', gap: theme.spacing(1), marginTop: theme.spacing(1) },
  a: { color: '#e8f3f5', fontWeight: 600, textDecoration: 'none', '&:hover': { textDecoration: 'underline' } },
  '.footer-video': { display: 'inline-flex', alignItems: 'center', gap: theme.spacing(0.75) },
  '.footer-tagline': { marginTop: theme.spacing(1) },
  '.footer-contact': { marginTop: theme.spacing(0.5) },
  '.footer-copyright': { marginTop: theme.spacing(4), color: '#a9c0c9' },
}));

/** Footer: the spec's links (/, /about, /contacts and the video channel) and contact lines. */
export function Footer({ brand, tagline, foundedYear, videoChannelUrl, contactLines }: FooterProps) {
  return (
    <FooterRoot>
      <div className="footer-frame">
        <div className="footer-columns">
          <div>
            <p className="footer-brand">{brand}</p>
            <p className="footer-text footer-tagline">
              {tagline}. Training surgeons since {foundedYear}.
            </p>
          </div>
          <div>
            <h2>Explore</h2>
            <nav aria-label="Footer">
              {FOOTER_LINKS.map((link) => (
                <Link key={link.to} to={link.to} preload="intent">
                  {link.label}
                </Link>
              ))}
              <a className="footer-video" href={videoChannelUrl} target="_blank" rel="noopener noreferrer">
                <OndemandVideoOutlined fontSize="small" aria-hidden />
                Video channel
              </a>
            </nav>
          </div>
          <div>
            <h2>Contact</h2>
            {contactLines.map((line) => (
              <p key={line} className="footer-text footer-contact">
                {line}
              </p>
            ))}
          </div>
        </div>
        {/* The year of a prerendered page is its build's: the browser puts in this year's. */}
        <p className="footer-text footer-copyright" suppressHydrationWarning>
          © {foundedYear}–{new Date().getFullYear()} {brand}
        </p>
      </div>
    </FooterRoot>
  );
}
