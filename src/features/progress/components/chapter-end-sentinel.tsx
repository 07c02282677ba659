import { useEffect, useRef } from 'react';
import { recordChapterRead } from '../db/local-progress';

export interface ChapterEndSentinelProps {
  userId: number;
  bookId: number;
  chapterId: number;
}

/**
 * Placed right after a chapter's content: when it comes on screen, the chapter's end has been
 * seen and the chapter counts as read (online or offline, a downloaded copy or not; a chapter
 * that fits the screen counts at once). The first time per user and chapter on this device it
 * stores the read and its event for the server (db/local-progress.ts); later it writes nothing.
 */
export function ChapterEndSentinel({ userId, bookId, chapterId }: ChapterEndSentinelProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    // Every browser that runs this app offline has IntersectionObserver; without it nothing is counted.
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let left = false;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      recordChapterRead({ userId, bookId, chapterId }).catch((error: unknown) => {
        // Storage refused the write: the next time the end comes on screen tries again.
        console.error('The chapter read could not be stored on this device', error);
        if (!left) observer.observe(element);
      });
    });
    observer.observe(element);
    return () => {
      left = true;
      observer.disconnect();
    };
  }, [userId, bookId, chapterId]);
  return <div ref={ref} aria-hidden="true" data-testid="chapter-end" style={{ height: 1 }} />;
}
