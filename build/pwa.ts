/**
 * The service worker (service-worker/sw.ts, built by vite-plugin-pwa with injectManifest) and
 * the web app manifest.
 */
import type { Plugin, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_SHELL_DIR, PRERENDERED_DIR, WEB_MANIFEST_PATH } from '../src/contract/build-layout.ts';

const MANIFEST_LINK = /\s*<link rel="manifest"[^>]*>/;

/**
 * Takes vite-plugin-pwa's `<link rel="manifest">` out of index.html: the app adds it once the
 * page is idle (src/lib/install-prompt.ts), so Chromium's install check (the manifest and an
 * icon) does not compete with a phone's first download of the page's code.
 */
function manifestLinkLater(): Plugin {
  return {
    name: 'manifest-link-later',
    apply: 'build',
    // After vite-plugin-pwa's own transform (enforce 'post', order 'post'), which adds the link.
    enforce: 'post',
    transformIndexHtml: { order: 'post', handler: (html) => html.replace(MANIFEST_LINK, '') },
  };
}

export function pwa(): PluginOption[] {
  return [
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      // src/lib/sw-bridge.ts registers the worker with workbox-window (no inline script: CSP).
      injectRegister: false,
      manifestFilename: WEB_MANIFEST_PATH.slice(1),
      manifest: {
        id: '/',
        name: 'Laparoscopic Surgery Training Institute',
        short_name: 'Lap Institute',
        description: 'Laparoscopic surgery training, courses, news and e-books of the institute — readable offline on phones and tablets.',
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0b4f6c',
        background_color: '#f4f7f9',
        categories: ['education', 'medical'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // PNGs and the manifest are added by the plugin itself (manifest icons); listing them
        // here precached them twice.
        globPatterns: ['**/*.{js,css,html,svg,webp,woff2}'],
        // The prerendered pages and the app shell's copies by route are for a first visit over the
        // network; offline, index.html (the app shell) renders every page.
        globIgnores: ['**/node_modules/**/*', `${PRERENDERED_DIR}/**`, `${APP_SHELL_DIR}/**`],
        // One classic script (the worker is registered without type: 'module'). The plugin's
        // default 'es' build sets Rollup's inlineDynamicImports, which Vite 8 warns is deprecated.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
    manifestLinkLater(),
  ];
}
