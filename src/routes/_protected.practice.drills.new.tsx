import { createFileRoute } from '@tanstack/react-router';
import { DrillFormPage } from '../features/practice/admin/drill-form';
import { renderInstructionsEditor } from './-components/drill-instructions-editor';

/** A new practice drill (superusers); a saved drill opens as trainees see it. */
export const Route = createFileRoute('/_protected/practice/drills/new')({
  component: NewDrillRoute,
});

function NewDrillRoute() {
  const navigate = Route.useNavigate();
  return (
    <DrillFormPage
      renderEditor={renderInstructionsEditor}
      onSaved={(drill) => void navigate({ to: '/practice/$drillId', params: { drillId: String(drill.id) } })}
    />
  );
}
