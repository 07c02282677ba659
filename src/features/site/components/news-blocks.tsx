import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { SafeHtml } from '../../../components/safe-html';
import { SafeImage } from '../../../components/safe-image';
import type { NewsBlock } from '../../../content/types';

/** One content block of a news post: BannerImage, Text (HTML) or Gallery. */
export function NewsBlockView({ block }: { block: NewsBlock }) {
  switch (block.Type) {
    case 'BannerImage':
      return <SafeImage src={block.url} alt={block.alt ?? ''} width={960} height={540} sx={{ borderRadius: 2 }} />;
    case 'Text':
      return (
        <Box>
          {block.Header && (
            <Typography variant="h2" sx={{ fontSize: '1.35rem', mb: 1.5, color: 'primary.dark' }}>
              {block.Header}
            </Typography>
          )}
          <SafeHtml html={block.text} sx={{ fontSize: '1.05rem' }} />
        </Box>
      );
    case 'Gallery':
      return (
        <Box component="section" aria-label="Gallery">
          <Grid container spacing={2}>
            {block.images.map((image, i) => (
              <Grid key={`${image.imageUrl}-${i}`} size={{ xs: 12, sm: 6, md: 4 }}>
                <Box component="figure" sx={{ m: 0 }}>
                  <SafeImage src={image.imageUrl} alt={image.description ?? ''} width={960} height={540} sx={{ borderRadius: 2 }} />
                  {image.description && (
                    <Typography component="figcaption" variant="body2" sx={{ mt: 0.75, color: 'text.secondary' }}>
                      {image.description}
                    </Typography>
                  )}
                </Box>
              </Grid>
            ))}
          </Grid>
          {block.description && <Typography sx={{ mt: 2, fontStyle: 'italic' }}>{block.description}</Typography>}
        </Box>
      );
  }
}
