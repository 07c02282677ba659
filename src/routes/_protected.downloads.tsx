import { createFileRoute } from '@tanstack/react-router';
import { MyDownloadsPage } from '../features/downloads/components/my-downloads-page';
import { SyncStatusCard } from '../features/quiz/scores/components/sync-status-card';

/** My downloads: the signed-in user's books on this device, storage, and the scores waiting to sync. */
export const Route = createFileRoute('/_protected/downloads')({
  component: () => <MyDownloadsPage syncStatus={<SyncStatusCard />} />,
});
