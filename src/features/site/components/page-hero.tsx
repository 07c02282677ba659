import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface PageHeroProps {
  title: string;
  subtitle?: string;
  /** Decorative background image (the title carries the meaning). */
  imageUrl: string;
  /** 'fixed' keeps the background still while the page scrolls (team member banner). */
  attachment?: 'scroll' | 'fixed';
  minHeight?: string;
  overline?: string;
  children?: ReactNode;
}

const SHADE = 'linear-gradient(100deg, rgba(5, 28, 40, 0.92) 0%, rgba(5, 28, 40, 0.75) 55%, rgba(5, 28, 40, 0.45) 100%)';

/**
 * A full-width banner with a darkened background image and the page's h1. The image is an
 * <img> fetched with high priority (it is the first thing on every page that has a hero, and
 * a CSS background would only be found after the styles apply); a 'fixed' banner stays a CSS
 * background, which is what lets it stand still while the page scrolls.
 */
export function PageHero({ title, subtitle, imageUrl, attachment = 'scroll', minHeight = '40vh', overline, children }: PageHeroProps) {
  const fixed = attachment === 'fixed';
  return (
    <Box
      data-testid="page-hero"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        minHeight,
        display: 'flex',
        alignItems: 'center',
        color: '#ffffff',
        backgroundColor: '#0b3a53',
        backgroundImage: fixed ? `${SHADE}, url("${imageUrl}")` : SHADE,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        backgroundAttachment: { xs: 'scroll', md: attachment },
        py: { xs: 6, md: 8 },
      }}
    >
      {!fixed && (
        <>
          <Box
            component="img"
            src={imageUrl}
            alt=""
            width={1600}
            height={900}
            fetchPriority="high"
            decoding="async"
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'center' }}
          />
          <Box aria-hidden sx={{ position: 'absolute', inset: 0, backgroundImage: SHADE }} />
        </>
      )}
      <Container maxWidth="lg" sx={{ position: 'relative' }}>
        <Stack spacing={2} sx={{ maxWidth: 760 }}>
          {overline && (
            <Typography variant="overline" component="p" sx={{ color: '#a7d8d0' }}>
              {overline}
            </Typography>
          )}
          <Typography variant="h1">{title}</Typography>
          {subtitle && (
            <Typography component="p" sx={{ fontSize: { xs: '1.1rem', md: '1.35rem' }, color: '#e1eef2' }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
