/** Progress of the downloads running in this page, by user and book (for the progress bars). */
import { useSyncExternalStore } from 'react';

export interface DownloadProgress {
  /** Bytes stored so far and in all. */
  done: number;
  total: number;
  /** Set when a single video is being added. */
  url?: string;
}

const progress = new Map<string, DownloadProgress>();
const listeners = new Set<() => void>();
const keyOf = (userId: number, bookId: number) => `${userId}:${bookId}`;

export function setDownloadProgress(userId: number, bookId: number, value: DownloadProgress | null): void {
  if (value) progress.set(keyOf(userId, bookId), value);
  else progress.delete(keyOf(userId, bookId));
  listeners.forEach((listener) => listener());
}

export function getDownloadProgress(userId: number, bookId: number): DownloadProgress | null {
  return progress.get(keyOf(userId, bookId)) ?? null;
}

/** The running download of a book in this page, or null. */
export function useDownloadProgress(userId: number | null, bookId: number): DownloadProgress | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (userId === null ? null : getDownloadProgress(userId, bookId)),
    () => null,
  );
}
