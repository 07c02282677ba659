/**
 * The chapter editor in Chromium against the real server: chapters written with headings,
 * colour, links, an image, an uploaded video and an embed; reordered, edited and deleted; the
 * link and embed rules; upload failures; and who gets the editing controls.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, launchApp, waitForApp } from '../helpers/browser';
import {
  api,
  apiLogin,
  type ApiSession,
  collectProblems,
  createBookViaApi,
  DIRECTOR,
  eventually,
  FACULTY,
  minimalMp4,
  signInContext,
  solidPng,
  throttleUploads,
} from './book-helpers';

const baseURL = inject('baseURL');

interface StoredChapter {
  id: number;
  title: string;
  order: number;
  content_delta: { root: { children: Record<string, unknown>[] } };
}

/** Selects `text` inside the editor the way a mouse drag would (Lexical follows the DOM selection). */
async function selectText(page: Page, text: string): Promise<void> {
  await page.waitForTimeout(150);
  await page.evaluate((wanted) => {
    const root = document.querySelector('[data-testid="chapter-editor"]')!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const index = node.textContent!.indexOf(wanted);
      if (index >= 0) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + wanted.length);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        return;
      }
    }
    throw new Error(`"${wanted}" is not in the editor`);
  }, text);
  // Lexical reads the selection on selectionchange.
  await page.waitForTimeout(100);
}

/** Puts the caret after the editor's last character (as a click there would). */
async function moveToEnd(page: Page): Promise<void> {
  // Let the editor finish restoring its own selection after a toolbar action first.
  await page.waitForTimeout(150);
  await page.evaluate(() => {
    const root = document.querySelector('[data-testid="chapter-editor"]')!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let last: Node | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) last = node;
    if (!last) throw new Error('The editor has no text');
    const range = document.createRange();
    range.setStart(last, last.textContent!.length);
    range.collapse(true);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
  });
  await page.waitForTimeout(100);
}

async function chapters(session: ApiSession, bookId: number): Promise<StoredChapter[]> {
  const { data } = await api<{ results: StoredChapter[] }>(baseURL, session, 'GET', `/books/books/${bookId}/chapters/`);
  return data.results;
}

async function tocTitles(page: Page): Promise<string[]> {
  const items = page.getByRole('navigation', { name: 'Table of Contents' }).getByRole('button');
  return (await items.allInnerTexts()).map((text) => text.replace(/^\d+\.\s*/, '').trim());
}

const chapterHeading = (page: Page) => page.getByTestId('reader-pane').getByRole('heading', { level: 2 }).first();

describe('chapter editor (superuser)', () => {
  let app: AppBrowser;
  let director: ApiSession;
  let bookId: number;

  beforeAll(async () => {
    director = await apiLogin(baseURL, DIRECTOR);
    bookId = await createBookViaApi(baseURL, director, `Port placement workbook ${Date.now()}`);
    app = await launchApp(baseURL);
    await signInContext(app.context, director);
  });
  afterAll(async () => {
    if (bookId) await api(baseURL, director, 'DELETE', `/books/books/${bookId}/`);
    await app?.close();
  });

  it('adds two chapters with a heading, a coloured word, links and an image, reorders, edits and deletes one', async () => {
    const page = await app.open(`/book/${bookId}`);
    const problems = collectProblems(page);
    await eventually(() => page.getByText('This book has no chapters yet. Add the first chapter to start writing it.').isVisible()).toBe(true);

    // --- First chapter ---
    await page.getByRole('button', { name: 'Add chapter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Chapter' });
    await dialog.waitFor();
    expect(await dialog.getByRole('spinbutton', { name: 'Order' }).inputValue()).toBe('1');
    await dialog.getByRole('button', { name: 'Save Chapter' }).click();
    await eventually(() => dialog.getByText('Chapter title is required.').isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Chapter Title' }).fill('Choosing port sites');

    const editor = page.getByTestId('chapter-editor');
    await editor.waitFor();
    expect(await dialog.getByText('Start writing your amazing chapter...').isVisible()).toBe(true);
    expect((await editor.boundingBox())!.height).toBeGreaterThanOrEqual(300);
    await editor.click();
    await dialog.getByRole('combobox', { name: 'Block type' }).selectOption('h2');
    await page.keyboard.type('Where the ports go');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Never place a port over the bleeding epigastric vessels.');
    await selectText(page, 'bleeding');
    await dialog.getByRole('button', { name: 'Text colour' }).click();
    const palette = page.getByRole('group', { name: 'Text colours' });
    expect(await palette.getByRole('button').count()).toBe(35);
    await palette.getByRole('button', { name: 'Red, darkest' }).click();

    await moveToEnd(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Questions: training@example.org or the SAGES guidelines.');
    await selectText(page, 'training@example.org');
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();

    await selectText(page, 'SAGES guidelines');
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Insert link' });
    await linkDialog.getByRole('textbox', { name: 'Link address' }).fill('javascript:alert(document.cookie)');
    await linkDialog.getByRole('button', { name: 'Apply link' }).click();
    await eventually(() => linkDialog.getByText(/This link cannot be used/).isVisible()).toBe(true);
    await linkDialog.getByRole('textbox', { name: 'Link address' }).fill('www.sages.org');
    await linkDialog.getByRole('button', { name: 'Apply link' }).click();
    await linkDialog.waitFor({ state: 'detached' });

    await moveToEnd(page);
    await page.keyboard.press('Enter');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Insert image' }).click()]);
    await chooser.setFiles({ name: 'port-sites.png', mimeType: 'image/png', buffer: await solidPng(120, 80) });
    await eventually(() => editor.locator('img').count()).toBe(1);

    await dialog.getByRole('button', { name: 'Save Chapter' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The reader shows the saved chapter through the same composer, read-only.
    await eventually(() => chapterHeading(page).textContent()).toBe('Choosing port sites');
    const content = page.getByTestId('chapter-content');
    await eventually(() => content.getByRole('heading', { level: 2, name: 'Where the ports go' }).count()).toBe(1);
    expect(await content.getAttribute('contenteditable')).toBe('false');
    expect(await content.locator('span', { hasText: /^bleeding$/ }).evaluate((el) => getComputedStyle(el).color)).toBe('rgb(183, 28, 28)');
    expect(await content.getByRole('link', { name: 'training@example.org' }).getAttribute('href')).toBe('mailto:training@example.org');
    expect(await content.getByRole('link', { name: 'SAGES guidelines' }).getAttribute('href')).toBe('https://www.sages.org');
    await eventually(() => content.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    expect(await content.locator('img').getAttribute('src')).toMatch(/^\/media\/images\//);

    // Stored as Lexical's editorState.toJSON().
    const [stored] = await chapters(director, bookId);
    const nodes = JSON.stringify(stored!.content_delta);
    expect(stored!.content_delta.root.children[0]).toMatchObject({ type: 'heading', tag: 'h2' });
    expect(nodes).toContain('"style":"color: #b71c1c"');
    expect(nodes).toContain('"url":"mailto:training@example.org"');
    expect(nodes).toMatch(/"type":"chapter-image","version":1,"src":"\/media\/images\/[^"]+","altText":"port sites","width":120,"height":80/);

    // --- Second chapter ---
    await page.getByRole('button', { name: 'Add chapter', exact: true }).click();
    const second = page.getByRole('dialog', { name: 'Add New Chapter' });
    expect(await second.getByRole('spinbutton', { name: 'Order' }).inputValue()).toBe('2');
    await second.getByRole('textbox', { name: 'Chapter Title' }).fill('Safe access');
    await page.getByTestId('chapter-editor').click();
    await page.keyboard.type('Open (Hasson) entry avoids blind needle passes.');
    await second.getByRole('button', { name: 'Save Chapter' }).click();
    await second.waitFor({ state: 'detached' });
    await eventually(() => chapterHeading(page).textContent()).toBe('Safe access');
    expect(await tocTitles(page)).toEqual(['Choosing port sites', 'Safe access']);

    // --- Reorder: 'Safe access' first ---
    await page.getByRole('button', { name: 'Edit Chapter' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Chapter' });
    await edit.getByRole('spinbutton', { name: 'Order' }).fill('-1');
    await edit.getByRole('button', { name: 'Save Chapter' }).click();
    await eventually(() => edit.getByText('Order must be a whole number, 0 or more.').isVisible()).toBe(true);
    await edit.getByRole('spinbutton', { name: 'Order' }).fill('0');
    await edit.getByRole('button', { name: 'Save Chapter' }).click();
    await edit.waitFor({ state: 'detached' });
    await eventually(() => tocTitles(page)).toEqual(['Safe access', 'Choosing port sites']);

    // --- Edit the first chapter's title and text ---
    await page
      .getByRole('navigation', { name: 'Table of Contents' })
      .getByRole('button', { name: /Choosing port sites/ })
      .click();
    await eventually(() => chapterHeading(page).textContent()).toBe('Choosing port sites');
    await page.getByRole('button', { name: 'Edit Chapter' }).click();
    const editFirst = page.getByRole('dialog', { name: 'Edit Chapter' });
    expect(await editFirst.getByRole('textbox', { name: 'Chapter Title' }).inputValue()).toBe('Choosing port sites');
    await editFirst.getByRole('textbox', { name: 'Chapter Title' }).fill('Port placement');
    await eventually(() => page.getByTestId('chapter-editor').locator('img').count()).toBe(1);
    await selectText(page, 'Never place');
    await page.keyboard.type('Do not place');
    await editFirst.getByRole('button', { name: 'Save Chapter' }).click();
    await editFirst.waitFor({ state: 'detached' });
    await eventually(() => chapterHeading(page).textContent()).toBe('Port placement');
    await eventually(() => page.getByTestId('chapter-content').textContent()).toContain('Do not place a port over the bleeding');

    // --- Delete 'Safe access' ---
    await page
      .getByRole('navigation', { name: 'Table of Contents' })
      .getByRole('button', { name: /Safe access/ })
      .click();
    await page.getByRole('button', { name: 'Delete Chapter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Chapter' });
    expect(await confirm.textContent()).toContain('Are you sure you want to delete the chapter "Safe access"?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await eventually(() => tocTitles(page)).toEqual(['Port placement']);
    await eventually(() => chapterHeading(page).textContent()).toBe('Port placement');
    expect((await chapters(director, bookId)).map((c) => c.title)).toEqual(['Port placement']);

    // The books list counts the chapters.
    await page.getByRole('link', { name: '← Back to Books' }).click();
    const card = page.getByRole('article', { name: /Port placement workbook/ });
    await eventually(() => card.textContent()).toContain('Chapters: 1');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('uploads an MP4 with the editor read-only meanwhile, embeds YouTube but not other hosts, and reports upload failures', async () => {
    const page = await app.open(`/book/${bookId}`);
    await page.getByRole('button', { name: 'Add chapter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Chapter' });
    await dialog.getByRole('textbox', { name: 'Chapter Title' }).fill('Videos');
    const editor = page.getByTestId('chapter-editor');
    await editor.click();
    await page.keyboard.type('Watch the demonstration.');

    // A slow upload: the modal shows and the editor cannot be typed in.
    await throttleUploads(page, 150_000);
    await page.getByTestId('editor-video-input').setInputFiles({ name: 'tapp.mp4', mimeType: 'video/mp4', buffer: minimalMp4(400_000) });
    const uploading = page.getByRole('dialog', { name: 'Uploading video...' });
    await uploading.waitFor();
    expect(await editor.getAttribute('contenteditable')).toBe('false');
    await uploading.waitFor({ state: 'detached', timeout: 30_000 });
    await throttleUploads(page, null);
    expect(await editor.getAttribute('contenteditable')).toBe('true');
    await eventually(() => editor.locator('video').getAttribute('src')).toMatch(/^\/media\/videos\/.+\.mp4$/);

    // Video embeds: watch links become embed addresses; other hosts are refused.
    await dialog.getByRole('button', { name: 'Embed YouTube or Vimeo video' }).click();
    const embed = page.getByRole('dialog', { name: 'Embed a video' });
    await embed.getByRole('textbox', { name: 'Video link' }).fill('https://videos.example.com/watch?v=dQw4w9WgXcQ');
    await embed.getByRole('button', { name: 'Embed video' }).click();
    await eventually(() => embed.getByText('Only YouTube and Vimeo video links can be embedded.').isVisible()).toBe(true);
    await embed.getByRole('textbox', { name: 'Video link' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s');
    await embed.getByRole('button', { name: 'Embed video' }).click();
    await eventually(() => editor.locator('iframe').getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');

    // The image tool accepts images only; a server refusal is reported with its message.
    await page.route('**/api/media/upload-image/', (route) =>
      route.fulfill({ status: 415, contentType: 'application/json', body: JSON.stringify({ error: 'Only JPEG, PNG, WebP and GIF images can be uploaded.' }) }),
    );
    expect(await page.getByTestId('editor-image-input').getAttribute('accept')).toBe('image/*');
    expect(await page.getByTestId('editor-video-input').getAttribute('accept')).toBe('video/mp4');
    await page.getByTestId('editor-image-input').setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: await solidPng() });
    await eventually(() => dialog.getByRole('alert').textContent()).toBe('Image upload failed: Only JPEG, PNG, WebP and GIF images can be uploaded.');
    await page.unroute('**/api/media/upload-image/');
    await page.getByTestId('editor-video-input').setInputFiles({ name: 'notes.mov', mimeType: 'video/quicktime', buffer: Buffer.from('not a video') });
    await eventually(() => dialog.getByRole('alert').textContent()).toBe('Video upload failed: Only MP4 videos can be uploaded.');

    await dialog.getByRole('button', { name: 'Save Chapter' }).click();
    await dialog.waitFor({ state: 'detached' });
    const content = page.getByTestId('chapter-content');
    await eventually(() => content.locator('video').getAttribute('src')).toMatch(/^\/media\/videos\//);
    expect(await content.locator('iframe').getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    await page.close();
  });
});

describe('chapter editing rights', () => {
  let app: AppBrowser;
  let faculty: ApiSession;
  let addedChapterId: number | undefined;

  beforeAll(async () => {
    faculty = await apiLogin(baseURL, FACULTY);
    app = await launchApp(baseURL);
    await signInContext(app.context, faculty);
  });
  afterAll(async () => {
    if (addedChapterId) await api(baseURL, faculty, 'DELETE', `/books/books/2/chapters/${addedChapterId}/`);
    await app?.close();
  });

  it('lets a book owner who is not a superuser edit their own book, and no other', async () => {
    const page = await app.open('/book/1');
    await eventually(() => chapterHeading(page).textContent()).toBe('Ergonomics and Operating-Room Set-up');
    expect(await page.getByRole('button', { name: 'Edit Chapter' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add chapter', exact: true }).count()).toBe(0);

    await page.goto('/book/2');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Add chapter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Chapter' });
    await dialog.getByRole('textbox', { name: 'Chapter Title' }).fill('Faculty notes');
    await dialog.getByRole('spinbutton', { name: 'Order' }).fill('99');
    await page.getByTestId('chapter-editor').click();
    await page.keyboard.type('Added by the book owner.');
    await dialog.getByRole('button', { name: 'Save Chapter' }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => chapterHeading(page).textContent()).toBe('Faculty notes');
    const { data } = await api<{ results: StoredChapter[] }>(baseURL, faculty, 'GET', '/books/books/2/chapters/');
    addedChapterId = data.results.find((chapter) => chapter.title === 'Faculty notes')?.id;
    expect(addedChapterId).toBeDefined();

    await page.getByRole('button', { name: 'Delete Chapter' }).click();
    await page.getByRole('dialog', { name: 'Delete Chapter' }).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => tocTitles(page).then((titles) => titles.includes('Faculty notes'))).toBe(false);
    addedChapterId = undefined;
    await page.close();
  });
});
