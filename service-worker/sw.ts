/**
 * The service worker: only composes the modules beside it.
 * Order matters: precache routes first, then the navigation fallback, then runtime caches.
 * The first install takes control of open pages (clientsClaim); later versions wait for the
 * user's 'Reload' (messages.ts), so the page never reloads under the user.
 */
import { clientsClaim } from 'workbox-core';
import { setUpImageCache } from './media-cache';
import { listenForMessages } from './messages';
import { setUpNavigationFallback } from './navigation';
import { setUpPrecache } from './precache';

listenForMessages();
setUpPrecache();
setUpNavigationFallback();
setUpImageCache();
clientsClaim();
