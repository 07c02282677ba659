import { type ComponentType, lazy, useState } from 'react';

/** Any component, whatever its props (as React's own `lazy` takes it). */
// The props are still checked: a part has its export's own type (M[K]).
type AnyComponent = ComponentType<any>;

/** The names of a module's exports that are React components. */
type ComponentNames<M> = { [K in keyof M]: M[K] extends AnyComponent ? K : never }[keyof M];

/**
 * A module of components that no page needs to be shown (a drawer, a dialog, a menu): its code
 * loads when one of them is first rendered, or earlier with `preload` (once the page is shown,
 * when a button is pointed at).
 *
 * `preload` never throws nor rejects: a failed download is logged, and rendering the part imports
 * the module again, so a failure that lasts shows in the route's error screen where the part is used.
 */
export function lazyModule<M>(load: () => Promise<M>, what: string) {
  return {
    /** The export `name` as a lazy component, for a `<Suspense>`. */
    part<K extends ComponentNames<M>>(name: K) {
      return lazy(() => load().then((module) => ({ default: module[name] as Extract<M[K], AnyComponent> })));
    },
    /** Starts loading the module; the promise settles once it has loaded or failed, and never rejects. */
    preload(): Promise<void> {
      return load().then(
        () => undefined,
        (error: unknown) => {
          console.warn(`Could not preload ${what}`, error);
        },
      );
    },
  };
}

/**
 * True from the first render in which `open` is true on. A lazily loaded dialog, drawer or
 * prompt is rendered from its first opening, not before (its code is not loaded before), and
 * stays rendered after, so that it can close with its transition.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
