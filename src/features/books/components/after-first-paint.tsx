import Box from '@mui/material/Box';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { afterFirstPage } from '../../../lib/first-page';

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

// Once the app has painted and gone idle, later screens show their extras at once.
let settled = false;

/**
 * True once the page has been shown (lib/first-page: its first route rendered and the images on
 * the first screen loaded, main.tsx) and the browser has then been idle, at most `timeout` ms.
 */
function useAfterFirstPaint(preload?: () => Promise<unknown>, timeout = 1500): boolean {
  const [ready, setReady] = useState(settled);
  useEffect(() => {
    if (ready) return;
    const idleWindow = window as IdleWindow;
    let cancelled = false;
    let frame: number | undefined;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      settled = true;
      setReady(true);
    };
    const show = () => {
      if (cancelled) return;
      // The frame after this commit has painted by the time the next animation frame runs.
      frame = requestAnimationFrame(() => {
        if (idleWindow.requestIdleCallback) idle = idleWindow.requestIdleCallback(done, { timeout });
        else timer = setTimeout(done, 0);
      });
    };
    afterFirstPage(() => {
      if (cancelled) return;
      if (!preload) return show();
      // The code is asked for here, in a task of its own, and the extras render once it has come.
      // Asked for by their render, the import's preload links (the chunks it imports) were
      // added to the page inside React's work: half of an 80 ms task at 4x CPU slowdown, in a
      // trace of /books on a phone. The tasks after this one wait for it (lib/first-page).
      return preload().then(show, show);
    });
    return () => {
      cancelled = true;
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (idle !== undefined) idleWindow.cancelIdleCallback?.(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, preload, timeout]);
  return ready;
}

/**
 * Shows `children` (typically lazy components: the download control, quiz notices) only after
 * the page's own content has been shown, so their code and IndexedDB reads do not compete with
 * the list, its covers or the chapter text on a slow phone. `minHeight` keeps their place meanwhile, so
 * nothing below moves when they appear. `preload` (a lazy module's) loads their code first, in
 * a task of its own; it is called once per instance, and should be the same function each render.
 */
export function AfterFirstPaint({ children, minHeight, preload }: { children: ReactNode; minHeight?: number; preload?: () => Promise<unknown> }) {
  const ready = useAfterFirstPaint(preload);
  const content = ready ? <Suspense fallback={null}>{children}</Suspense> : null;
  return minHeight === undefined ? content : <Box sx={{ minHeight }}>{content}</Box>;
}
