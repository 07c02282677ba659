import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RouterButton } from '../../../components/router-link';
import { SafeImage } from '../../../components/safe-image';
import { institute } from '../../../content/institute';
import { GST_NOTE, courseIncludes, courses, fees, formatInr, recognisedBy } from '../../../content/training';
import { PageHero } from './page-hero';
import { Section } from './section';
import { PageMeta } from './page-meta';

/** Training programs (/training-programs). */
export function TrainingProgramsPage() {
  return (
    <>
      <PageMeta
        title={`Training Programs — ${institute.name}`}
        description="Hands-on laparoscopic surgery courses with their duration and fees: suturing and knotting, hernia repair, bariatric surgery and the comprehensive fellowship."
      />
      <PageHero
        title="Training Programs"
        subtitle="Structured, hands-on courses in laparoscopic surgery, from a first course to year-long fellowships."
        imageUrl="/images/hero-theatre.svg"
        overline="Courses & fees"
      />

      <Section id="recognised-by" title="Recognised by">
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
          }}
        >
          {recognisedBy.map((logo) => (
            <Box component="li" key={logo.abbreviation} sx={{ textAlign: 'center' }}>
              <SafeImage src={logo.imageUrl} alt={`${logo.abbreviation} — ${logo.name}`} width={240} height={120} fit="contain" />
              <Typography variant="caption" component="p" sx={{ mt: 0.5, color: 'text.secondary' }}>
                {logo.name}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>

      <Section id="course-includes" title="What a course includes" tone="tinted">
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {courseIncludes.map((item) => (
            <Grid key={item.title} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <Paper variant="outlined" sx={{ p: 2.5, height: '100%', display: 'flex', gap: 1.5 }}>
                <CheckCircleOutlined color="secondary" aria-hidden />
                <Box>
                  <Typography variant="h3" sx={{ fontSize: '1.05rem' }}>
                    {item.title}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                    {item.text}
                  </Typography>
                </Box>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section id="courses" title="Our courses">
        <Grid container spacing={3}>
          {courses.map((course) => (
            <Grid key={course.title} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <SafeImage {...course.image} />
                <CardContent sx={{ flexGrow: 1 }}>
                  <Typography variant="h3" sx={{ fontSize: '1.15rem' }}>
                    {course.title}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', lineHeight: 1.65 }}>
                    {course.description}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 1.5, fontWeight: 700 }}>
                    Course director: {course.director}
                  </Typography>
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2 }}>
                  <RouterButton to="/register" variant="contained" aria-label={`Enrol Now: ${course.title}`}>
                    Enrol Now
                  </RouterButton>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section id="fees" title="Course fees" tone="tinted">
        <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: 720 }}>
          <Table aria-labelledby="fees-heading">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col" sx={{ fontWeight: 800 }}>
                  Programme
                </TableCell>
                <TableCell component="th" scope="col" align="right" sx={{ fontWeight: 800 }}>
                  Fee (₹)
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fees.map((row) => (
                <TableRow key={row.programme}>
                  <TableCell component="th" scope="row">
                    {row.programme}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                    {formatInr(row.feeInr)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Typography sx={{ mt: 2, fontWeight: 700 }}>{GST_NOTE}.</Typography>
      </Section>
    </>
  );
}
