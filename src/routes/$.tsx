import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any path no other route matches goes to / (spec §2), replacing the history entry. */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
