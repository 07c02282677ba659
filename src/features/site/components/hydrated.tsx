import { type ReactNode, Suspense } from 'react';

/**
 * A part of a prerendered page that React takes over on its own: a Suspense boundary, which
 * hydration treats as a unit of its own, rendered and committed in a task of its own after the
 * rest of the page. A long page is then taken over in several short tasks instead of one long
 * commit that would hold up a tap on a phone. Nothing inside suspends: on a page rendered in the
 * browser (a client-side navigation), it changes nothing.
 */
export function Hydrated({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
