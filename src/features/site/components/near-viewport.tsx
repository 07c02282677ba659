import Box from '@mui/material/Box';
import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface NearViewportProps {
  /** Space kept for the content until it renders, so the page does not jump. */
  minHeight: number;
  children: ReactNode;
}

/**
 * Renders its content once it comes within a screen of the viewport: a part far down a page
 * (the home page's map and contact form) then loads its code after the first paint, not
 * before it. Without IntersectionObserver the content renders at once.
 */
export function NearViewport({ minHeight, children }: NearViewportProps) {
  const placeholder = useRef<HTMLDivElement>(null);
  // Starts as the placeholder everywhere, the prerendered page included, so hydration matches.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return <>{children}</>;
  return <Box ref={placeholder} sx={{ minHeight }} />;
}
