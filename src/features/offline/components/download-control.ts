import { lazyModule } from '../../../lib/lazy-part';

/**
 * The download control's module (its button, Dexie's reads of the device's copy, the download's
 * dialog), for the books list's cards and the reader: neither needs it to show its content, so
 * it loads after that has painted (`AfterFirstPaint`, with `downloadControl.preload`).
 */
export const downloadControl = lazyModule(() => import('./download-button'), 'the download control');

/** The download control, a lazy component (`<Suspense>`). */
export const LazyDownloadButton = downloadControl.part('DownloadButton');

/**
 * The control's height as it usually first shows, a small "Download for offline" button in both
 * the card's compact variant and the reader's: its place is kept at that height while it loads.
 */
export const DOWNLOAD_CONTROL_HEIGHT = 31;
