/** The device's storage as downloads see it: room left, persistence, and the iOS home-screen case. */
import { db } from '../../../lib/db';

export interface StorageEstimateInfo {
  usage: number;
  quota: number;
}

/** navigator.storage.estimate(), or null where the browser has none. */
export async function estimateStorage(): Promise<StorageEstimateInfo | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  try {
    const { usage = 0, quota = 0 } = await navigator.storage.estimate();
    return { usage, quota };
  } catch (error) {
    console.warn('Could not estimate the storage', error);
    return null;
  }
}

/** True when the estimate leaves too little room for `bytes` (with a 10 % margin). */
export const lacksRoomFor = (bytes: number, estimate: StorageEstimateInfo | null) =>
  estimate !== null && estimate.quota > 0 && estimate.quota - estimate.usage < bytes * 1.1;

export type PersistenceState = 'granted' | 'denied' | 'unsupported';

const PERSIST_KEY = 'storagePersistence';

/** Asks for persistent storage (after a download) and remembers the answer; asks only while not granted. */
export async function requestPersistentStorage(): Promise<PersistenceState> {
  let state: PersistenceState = 'unsupported';
  if (typeof navigator !== 'undefined' && navigator.storage?.persist) {
    try {
      state = (await navigator.storage.persisted()) || (await navigator.storage.persist()) ? 'granted' : 'denied';
    } catch (error) {
      console.warn('Could not ask for persistent storage', error);
      state = 'denied';
    }
  }
  await db.meta.put({ key: PERSIST_KEY, value: state });
  return state;
}

/** The last answer to the persistence request, or null if never asked. */
export async function readPersistence(): Promise<PersistenceState | null> {
  const row = await db.meta.get(PERSIST_KEY);
  return row?.value === 'granted' || row?.value === 'denied' || row?.value === 'unsupported' ? row.value : null;
}

/** iPhone or iPad Safari, which has no install prompt (iPadOS reports itself as a Mac with touch). */
export function isIosSafari(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

/** True when the app runs from the home screen (installed). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** '1.2 MB', '340 KB', '12 bytes'. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return 'size unknown';
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
