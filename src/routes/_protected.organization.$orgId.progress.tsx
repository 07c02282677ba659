import { createFileRoute } from '@tanstack/react-router';
import { canManageMembers } from '../contract/permissions';
import { progressPageQueryOptions } from '../features/organization/api/progress';
import { ProgressPage } from '../features/organization/components/progress-page';
import { getStoredUser } from '../lib/session';
import { parseId, toProgressUrlSearch, validateProgressSearch, withProgressDefaults } from './-components/progress-search';

/** The organization's progress view (issue 35): its admins and owner, and superusers for any organization. */
export const Route = createFileRoute('/_protected/organization/$orgId/progress')({
  params: {
    parse: (raw) => ({ orgId: parseId(raw.orgId) }),
    stringify: ({ orgId }) => ({ orgId: String(orgId) }),
  },
  validateSearch: validateProgressSearch,
  loaderDeps: ({ search }) => withProgressDefaults(search),
  // Starts the page's data beside the session check; offline the page says it needs the connection.
  loader: ({ context: { queryClient }, params: { orgId }, deps }) => {
    if (navigator.onLine && canManageMembers(getStoredUser(), orgId)) void queryClient.prefetchQuery(progressPageQueryOptions(orgId, deps));
  },
  component: ProgressRoute,
});

function ProgressRoute() {
  const { orgId } = Route.useParams();
  const search = withProgressDefaults(Route.useSearch());
  const navigate = Route.useNavigate();
  return <ProgressPage organizationId={orgId} search={search} onSearchChange={(next) => void navigate({ search: toProgressUrlSearch(next) })} />;
}
