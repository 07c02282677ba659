import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/** Scrolls the window to the top whenever the path changes (not on hash or search changes). */
export function ScrollToTop() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (event.pathChanged) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      }),
    [router],
  );
  return null;
}
