import { createFileRoute } from '@tanstack/react-router';
import { MyDownloadsPage } from '../features/offline/components/my-downloads-page';

/** My downloads: the signed-in user's books on this device, storage, and the scores waiting to sync. */
export const Route = createFileRoute('/_protected/downloads')({
  component: MyDownloadsPage,
});
