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

/** A full-width banner with a darkened background image and the page's h1. */
export function PageHero({ title, subtitle, imageUrl, attachment = 'scroll', minHeight = '40vh', overline, children }: PageHeroProps) {
  return (
    <Box
      data-testid="page-hero"
      sx={{
        minHeight,
        display: 'flex',
        alignItems: 'center',
        color: '#ffffff',
        backgroundColor: '#0b3a53',
        backgroundImage: `linear-gradient(100deg, rgba(5, 28, 40, 0.92) 0%, rgba(5, 28, 40, 0.75) 55%, rgba(5, 28, 40, 0.45) 100%), url("${imageUrl}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        backgroundAttachment: { xs: 'scroll', md: attachment },
        py: { xs: 6, md: 8 },
      }}
    >
      <Container maxWidth="lg">
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
