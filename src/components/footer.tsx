import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FOOTER_LINKS } from './navigation-links';
import { RouterLink } from './router-link';

export interface FooterProps {
  brand: string;
  tagline: string;
  foundedYear: number;
  videoChannelUrl: string;
  contactLines: string[];
}

const linkSx = { color: '#e8f3f5', fontWeight: 600 };

/** Footer: the spec's links (/, /about, /contacts and the video channel) and contact lines. */
export function Footer({ brand, tagline, foundedYear, videoChannelUrl, contactLines }: FooterProps) {
  return (
    <Box component="footer" sx={{ bgcolor: '#0a2f41', color: '#e8f3f5', mt: 'auto', pt: 5, pb: 4 }}>
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Typography component="p" sx={{ fontWeight: 800, fontSize: '1.1rem' }}>
              {brand}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1, color: '#c8dbe2' }}>
              {tagline}. Training surgeons since {foundedYear}.
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Typography component="h2" variant="overline" sx={{ color: '#a7d8d0' }}>
              Explore
            </Typography>
            <Stack component="nav" aria-label="Footer" spacing={1} sx={{ mt: 1 }}>
              {FOOTER_LINKS.map((link) => (
                <RouterLink key={link.to} to={link.to} underline="hover" sx={linkSx}>
                  {link.label}
                </RouterLink>
              ))}
              <Link
                href={videoChannelUrl}
                target="_blank"
                rel="noopener noreferrer"
                underline="hover"
                sx={{ ...linkSx, display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
              >
                <OndemandVideoOutlined fontSize="small" aria-hidden />
                Video channel
              </Link>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Typography component="h2" variant="overline" sx={{ color: '#a7d8d0' }}>
              Contact
            </Typography>
            {contactLines.map((line) => (
              <Typography key={line} variant="body2" sx={{ color: '#c8dbe2', mt: 0.5 }}>
                {line}
              </Typography>
            ))}
          </Grid>
        </Grid>
        {/* The year of a prerendered page is its build's: the browser puts in this year's. */}
        <Typography variant="body2" sx={{ mt: 4, color: '#a9c0c9' }} suppressHydrationWarning>
          © {foundedYear}–{new Date().getFullYear()} {brand}
        </Typography>
      </Container>
    </Box>
  );
}
