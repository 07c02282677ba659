import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useLiveQuery } from 'dexie-react-hooks';
import { progressVisibilityNotice } from '../../../contract/progress-rules';
import { db } from '../../../lib/db';

/** Dismissed per user and organization: joining another organization shows it again. */
const seenKey = (userId: number, organizationId: number) => `progressNoticeSeen:${userId}:${organizationId}`;

export const NOTICE_DISMISS = 'Got it';

/**
 * Said once on the dashboard to a member of an organization: its admins can see their quiz
 * results and reading progress. 'Got it' stores the dismissal on this device (Dexie meta), so it
 * is not shown again to this user.
 */
export function ProgressVisibilityNotice({ userId, organizationId, organizationName }: { userId: number; organizationId: number; organizationName: string }) {
  const key = seenKey(userId, organizationId);
  // Undefined while reading: nothing shows until the answer is known, so it never flashes.
  const seen = useLiveQuery(async () => (await db.meta.get(key)) !== undefined, [key]);
  if (seen !== false) return null;
  return (
    <Alert
      severity="info"
      role="status"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => void db.meta.put({ key, value: Date.now() }).catch((error: unknown) => console.error('The notice could not be marked as read', error))}
        >
          {NOTICE_DISMISS}
        </Button>
      }
    >
      {progressVisibilityNotice(organizationName)}
    </Alert>
  );
}
