import { RouterButton } from '../../../components/router-link';
import { canManageDrills } from '../../../contract/permissions';
import { useStoredUser } from '../../../lib/session';

/**
 * The staff's way into drill management from the trainee pages: 'New drill' (no `drillId`) or
 * 'Edit drill' for superusers; nothing for anyone else.
 */
export function DrillStaffActions({ drillId }: { drillId?: number }) {
  const user = useStoredUser();
  if (!canManageDrills(user)) return null;
  return drillId === undefined ? (
    <RouterButton to="/practice/drills/new" variant="outlined">
      New drill
    </RouterButton>
  ) : (
    <RouterButton to="/practice/drills/$drillId/edit" params={{ drillId }} variant="outlined">
      Edit drill
    </RouterButton>
  );
}
