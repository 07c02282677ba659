/**
 * Drill management for superusers (issue 37): read one drill as the server holds it, create,
 * update and delete. Every change invalidates the `['practice', 'drills']` prefix, under which
 * the trainee screens keep their drill list and details.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Drill, DrillWrite } from '../../../../contract/practice';
import { apiClient } from '../../../../lib/api-client';

export type { Drill, DrillWrite } from '../../../../contract/practice';

export const manageDrillKeys = {
  /** The prefix every drill query of the app lives under. */
  all: ['practice', 'drills'] as const,
  /** One drill as the form edits it: read from the server, never from a device copy. */
  edit: (drillId: number) => [...manageDrillKeys.all, 'edit', drillId] as const,
};

const drillPath = (drillId?: number) => (drillId === undefined ? '/practice/drills/' : `/practice/drills/${drillId}/`);

export async function getDrill(drillId: number): Promise<Drill> {
  const { data } = await apiClient.get<Drill>(drillPath(drillId));
  return data;
}

export const drillToEditQueryOptions = (drillId: number) => queryOptions({ queryKey: manageDrillKeys.edit(drillId), queryFn: () => getDrill(drillId) });

/** POST /practice/drills/; a 400 carries field errors `{field: [message]}`. */
export async function createDrill(drill: DrillWrite): Promise<Drill> {
  const { data } = await apiClient.post<Drill>(drillPath(), drill);
  return data;
}

/** PUT /practice/drills/{id}/ with every field. */
export async function updateDrill(drillId: number, drill: DrillWrite): Promise<Drill> {
  const { data } = await apiClient.put<Drill>(drillPath(drillId), drill);
  return data;
}

/** DELETE /practice/drills/{id}/: the server deletes every trainee's repetitions of it too. */
export async function deleteDrill(drillId: number): Promise<void> {
  await apiClient.delete(drillPath(drillId));
}

/** Creates (no id) or updates a drill; the saved drill becomes the one the form edits. */
export function useSaveDrill(drillId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (drill: DrillWrite) => (drillId === undefined ? createDrill(drill) : updateDrill(drillId, drill)),
    onSuccess: (saved) => {
      queryClient.setQueryData(manageDrillKeys.edit(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: manageDrillKeys.all, predicate: (query) => query.queryKey[2] !== 'edit' });
    },
  });
}

export function useDeleteDrill(drillId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDrill(drillId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: manageDrillKeys.edit(drillId) });
      return queryClient.invalidateQueries({ queryKey: manageDrillKeys.all });
    },
  });
}
