/**
 * The PWA build: the app (index.html → src/main.tsx), the service worker and manifest
 * (build/pwa.ts), the prerendered public pages (build/prerender.ts) and the precompressed copies
 * (build/precompress.ts). The server (server/start.ts) runs Vite's build() with this file, so
 * every path is anchored to the repository root rather than to the caller's working directory.
 */
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { APP_START } from './build/chunks.ts';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';
import { pwa } from './build/pwa.ts';
import { institute } from './src/content/institute.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

/** The router (file routes, code splitting) and React plugins: the browser build and the prerender's Node build share them. */
const routerPlugins = (): PluginOption[] => [
  tanstackRouter({
    target: 'react',
    // Each route's parts become chunks of their own, loaders too: a public page never loads the
    // API client, the editor, the quiz or Dexie.
    autoCodeSplitting: true,
    codeSplittingOptions: {
      defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
    },
    routesDirectory: `${root}src/routes`,
    generatedRouteTree: `${root}src/routeTree.gen.ts`,
    quoteStyle: 'single',
  }),
  react(),
];

/** index.html's description is the site's one, defined once in src/content (PageMeta restores it). */
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export default defineConfig({
  root,
  plugins: [
    ...routerPlugins(),
    { name: 'site-description', transformIndexHtml: (html) => html.replace('__SITE_DESCRIPTION__', escapeAttribute(institute.description)) },
    ...pwa(),
    prerender({ root, routerPlugins }),
    precompress(),
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
    rolldownOptions: { output: { codeSplitting: { groups: APP_START } } },
  },
});
