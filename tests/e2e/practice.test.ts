/**
 * Issue 37 in Chromium against the real server, at phone width: a trainee opens the peg transfer
 * drill online, then with the network really off times three repetitions (the clock shown
 * advances; a penalty adds its seconds), reloads and finds all three listed and waiting; back
 * online the server holds each once and the learning curve is drawn with its target line; the
 * organization's owner verifies one on the member's detail page and the trainee sees who did.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, goOffline, goOnline, launchApp, waitForApp, waitForServiceWorker } from '../helpers/browser';
import type { Repetition } from '../../src/contract/practice';
import { apiCall, apiRegister, joinOrganization, PASSWORD } from './account-helpers';
import { apiLogin, type ApiSession, eventually, signInContext } from './book-helpers';

const baseURL = inject('baseURL');
const PHONE = { width: 390, height: 844 };

const apps: AppBrowser[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function open(session: ApiSession, pathname: string, viewport = PHONE): Promise<Page> {
  const app = await launchApp(baseURL, { viewport });
  apps.push(app);
  await signInContext(app.context, session);
  return app.open(pathname);
}

const clockText = (page: Page) => page.getByRole('timer', { name: 'Time' }).innerText();

/** Times one repetition of about `seconds`, adds `penalties` presses of the drill's first penalty, saves it; answers the clock at Stop. */
async function timeRepetition(page: Page, seconds: number, penalties = 0): Promise<string> {
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.waitForTimeout(300);
  const early = await clockText(page);
  await page.waitForTimeout(seconds * 1000);
  // The clock shown advances while it runs.
  expect(await clockText(page)).not.toBe(early);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  const stopped = await clockText(page);
  for (let i = 0; i < penalties; i++) await page.getByRole('button', { name: 'One more: Peg dropped outside the field of view' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('status')
    .getByText(/^Saved: score /)
    .waitFor();
  return stopped;
}

describe('the endotrainer practice log', () => {
  it('times three repetitions offline, keeps them across a reload, sends each once, draws the curve, and shows who verified one', async () => {
    const label = randomBytes(3).toString('hex');
    const owner = await apiRegister(baseURL, 'skills-lab-lead', 'Dr. Farah Khan', `Skills Lab ${label}`);
    const trainee = await apiRegister(baseURL, 'skills-trainee', 'Dr. Arjun Das');
    await joinOrganization(baseURL, owner, trainee);
    const session = await apiLogin(baseURL, trainee.email, PASSWORD);
    const drills = (await apiCall<{ results: { id: number; name: string }[] }>(baseURL, session.access, 'GET', '/practice/drills/')).data.results;
    const pegTransfer = drills.find((drill) => drill.name === 'FLS peg transfer')!;
    const onServer = async () =>
      (await apiCall<{ count: number; results: Repetition[] }>(baseURL, session.access, 'GET', `/practice/my-repetitions/?drill=${pegTransfer.id}`)).data;

    // Online: the drills list, then the drill, which the device keeps.
    const page = await open(session, '/practice');
    await waitForServiceWorker(page);
    await page.getByRole('link', { name: 'FLS peg transfer' }).click();
    await page.getByRole('heading', { name: 'FLS peg transfer', level: 1 }).waitFor();
    await page.getByText('Target 48 s').first().waitFor();
    const startButton = await page.getByRole('button', { name: 'Start', exact: true }).boundingBox();
    expect(startButton!.height).toBeGreaterThanOrEqual(96);
    expect(startButton!.width).toBeGreaterThan(PHONE.width * 0.8);

    await goOffline(page.context());
    try {
      await timeRepetition(page, 1);
      const withPenalty = await timeRepetition(page, 1, 2);
      // Two pegs dropped: 20 s on top of the time.
      const [minutes, seconds] = withPenalty.split(':').map(Number);
      const timeSeconds = minutes! * 60 + seconds!;
      await page
        .getByRole('status')
        .getByText(`Saved: score ${(timeSeconds + 20).toFixed(1)} s — Pass.`)
        .waitFor();
      await timeRepetition(page, 1);

      await page.reload();
      await waitForApp(page);
      await page.goto(`/practice/mine?drill=${pegTransfer.id}`);
      const rows = page.getByRole('table', { name: 'Repetitions, newest first' }).locator('tbody tr');
      await eventually(() => rows.count(), 15_000).toBe(3);
      expect(await rows.filter({ hasText: 'Waiting to sync' }).count()).toBe(3);
      await rows.filter({ hasText: '2 × Peg dropped outside the field of view (+20 s)' }).waitFor();
      expect((await onServer()).count).toBe(0);
    } finally {
      await goOnline(page.context());
    }

    // Online again: the server holds each repetition once, scored as the device showed.
    await eventually(async () => (await onServer()).count, 20_000).toBe(3);
    const stored = (await onServer()).results;
    expect(new Set(stored.map((r) => r.client_id)).size).toBe(3);
    expect(stored.map((r) => r.penalties.reduce((n, p) => n + p.count, 0)).sort()).toEqual([0, 0, 2]);
    await eventually(() => page.getByText('Synced', { exact: true }).count(), 15_000).toBe(3);
    const curve = page.getByRole('figure', { name: /^Learning curve/ });
    await curve.locator('svg').getByText('Target 48 s').waitFor();
    // Three passes, drawn as points (the batch renderer: one arc each in the passes' path).
    const passPoints = await curve.locator('svg path[fill="#2e7d32"]').evaluateAll((paths) => paths.map((path) => path.getAttribute('d') ?? '').join(''));
    expect(passPoints.match(/a/g)).toHaveLength(3);

    // The owner verifies the repetition with the penalties, on the member's detail page.
    const director = await open(
      await apiLogin(baseURL, owner.email, PASSWORD),
      `/organization/${owner.user.organization_id}/progress/${trainee.user.user_id}`,
      {
        width: 1366,
        height: 900,
      },
    );
    const table = director.getByRole('table', { name: 'Repetitions of FLS peg transfer' });
    const penalised = table.locator('tbody tr').filter({ hasText: 'Peg dropped' });
    await penalised.getByRole('button', { name: 'Verify' }).click();
    await penalised.getByText('Verified by Dr. Farah Khan').waitFor();
    expect((await onServer()).results.filter((r) => r.verified_by?.full_name === 'Dr. Farah Khan')).toHaveLength(1);

    // The trainee sees who verified it, and can no longer delete it.
    await page.reload();
    await waitForApp(page);
    const verified = page.getByRole('table', { name: 'Repetitions, newest first' }).locator('tbody tr').filter({ hasText: 'Verified by Dr. Farah Khan' });
    await verified.waitFor();
    expect(await verified.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
  });
});
