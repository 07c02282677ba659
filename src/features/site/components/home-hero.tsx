import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { RouterButton } from '../../../components/router-link';
import { institute } from '../../../content/institute';
import { PageHero } from './page-hero';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The home hero (also used by News and Innovations): headline, subline, two calls to action. */
export function HomeHero({ minHeight = '60vh' }: { minHeight?: string }) {
  return (
    <PageHero
      title={institute.heroHeadline}
      subtitle={institute.heroSubline}
      imageUrl="/images/hero-theatre.svg"
      minHeight={minHeight}
      overline={`Since ${institute.foundedYear} · Training & Research Centre`}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
        <RouterButton to="/register" variant="contained" color="secondary" size="large">
          Get Started
        </RouterButton>
        <RouterButton
          to="/training-programs"
          variant="outlined"
          size="large"
          sx={{ color: '#ffffff', borderColor: 'rgba(255,255,255,0.8)', '&:hover': { borderColor: '#ffffff', bgcolor: 'rgba(255,255,255,0.08)' } }}
        >
          {/* The hidden words are for screen readers and search engines, which list links out of context. */}
          Learn More{' '}
          <Box component="span" sx={VISUALLY_HIDDEN}>
            about our training programs
          </Box>
        </RouterButton>
      </Stack>
    </PageHero>
  );
}
