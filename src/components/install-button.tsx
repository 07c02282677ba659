import InstallMobileOutlined from '@mui/icons-material/InstallMobileOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { promptInstall, useCanInstall } from '../lib/install-prompt';

const LABEL = 'Install app';

/**
 * 'Install app', shown only while the browser offers installation. The offer comes after the
 * page has loaded: on a phone the button is an icon, which fits beside the menu button instead
 * of pushing it (and the whole page under the navbar) down a line. The navbar places it left of
 * the search, in the room of the bar's spacer, so its arrival moves nothing.
 */
export function InstallButton({ onInstalled }: { onInstalled?: () => void }) {
  const canInstall = useCanInstall();
  if (!canInstall) return null;
  const install = () => {
    void promptInstall().then(onInstalled);
  };
  return (
    <>
      <IconButton color="inherit" aria-label={LABEL} title={LABEL} onClick={install} sx={{ display: { xs: 'inline-flex', sm: 'none' }, flexShrink: 0 }}>
        <InstallMobileOutlined />
      </IconButton>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        startIcon={<InstallMobileOutlined />}
        onClick={install}
        sx={{ display: { xs: 'none', sm: 'inline-flex' }, flexShrink: 0, borderColor: 'rgba(255,255,255,0.7)', whiteSpace: 'nowrap' }}
      >
        {LABEL}
      </Button>
    </>
  );
}
