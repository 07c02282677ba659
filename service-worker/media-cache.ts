import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

export const IMAGE_CACHE = 'images-v1';

/**
 * Images not in the precache (uploaded covers and chapter images under /media/, and other
 * same-origin images): cache first, at most 300 entries, each kept 30 days.
 */
export function setUpImageCache(): void {
  registerRoute(
    ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
    new CacheFirst({
      cacheName: IMAGE_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
    }),
  );
}
