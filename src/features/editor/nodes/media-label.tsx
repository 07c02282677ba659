import type { ReactNode } from 'react';

/** A small bar above a video in the editor: a target to click when selecting the block. */
export function MediaLabel({ children }: { children: ReactNode }) {
  return (
    <div style={{ fontSize: '0.8rem', fontWeight: 600, color: '#3d5360', padding: '4px 0', cursor: 'pointer', userSelect: 'none' }}>
      {children} — click here to select, then press Delete to remove
    </div>
  );
}
