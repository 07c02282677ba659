import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every text file of
 * the build, so the server sends them as they are (server/plugins/static.ts, `preCompressed`)
 * instead of compressing on every request. Runs last, after vite-plugin-pwa has written sw.js.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const full = path.join(dir, name);
            return statSync(full).isDirectory() ? walk(full) : [full];
          });
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const raw = readFileSync(file);
          const br = brotliCompressSync(raw, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          });
          const gz = gzipSync(raw, { level: 9 });
          // Every text file gets both, tiny ones too: the server then never compresses a file
          // on the fly (a missing copy would be compressed by @fastify/compress on each request).
          writeFileSync(`${file}.br`, br);
          writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

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
      // Loaders and pending screens too: the route tree is in the entry chunk, and a loader of
      // a signed-in page (API client, axios) would otherwise load on a first visit to /.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
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
        // One classic script (the worker is registered without type: 'module'). The plugin's
        // default 'es' build sets Rollup's inlineDynamicImports, which Vite 8 warns is deprecated.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
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
  },
});
