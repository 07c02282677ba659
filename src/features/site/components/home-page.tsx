import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PanToolOutlined from '@mui/icons-material/PanToolOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { SafeImage } from '../../../components/safe-image';
import { TESTIMONIAL_INTERVAL_MS, featureCards, historyParagraphs, institute, products, statistics, testimonials } from '../../../content/institute';
import type { FeatureCard } from '../../../content/types';
import { ContactSection } from './contact-section';
import { HomeHero } from './home-hero';
import { Hydrated } from './hydrated';
import { Offerings } from './offerings';
import { Section } from './section';
import { Testimonials } from './testimonials';
import { PageMeta } from './page-meta';

const FEATURE_ICONS: Record<FeatureCard['icon'], ReactElement> = {
  skills: <PanToolOutlined aria-hidden />,
  live: <VideocamOutlined aria-hidden />,
  faculty: <GroupsOutlined aria-hidden />,
  certificate: <EmojiEventsOutlined aria-hidden />,
};

/** Home (/ and /home). */
export function HomePage() {
  return (
    <>
      <PageMeta
        title={`${institute.name} — Laparoscopic surgery training`}
        description={`Laparoscopic surgery training in India since ${institute.foundedYear}: hands-on courses, live operative workshops, fellowships and training e-books for surgeons and postgraduates.`}
      />
      <HomeHero />

      <Hydrated>
        <Section id="history" title={`Our history: founded in ${institute.foundedYear}`}>
          <Grid container spacing={{ xs: 3, md: 6 }} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, md: 7 }}>
              {historyParagraphs.map((paragraph) => (
                <Typography key={paragraph.slice(0, 24)} sx={{ mb: 2, fontSize: '1.05rem', lineHeight: 1.75 }}>
                  {paragraph}
                </Typography>
              ))}
              <Box component="dl" sx={{ mt: 3, mb: 0, display: 'flex', flexWrap: 'wrap', columnGap: { xs: 3, sm: 5 }, rowGap: 2 }}>
                {statistics.map((stat) => (
                  <Box key={stat.label} sx={{ minWidth: 110, display: 'flex', flexDirection: 'column-reverse' }}>
                    <Typography component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                      {stat.label}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, fontSize: '2.4rem', fontWeight: 800, color: 'primary.main', lineHeight: 1.1 }}>
                      {stat.value}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <SafeImage src="/images/history.svg" alt="The institute building, founded in 1998" width={640} height={400} sx={{ borderRadius: 3 }} />
            </Grid>
          </Grid>
        </Section>
      </Hydrated>

      <Hydrated>
        <Section id="why-train-with-us" title="Why train with us" tone="tinted">
          <Grid container spacing={3}>
            {featureCards.map((feature) => (
              <Grid key={feature.title} size={{ xs: 12, sm: 6, md: 3 }}>
                <Card sx={{ height: '100%' }}>
                  <CardContent>
                    <Box
                      sx={{
                        width: 48,
                        height: 48,
                        borderRadius: 2,
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: 'primary.main',
                        color: '#ffffff',
                        mb: 2,
                      }}
                    >
                      {FEATURE_ICONS[feature.icon]}
                    </Box>
                    <Typography variant="h3" sx={{ fontSize: '1.15rem', mb: 1 }}>
                      {feature.title}
                    </Typography>
                    <Typography sx={{ color: 'text.secondary' }}>{feature.text}</Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Section>
      </Hydrated>

      <Hydrated>
        <Section id="testimonials" title="What our trainees say">
          <Testimonials testimonials={testimonials} intervalMs={TESTIMONIAL_INTERVAL_MS} />
        </Section>
      </Hydrated>

      <Hydrated>
        <Section id="offerings" title="Offerings" intro="Learning material to keep practising after your course." tone="tinted">
          <Offerings products={products} />
        </Section>
      </Hydrated>

      <Hydrated>
        <Section id="contact" title="Contact us">
          <ContactSection />
        </Section>
      </Hydrated>
    </>
  );
}
