import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { contactDetails } from '../../../content/institute';
import { ContactCards } from './contact-cards';
import { ContactForm } from './contact-form';
import { MapEmbed } from './map-embed';

/** Contact cards, then the map beside the contact form. */
export function ContactSection() {
  return (
    <>
      <ContactCards />
      <ContactMapAndForm />
    </>
  );
}

/** The map beside the contact form (below the contact cards). */
export function ContactMapAndForm() {
  return (
    <Grid container spacing={4} sx={{ mt: 1 }}>
      <Grid size={{ xs: 12, md: 6 }}>
        <MapEmbed src={contactDetails.mapEmbedUrl} addressLines={contactDetails.addressLines} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Typography variant="h3" sx={{ mb: 2 }}>
          Send us a message
        </Typography>
        <ContactForm />
      </Grid>
    </Grid>
  );
}
