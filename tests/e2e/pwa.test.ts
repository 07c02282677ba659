import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, goOffline, goOnline, launchApp, loadLazyImages, waitForApp, waitForServiceWorker } from '../helpers/browser';
import { PUBLIC_ROUTES } from './public-routes';

const baseURL = inject('baseURL');

interface AppManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

describe('installable, offline-capable PWA', () => {
  let app: AppBrowser;
  let page: Page;

  beforeAll(async () => {
    app = await launchApp(baseURL);
    page = await app.open('/');
    await waitForServiceWorker(page);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves a complete web app manifest', async () => {
    const response = await page.request.get('/manifest.webmanifest');
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as AppManifest;
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', scope: '/' });
    expect(manifest.name).toMatch(/Laparoscopic/);
    expect(manifest.short_name.length).toBeLessThanOrEqual(15);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const file = await page.request.get(icon.src);
      expect(file.ok(), icon.src).toBe(true);
      expect(file.headers()['content-type']).toBe('image/png');
    }
  });

  it("links the manifest only once the page is shown: Chromium's install check does not fetch it and an icon beside the page's code", async () => {
    // The HTML as sent: a public page (prerendered) and a signed-in one (the app shell).
    for (const pathname of ['/', '/training-programs', '/books']) {
      const html = await (await page.request.get(pathname)).text();
      expect(html, pathname).toContain('<div id="root"');
      expect(html, pathname).not.toMatch(/rel="manifest"/);
    }
    // A first visit, in a profile of its own: the manifest is fetched after the page's code.
    const fresh = await launchApp(baseURL);
    try {
      const visit = await fresh.context.newPage();
      const order: string[] = [];
      visit.on('request', (request) => order.push(new URL(request.url()).pathname));
      await visit.goto('/');
      await waitForApp(visit);
      await expect.poll(() => order.includes('/manifest.webmanifest'), { timeout: 15_000 }).toBe(true);
      expect(await visit.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      const manifestAt = order.indexOf('/manifest.webmanifest');
      const startCode = order.filter((pathname) => /^\/assets\/(index|app-react|app-mui)-/.test(pathname));
      expect(startCode).toHaveLength(3);
      for (const pathname of startCode) expect(order.indexOf(pathname), order.join('\n')).toBeLessThan(manifestAt);
    } finally {
      await fresh.close();
    }
  });

  it('is installable in Chromium with an activated service worker controlling the page', async () => {
    const cdp = await app.context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(errors).toEqual([]);
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { state: registration?.active?.state, script: registration?.active?.scriptURL, controlled: Boolean(navigator.serviceWorker.controller) };
    });
    expect(worker).toEqual({ state: 'activated', script: `${baseURL}/sw.js`, controlled: true });
    await cdp.detach();
    // Chromium offers installation (beforeinstallprompt): the navbar shows the install button.
    await expect.poll(() => page.getByRole('button', { name: 'Install app' }).isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('reloads every public route offline, with its images, the offline banner and the map card', async () => {
    await goOffline(app.context);
    try {
      for (const route of PUBLIC_ROUTES) {
        await page.goto(route.path);
        await waitForApp(page);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(route.heading);
        const text = (await page.locator('main').textContent()) ?? '';
        for (const expected of route.texts) expect(text, `${route.path} offline shows "${expected}"`).toContain(expected);
        expect(await page.getByRole('status').filter({ hasText: 'You are offline' }).isVisible()).toBe(true);
        await loadLazyImages(page);
        const broken = await page.evaluate(() =>
          Array.from(document.images)
            .filter((img) => img.complete && img.naturalWidth === 0)
            .map((img) => img.src),
        );
        expect(broken, `${route.path} has broken images offline`).toEqual([]);
        expect(await page.getByTestId('image-placeholder').count()).toBe(0);
      }
      await page.goto('/contacts');
      await waitForApp(page);
      expect(await page.getByTestId('map-offline').isVisible()).toBe(true);
      expect(await page.locator('iframe').count()).toBe(0);
    } finally {
      await goOnline(app.context);
    }
  });

  it('never answers /api/ or /media/ navigations with the app shell', async () => {
    await goOffline(app.context);
    try {
      for (const pathname of ['/api/health/', '/media/missing.png']) {
        const failure = await page.goto(pathname).then(
          () => null,
          (error: Error) => error.message,
        );
        expect(failure, `${pathname} offline`).toMatch(/ERR_INTERNET_DISCONNECTED/);
      }
    } finally {
      await goOnline(app.context);
    }
    const response = await page.goto('/api/health/');
    expect(await response?.json()).toEqual({ status: 'ok' });
  });
});
