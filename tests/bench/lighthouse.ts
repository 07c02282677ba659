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
  /** Cumulative layout shift (unitless). */
  cls: number;
  /**
   * Lighthouse's measure of this machine's CPU speed. The simulated phone is this CPU slowed 4x,
   * so a slower host reads as a slower phone: figures from two hosts compare only beside it.
   */
  benchmarkIndex: number;
  /** With BENCH_LIGHTHOUSE_DETAIL=1: where the time went (LCP phases, scripts' CPU, long tasks, requests). */
  detail: string[];
  /** Audits of the SEO and accessibility categories that did not pass. */
  failed: string[];
}

/** Lighthouse's report of a run it could not complete, with its code. */
class LighthouseRuntimeError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * Lighthouse's own failures to record a trace (NO_NAVSTART, NO_FCP…) happen now and then on a
 * loaded machine and say "run Lighthouse again": such a run is repeated, up to twice.
 */
const RETRIED_RUNTIME_ERRORS = /^(?:NO_NAVSTART|NO_FCP|NO_LCP|NO_TRACING_STARTED|PROTOCOL_TIMEOUT)$/;

/** Runs Lighthouse on `url` (again after a failed recording); `initScript` runs in the page before the app (e.g. a stored session). */
export async function runLighthouse(url: string, initScript?: string, extraFlags: string[] = []): Promise<LighthouseScores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, initScript, extraFlags);
    } catch (error) {
      const code = error instanceof LighthouseRuntimeError ? error.code : undefined;
      if (attempt >= 3 || !code || !RETRIED_RUNTIME_ERRORS.test(code)) throw error;
      console.warn(`  (Lighthouse could not record ${url}: ${code}; running it again)`);
    }
  }
}

async function runLighthouseOnce(url: string, initScript: string | undefined, extraFlags: string[]): Promise<LighthouseScores> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'lap-lighthouse-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    userDataDir,
    args: [...CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'), ...extraFlags],
  });
  try {
    const page = await browser.newPage();
    if (initScript) await page.evaluateOnNewDocument(initScript);
    const flow = await navigation(page, url, {
      config: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'] } },
    });
    const lhr = flow?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`, lhr.runtimeError.code);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failed = ['seo', 'accessibility', 'best-practices'].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${category}:${ref.id}`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      'best-practices': score('best-practices'),
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      detail: process.env.BENCH_LIGHTHOUSE_DETAIL ? detailOf(lhr) : [],
      failed,
    };
  } finally {
    await browser.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof navigation>>>['lhr'];
type Rows = { type?: string; items?: Record<string, unknown>[] }[];

/** Where a run's time went, in a few lines: what to work on next. */
function detailOf(lhr: Lhr): string[] {
  const audit = (id: string) => lhr.audits[id];
  const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
  const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
  const lines: string[] = [];
  const metric = (id: string) => `${id.replace(/-/g, ' ')} ${ms(audit(id)?.numericValue)}`;
  lines.push(['first-contentful-paint', 'largest-contentful-paint', 'speed-index', 'total-blocking-time'].map(metric).join(', '));
  // The unthrottled load Lighthouse traced: its simulated LCP counts the requests that ended before this LCP (and their CPU).
  const observed = (audit('metrics')?.details as { items?: Record<string, unknown>[] } | undefined)?.items?.[0] ?? {};
  const observedLcp = Number(observed.observedLargestContentfulPaint);
  lines.push(`observed (unthrottled) first contentful paint ${ms(observed.observedFirstContentfulPaint)}, largest contentful paint ${ms(observedLcp)}`);
  const lcpDetails = audit('largest-contentful-paint-element')?.details as { items?: Rows } | undefined;
  for (const table of lcpDetails?.items ?? []) {
    for (const item of table.items ?? []) {
      if (item.node && typeof item.node === 'object') lines.push(`LCP element: ${String((item.node as { snippet?: string }).snippet).slice(0, 120)}`);
      else if (item.phase) lines.push(`  LCP ${String(item.phase)}: ${ms(item.timing)}`);
    }
  }
  const work = (audit('mainthread-work-breakdown')?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  lines.push(`  main thread: ${work.map((w) => `${String(w.groupLabel)} ${ms(w.duration)}`).join(', ')}`);
  const scripts = ((audit('bootup-time')?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(0, 6);
  for (const s of scripts) lines.push(`  script ${short(s.url)}: total ${ms(s.total)}, evaluating ${ms(s.scripting)}, parsing ${ms(s.scriptParseCompile)}`);
  const tasks = ((audit('long-tasks')?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(0, 8);
  for (const t of tasks) lines.push(`  long task at ${ms(t.startTime)}: ${ms(t.duration)} (${short(t.url)})`);
  const issues = (audit('inspector-issues')?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  for (const issue of issues) lines.push(`  browser issue: ${JSON.stringify(issue).slice(0, 300)}`);
  const requests = (audit('network-requests')?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  for (const r of requests) {
    const afterLcp = Number(r.networkEndTime) > observedLcp ? ' (ended after the observed LCP)' : '';
    lines.push(`  request ${ms(r.networkRequestTime)}–${ms(r.networkEndTime)} ${Math.round(Number(r.transferSize) / 1024)} KiB ${short(r.url)}${afterLcp}`);
  }
  return lines;
}
