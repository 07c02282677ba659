import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';
import { SafeImage } from '../../../components/safe-image';
import { aboutIntro, facilities, facilitiesText, milestones } from '../../../content/about';
import { institute } from '../../../content/institute';
import { teamMembers } from '../../../content/team';
import { PageHero } from './page-hero';
import { Section } from './section';
import { Timeline } from './timeline';
import { PageMeta } from './page-meta';

const CardLink = createLink(CardActionArea);

/** About (/about). */
export function AboutPage() {
  return (
    <>
      <PageMeta title={`About — ${institute.name}`} description={`${aboutIntro.lead} Our history, mission, founders and the recognitions of the institute.`} />
      <PageHero title={aboutIntro.title} subtitle={aboutIntro.lead} imageUrl="/images/hero-theatre.svg" overline={`Since ${institute.foundedYear}`} />

      <Section id="history" title="Our story">
        <Box sx={{ maxWidth: 820 }}>
          {aboutIntro.paragraphs.map((paragraph) => (
            <Typography key={paragraph.slice(0, 24)} sx={{ mb: 2, fontSize: '1.05rem', lineHeight: 1.75 }}>
              {paragraph}
            </Typography>
          ))}
          <Button href="#timeline" variant="outlined">
            READ MORE
          </Button>
        </Box>
      </Section>

      <Section id="visionaries" title="Meet Our Visionaries" tone="tinted">
        <Grid container spacing={3}>
          {teamMembers.map((member) => (
            <Grid key={member.slug} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardLink to="/about/$slug" params={{ slug: member.slug }} preload="intent" sx={{ height: '100%' }}>
                  <SafeImage src={member.imageUrl} alt={`Portrait of ${member.name}`} width={400} height={480} sx={{ maxHeight: 300, objectPosition: 'top' }} />
                  <CardContent>
                    <Typography variant="h3" sx={{ fontSize: '1.2rem' }}>
                      {member.name}
                    </Typography>
                    <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{member.designation}</Typography>
                    <Typography sx={{ color: 'primary.main', fontWeight: 700, mt: 1.5 }}>View profile</Typography>
                  </CardContent>
                </CardLink>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section id="facilities" title="Our Facilities">
        <Grid container spacing={3} sx={{ alignItems: 'stretch' }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography sx={{ fontSize: '1.05rem', lineHeight: 1.75 }}>{facilitiesText}</Typography>
          </Grid>
          {facilities.map((facility) => (
            <Grid key={facility.label} size={{ xs: 6, md: 3 }}>
              <Paper variant="outlined" sx={{ p: 3, textAlign: 'center', height: '100%' }}>
                <Typography sx={{ fontSize: '2.6rem', fontWeight: 800, color: 'primary.main', lineHeight: 1.1 }}>{facility.value}</Typography>
                <Typography sx={{ fontWeight: 700, color: 'text.secondary' }}>{facility.label}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section id="timeline" title="Our journey" tone="tinted">
        <Timeline milestones={milestones} />
      </Section>
    </>
  );
}
