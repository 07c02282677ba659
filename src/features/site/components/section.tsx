import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface SectionProps {
  id?: string;
  title?: string;
  intro?: string;
  tone?: 'plain' | 'tinted';
  children: ReactNode;
}

/** A page section with an h2 and a consistent rhythm. */
export function Section({ id, title, intro, tone = 'plain', children }: SectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={title ? headingId : undefined}
      sx={{ py: { xs: 5, md: 8 }, bgcolor: tone === 'tinted' ? '#e8f1f4' : 'transparent' }}
    >
      <Container maxWidth="lg">
        {title && (
          <Typography variant="h2" id={headingId} sx={{ mb: intro ? 1.5 : 3, color: 'primary.dark' }}>
            {title}
          </Typography>
        )}
        {intro && <Typography sx={{ mb: 4, maxWidth: 760, color: 'text.secondary', fontSize: '1.05rem' }}>{intro}</Typography>}
        {children}
      </Container>
    </Box>
  );
}
