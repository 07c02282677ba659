/**
 * The reading-progress feature's query keys, from one factory. Keyed by user: on a shared ward
 * device one user's progress is never shown to the next. Persisted for offline use
 * (lib/query-client.ts, prefix ['progress']).
 */
export const progressKeys = {
  all: ['progress'] as const,
  mine: (userId: number) => [...progressKeys.all, 'mine', userId] as const,
  assignments: (userId: number) => [...progressKeys.all, 'assignments', userId] as const,
};
