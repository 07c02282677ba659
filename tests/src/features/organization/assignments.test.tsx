/** The dashboard's Assignments card (issue 35): an organization admin assigns, edits and withdraws books. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assignment } from '../../../../src/contract/progress';
import type { OrganizationMember } from '../../../../src/features/organization/api/organization-members';
import type { SessionUser } from '../../../../src/lib/session';
import { FakeApi, makeUser, signIn } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { makeBook } from '../books/fixtures';

const ORG = 3;
const admin = makeUser({
  user_id: 11,
  email: 'admin@cityhospital.example',
  full_name: 'Dr. Kavya Menon',
  organization_id: ORG,
  organization_name: 'City Hospital',
  organization_role: 'admin',
});
const member = (id: number, full_name: string, role: OrganizationMember['role_in_organization'] = 'member'): OrganizationMember => ({
  id,
  email: `${full_name.split(' ').at(-1)!.toLowerCase()}@cityhospital.example`,
  full_name,
  role_in_organization: role,
  organization_membership_id: 100 + id,
});
const members = [member(11, 'Dr. Kavya Menon', 'admin'), member(12, 'Dr. Asha Rao'), member(13, 'Dr. Vikram Shah')];
const books = [makeBook({ id: 1, title: 'Fundamentals of Laparoscopic Surgery' }), makeBook({ id: 2, title: 'Suturing and Knot Tying' })];

const assignment = (overrides: Partial<Assignment> = {}): Assignment => ({
  id: 40,
  organization: ORG,
  book: 1,
  book_title: 'Fundamentals of Laparoscopic Surgery',
  to_all: true,
  members: [],
  due_date: null,
  note: '',
  pass_mark: 70,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

const ASSIGNMENTS = `/accounts/organizations/${ORG}/assignments/`;
let api: FakeApi;
let uninstall: () => void;
let assignments: Assignment[];

beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
  assignments = [];
  api.on('GET', '/books/my-scores/', { status: 200, data: [] });
  api.on('GET', '/accounts/invitations/', { status: 200, data: { results: [] } });
  api.on('GET', `/accounts/organizations/${ORG}/invitations/`, { status: 200, data: { count: 0, next: null, previous: null, results: [] } });
  api.on('GET', `/accounts/organizations/${ORG}/users/`, { status: 200, data: { count: 3, next: null, previous: null, results: members } });
  api.on('GET', '/books/books/', { status: 200, data: { count: 2, next: null, previous: null, results: books } });
  api.on('GET', ASSIGNMENTS, () => ({ status: 200, data: assignments }));
  api.on('POST', ASSIGNMENTS, (request) => {
    const body = request.body as Pick<Assignment, 'book' | 'to_all' | 'due_date' | 'note' | 'pass_mark'> & { members: number[] };
    const saved = assignment({
      id: 41,
      ...body,
      book_title: books.find((b) => b.id === body.book)!.title,
      members: members.filter((m) => body.members.includes(m.id)).map(({ id, full_name, email }) => ({ id, full_name, email })),
    });
    assignments = [...assignments, saved];
    return { status: 201, data: saved };
  });
});
afterEach(() => uninstall());

async function openDashboard(user: SessionUser = admin) {
  signIn(user);
  api.on('GET', '/accounts/profile/', { status: 200, data: { id: user.user_id, ...user } });
  const app = await renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return app;
}

const card = () => within(screen.getByRole('region', { name: 'Assignments' }));

async function openAssignDialog(app: Awaited<ReturnType<typeof openDashboard>>) {
  await card().findByText('No books are assigned yet.');
  await app.user.click(card().getByRole('button', { name: 'Assign a book' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Assign a book' }));
  // The books list arrives from its own query.
  await dialog.findByRole('option', { name: 'Suturing and Knot Tying' });
  return dialog;
}

describe('Assignments card (organization admins)', () => {
  it('assigns a book to all members by default, with no due date and the 70 % pass mark, and lists it', async () => {
    const app = await openDashboard();
    const dialog = await openAssignDialog(app);
    expect(dialog.getByRole('radio', { name: 'All members' })).toBeChecked();
    expect(dialog.getByRole('spinbutton', { name: 'Pass mark (%)' })).toHaveValue(70);
    await app.user.selectOptions(dialog.getByRole('combobox', { name: 'Book' }), 'Suturing and Knot Tying');
    await app.user.click(dialog.getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(ASSIGNMENTS, 'POST').map((c) => c.body)).toEqual([{ book: 2, to_all: true, members: [], due_date: null, note: '', pass_mark: 70 }]);
    expect(await card().findByText('Suturing and Knot Tying was assigned.')).toBeInTheDocument();
    const row = within(await card().findByRole('row', { name: /Suturing and Knot Tying/ }));
    expect(row.getByText('All members')).toBeInTheDocument();
    expect(row.getByText('No due date')).toBeInTheDocument();
    expect(row.getByText('70%')).toBeInTheDocument();
  });

  it('assigns to chosen members with a due date, a note and a pass mark, and names them in the list', async () => {
    const app = await openDashboard();
    const dialog = await openAssignDialog(app);
    await app.user.selectOptions(dialog.getByRole('combobox', { name: 'Book' }), 'Fundamentals of Laparoscopic Surgery');
    await app.user.click(dialog.getByRole('radio', { name: 'Chosen members' }));
    const chosen = within(dialog.getByRole('group', { name: 'Members' }));
    await app.user.click(chosen.getByRole('checkbox', { name: 'Dr. Asha Rao (rao@cityhospital.example)' }));
    await app.user.click(chosen.getByRole('checkbox', { name: 'Dr. Vikram Shah (shah@cityhospital.example)' }));
    fireEvent.change(dialog.getByLabelText('Due date (optional)'), { target: { value: '2026-12-31' } });
    await app.user.click(dialog.getByRole('textbox', { name: 'Note (optional)' }));
    await app.user.paste('Before the FLS exam');
    const passMark = dialog.getByRole('spinbutton', { name: 'Pass mark (%)' });
    await app.user.clear(passMark);
    await app.user.type(passMark, '80');
    await app.user.click(dialog.getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(api.callsTo(ASSIGNMENTS, 'POST')).toHaveLength(1));
    expect(api.callsTo(ASSIGNMENTS, 'POST')[0]!.body).toEqual({
      book: 1,
      to_all: false,
      members: [12, 13],
      due_date: '2026-12-31',
      note: 'Before the FLS exam',
      pass_mark: 80,
    });
    const row = within(await card().findByRole('row', { name: /Fundamentals of Laparoscopic Surgery/ }));
    expect(row.getByText('Dr. Asha Rao, Dr. Vikram Shah')).toBeInTheDocument();
    expect(row.getByText('31 Dec 2026')).toBeInTheDocument();
    expect(row.getByText('80%')).toBeInTheDocument();
    expect(row.getByText('Before the FLS exam')).toBeInTheDocument();
  });

  it("refuses chosen members with nobody ticked without sending, with the contract's sentence", async () => {
    const app = await openDashboard();
    const dialog = await openAssignDialog(app);
    await app.user.selectOptions(dialog.getByRole('combobox', { name: 'Book' }), 'Suturing and Knot Tying');
    await app.user.click(dialog.getByRole('radio', { name: 'Chosen members' }));
    await app.user.click(dialog.getByRole('button', { name: 'Assign' }));
    expect(dialog.getByRole('group', { name: 'Members' })).toHaveAccessibleDescription('Choose at least one member, or assign to all members.');
    expect(api.callsTo(ASSIGNMENTS, 'POST')).toHaveLength(0);
  });

  it("shows the server's field error on its field and keeps the dialog open", async () => {
    api.on('POST', ASSIGNMENTS, { status: 400, data: { due_date: ['The due date cannot be in the past.'] } });
    const app = await openDashboard();
    const dialog = await openAssignDialog(app);
    await app.user.selectOptions(dialog.getByRole('combobox', { name: 'Book' }), 'Suturing and Knot Tying');
    const due = dialog.getByLabelText('Due date (optional)');
    fireEvent.change(due, { target: { value: '2020-01-01' } });
    await app.user.click(dialog.getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(due).toHaveAccessibleDescription('The due date cannot be in the past.'));
    expect(due).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Assign a book' })).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).toBeNull();
  });

  it("shows the server's detail above the fields", async () => {
    api.on('POST', ASSIGNMENTS, { status: 403, data: { detail: 'You do not have permission to perform this action.' } });
    const app = await openDashboard();
    const dialog = await openAssignDialog(app);
    await app.user.selectOptions(dialog.getByRole('combobox', { name: 'Book' }), 'Suturing and Knot Tying');
    await app.user.click(dialog.getByRole('button', { name: 'Assign' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('You do not have permission to perform this action.');
  });

  it('edits an assignment in the same dialog with PATCH, without the book', async () => {
    assignments = [assignment({ due_date: '2026-12-01', note: 'Read first' })];
    api.on('PATCH', `${ASSIGNMENTS}40/`, (request) => {
      assignments = [{ ...assignments[0]!, ...(request.body as Partial<Assignment>) }];
      return { status: 200, data: assignments[0] };
    });
    const app = await openDashboard();
    await app.user.click(await card().findByRole('button', { name: 'Edit the assignment of Fundamentals of Laparoscopic Surgery' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit assignment' }));
    expect(dialog.getByRole('combobox', { name: 'Book' })).toBeDisabled();
    expect(dialog.getByLabelText('Due date (optional)')).toHaveValue('2026-12-01');
    const passMark = dialog.getByRole('spinbutton', { name: 'Pass mark (%)' });
    await app.user.clear(passMark);
    await app.user.type(passMark, '75');
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(`${ASSIGNMENTS}40/`, 'PATCH')).toHaveLength(1));
    expect(api.callsTo(`${ASSIGNMENTS}40/`, 'PATCH')[0]!.body).toEqual({
      to_all: true,
      members: [],
      due_date: '2026-12-01',
      note: 'Read first',
      pass_mark: 75,
    });
    expect(await card().findByText('75%')).toBeInTheDocument();
  });

  it('withdraws an assignment only after the question, with DELETE', async () => {
    assignments = [assignment()];
    api.on('DELETE', `${ASSIGNMENTS}40/`, () => {
      assignments = [];
      return { status: 204 };
    });
    const app = await openDashboard();
    await app.user.click(await card().findByRole('button', { name: 'Withdraw the assignment of Fundamentals of Laparoscopic Surgery' }));
    const question = await screen.findByRole('dialog', { name: 'Withdraw assignment' });
    expect(question).toHaveAccessibleDescription('Withdraw this assignment? Members will no longer see it.');
    await app.user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`${ASSIGNMENTS}40/`, 'DELETE')).toHaveLength(0);

    await app.user.click(card().getByRole('button', { name: 'Withdraw the assignment of Fundamentals of Laparoscopic Surgery' }));
    await app.user.click(within(await screen.findByRole('dialog', { name: 'Withdraw assignment' })).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.callsTo(`${ASSIGNMENTS}40/`, 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await card().findByText('No books are assigned yet.')).toBeInTheDocument();
    expect(card().getByText('The assignment of Fundamentals of Laparoscopic Surgery was withdrawn.')).toBeInTheDocument();
  });

  it('offline shows the list as last loaded and says the buttons need a connection', async () => {
    assignments = [assignment()];
    await openDashboard();
    await card().findByRole('row', { name: /Fundamentals of Laparoscopic Surgery/ });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      const assign = await card().findByRole('button', { name: 'Assign a book' });
      expect(assign).toBeDisabled();
      expect(assign).toHaveAccessibleDescription('You are offline: assigning, editing and withdrawing need a connection.');
      expect(card().getByRole('button', { name: 'Withdraw the assignment of Fundamentals of Laparoscopic Surgery' })).toBeDisabled();
      expect(card().getByRole('row', { name: /Fundamentals of Laparoscopic Surgery/ })).toBeInTheDocument();
    } finally {
      onLine.mockRestore();
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    }
  });

  it("links to the organization's progress view", async () => {
    await openDashboard();
    expect(await screen.findByRole('link', { name: 'Progress' })).toHaveAttribute('href', `/organization/${ORG}/progress`);
  });

  it('is not shown to a member without admin rights', async () => {
    await openDashboard(makeUser({ organization_id: ORG, organization_name: 'City Hospital', organization_role: 'member' }));
    expect(screen.queryByRole('region', { name: 'Assignments' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Progress' })).toBeNull();
    expect(api.callsTo(ASSIGNMENTS)).toHaveLength(0);
  });
});
