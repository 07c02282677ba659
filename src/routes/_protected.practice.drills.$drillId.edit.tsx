import { createFileRoute, notFound } from '@tanstack/react-router';
import { canManageDrills } from '../contract/permissions';
import { drillToEditQueryOptions } from '../features/practice/admin/api/manage-drills';
import { DrillFormPage } from '../features/practice/admin/drill-form';
import { getStoredUser } from '../lib/session';
import { renderInstructionsEditor } from './-components/drill-instructions-editor';
import { parseId } from './-components/progress-search';

/** Editing a practice drill (superusers): saved, it opens as trainees see it; deleted, the drill list. */
export const Route = createFileRoute('/_protected/practice/drills/$drillId/edit')({
  params: {
    parse: (raw) => ({ drillId: parseId(raw.drillId) }),
    stringify: ({ drillId }) => ({ drillId: String(drillId) }),
  },
  // Starts the drill's data beside the session check; offline the form says it needs the connection.
  loader: ({ context: { queryClient }, params: { drillId } }) => {
    if (!drillId) throw notFound();
    if (navigator.onLine && canManageDrills(getStoredUser())) void queryClient.prefetchQuery(drillToEditQueryOptions(drillId));
  },
  component: EditDrillRoute,
});

function EditDrillRoute() {
  const { drillId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <DrillFormPage
      drillId={drillId}
      renderEditor={renderInstructionsEditor}
      onSaved={(drill) => void navigate({ to: '/practice/$drillId', params: { drillId: String(drill.id) } })}
      onDeleted={() => void navigate({ to: '/practice' })}
    />
  );
}
