/** The progress view (/organization/:orgId/progress, issue 35): members' figures per assigned book, filter, order, pages, detail, CSV. */
import { Blob } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberProgress, ProgressPage, ProgressRow } from '../../../../src/contract/progress';
import { progressCsvFileName } from '../../../../src/features/organization/api/progress';
import { formatDate, formatDateTime } from '../../../../src/lib/dates';
import type { SessionUser } from '../../../../src/lib/session';
import { FakeApi, makeUser, signIn } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { SUPERUSER } from '../books/fixtures';

const ORG = 3;
const PROGRESS = `/accounts/organizations/${ORG}/progress/`;
const admin = makeUser({
  user_id: 11,
  email: 'admin@cityhospital.example',
  full_name: 'Dr. Kavya Menon',
  organization_id: ORG,
  organization_name: 'City Hospital',
  organization_role: 'admin',
});

const row = (id: number, full_name: string, overrides: Partial<ProgressRow> = {}): ProgressRow => ({
  member: { id, full_name, email: `member${id}@cityhospital.example`, role: 'member' },
  last_synced: '2026-11-26T09:30:00Z',
  books: [],
  drills: [],
  ...overrides,
});

const asha = row(12, 'Dr. Asha Rao', {
  books: [
    { assignment: 40, book: 1, chapters_read: 8, chapter_count: 8, attempts: 2, best_percentage: 85, last_activity: '2026-11-26T09:00:00Z', status: 'done' },
    {
      assignment: 41,
      book: 2,
      chapters_read: 3,
      chapter_count: 8,
      attempts: 0,
      best_percentage: null,
      last_activity: '2026-11-20T12:00:00Z',
      status: 'overdue',
    },
  ],
});
const vikram = row(13, 'Dr. Vikram Shah', {
  last_synced: null,
  books: [{ assignment: 40, book: 1, chapters_read: 0, chapter_count: 8, attempts: 0, best_percentage: null, last_activity: null, status: 'not_started' }],
});

const page = (overrides: Partial<ProgressPage> = {}): ProgressPage => ({
  count: 2,
  next: null,
  previous: null,
  assignments: [
    { id: 40, book: 1, book_title: 'Fundamentals of Laparoscopic Surgery', due_date: null, pass_mark: 70 },
    { id: 41, book: 2, book_title: 'Suturing and Knot Tying', due_date: '2026-11-25', pass_mark: 80 },
  ],
  drills: [],
  results: [asha, vikram],
  ...overrides,
});

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
  api.on('GET', '/books/my-scores/', { status: 200, data: [] });
  api.on('GET', PROGRESS, { status: 200, data: page() });
});
afterEach(() => uninstall());

async function open(path: string, user: SessionUser = admin) {
  signIn(user);
  api.on('GET', '/accounts/profile/', { status: 200, data: { id: user.user_id, ...user } });
  const app = await renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const table = async () => within(await screen.findByRole('table', { name: "Members' progress" }));
const queryOf = (path: string) => Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''));
const lastProgressQuery = () => queryOf(api.callsTo(PROGRESS).at(-1)!.path);

describe('Progress view', () => {
  it("shows per member and assigned book the chapters read, attempts, best %, last activity and the status in words, and explains 'Last synced'", async () => {
    await open(`/organization/${ORG}/progress`);
    const progress = await table();
    expect(screen.getByText("Last synced is when this member's device last sent results; work done offline appears after it syncs.")).toBeInTheDocument();
    expect(progress.getByRole('columnheader', { name: 'Fundamentals of Laparoscopic Surgery' })).toHaveAttribute('scope', 'colgroup');
    expect(progress.getByRole('columnheader', { name: `Suturing and Knot Tying (due ${formatDate('2026-11-25T00:00:00')})` })).toBeInTheDocument();
    expect(progress.getAllByRole('columnheader', { name: 'Best %' })).toHaveLength(2);

    const [first, second] = progress.getAllByRole('row').slice(2);
    const cells = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Dr. Asha Rao');
    expect(cells(first!)).toEqual([
      'member12@cityhospital.example',
      formatDateTime('2026-11-26T09:30:00Z'),
      '8 / 8',
      '2',
      '85.0%',
      formatDateTime('2026-11-26T09:00:00Z'),
      'Done',
      '3 / 8',
      '0',
      '—none',
      formatDateTime('2026-11-20T12:00:00Z'),
      'Overdue',
    ]);
    // A member the second book is not assigned to; a member whose device never sent anything.
    expect(cells(second!)).toEqual(['member13@cityhospital.example', 'Never', '0 / 8', '0', '—none', '—none', 'Not started', 'Not assigned']);
    expect(within(first!).getByRole('link', { name: 'Dr. Asha Rao: details' })).toHaveAttribute('href', `/organization/${ORG}/progress/12`);
  });

  it('asks the server again when the status filter, the order or the page changes, and keeps them in the URL', async () => {
    api.on('GET', PROGRESS, (request) => {
      const query = queryOf(request.path);
      return query.page === '2'
        ? { status: 200, data: page({ count: 51, previous: `/api${PROGRESS}`, next: null, results: [vikram] }) }
        : { status: 200, data: page({ count: 51, next: `/api${PROGRESS}?page=2` }) };
    });
    const { user, router } = await open(`/organization/${ORG}/progress`);
    await table();
    expect(lastProgressQuery()).toEqual({});
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Overdue');
    await waitFor(() => expect(lastProgressQuery()).toEqual({ status: 'overdue' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Last synced (newest first)');
    await waitFor(() => expect(lastProgressQuery()).toEqual({ status: 'overdue', sort: '-last_synced' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastProgressQuery()).toEqual({ status: 'overdue', sort: '-last_synced', page: '2' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ status: 'overdue', sort: '-last_synced', page: 2 });
    await waitFor(async () => expect((await table()).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Dr. Vikram Shah']));

    // A new filter starts again at the first page.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(lastProgressQuery()).toEqual({ sort: '-last_synced' }));
  });

  it("opens a member's detail from their name: chapters with read dates and attempts with % and dates", async () => {
    const detail: MemberProgress = {
      member: asha.member,
      membership_id: 52,
      last_synced: '2026-11-26T09:30:00Z',
      drills: [],
      books: [
        {
          assignment: 40,
          book: 1,
          book_title: 'Fundamentals of Laparoscopic Surgery',
          status: 'in_progress',
          due_date: '2026-12-31',
          chapters: [
            { id: 101, title: 'Ergonomics', read_at: '2026-11-24T08:00:00Z' },
            { id: 102, title: 'Ports', read_at: null },
          ],
          attempts: [
            { id: 9, score_percentage: 60, correct_answers: 12, total_questions: 20, submitted_at: '2026-11-25T10:00:00Z' },
            { id: 10, score_percentage: 85, correct_answers: 17, total_questions: 20, submitted_at: '2026-11-26T09:00:00Z' },
          ],
        },
      ],
    };
    api.on('GET', `${PROGRESS}12/`, { status: 200, data: detail });
    const { user } = await open(`/organization/${ORG}/progress`);
    await user.click((await table()).getByRole('link', { name: 'Dr. Asha Rao: details' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dr. Asha Rao' })).toBeInTheDocument();
    const book = within(screen.getByRole('region', { name: 'Fundamentals of Laparoscopic Surgery' }));
    expect(book.getByText('In progress')).toBeInTheDocument();
    expect(book.getByText(`Due ${formatDate('2026-12-31T00:00:00')} · 1 / 2 chapters read`)).toBeInTheDocument();
    const chapters = book.getAllByRole('listitem').map((item) => item.textContent);
    expect(chapters).toEqual([`ErgonomicsRead ${formatDate('2026-11-24T08:00:00Z')}`, 'PortsNot read']);
    const attempts = within(book.getByRole('table', { name: 'Quiz attempts on Fundamentals of Laparoscopic Surgery' }))
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.textContent);
    expect(attempts).toEqual([`${formatDateTime('2026-11-25T10:00:00Z')}60.0%12 of 20`, `${formatDateTime('2026-11-26T09:00:00Z')}85.0%17 of 20`]);
    expect(screen.getByRole('link', { name: 'Back to progress' })).toHaveAttribute('href', `/organization/${ORG}/progress`);
  });

  it('downloads the CSV of the current filter through the signed-in client as progress-<organization>-<date>.csv', async () => {
    const csv = '\uFEFFname,email\r\nDr. Asha Rao,member12@cityhospital.example\r\n';
    api.on('GET', PROGRESS, (request) =>
      queryOf(request.path).format === 'csv' ? { status: 200, data: new Blob([csv], { type: 'text/csv' }) } : { status: 200, data: page() },
    );
    const saved: { name: string; href: string }[] = [];
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:progress-1';
    });
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs: these stand in for the browser's, and are taken away after.
    const jsdomUrl = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    try {
      const { user, router } = await open(`/organization/${ORG}/progress?status=done`);
      await table();
      expect(router.state.location.search).toEqual({ status: 'done' });
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));

      await waitFor(() => expect(saved).toHaveLength(1));
      const request = api.callsTo(PROGRESS).find((call) => queryOf(call.path).format === 'csv')!;
      expect(queryOf(request.path)).toEqual({ status: 'done', format: 'csv' });
      expect(request.token).toBeTruthy();
      expect(saved[0]).toEqual({ name: progressCsvFileName('City Hospital'), href: 'blob:progress-1' });
      expect(saved[0]!.name).toMatch(/^progress-City Hospital-\d{4}-\d{2}-\d{2}\.csv$/);
      // Byte for byte, the byte-order mark included (spreadsheets read UTF-8 by it).
      expect(Buffer.from(await created[0]!.arrayBuffer()).equals(Buffer.from(csv))).toBe(true);
      await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:progress-1'));
    } finally {
      click.mockRestore();
      Object.assign(URL, jsdomUrl);
    }
  });

  it("shows the server's reason when the CSV cannot be downloaded", async () => {
    api.on('GET', PROGRESS, (request) =>
      queryOf(request.path).format === 'csv'
        ? { status: 503, data: new Blob([JSON.stringify({ detail: 'The export is busy; try again in a minute.' })], { type: 'application/json' }) }
        : { status: 200, data: page() },
    );
    const { user } = await open(`/organization/${ORG}/progress`);
    await table();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The export is busy; try again in a minute.');
  });

  it('names the CSV file after the organization without characters a file system refuses, Hindi kept', () => {
    const day = new Date(2026, 10, 27, 23, 30);
    expect(progressCsvFileName('City Hospital', day)).toBe('progress-City Hospital-2026-11-27.csv');
    expect(progressCsvFileName('Surgery/Unit: "B"', day)).toBe('progress-Surgery-Unit- -B--2026-11-27.csv');
    expect(progressCsvFileName('एम्स दिल्ली', day)).toBe('progress-एम्स दिल्ली-2026-11-27.csv');
  });

  it("says a removed member's detail is no longer there", async () => {
    api.on('GET', `${PROGRESS}12/`, { status: 404, data: { detail: 'Not found.' } });
    await open(`/organization/${ORG}/progress/12`);
    expect(await screen.findByText('This member is not in the organization.')).toBeInTheDocument();
  });

  it('lets a superuser see any organization', async () => {
    api.on('GET', '/accounts/organizations/9/progress/', { status: 200, data: page() });
    await open('/organization/9/progress', SUPERUSER);
    expect(await table()).toBeTruthy();
  });

  it('tells a member who is not an admin that they may not see the page, and asks the server nothing', async () => {
    await open(`/organization/${ORG}/progress`, makeUser({ organization_id: ORG, organization_name: 'City Hospital', organization_role: 'member' }));
    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(api.callsTo(PROGRESS)).toHaveLength(0);
  });

  it('tells an admin of another organization the same', async () => {
    await open('/organization/9/progress');
    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.includes('/organizations/9/'))).toHaveLength(0);
  });

  it("tells an admin of another organization the same on a member's detail", async () => {
    await open('/organization/9/progress/12');
    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.includes('/organizations/9/'))).toHaveLength(0);
  });

  it('says so when the server refuses the page', async () => {
    api.on('GET', PROGRESS, { status: 403, data: { detail: 'You do not have permission to perform this action.' } });
    await open(`/organization/${ORG}/progress`);
    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
  });
});
