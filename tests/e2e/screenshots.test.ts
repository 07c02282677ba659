/**
 * Screenshots for a person to look at (not assertions): `SCREENSHOTS=1 npm run test:e2e`
 * writes screenshots/{phone,desktop}-{home,news-detail,training-programs}.png.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP_VIEWPORT, launchApp, PHONE_VIEWPORT, saveScreenshot } from '../helpers/browser';

const PAGES = [
  ['home', '/'],
  ['news-detail', '/news-updates/1'],
  ['training-programs', '/training-programs'],
] as const;

describe.runIf(process.env.SCREENSHOTS === '1')('screenshots', () => {
  it.each([
    ['phone', PHONE_VIEWPORT],
    ['desktop', DESKTOP_VIEWPORT],
  ] as const)('captures the key pages on a %s', async (label, viewport) => {
    mkdirSync('screenshots', { recursive: true });
    const app = await launchApp(inject('baseURL'), { viewport });
    try {
      for (const [name, path] of PAGES) {
        const page = await app.open(path);
        const file = await saveScreenshot(page, `${label}-${name}`);
        expect(file).toMatch(/\.png$/);
        await page.close();
      }
    } finally {
      await app.close();
    }
  });
});
