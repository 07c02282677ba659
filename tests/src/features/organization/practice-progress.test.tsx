/** The training directors' view of the endotrainer practice log (issue 37): drill columns, the practice CSV, a member's repetitions and verifying them. */
import { Blob } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Repetition } from '../../../../src/contract/practice';
import type { MemberProgress, ProgressPage, ProgressRow } from '../../../../src/contract/progress';
import { progressCsvFileName } from '../../../../src/features/organization/api/progress';
import { formatDate, formatDateTime } from '../../../../src/lib/dates';
import type { SessionUser } from '../../../../src/lib/session';
import { FakeApi, makeUser, signIn } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';

const ORG = 3;
const PROGRESS = `/accounts/organizations/${ORG}/progress/`;
const MEMBERSHIP = 52;
const admin = makeUser({
  user_id: 11,
  email: 'admin@cityhospital.example',
  full_name: 'Dr. Kavya Menon',
  organization_id: ORG,
  organization_name: 'City Hospital',
  organization_role: 'admin',
});

const proficiency = (consecutive: number, further: number, proficient_at: string | null = null) => ({
  consecutive,
  consecutive_needed: 2,
  further,
  further_needed: 10,
  proficient_at,
});

const row = (id: number, full_name: string, drills: ProgressRow['drills']): ProgressRow => ({
  member: { id, full_name, email: `member${id}@cityhospital.example`, role: 'member' },
  last_synced: '2026-11-26T09:30:00Z',
  books: [
    { assignment: 40, book: 1, chapters_read: 8, chapter_count: 8, attempts: 2, best_percentage: 85, last_activity: '2026-11-26T09:00:00Z', status: 'done' },
  ],
  drills,
});

const page = (): ProgressPage => ({
  count: 2,
  next: null,
  previous: null,
  assignments: [{ id: 40, book: 1, book_title: 'Fundamentals of Laparoscopic Surgery', due_date: null, pass_mark: 70 }],
  drills: [
    { id: 1, name: 'Peg transfer', target_seconds: 48 },
    { id: 6, name: 'Endotrainer knot tying', target_seconds: 90 },
  ],
  results: [
    row(12, 'Dr. Asha Rao', [
      { drill: 1, repetitions: 14, verified: 3, last_practice: '2026-11-26T08:00:00Z', proficiency: proficiency(2, 10, '2026-11-26T08:00:00Z') },
      { drill: 6, repetitions: 4, verified: 0, last_practice: '2026-11-25T17:00:00Z', proficiency: proficiency(2, 1) },
    ]),
    row(13, 'Dr. Vikram Shah', [
      { drill: 1, repetitions: 0, verified: 0, last_practice: null, proficiency: proficiency(0, 0) },
      { drill: 6, repetitions: 1, verified: 1, last_practice: '2026-11-24T10:00:00Z', proficiency: proficiency(1, 0) },
    ]),
  ],
});

const repetition = (id: number, overrides: Partial<Repetition> = {}): Repetition => ({
  id,
  client_id: `0b9f4c1e-2d3a-4e5f-8a6b-7c8d9e0f1a${String(id).padStart(2, '0')}`,
  drill: 1,
  time_ms: 45_300,
  penalties: [],
  score_ms: 45_300,
  target_seconds: 48,
  passed: true,
  performed_at: '2026-11-26T08:00:00Z',
  created_at: '2026-11-26T08:01:00Z',
  verified_by: null,
  verified_at: null,
  ...overrides,
});

const newest = repetition(103, { performed_at: '2026-11-26T08:00:00Z' });
const penalised = repetition(102, {
  performed_at: '2026-11-25T18:00:00Z',
  time_ms: 41_000,
  penalties: [
    { penalty: 'peg-dropped-outside-the-field', label: 'Peg dropped outside the field', seconds: 10, count: 2 },
    { penalty: 'peg-transferred-out-of-order', label: 'Peg transferred out of order', seconds: 5, count: 1 },
  ],
  score_ms: 66_000,
  passed: false,
});
const verified = repetition(101, {
  performed_at: '2026-11-25T17:00:00Z',
  verified_by: { id: 11, full_name: 'Dr. Kavya Menon' },
  verified_at: '2026-11-25T17:05:00Z',
});

const detail = (): MemberProgress => ({
  member: { id: 12, full_name: 'Dr. Asha Rao', email: 'member12@cityhospital.example', role: 'member' },
  membership_id: MEMBERSHIP,
  last_synced: '2026-11-26T09:30:00Z',
  books: [],
  drills: [{ drill: 1, name: 'Peg transfer', target_seconds: 48, proficiency: proficiency(2, 7), repetitions: [newest, penalised, verified] }],
});

const verifyPath = (repetitionId: number) => `/accounts/organizations/${ORG}/members/${MEMBERSHIP}/repetitions/${repetitionId}/verify/`;

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
  api.on('GET', '/books/my-scores/', { status: 200, data: [] });
  api.on('GET', PROGRESS, { status: 200, data: page() });
  api.on('GET', `${PROGRESS}12/`, { status: 200, data: detail() });
});
afterEach(() => uninstall());

async function open(path: string, user: SessionUser = admin) {
  signIn(user);
  api.on('GET', '/accounts/profile/', { status: 200, data: { id: user.user_id, ...user } });
  const app = await renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const queryOf = (path: string) => Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''));
const repetitionRows = async () =>
  within(await screen.findByRole('table', { name: 'Repetitions of Peg transfer' }))
    .getAllByRole('row')
    .slice(1);

describe('Progress view: practice', () => {
  it('shows a column group per drill after the books: proficiency, repetitions, verified and last practice', async () => {
    await open(`/organization/${ORG}/progress`);
    const progress = within(await screen.findByRole('table', { name: "Members' progress" }));
    const groups = progress.getAllByRole('columnheader').filter((cell) => cell.getAttribute('scope') === 'colgroup');
    expect(groups.map((cell) => cell.textContent)).toEqual([
      'Fundamentals of Laparoscopic Surgery',
      'Peg transfer (target 48 s)',
      'Endotrainer knot tying (target 90 s)',
    ]);
    expect(progress.getAllByRole('columnheader', { name: 'Verified' })).toHaveLength(2);

    const [asha, vikram] = progress.getAllByRole('row').slice(2);
    const practiceCells = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('cell')
        .slice(7)
        .map((cell) => cell.textContent);
    expect(practiceCells(asha!)).toEqual([
      'Proficient',
      '14',
      '3',
      formatDateTime('2026-11-26T08:00:00Z'),
      '2 of 2 consecutive passes, 1 of 10 further passes',
      '4',
      '0',
      formatDateTime('2026-11-25T17:00:00Z'),
    ]);
    expect(practiceCells(vikram!)).toEqual([
      '0 of 2 consecutive passes, 0 of 10 further passes',
      '0',
      '0',
      '—none',
      '1 of 2 consecutive passes, 0 of 10 further passes',
      '1',
      '1',
      formatDateTime('2026-11-24T10:00:00Z'),
    ]);
  });

  it('downloads the practice CSV of the current filter beside the progress CSV, as practice-<organization>-<date>.csv', async () => {
    const csv =
      '\uFEFFmember,email,drill,performed_at,verified_by\r\nDr. Asha Rao,member12@cityhospital.example,Peg transfer,2026-11-25T17:00:00Z,Dr. Kavya Menon\r\n';
    api.on('GET', PROGRESS, (request) =>
      queryOf(request.path).format === 'practice_csv' ? { status: 200, data: new Blob([csv], { type: 'text/csv' }) } : { status: 200, data: page() },
    );
    const saved: string[] = [];
    const created: Blob[] = [];
    const jsdomUrl = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return 'blob:practice-1';
      },
      revokeObjectURL: vi.fn(),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      const { user } = await open(`/organization/${ORG}/progress?status=overdue`);
      await screen.findByRole('table', { name: "Members' progress" });
      expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Download practice CSV' }));

      await waitFor(() => expect(saved).toHaveLength(1));
      const request = api.callsTo(PROGRESS).find((call) => queryOf(call.path).format === 'practice_csv')!;
      expect(queryOf(request.path)).toEqual({ status: 'overdue', format: 'practice_csv' });
      expect(request.token).toBeTruthy();
      expect(saved[0]).toBe(progressCsvFileName('City Hospital', new Date(), 'practice_csv'));
      expect(saved[0]).toMatch(/^practice-City Hospital-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(Buffer.from(await created[0]!.arrayBuffer()).equals(Buffer.from(csv))).toBe(true);
    } finally {
      click.mockRestore();
      Object.assign(URL, jsdomUrl);
    }
  });
});

describe("A member's practice", () => {
  it('lists per drill the proficiency state and the repetitions newest first: date, time, penalties, score, Pass or Not yet', async () => {
    await open(`/organization/${ORG}/progress/12`);
    const drill = within(await screen.findByRole('region', { name: 'Peg transfer' }));
    expect(drill.getByText('Target 48 s · 2 of 2 consecutive passes, 7 of 10 further passes')).toBeInTheDocument();
    const rows = await repetitionRows();
    expect(rows.map((tr) => within(tr).getByRole('rowheader').textContent)).toEqual([
      formatDateTime('2026-11-26T08:00:00Z'),
      formatDateTime('2026-11-25T18:00:00Z'),
      formatDateTime('2026-11-25T17:00:00Z'),
    ]);
    const cells = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual(['45.3 s', 'None', '45.3 s', 'Pass', 'Verify']);
    expect(cells(rows[1]!)).toEqual(['41.0 s', 'Peg dropped outside the field ×2 +20 s; Peg transferred out of order +5 s', '66.0 s', 'Not yet', 'Verify']);
    expect(cells(rows[2]!)).toEqual(['45.3 s', 'None', '45.3 s', 'Pass', 'Verified by Dr. Kavya Menon']);
    // A verified repetition offers no second verification.
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it("says 'Proficient' with the date it was reached", async () => {
    const proficient = detail();
    proficient.drills[0]!.proficiency = proficiency(2, 10, '2026-11-26T08:00:00Z');
    api.on('GET', `${PROGRESS}12/`, { status: 200, data: proficient });
    await open(`/organization/${ORG}/progress/12`);
    const drill = within(await screen.findByRole('region', { name: 'Peg transfer' }));
    expect(drill.getByText('Proficient')).toBeInTheDocument();
    expect(drill.getByText(/Proficient since/)).toHaveTextContent(`Target 48 s · Proficient since ${formatDate('2026-11-26T08:00:00Z')}`);
  });

  it("verifies a repetition through the membership's verify path and shows who verified it, as the server answers", async () => {
    api.on('POST', verifyPath(102), {
      status: 200,
      data: { ...penalised, verified_by: { id: 11, full_name: 'Dr. Kavya Menon' }, verified_at: '2026-11-26T10:00:00Z' },
    });
    const { user } = await open(`/organization/${ORG}/progress/12`);
    const second = (await repetitionRows())[1]!;
    await user.click(within(second).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(within(second).getByText('Verified by Dr. Kavya Menon')).toBeInTheDocument());
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
    expect(api.callsTo(verifyPath(102), 'POST')).toHaveLength(1);
    expect(api.callsTo(verifyPath(102), 'POST')[0]!.token).toBeTruthy();
    // The others are as they were.
    expect(within((await repetitionRows())[0]!).getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it("shows the server's reason when a verification is refused", async () => {
    api.on('POST', verifyPath(103), { status: 403, data: { detail: 'Only the organization’s admins verify repetitions.' } });
    const { user } = await open(`/organization/${ORG}/progress/12`);
    await user.click(within((await repetitionRows())[0]!).getByRole('button', { name: 'Verify' }));
    const drill = within(screen.getByRole('region', { name: 'Peg transfer' }));
    expect(await drill.findByRole('alert')).toHaveTextContent('Only the organization’s admins verify repetitions.');
    expect(within((await repetitionRows())[0]!).getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('offline, Verify is disabled and says it needs a connection', async () => {
    const { queryClient } = await open(`/organization/${ORG}/progress/12`);
    await repetitionRows();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      window.dispatchEvent(new Event('offline'));
      const button = await waitFor(() => {
        const found = within(screen.getAllByRole('row')[1]!).getByRole('button', { name: 'Verify' });
        expect(found).toBeDisabled();
        return found;
      });
      expect(button).toHaveAccessibleDescription('Verifying a repetition needs a connection.');
      expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    } finally {
      onLine.mockRestore();
      window.dispatchEvent(new Event('online'));
      queryClient.clear();
    }
  });

  it("offers no Verify on an admin's own repetitions (the server refuses them)", async () => {
    const own = detail();
    own.member = { id: admin.user_id, full_name: admin.full_name, email: admin.email, role: 'admin' };
    api.on('GET', `${PROGRESS}${admin.user_id}/`, { status: 200, data: own });
    await open(`/organization/${ORG}/progress/${admin.user_id}`);
    const rows = await repetitionRows();
    expect(within(rows[0]!).getByText('Not verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  });
});
