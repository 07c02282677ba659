/**
 * The reader in Chromium against the real server: a learner opens a demo book, reads the first
 * chapter by default, moves through chapters and the quiz, on a desktop and on a phone; old
 * Delta chapters render; crafted javascript: links never become clickable.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, launchApp, layoutShiftsOf, PHONE_VIEWPORT, recordLayoutShifts, waitForApp } from '../helpers/browser';
import { portPlacementDelta } from '../src/features/editor/port-placement-delta';
import { api, apiLogin, type ApiSession, collectProblems, createBookViaApi, DIRECTOR, eventually, LEARNER, signInContext } from './book-helpers';

const baseURL = inject('baseURL');

const pane = (page: Page) => page.getByTestId('reader-pane');
const chapterHeading = (page: Page) => pane(page).getByRole('heading', { level: 2 }).first();
const toc = (page: Page) => page.getByRole('navigation', { name: 'Table of Contents' });

/** Width of the chapter's paragraphs in characters ('0' widths) and their font size in px. */
function measureText(page: Page) {
  return page
    .getByTestId('chapter-content')
    .locator('p')
    .first()
    .evaluate((p) => {
      const probe = document.createElement('span');
      probe.textContent = '0'.repeat(10);
      p.appendChild(probe);
      const ch = probe.getBoundingClientRect().width / 10;
      probe.remove();
      return { characters: p.getBoundingClientRect().width / ch, fontSize: Number.parseFloat(getComputedStyle(p).fontSize) };
    });
}

describe('reading a book (learner)', () => {
  let app: AppBrowser;
  let learner: ApiSession;

  beforeAll(async () => {
    learner = await apiLogin(baseURL, LEARNER);
    app = await launchApp(baseURL);
    await signInContext(app.context, learner);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('opens a book from the list, reads the first chapter by default, and has no editing controls', async () => {
    const page = await app.open('/books');
    const problems = collectProblems(page);
    await page.getByRole('link', { name: 'View Fundamentals of Laparoscopic Surgery' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/book/1');
    await eventually(() => chapterHeading(page).textContent()).toBe('Ergonomics and Operating-Room Set-up');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Fundamentals of Laparoscopic Surgery');
    expect(
      await page
        .getByRole('img', { name: 'Cover of Fundamentals of Laparoscopic Surgery' })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    expect(await page.getByTestId('chapter-content').textContent()).toContain('Laparoscopy changes the way a surgeon sees and moves.');
    expect(await page.getByTestId('chapter-content').getAttribute('contenteditable')).toBe('false');
    expect(
      await toc(page)
        .getByRole('button', { name: /Ergonomics/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    for (const name of ['Add chapter', 'Edit Chapter', 'Delete Chapter']) expect(await page.getByRole('button', { name }).count()).toBe(0);

    // Comfortable reading on a desktop: a measure of about 70 characters, 18 px type.
    const desktop = await measureText(page);
    expect(desktop.characters).toBeLessThanOrEqual(76);
    expect(desktop.characters).toBeGreaterThan(50);
    expect(desktop.fontSize).toBe(18);

    // Another chapter, with the demo figures served from /media/.
    await toc(page)
      .getByRole('button', { name: /Port Placement and Triangulation/ })
      .click();
    await eventually(() => chapterHeading(page).textContent()).toBe('Port Placement and Triangulation');
    const figure = page.getByTestId('chapter-content').locator('figure img').first();
    await figure.scrollIntoViewIfNeeded();
    await eventually(() => figure.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await figure.getAttribute('src')).toMatch(/^\/media\//);

    // Quiz mode from the Table of Contents, and back.
    await toc(page).getByRole('button', { name: 'Take the Quiz' }).click();
    await eventually(() => pane(page).textContent()).toMatch(/Question 1 of \d+/);
    await pane(page).getByRole('button', { name: 'Return to Book' }).click();
    await eventually(() => chapterHeading(page).textContent()).toBe('Ergonomics and Operating-Room Set-up');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows a chapter without downloading the editor's code (Lexical)", async () => {
    // Whichever chapter the learner's reading position opens: each demo chapter has headings.
    const page = await app.open('/book/1');
    await page.getByTestId('chapter-content').getByRole('heading', { level: 2 }).first().waitFor();
    await page.waitForLoadState('load');
    const scripts = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
        .map((entry) => entry.name),
    );
    expect(scripts.length).toBeGreaterThan(0);
    const lexical = [];
    for (const url of scripts) {
      // Lexical marks the root of every editor it mounts: only its own code holds the attribute's name.
      if ((await (await fetch(url)).text()).includes('data-lexical-editor')) lexical.push(new URL(url).pathname);
    }
    expect(lexical).toEqual([]);
    await page.close();
  });

  it('on a tall desktop screen, nothing moves as a long chapter comes on screen (its first frame fills the screen)', async () => {
    const page = await app.context.newPage();
    await page.setViewportSize({ width: 1280, height: 1400 });
    await recordLayoutShifts(page);
    await page.goto('/book/1');
    await eventually(() => chapterHeading(page).textContent()).toBe('Ergonomics and Operating-Room Set-up');
    await page.getByRole('navigation', { name: 'Chapters' }).waitFor();
    await page.waitForTimeout(500);
    const { layoutShift, shifts } = await layoutShiftsOf(page);
    // The Previous/Next links moved down (0.02) when the first frame held only a phone's share.
    expect(layoutShift, shifts.join('\n')).toBeLessThan(0.01);
    await page.close();
  });

  it("on a phone's dense screen, fetches the book's cover as the copy that fits its small column, not a larger one", async () => {
    // Three device pixels per CSS pixel: the 72 px column needs 216 px, the 480 px copy.
    const phone = await launchApp(baseURL, { viewport: PHONE_VIEWPORT, deviceScaleFactor: 3 });
    try {
      await signInContext(phone.context, learner);
      const page = await phone.context.newPage();
      const images: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname + new URL(request.url()).search);
      });
      await page.goto('/book/1');
      const cover = page.getByRole('img', { name: 'Cover of Fundamentals of Laparoscopic Surgery' });
      await eventually(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await cover.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width)).toBe(72);
      const chosen = await cover.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname + new URL(img.currentSrc).search);
      expect(chosen).toMatch(/\?w=480$/);
      // It was the 960 px copy (twice the bytes), downloaded beside the reader's code; and only this one.
      expect(images.filter((image) => image.startsWith(chosen.replace(/\?.*$/, '')))).toEqual([chosen]);
    } finally {
      await phone.close();
    }
  });

  it('reopens a book on the chapter chosen last, even when the page is reloaded at once', async () => {
    // A fresh profile: no reading position yet, the first chapter by default.
    const fresh = await launchApp(baseURL);
    try {
      await signInContext(fresh.context, learner);
      const page = await fresh.context.newPage();
      await page.goto('/book/1');
      await eventually(() => chapterHeading(page).textContent()).toBe('Ergonomics and Operating-Room Set-up');
      await toc(page)
        .getByRole('button', { name: /Port Placement and Triangulation/ })
        .click();
      await eventually(() => chapterHeading(page).textContent()).toBe('Port Placement and Triangulation');
      // Within the position's write delay: leaving the page writes it.
      await page.reload();
      await eventually(() => chapterHeading(page).textContent()).toBe('Port Placement and Triangulation');
    } finally {
      await fresh.close();
    }
  });

  it("says 'Book not found.' for a book that does not exist", async () => {
    const page = await app.open('/book/987654');
    await eventually(() => page.getByText('Book not found.').isVisible()).toBe(true);
    await page.close();
  });
});

describe('reading on a phone', () => {
  let app: AppBrowser;

  beforeAll(async () => {
    app = await launchApp(baseURL, { viewport: PHONE_VIEWPORT });
    await signInContext(app.context, await apiLogin(baseURL, LEARNER));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('folds the Table of Contents away, and brings a chosen chapter into view in 17 px type', async () => {
    const page = await app.open('/book/1');
    await eventually(() => chapterHeading(page).textContent()).toBe('Ergonomics and Operating-Room Set-up');
    const chapterButton = toc(page).getByRole('button', { name: /Pneumoperitoneum/ });
    expect(await chapterButton.isVisible()).toBe(false);

    const { fontSize } = await measureText(page);
    expect(fontSize).toBe(17);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole('button', { name: 'Table of Contents' }).click();
    await eventually(() => chapterButton.isVisible()).toBe(true);
    await chapterButton.click();
    await eventually(() => chapterHeading(page).textContent()).toBe('Pneumoperitoneum: Access, Insufflation and Physiology');
    await eventually(() => chapterButton.isVisible()).toBe(false);
    // The chapter's title is on screen, near the top.
    await eventually(() => chapterHeading(page).evaluate((h) => Math.round(h.getBoundingClientRect().top))).toBeLessThan(200);
    expect(await chapterHeading(page).evaluate((h) => h.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    await page.close();
  });
});

/** A chapter whose only paragraph is a link to `url`. */
const linkChapter = (url: string) => ({
  root: {
    type: 'root',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    children: [{ type: 'paragraph', version: 1, direction: null, format: '', indent: 0, textFormat: 0, textStyle: '', children: [linkNode(url)] }],
  },
});

const linkNode = (url: string) => ({
  type: 'link',
  version: 1,
  direction: null,
  format: '',
  indent: 0,
  url,
  rel: null,
  target: null,
  title: null,
  children: [{ type: 'text', version: 1, text: 'Open the atlas', format: 0, style: '', mode: 'normal', detail: 0 }],
});

describe('chapter content from other sources', () => {
  let app: AppBrowser;
  let director: ApiSession;
  let bookId: number;

  beforeAll(async () => {
    director = await apiLogin(baseURL, DIRECTOR);
    bookId = await createBookViaApi(baseURL, director, `Imported chapters ${Date.now()}`);
    for (const [order, title, content_delta] of [
      [1, 'Imported from the old editor', portPlacementDelta],
      [2, 'Crafted link', linkChapter('javascript:alert(document.domain)')],
    ] as const) {
      const { status } = await api(baseURL, director, 'POST', `/books/books/${bookId}/chapters/`, { title, order, content_delta });
      expect(status).toBe(201);
    }
    app = await launchApp(baseURL);
    await signInContext(app.context, await apiLogin(baseURL, LEARNER));
  });
  afterAll(async () => {
    if (bookId) await api(baseURL, director, 'DELETE', `/books/books/${bookId}/`);
    await app?.close();
  });

  it('renders a chapter stored as a Quill Delta: headings, lists, colours, links, image and video', async () => {
    const page = await app.open(`/book/${bookId}`);
    await eventually(() => chapterHeading(page).textContent()).toBe('Imported from the old editor');
    const content = page.getByTestId('chapter-content');
    expect(await content.getByRole('heading', { level: 1 }).textContent()).toBe('Port Placement in Laparoscopic Cholecystectomy');
    expect(await content.getByRole('heading', { level: 2 }).textContent()).toBe('Standard four-port technique');
    expect(await content.locator('ol > li').first().textContent()).toBe('Umbilical camera port (10 mm)');
    expect(await content.locator('ol ul > li').allTextContents()).toEqual(['mid-clavicular line', 'anterior axillary line']);
    expect(await content.getByText('working ports 5–10 cm apart').evaluate((el) => [el.tagName, getComputedStyle(el).color])).toEqual(['EM', 'rgb(230, 0, 0)']);
    expect(await content.getByText('baseball-diamond').evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
    expect(await content.getByRole('link', { name: 'SAGES guidelines' }).getAttribute('href')).toBe('https://www.sages.org/publications/guidelines/');
    expect(await content.getByRole('link', { name: 'SAGES guidelines' }).getAttribute('target')).toBe('_blank');
    expect(await content.getByRole('img', { name: 'Port sites on the abdomen' }).getAttribute('src')).toBe('https://cdn.example.org/figures/port-sites.png');
    expect(await content.locator('iframe').getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(await content.getByRole('link', { name: 'this link' }).count()).toBe(0);
    await page.close();
  });

  it('never makes a javascript: link clickable, whether the server or the reader removes it', async () => {
    const page = await app.open(`/book/${bookId}`);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const hrefs = () => page.locator('a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    // eslint-disable-next-line no-control-regex -- control characters are what a browser strips from a scheme
    const isScript = (href: string) => /^\s*(java|vb)script:/i.test(href.replace(/[\u0000-\u0020]/g, ''));

    // Stored through the API: the server unwrapped it, the words remain.
    await toc(page)
      .getByRole('button', { name: /Crafted link/ })
      .click();
    await eventually(() => page.getByTestId('chapter-content').textContent()).toBe('Open the atlas');
    expect((await hrefs()).filter(isScript)).toEqual([]);

    // Reaching the reader some other way (an old database, a tampered response): still not a link.
    const chaptersUrl = (url: URL) => url.pathname === `/api/books/books/${bookId}/chapters/`;
    let tampered = 0;
    await page.route(chaptersUrl, async (route) => {
      tampered += 1;
      const response = await route.fetch();
      const body = (await response.json()) as { results: { title: string; content_delta: unknown }[] };
      for (const chapter of body.results) {
        if (chapter.title === 'Crafted link') chapter.content_delta = linkChapter('java\tscript:alert(document.domain)');
      }
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await waitForApp(page);
    await toc(page)
      .getByRole('button', { name: /Crafted link/ })
      .click();
    await eventually(() => page.getByTestId('chapter-content').textContent()).toBe('Open the atlas');
    expect((await hrefs()).filter(isScript)).toEqual([]);
    expect(tampered).toBeGreaterThan(0);
    await page.getByTestId('chapter-content').getByText('Open the atlas').click();
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
