/**
 * The public site's prerendered pages (build/prerender.ts, src/entry-prerender.tsx): the server
 * sends each page's own HTML for its exact path, readable without JavaScript, with its own
 * title, description and canonical path; in the browser the app takes that markup over
 * (hydration) without a mismatch, and navigates client-side afterwards.
 */
import { type Browser, type ConsoleMessage, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assertChromiumInstalled, CHROMIUM_FLAGS, CHROMIUM_PATH, PHONE_VIEWPORT } from '../helpers/browser';
import { apiLogin, LEARNER, signInContext } from './book-helpers';
import { PUBLIC_ROUTES } from './public-routes';

const baseURL = inject('baseURL');

/** The public site's pages that exist (login, register and the not-found answers are not prerendered). */
const PRERENDERED = PUBLIC_ROUTES.filter((route) => !['/login', '/register', '/about/unknown-person', '/news-updates/42'].includes(route.path));

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** Text of the first <h1> in an HTML document, tags stripped. */
function firstHeading(html: string): string | undefined {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? decode(match[1]!.replace(/<[^>]*>/g, '')) : undefined;
}

/** Errors and warnings the page logs (a hydration mismatch is logged as an error), and uncaught errors. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    // The machine has no internet: only the map iframe's own requests may fail.
    if (
      ['error', 'warning'].includes(message.type()) &&
      !/google\.com|ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED/.test(message.text() + message.location().url)
    ) {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  return problems;
}

/** Whether React has taken over (hydrated) the given element, i.e. the node the server sent. */
const isOwnedByReact = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const element = document.querySelector(s);
    return Boolean(element && Object.keys(element).some((key) => key.startsWith('__reactFiber')));
  }, selector);

// Fresh contexts without a service worker: each visit is a first visit, answered by the server.
let browser: Browser;
beforeAll(async () => {
  assertChromiumInstalled();
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
});
afterAll(async () => {
  await browser?.close();
});

describe('prerendered public pages over plain HTTP', () => {
  it('sends /training-programs with its heading, title, description and canonical path in the HTML', async () => {
    const response = await fetch(`${baseURL}/training-programs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(firstHeading(html)).toBe('Training Programs');
    expect(html).toContain('<title>Training Programs — Laparoscopic Surgery Training Institute</title>');
    expect(html).toMatch(/<meta name="description" content="Hands-on laparoscopic surgery courses[^"]*"\/?>/);
    expect(html).toMatch(/<link rel="canonical" href="\/training-programs"\/?>/);
    // One title and one description: the app shell's own were replaced, not added to.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    // The hero image is in the markup with high priority, for the browser's preload scanner.
    expect(html).toMatch(/<img [^>]*fetchpriority="high"/i);
    for (const text of ['Recognised by', 'Didactic sessions and telelectures', '18% GST applicable']) expect(decode(html)).toContain(text);
  });

  it('sends every public page with its own heading and title, and the app shell for other paths', async () => {
    const titles = new Set<string>();
    for (const route of PRERENDERED) {
      const html = await (await fetch(`${baseURL}${route.path}`)).text();
      expect(firstHeading(html), route.path).toBe(route.heading);
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      expect(title, route.path).toBeTruthy();
      titles.add(`${title}`);
    }
    // /home repeats the home page; every other page has a title of its own.
    expect(titles.size).toBe(PRERENDERED.length - 1);
    // Every other path: the app shell (the frame and 'Loading...'), neither a page's heading nor
    // a visitor's Login link, which a signed-in user would see flash.
    for (const path of ['/books', '/login', '/training-programs/', '/news-updates/42']) {
      const html = await (await fetch(`${baseURL}${path}`)).text();
      expect(html, path).toContain('<div id="root" data-app-shell>');
      expect(decode(html), path).toContain('Loading...');
      expect(firstHeading(html), path).toBeUndefined();
      expect(html, path).not.toMatch(/href="\/login"/);
    }
  });

  it("loads the app's entry as a module script on every page, and writes no script into the HTML", async () => {
    for (const path of ['/', '/training-programs', '/books']) {
      const html = await (await fetch(`${baseURL}${path}`)).text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(
        scripts.map(([, attributes]) => attributes?.trim()),
        path,
      ).toEqual([expect.stringMatching(/^type="module" crossorigin src="\/assets\/index-[\w-]+\.js"$/)]);
      expect(
        scripts.every(([, , body]) => body === ''),
        path,
      ).toBe(true);
    }
  });
});

describe('prerendered public pages in Chromium', () => {
  it('shows /training-programs with JavaScript disabled', async () => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE_VIEWPORT });
    try {
      const page = await context.newPage();
      await page.goto('/training-programs');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Training Programs');
      expect(await page.title()).toBe('Training Programs — Laparoscopic Surgery Training Institute');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^Hands-on laparoscopic surgery courses/);
      expect(await page.getByText('Enrol Now').first().isVisible()).toBe(true);
      // Styled as in the app: the navbar is the theme's teal, not an unstyled list.
      expect(await page.locator('header').evaluate((header) => getComputedStyle(header).backgroundColor)).toBe('rgb(11, 79, 108)');
    } finally {
      await context.close();
    }
  });

  it('hydrates the markup it was sent, without errors, and then navigates client-side', async () => {
    const context = await browser.newContext({ baseURL, viewport: PHONE_VIEWPORT });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto('/training-programs');
    // The heading node the server sent, before the app starts.
    await page.evaluate(() => {
      (window as unknown as { sentHeading: Element | null }).sentHeading = document.querySelector('h1');
    });
    await expect.poll(() => isOwnedByReact(page, 'h1'), { timeout: 20_000 }).toBe(true);
    expect(await page.evaluate(() => document.querySelector('h1') === (window as unknown as { sentHeading: Element | null }).sentHeading)).toBe(true);

    // A link now navigates inside the page: no new document (the marker survives).
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News & Updates' }).click();
    await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe('/news-updates');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Empowering Surgeons, Advancing Healthcare');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.title()).toMatch(/^News/);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('takes over every section of the home page (hydrated one by one) without painting any again', async () => {
    const context = await browser.newContext({ baseURL, viewport: PHONE_VIEWPORT });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto('/');
    const sections = ['#history', '#why-train-with-us', '#testimonials', '#offerings', '#contact'];
    // Each section is a Suspense boundary of its own in the HTML sent (<!--$-->…<!--/$-->), which
    // React hydrates, and commits, apart from the rest: several short tasks, not one long one.
    const html = await (await page.request.get('/')).text();
    for (const id of sections) expect(html, id).toMatch(new RegExp(`<!--\\$-->(?:<style[^>]*>[^<]*</style>)*<section[^>]* id="${id.slice(1)}"`));
    // The nodes the server sent, before the app starts.
    await page.evaluate((ids) => {
      (window as unknown as { sent: (Element | null)[] }).sent = ids.map((id) => document.querySelector(`${id} h2`));
    }, sections);
    for (const id of sections) await expect.poll(() => isOwnedByReact(page, `${id} h2`), { timeout: 20_000 }).toBe(true);
    const kept = await page.evaluate(
      (ids) => ids.map((id, i) => document.querySelector(`${id} h2`) === (window as unknown as { sent: (Element | null)[] }).sent[i]),
      sections,
    );
    expect(kept).toEqual(sections.map(() => true));
    // Hydrated means working: the contact form loads as it comes into view, and answers.
    await page.locator('#contact h2').scrollIntoViewIfNeeded();
    await page.locator('#contact').getByRole('button', { name: 'Send message' }).click();
    await page.locator('#contact').getByText('Please provide your name.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hydrates a prerendered page for a signed-in user, whose navbar then shows their links', async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
    try {
      await signInContext(context, await apiLogin(baseURL, LEARNER));
      const page = await context.newPage();
      const problems = collectProblems(page);
      await page.goto('/news-updates/0');
      const html = await (await page.request.get('/news-updates/0')).text();
      expect(firstHeading(html)).toBe(PUBLIC_ROUTES.find((route) => route.path === '/news-updates/0')!.heading);
      await expect.poll(() => isOwnedByReact(page, 'h1'), { timeout: 20_000 }).toBe(true);
      const navbar = page.locator('header');
      await expect.poll(() => navbar.getByText(`Welcome, ${LEARNER}`).isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await navbar.getByRole('link', { name: 'Login' }).count()).toBe(0);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The names of the emotion styles an HTML document brought: <style data-prerendered-styles="css <name> …">, class css-<name>. */
function sentStyleNames(html: string): Set<string> {
  return new Set([...html.matchAll(/data-prerendered-styles="css ([^"]+)"/g)].flatMap((match) => match[1]!.split(' ')));
}

describe('the styles a page brings in its HTML', () => {
  it('stay where they are while the app starts, and are not compiled or inserted again: on a public page (hydrated) and on the books list (the app shell)', async () => {
    const context = await browser.newContext({ baseURL, viewport: PHONE_VIEWPORT });
    try {
      await signInContext(context, await apiLogin(baseURL, LEARNER));
      // Every <style> element taken out of the document, from before the first byte is parsed. A
      // <style> taken out and put back is parsed again (emotion's own hydration moves each).
      await context.addInitScript(() => {
        const removed: string[] = [];
        (window as unknown as { removedStyles: string[] }).removedStyles = removed;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.removedNodes)
              if (node instanceof HTMLStyleElement)
                removed.push(node.getAttribute('data-prerendered-styles')?.slice(0, 40) ?? node.getAttribute('data-emotion') ?? '(style)');
        }).observe(document, { childList: true, subtree: true });
      });
      for (const [path, shown] of [
        ['/training-programs', (page: Page) => expect.poll(() => isOwnedByReact(page, 'h1'), { timeout: 20_000 }).toBe(true)],
        [
          '/books',
          (page: Page) =>
            page
              .locator('article')
              .first()
              .getByRole('button', { name: /^Download for offline/ })
              .waitFor(),
        ],
      ] as const) {
        const page = await context.newPage();
        const problems = collectProblems(page);
        const html = await (await page.request.get(path)).text();
        const sent = sentStyleNames(html);
        // One element in <head> holds them; none is left in the markup for emotion to move.
        expect(html.match(/<style data-prerendered-styles=/g), path).toHaveLength(1);
        expect(html.slice(0, html.indexOf('</head>')), path).toContain('<style data-prerendered-styles="css ');
        expect(html, path).not.toMatch(/data-emotion="css /);
        // The global styles (the body's margin, the font) too: in <head>, the first paint already has them.
        expect(html.slice(0, html.indexOf('</head>')), path).toMatch(/<style data-emotion="css-global [^"]+">[^<]*body\{margin:0;/);
        expect(sent.size, path).toBeGreaterThan(20);

        await page.goto(path);
        await shown(page);
        await page.waitForLoadState('networkidle');
        // Emotion's own elements come after every one the HTML brought: later in the cascade, as after its
        // hydration. The drawer's styles are not in the HTML: opening it makes emotion insert some.
        await page.getByRole('button', { name: 'Open navigation menu' }).click();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News & Updates' }).waitFor();
        const order = await page.evaluate(() => {
          const sent = [...document.querySelectorAll('style[data-prerendered-styles]')];
          const own = [...document.querySelectorAll('style[data-emotion="css"]')];
          return {
            sent: sent.length,
            own: own.length,
            before: own.filter((element) => sent.some((s) => element.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING)).length,
          };
        });
        expect(order.own, path).toBeGreaterThan(0);
        expect(order, path).toEqual({ sent: 1, own: order.own, before: 0 });
        const { removed, reinserted } = await page.evaluate(
          (names) => {
            // Rules emotion inserted itself (its sheets are the <style data-emotion> elements).
            const reinserted = new Set<string>();
            for (const sheet of document.styleSheets) {
              if (!(sheet.ownerNode instanceof HTMLStyleElement) || !sheet.ownerNode.hasAttribute('data-emotion')) continue;
              for (const rule of sheet.cssRules)
                for (const match of rule.cssText.matchAll(/\.css-([a-z0-9]+)/g)) if (names.includes(match[1]!)) reinserted.add(match[1]!);
            }
            return { removed: (window as unknown as { removedStyles: string[] }).removedStyles, reinserted: [...reinserted] };
          },
          [...sent],
        );
        expect(
          removed.filter((style) => !style.startsWith('css-global')),
          path,
        ).toEqual([]);
        expect(reinserted, path).toEqual([]);
        expect(problems, path).toEqual([]);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });
});
