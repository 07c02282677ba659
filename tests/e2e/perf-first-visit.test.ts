/**
 * What a visitor's phone downloads on a first visit to a public page: only compressed, cacheable
 * files, and none of the code of the signed-in app (zod schemas, the API client, Dexie, the
 * editor, the quiz). Byte counts against the 180 KiB goal are figures of `npm run bench`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, launchApp, PHONE_VIEWPORT, waitForApp } from '../helpers/browser';

const baseURL = inject('baseURL');
const distDir = inject('distDir');

/** A text only that library's code contains, found in the built chunks. */
const PRIVATE_CODE = {
  zod: 'ZodError',
  'the API client (axios)': 'AxiosHeaders',
  // The signed-in pages' start (vite.config.ts, SIGNED_IN_CHUNKS): the navbar's greeting.
  "the signed-in pages' start": 'Welcome, ',
  Dexie: 'DexieError',
  'the Lexical editor': 'data-lexical-editor',
  'the quiz': 'Loading Quiz...',
};

let app: AppBrowser;
beforeAll(async () => {
  app = await launchApp(baseURL, { viewport: PHONE_VIEWPORT });
});
afterAll(() => app?.close());

function chunksContaining(marker: string): string[] {
  const assets = path.join(distDir, 'assets');
  return readdirSync(assets).filter((file) => file.endsWith('.js') && readFileSync(path.join(assets, file), 'utf8').includes(marker));
}

describe('a first visit to a public page', () => {
  for (const pathname of ['/', '/training-programs', '/news-updates/0']) {
    it(`loads none of the signed-in app's code on ${pathname}`, async () => {
      const page = await app.context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(path.basename(new URL(request.url()).pathname));
      });
      await page.goto(pathname);
      await waitForApp(page);
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(0);
      // In few files: over HTTP/1.1 a phone fetches six at a time. It was 41 on / while the modules the
      // entry shares with the lazy routes were split into 28 small chunks (vite.config.ts, APP_START).
      expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(20);
      for (const [name, marker] of Object.entries(PRIVATE_CODE)) {
        const chunks = chunksContaining(marker);
        // The marker must still name real code, or this test would pass for nothing.
        expect(chunks.length, `no chunk contains ${marker}`).toBeGreaterThan(0);
        expect(scripts.filter((script) => chunks.includes(script)), `${name} loaded on ${pathname}`).toEqual([]);
      }
      await page.close();
    });
  }

  it("starts the downloads of the app's files three per task at most: each start costs up to 20 ms of a phone's CPU", async () => {
    const page = await app.context.newPage();
    // Each modulepreload <link> appended, grouped by the task that appended it: the first one of a
    // task opens a group, and a timer closes it (it fires before the starter's next task, which is
    // a timer set after it).
    await page.addInitScript(() => {
      const groups: string[][] = [];
      let open: string[] | null = null;
      (window as unknown as { preloadGroups: string[][] }).preloadGroups = groups;
      const append = Element.prototype.append;
      Element.prototype.append = function (this: Element, ...nodes: (Node | string)[]) {
        for (const node of nodes) {
          if (!(node instanceof HTMLLinkElement) || node.rel !== 'modulepreload') continue;
          if (!open) {
            open = [];
            groups.push(open);
            setTimeout(() => (open = null));
          }
          open.push(node.href);
        }
        return append.apply(this, nodes);
      };
    });
    await page.goto('/');
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    const groups = await page.evaluate(() => (window as unknown as { preloadGroups: string[][] }).preloadGroups);
    // The entry and the app's start chunks (vite.config.ts, APP_START), four on /: up to eight went in one task before.
    expect(groups.flat().length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...groups.map((group) => group.length)), JSON.stringify(groups)).toBeLessThanOrEqual(3);
    await page.close();
  });

  it("starts without the code of the menu's drawer, the dialogs, the update prompt or the worker's registration: they load once the page is shown", async () => {
    const page = await app.context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(path.basename(new URL(request.url()).pathname));
    });
    await page.goto('/');
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    // What every page runs to start (vite.config.ts, APP_START): the entry, React, MUI.
    const start = scripts.filter((script) => /^(index|app-react|app-mui)-/.test(script));
    expect(start).toHaveLength(3);
    const startCode = start.map((script) => readFileSync(path.join(distDir, 'assets', script), 'utf8')).join('\n');
    for (const marker of ['MuiDrawer', 'MuiModal', 'MuiDialog', 'MuiSnackbar', 'MuiListItemButton', 'workbox:window']) {
      expect(chunksContaining(marker).length, `no chunk contains ${marker}`).toBeGreaterThan(0);
      expect(startCode.includes(marker), `${marker} in the app's start`).toBe(false);
    }
    // Loaded after the page was shown: the phone's Menu opens at once.
    expect(scripts.some((script) => script.startsWith('navbar-drawer-')), scripts.join('\n')).toBe(true);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.locator('#navigation-drawer');
    await expect.poll(() => drawer.getByRole('link', { name: 'Register' }).isVisible()).toBe(true);
    await page.close();
  });

  it('gets every script and style brotli-compressed and cacheable for a year, and the page revalidated', async () => {
    // A profile of its own: no service worker or HTTP cache from the visits above.
    const fresh = await launchApp(baseURL, { viewport: PHONE_VIEWPORT });
    const page = await fresh.context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto('/');
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    const fromServer = responses.filter((response) => !response.fromServiceWorker() && response.status() === 200);
    const assets = fromServer.filter((response) => new URL(response.url()).pathname.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(3);
    for (const response of assets) {
      const headers = await response.allHeaders();
      expect(headers['content-encoding'], response.url()).toBe('br');
      // Sent as the build compressed it (vite.config.ts writes .br and .gz beside each file), not on the fly.
      const built = path.join(distDir, new URL(response.url()).pathname);
      expect(Number(headers['content-length']), response.url()).toBe(statSync(`${built}.br`).size);
      expect(existsSync(`${built}.gz`), `${built}.gz`).toBe(true);
      expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
      expect(headers.vary, response.url()).toMatch(/accept-encoding/i);
    }
    const document = fromServer.find((response) => response.request().resourceType() === 'document')!;
    const documentHeaders = await document.allHeaders();
    expect(documentHeaders['cache-control']).toBe('no-cache');
    expect(documentHeaders['content-encoding']).toBe('br');
    await fresh.close();
  });
});
