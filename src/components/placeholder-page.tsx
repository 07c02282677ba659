import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A plain page body for screens whose feature is not built yet. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <title>{title}</title>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        {title}
      </Typography>
      {children && <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>}
    </Container>
  );
}
