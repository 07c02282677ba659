import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { RouterButton } from '../../../components/router-link';
import { SafeImage } from '../../../components/safe-image';
import { institute } from '../../../content/institute';
import { newsPosts } from '../../../content/news-posts';
import { HomeHero } from './home-hero';
import { Section } from './section';
import { PageMeta } from './page-meta';

export const NEWS_LABEL = 'CONFERENCES & WORKSHOPS';

/** News list (/news-updates): hero, 'Blog' and the card grid (12/6/4 columns). */
export function NewsListPage() {
  return (
    <>
      <PageMeta
        title={`News & Updates — ${institute.name}`}
        description="Conferences, live operative workshops and courses of the institute from 1999 to 2019: what was taught, who took part and what came of it."
      />
      <HomeHero minHeight="45vh" />
      <Section id="blog" title="Blog">
        <Grid container spacing={3}>
          {newsPosts.map((post, i) => (
            <Grid key={post.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <SafeImage src={post.MainImage} alt="" width={960} height={540} eager={i < 3} />
                <CardContent sx={{ flexGrow: 1 }}>
                  <Typography variant="overline" component="p" sx={{ color: 'secondary.main' }}>
                    {NEWS_LABEL}
                  </Typography>
                  <Typography variant="h3" sx={{ fontSize: '1.15rem' }}>
                    {post.Title}
                  </Typography>
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2 }}>
                  <RouterButton to="/news-updates/$postId" params={{ postId: post.id }} variant="outlined" aria-label={`Read more: ${post.Title}`}>
                    Read more
                  </RouterButton>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Section>
    </>
  );
}
