import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useOnlineStatus } from '../../../lib/online-status';

export interface MapEmbedProps {
  src: string;
  addressLines: readonly string[];
}

/** The embedded map; offline it becomes a static card with the address. */
export function MapEmbed({ src, addressLines }: MapEmbedProps) {
  const online = useOnlineStatus();
  const frameSx = { width: '100%', aspectRatio: '4 / 3', minHeight: 260, border: 0, borderRadius: 2, display: 'block', bgcolor: '#e3ecf0' };
  if (!online) {
    return (
      <Paper
        variant="outlined"
        data-testid="map-offline"
        sx={{ ...frameSx, p: 3, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'flex-start', gap: 1, bgcolor: '#eef4f6' }}
      >
        <LocationOnOutlined color="primary" fontSize="large" aria-hidden />
        <Typography variant="h3" sx={{ fontSize: '1.15rem' }}>
          Our address
        </Typography>
        {addressLines.map((line) => (
          <Typography key={line}>{line}</Typography>
        ))}
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          The map will appear when you are back online.
        </Typography>
      </Paper>
    );
  }
  return (
    <Box
      component="iframe"
      src={src}
      title="Map showing the institute's location"
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
      allowFullScreen
      sx={frameSx}
    />
  );
}
