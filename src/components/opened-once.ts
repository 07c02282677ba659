import { useState } from 'react';

/**
 * True from the first render in which `open` is true on. MUI's overlays (Modal, focus trap,
 * transitions: about a tenth of the app's start) load when first opened (`lazy`), and stay
 * rendered after, so that they close with their transition.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
