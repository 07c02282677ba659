/**
 * Debian's Chromium driven by playwright-core, for the e2e tests (tests/e2e/).
 * Each `launchApp()` gets a fresh profile (its own service worker, caches and IndexedDB),
 * so tests do not leak state into each other. Nothing here downloads a browser.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, errors, type Page, type Request } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_MISSING_MESSAGE = "Install Debian's chromium: apt-get install -y chromium";

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

export interface AppBrowser {
  context: BrowserContext;
  baseURL: string;
  /** Opens a new tab on `path` and waits until the app has rendered its main landmark. */
  open(path: string): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  viewport?: { width: number; height: number };
  reducedMotion?: 'reduce' | 'no-preference';
  /** Device pixels per CSS pixel (1 unless given; a phone's are 2 to 3.5). */
  deviceScaleFactor?: number;
  /** False shows the HTML as the server sent it (a prerendered page, index.html's app shell). */
  javaScriptEnabled?: boolean;
}

/** Fails with the install hint when Debian's chromium is missing. */
export function assertChromiumInstalled(): void {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING_MESSAGE);
}

/** The contexts of the apps launched and not yet closed, for the failure report (`describeOpenPages`). */
const openContexts = new Set<BrowserContext>();
/** Per page, the last errors it logged or threw (bounded): a failure report shows them. */
const pageErrors = new WeakMap<Page, string[]>();

function recordErrors(page: Page): void {
  const errors: string[] = [];
  pageErrors.set(page, errors);
  const keep = (text: string) => {
    errors.push(text.slice(0, 500));
    if (errors.length > 10) errors.shift();
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') keep(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => keep(`uncaught: ${error.message}`));
}

/** An aria snapshot without the site's header and footer, which every page shares. */
function withoutBannerAndFooter(snapshot: string): string {
  const kept: string[] = [];
  let skipping = false;
  for (const line of snapshot.split('\n')) {
    if (!line.startsWith(' ')) skipping = /^- (banner|contentinfo)\b/.test(line);
    if (!skipping) kept.push(line);
  }
  return kept.join('\n');
}

/**
 * What every open page of the launched apps shows: its address, its accessibility tree (as
 * Playwright's aria snapshot, shortened) and the errors it logged. The e2e setup prints it when a
 * test fails, so a failure on CI says what the user would have seen.
 */
export async function describeOpenPages(): Promise<string> {
  const parts: string[] = [];
  for (const context of openContexts) {
    for (const page of context.pages()) {
      let tree: string;
      try {
        tree = withoutBannerAndFooter(await page.locator('body').ariaSnapshot({ timeout: 5_000 })).slice(0, 4_000);
      } catch (error) {
        tree = `(no snapshot: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
      }
      const errors = pageErrors.get(page) ?? [];
      parts.push([`— ${page.url()}`, tree, ...(errors.length ? ['errors:', ...errors] : [])].join('\n'));
    }
  }
  return parts.join('\n\n');
}

/** Launches Chromium with a fresh persistent profile (service workers need a real profile). */
export async function launchApp(baseURL: string, options: LaunchOptions = {}): Promise<AppBrowser> {
  assertChromiumInstalled();
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'lap-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    baseURL,
    viewport: options.viewport ?? DESKTOP_VIEWPORT,
    reducedMotion: options.reducedMotion ?? 'reduce',
    deviceScaleFactor: options.deviceScaleFactor,
    javaScriptEnabled: options.javaScriptEnabled,
    serviceWorkers: 'allow',
  });
  // The persistent context opens one blank tab; close it so pages are only ours.
  for (const page of context.pages()) await page.close();
  context.on('page', recordErrors);
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  return {
    context,
    baseURL,
    async open(pathname: string) {
      const page = await context.newPage();
      await page.goto(pathname);
      await waitForApp(page);
      return page;
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until React has rendered the shell (the main landmark exists and has content). A public
 * page arrives prerendered, with content before any script runs: its buttons work once React has
 * taken the markup over, so this also waits until React owns the main landmark.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForSelector('main#main-content > *', { timeout: 20_000 });
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main#main-content');
      return Boolean(main && Object.keys(main).some((key) => key.startsWith('__reactFiber')));
    },
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * Waits until the page's service worker is `activated` and controls the page. In Chromium the
 * page becomes controlled while the worker is still `activating`, so both are checked.
 */
export async function waitForServiceWorker(page: Page, timeoutMs = 30_000): Promise<void> {
  const state = await page.evaluate(async (timeout) => {
    const settle = (async () => {
      const registration = await navigator.serviceWorker.ready;
      const worker = registration.active;
      if (!worker) return 'no active worker';
      if (worker.state !== 'activated') {
        await new Promise<void>((resolve) => {
          const check = () => worker.state === 'activated' && resolve();
          worker.addEventListener('statechange', check);
          check();
        });
      }
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
      return 'activated';
    })();
    const timer = new Promise<string>((resolve) => setTimeout(() => resolve('timed out'), timeout));
    return Promise.race([settle, timer]);
  }, timeoutMs);
  if (state !== 'activated') throw new Error(`The service worker did not activate and take control: ${state}`);
}

/** Cuts the whole browser context off the network (the service worker's fetches too). */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
}

/** Records the URLs of the scripts a page requests (not the service worker's own fetches). */
export function recordScriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

/**
 * Sums the page's layout shifts from its first HTML on (call before navigating), keeping what
 * moved in each for a failure message; read them with layoutShiftsOf.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const scope = window as unknown as { layoutShift: number; shifts: string[] };
    scope.layoutShift = 0;
    scope.shifts = [];
    const describe = (node?: Node) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].slice(0, 2).join('.')} "${(node.textContent ?? '').slice(0, 30)}"`
        : String(node?.nodeName);
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        scope.layoutShift += entry.value;
        const moved = entry.sources.map((source) => `${describe(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`);
        scope.shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // The offline banner moves the page down: a browser that thought itself offline for a moment would show in the message.
    for (const type of ['offline', 'online']) addEventListener(type, () => scope.shifts.push(`${type} at ${Math.round(performance.now())} ms`));
  });
}

/** The layout shifts summed since recordLayoutShifts, and what moved in each. */
export function layoutShiftsOf(page: Page): Promise<{ layoutShift: number; shifts: string[] }> {
  return page.evaluate(() => {
    const scope = window as unknown as { layoutShift: number; shifts: string[] };
    return { layoutShift: scope.layoutShift, shifts: scope.shifts };
  });
}

/**
 * Saves a full-page screenshot under /screenshots (git-ignored). With a dozen Chromiums on two
 * cores (CI), a capture has once stalled past Playwright's 30 s after the page was laid out and
 * its fonts loaded; it is tried once more, and a second stall fails the test.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await loadLazyImages(page);
  const file = path.resolve('screenshots', `${name}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true, timeout: 25_000 });
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    console.warn(`saveScreenshot(${name}): the capture timed out after 25 s; trying once more`);
    await page.screenshot({ path: file, fullPage: true, timeout: 45_000 });
  }
  return file;
}

/** Scrolls through the page so lazy images load, waits for them, then returns to the top. */
export async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete)
        .map(
          (img) =>
            new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
              setTimeout(resolve, 5000);
            }),
        ),
    );
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
}

/** Reloads, accepting the page's leave warning; resolves with the types of the dialogs it asked (['beforeunload'] when it warned). */
export async function reloadAcceptingDialogs(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.once('dialog', (question) => {
    dialogs.push(question.type());
    void question.accept();
  });
  await page.reload();
  await waitForApp(page);
  return dialogs;
}

/**
 * Logout from the bar: inline on wide screens, in the account menu on narrower ones. The
 * signed-in part of the bar renders once the session is read: wait for whichever form this
 * width shows before choosing.
 */
export async function clickLogout(page: Page): Promise<void> {
  // Exact: an address such as offline-logout-…@… names the Account menu button too.
  const inline = page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true });
  const menuButton = page.getByRole('banner').getByRole('button', { name: /^Account menu/ });
  await inline.or(menuButton).filter({ visible: true }).first().waitFor();
  if (await inline.isVisible()) return inline.click();
  await menuButton.click();
  const item = page.getByRole('menu').getByRole('menuitem', { name: 'Logout', exact: true });
  await item.click();
}
