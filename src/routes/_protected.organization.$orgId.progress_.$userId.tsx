import { createFileRoute } from '@tanstack/react-router';
import { canManageMembers } from '../contract/permissions';
import { memberProgressQueryOptions } from '../features/organization/api/progress';
import { MemberProgressPage } from '../features/organization/components/member-progress-page';
import { getStoredUser } from '../lib/session';
import { parseId } from './-components/progress-search';

/** One member's reading and quiz attempts per assigned book (opened from the progress view). */
export const Route = createFileRoute('/_protected/organization/$orgId/progress_/$userId')({
  params: {
    parse: (raw) => ({ orgId: parseId(raw.orgId), userId: parseId(raw.userId) }),
    stringify: ({ orgId, userId }) => ({ orgId: String(orgId), userId: String(userId) }),
  },
  loader: ({ context: { queryClient }, params: { orgId, userId } }) => {
    if (navigator.onLine && canManageMembers(getStoredUser(), orgId)) void queryClient.prefetchQuery(memberProgressQueryOptions(orgId, userId));
  },
  component: MemberProgressRoute,
});

function MemberProgressRoute() {
  const { orgId, userId } = Route.useParams();
  return <MemberProgressPage organizationId={orgId} userId={userId} />;
}
