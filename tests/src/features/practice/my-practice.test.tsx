/**
 * 'My practice' (issue 37) in the real app on fake-indexeddb: a drill's proficiency, its
 * repetitions newest first (the device's queued ones 'Waiting to sync', the trainer's 'Verified by
 * {name}'), the learning curve's place, and the delete rules: a verified repetition has no
 * Delete, an unverified one is deleted on the server after a question, a queued one only here.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeServerRepetitions, writeRepetition } from '../../../../src/features/practice/db/practice-log';
import { db } from '../../../../src/lib/db';
import { FakeApi } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { LEARNER, signInAs } from '../books/fixtures';
import { FakePracticeServer, PEG_TRANSFER } from './practice-fixtures';

let api: FakeApi;
let server: FakePracticeServer;
let uninstall: () => void;

beforeEach(() => {
  api = new FakeApi();
  server = new FakePracticeServer(api);
  // Queued repetitions stay queued: these tests look at the list, not at the sync.
  api.on('POST', '/practice/my-repetitions/', () => 'network');
  uninstall = api.install();
  signInAs(api, LEARNER);
});
afterEach(() => uninstall());

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function seed() {
  server.add({ client_id: uuid(1), performed_at: '2026-11-20T08:00:00.000Z', time_ms: 52_000, score_ms: 52_000, passed: false });
  server.add({
    client_id: uuid(2),
    performed_at: '2026-11-21T08:00:00.000Z',
    time_ms: 40_000,
    score_ms: 40_000,
    passed: true,
    verified_by: { id: 3, full_name: 'Dr. Meera Iyer' },
    verified_at: '2026-11-21T09:00:00.000Z',
  });
  server.add({
    client_id: uuid(3),
    performed_at: '2026-11-22T08:00:00.000Z',
    time_ms: 36_000,
    score_ms: 46_000,
    passed: true,
    penalties: [{ penalty: 'peg-dropped-outside', label: 'Peg dropped outside the field', seconds: 10, count: 1 }],
  });
  await db.drills.put({ userId: LEARNER.user_id, id: 1, drill: PEG_TRANSFER, storedAt: 1 });
  await writeRepetition(db, { userId: LEARNER.user_id, drill: PEG_TRANSFER, timeMs: 44_000, penalties: [], performedAt: '2026-11-23T08:00:00.000Z' });
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Repetitions, newest first' }))
    .getAllByRole('row')
    .slice(1);

describe('/practice/mine', () => {
  it('shows the proficiency and the repetitions newest first, queued ones waiting and verified ones with their verifier', async () => {
    await seed();
    await renderApp('/practice/mine?drill=1');

    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByText('Target 48 s · 2 of 2 consecutive passes, 1 of 10 further passes')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Learning curve: score against repetition, Target 48 s' })).toBeInTheDocument();
    const texts = rows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(texts.map((cells) => [cells[1], cells[2], cells[3]])).toEqual([
      ['44.0 sTime 44.0 s', 'Pass', 'Waiting to sync'],
      ['46.0 sTime 36.0 s + 1 × Peg dropped outside the field (+10 s)', 'Pass', 'Synced'],
      ['40.0 sTime 40.0 s', 'Pass', 'Verified by Dr. Meera Iyer'],
      ['52.0 sTime 52.0 s', 'Not yet', 'Synced'],
    ]);
    expect(texts[3]![0]).toMatch(/^20 Nov 2026, /);
    expect(screen.getByText('1 repetition waiting to sync')).toBeInTheDocument();
  });

  it('offers no Delete for a verified repetition, deletes an unverified one on the server after asking, and a queued one on the device', async () => {
    await seed();
    const { user } = await renderApp('/practice/mine?drill=1');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(within(rows()[2]!).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();

    // Synced, not verified: asked first, then DELETE on the server.
    await user.click(within(rows()[1]!).getByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this repetition?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(api.callsTo('/practice/my-repetitions/102/', 'DELETE')).toHaveLength(1);
    expect(server.records.has(uuid(3))).toBe(false);

    // Queued, never on the server: deleted here only.
    await user.click(within(rows()[0]!).getByRole('button', { name: /^Delete/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this repetition?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(await db.practiceOutbox.count()).toBe(0);
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('keeps an unverified repetition when the server cannot be reached to delete it', async () => {
    await seed();
    api.on('DELETE', '/practice/my-repetitions/:id/', () => 'network');
    const { user } = await renderApp('/practice/mine?drill=1');
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(within(rows()[1]!).getByRole('button', { name: /^Delete/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this repetition?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleting needs a connection to the server. Try again when online.')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(4));
  });

  it("shows what the device holds when the server cannot be reached, and another user's repetitions never", async () => {
    await seed();
    await storeServerRepetitions(db, LEARNER.user_id, [...server.records.values()]);
    await db.repetitions.put({ userId: 99, clientId: uuid(9), drill: 1, repetition: { ...server.records.get(uuid(1))!, client_id: uuid(9) } });
    api.on('GET', '/practice/my-repetitions/', () => 'network');
    api.on('GET', '/practice/drills/', () => 'network');

    await renderApp('/practice/mine?drill=1');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(await db.repetitions.where('userId').equals(LEARNER.user_id).count()).toBe(3);
  });

  it('shows the newest 50 repetitions first and the older ones on request', async () => {
    for (let i = 1; i <= 60; i++) server.add({ client_id: uuid(100 + i), performed_at: new Date(Date.UTC(2026, 9, 1, 8, i)).toISOString() });
    const { user } = await renderApp('/practice/mine?drill=1');
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(within(rows()[0]!).getAllByRole('cell')[0]).toHaveTextContent('1 Oct 2026');
    await user.click(screen.getByRole('button', { name: 'Show 10 older (10 not shown)' }));
    await waitFor(() => expect(rows()).toHaveLength(60));
    expect(screen.queryByRole('button', { name: /^Show \d+ older/ })).not.toBeInTheDocument();
  });
});
