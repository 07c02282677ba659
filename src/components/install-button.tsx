import InstallMobileOutlined from '@mui/icons-material/InstallMobileOutlined';
import Button from '@mui/material/Button';
import { promptInstall, useCanInstall } from '../lib/install-prompt';

/** 'Install app', shown only while the browser offers installation. */
export function InstallButton({ onInstalled }: { onInstalled?: () => void }) {
  const canInstall = useCanInstall();
  if (!canInstall) return null;
  return (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      startIcon={<InstallMobileOutlined />}
      onClick={() => {
        void promptInstall().then(onInstalled);
      }}
      sx={{ borderColor: 'rgba(255,255,255,0.7)', whiteSpace: 'nowrap' }}
    >
      Install app
    </Button>
  );
}
