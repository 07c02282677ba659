import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useOnlineStatus } from '../lib/online-status';

/** A slim banner under the navbar while the browser is offline. */
export function OfflineIndicator() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Box
      role="status"
      sx={{
        bgcolor: '#fff4d6',
        color: '#4a3300',
        borderBottom: '1px solid #e5c66b',
        px: 2,
        py: 0.75,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
      }}
    >
      <CloudOffOutlined fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        You are offline. Pages you have opened before are still available.
      </Typography>
    </Box>
  );
}
