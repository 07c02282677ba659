import EmailOutlined from '@mui/icons-material/EmailOutlined';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { contactDetails } from '../../../content/institute';

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        {icon}
        <Typography variant="h3" sx={{ fontSize: '1.15rem', mt: 1, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Address, phone and mail cards. */
export function ContactCards() {
  const iconSx = { fontSize: 36, color: 'secondary.main' };
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <ContactCard icon={<LocationOnOutlined aria-hidden sx={iconSx} />} title="Address">
          {contactDetails.addressLines.map((line) => (
            <Typography key={line}>{line}</Typography>
          ))}
        </ContactCard>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <ContactCard icon={<PhoneOutlined aria-hidden sx={iconSx} />} title="Phone">
          <Link href={`tel:${contactDetails.phone.replace(/\s/g, '')}`}>{contactDetails.phone}</Link>
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
            {contactDetails.hours}
          </Typography>
        </ContactCard>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <ContactCard icon={<EmailOutlined aria-hidden sx={iconSx} />} title="Mail">
          <Link href={`mailto:${contactDetails.email}`}>{contactDetails.email}</Link>
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
            We answer course enquiries within two working days.
          </Typography>
        </ContactCard>
      </Grid>
    </Grid>
  );
}
