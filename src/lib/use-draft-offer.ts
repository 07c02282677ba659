/**
 * The stored draft an editor offers back ('Restore draft' / 'Discard'), looked up once per key.
 * `checked` turns true once there was none or the author has answered the offer: autosave must
 * not write before that, or it would overwrite the very draft it is about to offer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useDraftOffer<T>(key: string | null, read: () => Promise<T | null>, what: string) {
  const [offer, setOffer] = useState<T | null>(null);
  const checked = useRef(key === null);
  const readLatest = useRef(read);
  readLatest.current = read;

  useEffect(() => {
    if (key === null) return;
    let active = true;
    readLatest
      .current()
      .then((stored) => {
        if (!active) return;
        if (stored) setOffer(stored);
        else checked.current = true;
      })
      .catch((error: unknown) => {
        console.error(`The ${what} draft could not be read`, error);
        checked.current = true;
      });
    return () => {
      active = false;
    };
  }, [key, what]);

  /** The offer is answered (restored or discarded) or no longer needed: autosave may write. */
  const closeOffer = useCallback(() => {
    checked.current = true;
    setOffer(null);
  }, []);

  return { offer, checked, closeOffer };
}
