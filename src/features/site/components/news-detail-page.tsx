import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterButton } from '../../../components/router-link';
import { institute } from '../../../content/institute';
import { findNewsPost, newsNeighbours } from '../../../content/news-posts';
import { NewsBlockView } from './news-blocks';
import { NEWS_LABEL } from './news-list-page';
import { PageHero } from './page-hero';
import { PageMeta, summary } from './page-meta';

/** The post's first text: its search-result summary. */
function summaryOf(post: NonNullable<ReturnType<typeof findNewsPost>>): string {
  const first = post.content.find((block) => block.Type === 'Text');
  return summary(first && 'text' in first ? first.text : post.Title);
}

/** News detail (/news-updates/{postId}); postId is already parsed as an integer (NaN when not). */
export function NewsDetailPage({ postId }: { postId: number }) {
  const post = Number.isInteger(postId) ? findNewsPost(postId) : undefined;
  if (!post) {
    return (
      <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
        <PageMeta title={`Post not found — ${institute.name}`} description="This news post does not exist. See all news and updates of the institute." />
        <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
          Post not found!
        </Typography>
        <RouterButton to="/news-updates" variant="contained">
          Back to All Posts
        </RouterButton>
      </Container>
    );
  }
  const { previous, next } = newsNeighbours(post.id);
  return (
    <>
      <PageMeta title={`${post.Title} — ${institute.name}`} description={summaryOf(post)} />
      <PageHero title={post.Title} imageUrl={post.MainImage} minHeight="40vh" overline={NEWS_LABEL} />
      <Container maxWidth="md" component="article" sx={{ py: { xs: 4, md: 6 } }}>
        <Stack spacing={4}>
          {post.content.map((block, i) => (
            <NewsBlockView key={i} block={block} />
          ))}
        </Stack>
        <Divider sx={{ my: 5 }} />
        <Box
          component="nav"
          aria-label="More posts"
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr auto 1fr' },
            gridTemplateAreas: { xs: '"previous next" "back back"', sm: '"previous back next"' },
          }}
        >
          <Box sx={{ gridArea: 'previous' }}>
            {previous && (
              <RouterButton
                to="/news-updates/$postId"
                params={{ postId: previous.id }}
                startIcon={<ArrowBackOutlined />}
                aria-label={`Previous: ${previous.Title}`}
              >
                Previous
              </RouterButton>
            )}
          </Box>
          <Box sx={{ gridArea: 'back', justifySelf: 'center' }}>
            <RouterButton to="/news-updates" variant="outlined">
              Back to All Posts
            </RouterButton>
          </Box>
          <Box sx={{ gridArea: 'next', justifySelf: 'end' }}>
            {next && (
              <RouterButton to="/news-updates/$postId" params={{ postId: next.id }} endIcon={<ArrowForwardOutlined />} aria-label={`Next: ${next.Title}`}>
                Next
              </RouterButton>
            )}
          </Box>
        </Box>
      </Container>
    </>
  );
}
