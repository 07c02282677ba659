/**
 * Remembers where the reader left off: the chapter shown and the window's scroll position,
 * written (debounced) as the user reads, and restored once when the book opens on that chapter.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { ReadingPosition } from '../../../lib/db';
import { saveReadingPosition } from '../../../lib/reading-positions';

const SAVE_DELAY_MS = 400;

export function useReadingPosition(userId: number | null, bookId: number, initial: ReadingPosition | null) {
  const chapterRef = useRef<number | null>(initial?.chapterId ?? null);
  const restored = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const save = useCallback(() => {
    if (userId === null || chapterRef.current === null) return;
    try {
      saveReadingPosition({ userId, bookId, chapterId: chapterRef.current, scrollY: Math.round(window.scrollY) });
    } catch (error) {
      console.warn('Could not remember the reading position', error);
    }
  }, [userId, bookId]);

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      save();
    }, SAVE_DELAY_MS);
  }, [save]);

  useEffect(() => {
    // A position still waiting for its delay is written at once when the reader leaves: for
    // another page of the app, when the tab is closed or reloaded (pagehide), or when the page is
    // hidden (a phone switching apps freezes its timers, and may then close it unannounced).
    const flush = () => {
      if (!timer.current) return;
      clearTimeout(timer.current);
      timer.current = null;
      save();
    };
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      flush();
    };
  }, [schedule, save]);

  /** The reader's onChapterShown: remembers the chapter, and on the first one restores the scroll. */
  const onChapterShown = useCallback(
    (chapterId: number) => {
      const first = !restored.current;
      restored.current = true;
      chapterRef.current = chapterId;
      if (first && initial && initial.chapterId === chapterId && initial.scrollY > 0) {
        // After the route's scroll-to-top and the chapter's first layout.
        requestAnimationFrame(() => requestAnimationFrame(() => window.scrollTo({ top: initial.scrollY, behavior: 'auto' })));
        return;
      }
      schedule();
    },
    [initial, schedule],
  );

  return { initialChapterId: initial?.chapterId ?? null, onChapterShown };
}
