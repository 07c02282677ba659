import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Paths the SPA shell must never answer: the API, uploads, and anything that names a file. */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/media\//, /\/[^/?]+\.[^/?]+$/];

/** Every app route opens offline: navigations are answered with the precached index.html. */
export function setUpNavigationFallback(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));
}
