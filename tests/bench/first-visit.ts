/**
 * What a new visitor's phone downloads: a fresh Chromium profile opens one page and waits
 * until the network is idle; every response the page itself fetched is counted with its
 * compressed (on-the-wire) body size. The service worker's own precache downloads are counted
 * apart, since they are meant to happen after the page has loaded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, PHONE_VIEWPORT } from '../helpers/browser';

export interface FetchedFile {
  url: string;
  type: string;
  /** Body bytes as sent (compressed when the server compressed it). */
  bytes: number;
  encoding: string | undefined;
}

export interface FirstVisit {
  /** Files the page fetched before the network went idle. */
  files: FetchedFile[];
  /** JavaScript among them, compressed bytes. */
  scriptBytes: number;
  /** Everything, compressed bytes. */
  totalBytes: number;
  /** What the service worker fetched for its precache in the same time (bytes, files). */
  workerBytes: number;
  workerFiles: number;
  /** Milliseconds from navigation to the load event. */
  loadMs: number;
}

/** Opens `pathname` once in a fresh profile; `init` runs before the app (e.g. to store a session). */
export async function measureFirstVisit(baseURL: string, pathname: string, init?: { script: string }): Promise<FirstVisit> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'lap-bench-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: PHONE_VIEWPORT,
    serviceWorkers: 'allow',
  });
  try {
    for (const page of context.pages()) await page.close();
    if (init) await context.addInitScript(init.script);
    const page = await context.newPage();
    const files: FetchedFile[] = [];
    let workerBytes = 0;
    let workerFiles = 0;
    const pending: Promise<void>[] = [];
    // Counting stops at network idle; a request finishing later is not part of the first visit.
    let counting = true;
    context.on('requestfinished', (request) => {
      if (!counting) return;
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response) return;
          const sizes = await request.sizes();
          // A file answered from the HTTP cache reports no body bytes (-1 or 0).
          sizes.responseBodySize = Math.max(0, sizes.responseBodySize);
          // Requests made by the service worker itself (precache) have no frame.
          if (request.serviceWorker()) {
            workerBytes += sizes.responseBodySize;
            workerFiles++;
            return;
          }
          // Answers the worker gave from its cache did not use the network.
          if (response.fromServiceWorker()) return;
          files.push({
            url: request.url().replace(baseURL, ''),
            type: request.resourceType(),
            bytes: sizes.responseBodySize,
            encoding: (await response.allHeaders())['content-encoding'],
          });
        })(),
      );
    });
    const started = Date.now();
    await page.goto(baseURL + pathname, { waitUntil: 'load' });
    const loadMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    counting = false;
    await Promise.all(pending);
    const scripts = files.filter((f) => f.type === 'script');
    return {
      files,
      scriptBytes: scripts.reduce((sum, f) => sum + f.bytes, 0),
      totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
      workerBytes,
      workerFiles,
      loadMs,
    };
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
