import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * The PWA build. The server (server/start.ts) runs Vite's build() with this file, so every
 * path is anchored to the repository root rather than to the caller's working directory.
 */
export default defineConfig({
  root,
  plugins: [
    tanstackRouter({
      target: 'react',
      // Each route's component becomes its own chunk: public pages never load the editor,
      // the quiz engine or the offline library.
      autoCodeSplitting: true,
      routesDirectory: `${root}src/routes`,
      generatedRouteTree: `${root}src/routeTree.gen.ts`,
      quoteStyle: 'single',
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      // src/lib/sw-bridge.ts registers the worker with workbox-window (no inline script: CSP).
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Laparoscopic Surgery Training Institute',
        short_name: 'Lap Institute',
        description:
          'Laparoscopic surgery training, courses, news and e-books of the institute — readable offline on phones and tablets.',
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
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
