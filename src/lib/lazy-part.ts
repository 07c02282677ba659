import { type ComponentType, createElement, lazy, useState } from 'react';

/** Any component, whatever its props (as React's own `lazy` takes it). */
// The props are still checked: a part has its export's own type (M[K]).
type AnyComponent = ComponentType<any>;

/** The names of a module's exports that are React components. */
type ComponentNames<M> = { [K in keyof M]: M[K] extends AnyComponent ? K : never }[keyof M];

/**
 * A module of components that no page needs to be shown (a drawer, a dialog, a menu): its code
 * loads when one of them is first rendered, or earlier with `preload` (once the page is shown,
 * when a button is pointed at, as a route is entered).
 *
 * A part rendered once its module has loaded renders at once, in the same commit as what
 * surrounds it. React's own `lazy` suspends on its first render even then, until a promise has
 * settled: inside a Suspense boundary of its own the part was left out of that commit and came
 * in a later one, and on a busy phone hundreds of milliseconds later (the navbar's signed-in
 * links, preloaded as the protected area is entered, made the bar grow a second line under the
 * page's 'Loading...'). A part rendered before its module has loaded suspends as before, and
 * keeps rendering through `lazy` for as long as it stays mounted.
 *
 * `preload` never throws nor rejects: a failed download is logged, and rendering the part imports
 * the module again, so a failure that lasts shows in the route's error screen where the part is used.
 */
export function lazyModule<M>(load: () => Promise<M>, what: string) {
  let loaded: { module: M } | undefined;
  let loading: Promise<M> | undefined;
  // One import at a time: every part and preload shares it, and a failed one is tried again.
  const importModule = (): Promise<M> => {
    if (loaded) return Promise.resolve(loaded.module);
    loading ??= load().then(
      (module) => {
        loaded = { module };
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    /** The export `name` as a component to render inside a `<Suspense>` (it suspends only while its module loads). */
    part<K extends ComponentNames<M>>(name: K) {
      type Part = Extract<M[K], AnyComponent>;
      const Lazy = lazy(() => importModule().then((module) => ({ default: module[name] as Part })));
      function LazyPart(props: object) {
        // Chosen once for this mount: switching to the loaded export later would remount the part.
        const [Component] = useState<AnyComponent>(() => (loaded ? (loaded.module[name] as Part) : Lazy));
        return createElement(Component, props);
      }
      return LazyPart as unknown as Part;
    },
    /** Starts loading the module; the promise settles once it has loaded or failed, and never rejects. */
    preload(): Promise<void> {
      return importModule().then(
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
