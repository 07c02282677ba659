import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterButton } from '../../../components/router-link';
import { SafeImage } from '../../../components/safe-image';
import { institute } from '../../../content/institute';
import { findTeamMember } from '../../../content/team';
import { PageHero } from './page-hero';
import { PageMeta, summary } from './page-meta';

/** Team member detail (/about/{slug}), or 'Team Member Not Found'. */
export function TeamMemberPage({ slug }: { slug: string }) {
  const member = findTeamMember(slug);
  if (!member) {
    return (
      <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
        <PageMeta
          title={`Team Member Not Found — ${institute.name}`}
          description="This team member does not exist. Meet the founders and faculty of the institute on the About page."
        />
        <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
          Team Member Not Found
        </Typography>
        <RouterButton to="/" variant="contained">
          Back to Team List
        </RouterButton>
      </Container>
    );
  }
  return (
    <>
      <PageMeta title={`${member.name} — ${institute.name}`} description={summary(`${member.name}, ${member.designation}. ${member.intro}`)} />
      <PageHero
        title={member.name}
        subtitle={member.designation}
        imageUrl="/images/team-banner.svg"
        attachment="fixed"
        minHeight="40vh"
        overline="Meet Our Visionaries"
      />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Grid container spacing={{ xs: 4, md: 6 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Box sx={{ maxWidth: 360, mx: 'auto' }}>
              <SafeImage src={member.imageUrl} alt={`Portrait of ${member.name}`} width={400} height={480} eager sx={{ borderRadius: 3 }} />
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Typography variant="overline" component="p" sx={{ color: 'secondary.main' }}>
              {member.designation}
            </Typography>
            <Typography sx={{ fontSize: '1.1rem', lineHeight: 1.75, mt: 1 }}>{member.intro}</Typography>
            <Typography variant="h2" sx={{ mt: 3, fontSize: '1.6rem' }}>
              {member.name}
            </Typography>
            <Paper variant="outlined" sx={{ mt: 2, p: 2.5, borderLeft: '6px solid', borderLeftColor: 'secondary.main', bgcolor: '#eef6f4' }}>
              <Typography sx={{ fontWeight: 700 }}>{member.highlight}</Typography>
            </Paper>
            <Stack spacing={2.5} sx={{ mt: 4 }}>
              {member.details.map((detail) => (
                <Box key={detail.title}>
                  <Typography variant="h3" sx={{ fontSize: '1.15rem' }}>
                    {detail.title}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary', mt: 0.5, lineHeight: 1.7 }}>{detail.description}</Typography>
                </Box>
              ))}
            </Stack>
            <RouterButton to="/about" variant="outlined" sx={{ mt: 4 }}>
              Back to About
            </RouterButton>
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
