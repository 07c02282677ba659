/**
 * The service worker: only composes the modules beside it.
 * Order matters: precache routes first, then the navigation fallback, then runtime caches
 * (downloaded books' media before the expiring image cache). score-sync.ts flushes the score
 * outbox on Background Sync.
 * The first install takes control of open pages (clientsClaim); later versions wait for the
 * user's 'Reload' (messages.ts), so the page never reloads under the user.
 */
import { clientsClaim } from 'workbox-core';
import { setUpMediaCaches } from './media-cache';
import { listenForMessages } from './messages';
import { setUpNavigationFallback } from './navigation';
import { setUpPrecache } from './precache';
import { setUpScoreSync } from './score-sync';

listenForMessages();
setUpPrecache();
setUpNavigationFallback();
setUpMediaCaches();
setUpScoreSync();
clientsClaim();
