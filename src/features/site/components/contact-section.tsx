import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense } from 'react';
import { contactDetails } from '../../../content/institute';
import { ContactCards } from './contact-cards';
import { MapEmbed } from './map-embed';
import { NearViewport } from './near-viewport';

// Unless the page passes the form itself, its code (MUI's text fields, checkbox, validation)
// loads when the form comes near the screen: at the bottom of the home page it is not part of a
// first visit.
const ContactForm = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })));
const FORM_HEIGHT = 560;

/** Contact cards, then the map beside the contact form (`form`: the form, rendered at once). */
export function ContactSection({ form }: { form?: ReactNode }) {
  return (
    <>
      <ContactCards />
      <Grid container spacing={4} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <MapEmbed src={contactDetails.mapEmbedUrl} addressLines={contactDetails.addressLines} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="h3" sx={{ mb: 2 }}>
            Send us a message
          </Typography>
          {form ?? (
            <NearViewport minHeight={FORM_HEIGHT}>
              <Suspense fallback={<Box sx={{ minHeight: FORM_HEIGHT }} />}>
                <ContactForm />
              </Suspense>
            </NearViewport>
          )}
        </Grid>
      </Grid>
    </>
  );
}
