import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { SafeImage } from '../../../components/safe-image';
import { RouterButton } from '../../../components/router-link';
import type { ProductTeaser } from '../../../content/types';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The three static product teasers; products without a link are 'Coming Soon' and disabled. */
export function Offerings({ products }: { products: ProductTeaser[] }) {
  return (
    <Grid container spacing={3}>
      {products.map((product) => (
        <Grid key={product.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
            <SafeImage src={product.imageUrl} alt="" width={640} height={400} />
            <CardContent sx={{ flexGrow: 1 }}>
              <Typography variant="h3" sx={{ fontSize: '1.2rem' }}>
                {product.name}
              </Typography>
              <Typography sx={{ mt: 1, color: 'text.secondary' }}>{product.description}</Typography>
              <Typography sx={{ mt: 2, fontWeight: 800, fontSize: '1.3rem', color: 'primary.main' }}>{usd.format(product.price)}</Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              {product.link ? (
                <RouterButton to={product.link} variant="contained" aria-label={`Read ${product.name}`}>
                  Read
                </RouterButton>
              ) : (
                <>
                  <Button variant="contained" disabled>
                    Coming Soon
                  </Button>
                  {/* A label, not a control: drawn like MUI's small outlined chip without its code. */}
                  <Box
                    component="span"
                    sx={{
                      display: 'inline-flex',
                      alignItems: 'center',
                      height: 24,
                      px: 1,
                      border: 1,
                      borderColor: 'grey.400',
                      borderRadius: 4,
                      fontSize: '0.8125rem',
                      color: 'text.primary',
                    }}
                  >
                    In development
                  </Box>
                </>
              )}
            </CardActions>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
