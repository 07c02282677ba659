/**
 * Lighthouse 12 (the last major that runs on Node 20) on Debian's Chromium: default mobile
 * settings (simulated slow 4G, 4x CPU slowdown, a phone screen), a fresh profile and a cold
 * cache on every run. Signed-in pages get the session written into localStorage before the
 * app's first script, as the browser tests do. puppeteer-core is the one Lighthouse itself uses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { navigation } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../helpers/browser';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  seo: number;
  'best-practices': number;
  /** Largest contentful paint and total blocking time, ms (simulated). */
  lcp: number;
  tbt: number;
  /** Audits of the SEO and accessibility categories that did not pass. */
  failed: string[];
}

/** Runs Lighthouse once on `url`; `initScript` runs in the page before the app (e.g. a stored session). */
export async function runLighthouse(url: string, initScript?: string): Promise<LighthouseScores> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'lap-lighthouse-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    userDataDir,
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
  });
  try {
    const page = await browser.newPage();
    if (initScript) await page.evaluateOnNewDocument(initScript);
    const flow = await navigation(page, url, {
      config: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'] } },
    });
    const lhr = flow?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failed = ['seo', 'accessibility', 'best-practices'].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}:${ref.id}`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      'best-practices': score('best-practices'),
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      failed,
    };
  } finally {
    await browser.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
