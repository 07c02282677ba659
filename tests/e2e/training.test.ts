/**
 * Issue 35 in Chromium against the real server: an organization's owner assigns a book through
 * the dashboard; a member downloads it, reads both chapters and takes its quiz with the network
 * really off; back online, the outbox sends the reads and the score, and the owner's progress
 * view shows the chapters read, the score and 'Done' — and the CSV it downloads holds the same.
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, goOffline, goOnline, launchApp, waitForServiceWorker } from '../helpers/browser';
import { apiCall, apiRegister, joinOrganization, PASSWORD } from './account-helpers';
import { apiLogin, DIRECTOR, signInContext } from './book-helpers';
import { createOfflineBook, downloadFromReader, eventually, myScores, takeQuiz } from './offline-helpers';

const baseURL = inject('baseURL');

const apps: AppBrowser[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function open(
  session: Awaited<ReturnType<typeof apiLogin>>,
  pathname: string,
  viewport = { width: 1366, height: 900 },
): Promise<{ app: AppBrowser; page: Page }> {
  const app = await launchApp(baseURL, { viewport });
  apps.push(app);
  await signInContext(app.context, session);
  return { app, page: await app.open(pathname) };
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('a training director and a member', () => {
  it('assigns a book; the member reads and takes the quiz offline; the progress view and its CSV show it done once synced', async () => {
    const label = randomBytes(3).toString('hex');
    const book = await createOfflineBook(baseURL, await apiLogin(baseURL, DIRECTOR), label);
    const owner = await apiRegister(baseURL, 'ward-director', 'Dr. Meera Iyer', `Ward ${label} Surgical Unit`);
    // A name a spreadsheet would run as a formula, with a comma and quotes: the CSV neutralises and quotes it.
    const memberName = `=HYPERLINK("http://x.example","Asha"), Rao`;
    const member = await apiRegister(baseURL, 'ward-resident', memberName);
    await joinOrganization(baseURL, owner, member);
    const orgId = owner.user.organization_id!;

    // The owner assigns the book to all members on the dashboard, due tomorrow, pass mark 50 %.
    const director = await open(await apiLogin(baseURL, owner.email, PASSWORD), '/dashboard');
    await director.page.getByRole('button', { name: 'Assign a book' }).click();
    const dialog = director.page.getByRole('dialog', { name: 'Assign a book' });
    await dialog.getByLabel('Book').selectOption({ label: book.title });
    await dialog.getByLabel('Due date (optional)').fill(isoDay(1));
    await dialog.getByLabel('Pass mark (%)').fill('50');
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await director.page.getByRole('table', { name: 'Assignments', exact: true }).getByText(book.title).waitFor();

    // The member (signed in after joining, so the session names the organization) sees it assigned.
    const residentSession = await apiLogin(baseURL, member.email, PASSWORD);
    const resident = await open(residentSession, '/dashboard');
    const assigned = resident.page.getByRole('region', { name: 'Assigned to you' });
    await assigned.getByRole('link', { name: book.title }).waitFor();
    await assigned.getByText('Not started', { exact: true }).waitFor();
    await assigned.getByRole('link', { name: book.title }).click();
    await resident.page.getByRole('heading', { name: book.title }).first().waitFor();
    await waitForServiceWorker(resident.page);
    await downloadFromReader(resident.page);
    // The first chapter, short, was on screen to its end online: the server has it already.
    const chaptersReadOnServer = async () => {
      const { data } = await apiCall<{ book: number; chapters_read: number }[]>(baseURL, residentSession.access, 'GET', '/books/my-progress/');
      return data.find((row) => row.book === book.bookId)?.chapters_read ?? 0;
    };
    await eventually(chaptersReadOnServer, 15_000).toBe(1);

    // Offline: the second chapter read to its end, the quiz taken (1 of 2 right: 50 %).
    await goOffline(resident.app.context);
    try {
      await resident.page.getByRole('button', { name: book.chapterTitles[1], exact: true }).click();
      await resident.page.getByText(book.secondChapterText).waitFor();
      await resident.page.mouse.wheel(0, 4000);
      await takeQuiz(resident.page);
      await resident.page.getByText('Saved on this device — will sync when online').waitFor({ timeout: 10_000 });
      // The dashboard offline counts the read at once.
      await resident.page.goto('/dashboard');
      await assigned.getByText('2 of 2 chapters read').waitFor({ timeout: 15_000 });
      expect(await myScores(baseURL, residentSession)).toHaveLength(0);
      expect(await chaptersReadOnServer()).toBe(1);
    } finally {
      await goOnline(resident.app.context);
    }

    // Back online the outbox sends the score and the reads, once.
    await eventually(async () => (await myScores(baseURL, residentSession)).length, 30_000).toBe(1);
    await eventually(chaptersReadOnServer, 30_000).toBe(2);
    await assigned.getByText('Done', { exact: true }).waitFor({ timeout: 15_000 });

    // The owner's progress view: the member's row with 2 / 2, one attempt, 50 % and Done.
    await director.page.getByRole('link', { name: 'Progress', exact: true }).click();
    await director.page.waitForURL(`**/organization/${orgId}/progress**`);
    const table = director.page.getByRole('table', { name: "Members' progress", exact: true });
    const row = table.getByRole('row').filter({ hasText: member.email });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells).toEqual(expect.arrayContaining(['2 / 2', '1', '50.0%', 'Done']));
    expect(await row.getByRole('cell').nth(1).textContent()).not.toBe('Never');

    // The CSV downloads with the same figures, the hostile name neutralised and quoted.
    const [download] = await Promise.all([director.page.waitForEvent('download'), director.page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^progress-.*\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const line = csv.split('\r\n').find((text) => text.includes(member.email))!;
    expect(line.startsWith(`"'=HYPERLINK(""http://x.example"",""Asha""), Rao",${member.email},member,`)).toBe(true);
    // The book's columns, then a group of four per drill (issue 37): nothing practised yet.
    expect(line).toMatch(/,2,1,50,\d{4}-\d{2}-\d{2}T[^,]+,Done,0,0,"0 of 2 consecutive passes, 0 of 10 further passes",,/);
  });
});
