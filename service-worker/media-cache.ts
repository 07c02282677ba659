import { ExpirationPlugin } from 'workbox-expiration';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { DOWNLOADS_CACHE } from '../src/lib/db';

declare const self: ServiceWorkerGlobalScope;

export const IMAGE_CACHE = 'images-v1';

/**
 * Images and videos. A downloaded book's media (DOWNLOADS_CACHE, written by the page's
 * download and never expired or trimmed) answer first — videos with a 206 for a Range request,
 * so they seek offline. Other images (uploaded covers and chapter figures, same-origin images
 * not in the precache): cache first in IMAGE_CACHE, at most 300 entries, each kept 30 days,
 * purged on quota errors — which is why downloaded figures never live there.
 */
export function setUpMediaCaches(): void {
  const imageStrategy = new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  });

  registerRoute(
    // Navigations (a media address opened in a tab) are left to the browser: offline, it shows its own
    // 'no connection' page for them, as it does for /api/.
    ({ request, url }) =>
      url.origin === self.location.origin &&
      request.mode !== 'navigate' &&
      (request.destination === 'image' || request.destination === 'video' || request.destination === 'audio' || url.pathname.startsWith('/media/')),
    async ({ request, event }) => {
      const url = new URL(request.url);
      const downloads = await caches.open(DOWNLOADS_CACHE);
      // A phone-sized copy of a downloaded image (`?w=`, from srcset) is answered by the original.
      const downloaded =
        (await downloads.match(`${url.pathname}${url.search}`)) ?? (url.searchParams.has('w') ? await downloads.match(url.pathname) : undefined);
      if (downloaded) return request.headers.has('range') ? createPartialResponse(request, downloaded) : downloaded;
      if (request.destination === 'image') return imageStrategy.handle({ request, event });
      return fetch(request);
    },
  );
}
