import Alert from '@mui/material/Alert';
import type { PersistenceState } from '../download/storage';
import { isIosSafari, isStandalone } from '../download/storage';

const PERSISTENCE_TEXT: Record<PersistenceState, string> = {
  granted: 'Storage on this device is persistent: the browser will not clear your downloads to make room.',
  denied: 'The browser did not make storage persistent: it may clear downloads when the device runs low on space.',
  unsupported: 'This browser cannot keep storage persistent: it may clear downloads when the device runs low on space.',
};

/** Whether persistent storage was granted, and on iOS Safari how to add the app to the home screen. */
export function StorageNotice({ persistence }: { persistence: PersistenceState | null }) {
  const iosHint = isIosSafari() && !isStandalone();
  if (!persistence && !iosHint) return null;
  return (
    <>
      {persistence && (
        <Alert severity={persistence === 'granted' ? 'success' : 'info'} role="status">
          {PERSISTENCE_TEXT[persistence]}
        </Alert>
      )}
      {iosHint && (
        <Alert severity="info">
          On iPhone and iPad, add this app to your Home Screen so Safari keeps your downloads: tap the Share button, then &lsquo;Add to Home Screen&rsquo;.
          Safari may delete data of web pages not used for 7 days; apps on the Home Screen keep it.
        </Alert>
      )}
    </>
  );
}
