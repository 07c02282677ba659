import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useLayoutEffect } from 'react';
import { institute } from '../../../content/institute';
import { authStore } from '../auth-store';

/**
 * The frame of Login and Register: a centred card with the page heading. It clears the auth
 * error when the page opens and when it is left (SPEC §2), so a stale message never shows.
 */
export function AuthPage({ title, children, width = 'xs' }: { title: string; children: ReactNode; width?: 'xs' | 'sm' }) {
  // A layout effect: the error of a previous screen is gone before the first paint.
  useLayoutEffect(() => {
    authStore.clearError();
    return () => authStore.clearError();
  }, []);

  return (
    <Container maxWidth={width} sx={{ py: { xs: 4, md: 8 }, px: { xs: 1.5, sm: 3 } }}>
      <title>{`${title} — ${institute.name}`}</title>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 3 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Container>
  );
}
