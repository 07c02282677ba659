import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SafeHtml } from '../../../components/safe-html';
import { SafeImage } from '../../../components/safe-image';
import { institute } from '../../../content/institute';
import { innovations } from '../../../content/innovations';
import type { Innovation } from '../../../content/types';
import { HomeHero } from './home-hero';
import { PageMeta } from './page-meta';

function InnovationSection({ innovation, index }: { innovation: Innovation; index: number }) {
  const hasImages = innovation.imageUrls.length > 0;
  const headingId = `innovation-${index}`;
  const text = (
    <Box>
      <Typography variant="h2" id={headingId} sx={{ fontSize: { xs: '1.5rem', md: '1.8rem' }, mb: 2, color: 'primary.dark' }}>
        {innovation.title}
      </Typography>
      <SafeHtml html={innovation.description} sx={{ fontSize: '1.05rem' }} />
    </Box>
  );
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-image-position={hasImages ? innovation.imagePosition : 'none'}
      sx={{ py: { xs: 5, md: 7 }, bgcolor: index % 2 ? '#e8f1f4' : 'transparent' }}
    >
      <Container maxWidth="lg">
        {hasImages ? (
          <Grid container spacing={{ xs: 3, md: 6 }} sx={{ alignItems: 'center', flexDirection: innovation.imagePosition === 'left' ? 'row-reverse' : 'row' }}>
            <Grid size={{ xs: 12, md: 6 }}>{text}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack spacing={2}>
                {innovation.imageUrls.map((url, i) => (
                  <SafeImage key={url} src={url} alt={`${innovation.title}, illustration ${i + 1}`} width={640} height={480} sx={{ borderRadius: 3 }} />
                ))}
              </Stack>
            </Grid>
          </Grid>
        ) : (
          <Box sx={{ width: '100%' }}>{text}</Box>
        )}
      </Container>
    </Box>
  );
}

/** Innovations (/innovations): the home hero, then one section per innovation. */
export function InnovationsPage() {
  return (
    <>
      <PageMeta
        title={`Innovations — ${institute.name}`}
        description="Training devices developed at the institute: the endotrainer, periscope and paradoxical trainers, and virtual-reality modules with skill metrics."
      />
      <HomeHero minHeight="45vh" />
      {innovations.map((innovation, index) => (
        <InnovationSection key={innovation.title} innovation={innovation} index={index} />
      ))}
    </>
  );
}
