/** Drill management (/practice/drills/new, /practice/drills/:id/edit, issue 37): superusers create, edit and delete drills; nobody else gets the form. */
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Drill } from '../../../../../src/contract/practice';
import { DrillStaffActions } from '../../../../../src/features/practice/admin/drill-staff-actions';
import { penaltySlug } from '../../../../../src/features/practice/admin/penalty-ids';
import { FakeApi, makeUser, signIn } from '../../../../helpers/fake-api';
import { renderApp } from '../../../../helpers/render-app';
import { LEARNER, lexicalText, signInAs, SUPERUSER } from '../../books/fixtures';

const DRILLS = '/practice/drills/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const pegTransfer = (overrides: Partial<Drill> = {}): Drill => ({
  id: 5,
  name: 'Peg transfer',
  instructions: lexicalText('Lift each peg with the left grasper, pass it to the right, place it on the far board.'),
  target_seconds: 48,
  penalties: [
    { id: 'peg-dropped-outside-the-field', label: 'Peg dropped outside the field', seconds: 10 },
    { id: 'peg-transferred-out-of-order', label: 'Peg transferred out of order', seconds: 5 },
  ],
  consecutive_passes: 2,
  further_passes: 10,
  max_repetitions: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

// The form's editor (Lexical) is a lazy chunk: transformed once here, not inside the first test's time.
beforeAll(() => import('../../../../../src/features/editor/components/chapter-editor'), 60_000);

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
  api.on('GET', '/books/my-scores/', { status: 200, data: [] });
});
afterEach(() => uninstall());

/** Opens the page; `visited` collects every path the app goes to after it (a later redirect does not hide one). */
async function openForm(path: string) {
  const app = await renderApp(path);
  const visited: string[] = [];
  app.history.subscribe(({ location }) => visited.push(location.pathname));
  await screen.findByRole('heading', { level: 1 });
  return { ...app, visited };
}

const form = async () => within(await screen.findByRole('form'));
/** Types into a field the quick way: a paste where the caret is. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
const penalty = (number: number) => within(screen.getByRole('group', { name: `Penalty ${number}` }));

describe('New drill', () => {
  it('creates a drill with its target, penalties (ids from their labels), the FLS rule by default and no cap, then opens it', async () => {
    signInAs(api, SUPERUSER);
    api.on('POST', DRILLS, (request) => ({ status: 201, data: { ...pegTransfer({ id: 9 }), ...(request.body as object) } }));
    const { user, visited } = await openForm('/practice/drills/new');
    const fields = await form();
    // The rich-text editor of the instructions is the chapter editor, loaded with the form.
    const editor = await screen.findByTestId('chapter-editor', {}, { timeout: 10_000 });
    expect(editor).toHaveAccessibleName('Instructions');
    expect(fields.getByRole('spinbutton', { name: 'Consecutive passes' })).toHaveValue(2);
    expect(fields.getByRole('spinbutton', { name: 'Further passes' })).toHaveValue(10);
    expect(fields.getByRole('spinbutton', { name: 'Cap on repetitions' })).toHaveValue(null);

    await fill(user, fields.getByRole('textbox', { name: 'Name' }), 'Peg transfer');
    await fill(user, fields.getByRole('spinbutton', { name: 'Target time (seconds)' }), '48');
    await user.click(fields.getByRole('button', { name: 'Add penalty' }));
    await fill(user, penalty(1).getByRole('textbox', { name: 'Label' }), 'Peg dropped outside the field');
    await fill(user, penalty(1).getByRole('spinbutton', { name: 'Seconds' }), '10');
    await user.click(fields.getByRole('button', { name: 'Add penalty' }));
    await fill(user, penalty(2).getByRole('textbox', { name: 'Label' }), 'खूंटी गिरी');
    await fill(user, penalty(2).getByRole('spinbutton', { name: 'Seconds' }), '5');
    await user.click(fields.getByRole('button', { name: 'Add penalty' }));
    await user.click(fields.getByRole('button', { name: 'Remove penalty 3' }));
    await user.click(fields.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(DRILLS, 'POST')).toHaveLength(1));
    const body = api.callsTo(DRILLS, 'POST')[0]!.body as Drill;
    expect(body).toEqual({
      name: 'Peg transfer',
      // Instructions left empty (writing in the editor is a browser test's: jsdom has no drag events for Lexical).
      instructions: null,
      target_seconds: 48,
      penalties: [
        { id: 'peg-dropped-outside-the-field', label: 'Peg dropped outside the field', seconds: 10 },
        // A label without Latin letters or digits has no slug: a random UUID, lower case.
        { id: expect.stringMatching(UUID), label: 'खूंटी गिरी', seconds: 5 },
      ],
      consecutive_passes: 2,
      further_passes: 10,
      max_repetitions: null,
    });
    // The saved drill opens as trainees see it.
    await waitFor(() => expect(visited).toContain('/practice/9'));
  });

  it("shows the server's field errors next to their fields and keeps what was entered", async () => {
    signInAs(api, SUPERUSER);
    api.on('POST', DRILLS, {
      status: 400,
      data: {
        name: ['A drill with this name already exists.'],
        penalties: ['Item 0.seconds: Ensure this value is less than or equal to 3600.'],
        consecutive_passes: ['Ensure this value is greater than or equal to 1.'],
      },
    });
    const { user, router } = await openForm('/practice/drills/new');
    const fields = await form();
    await fill(user, fields.getByRole('textbox', { name: 'Name' }), 'Peg transfer');
    await fill(user, fields.getByRole('spinbutton', { name: 'Target time (seconds)' }), '48');
    await user.click(fields.getByRole('button', { name: 'Add penalty' }));
    await fill(user, penalty(1).getByRole('textbox', { name: 'Label' }), 'Peg dropped');
    await fill(user, penalty(1).getByRole('spinbutton', { name: 'Seconds' }), '7200');
    await user.clear(fields.getByRole('spinbutton', { name: 'Consecutive passes' }));
    await fill(user, fields.getByRole('spinbutton', { name: 'Consecutive passes' }), '0');
    await user.click(fields.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The drill was not saved: see the fields marked below.');
    expect(fields.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('A drill with this name already exists.');
    expect(fields.getByRole('textbox', { name: 'Name' })).toHaveValue('Peg transfer');
    expect(fields.getByRole('group', { name: 'Penalties' })).toHaveAccessibleDescription('Item 0.seconds: Ensure this value is less than or equal to 3600.');
    expect(fields.getByRole('spinbutton', { name: 'Consecutive passes' })).toHaveAccessibleDescription('Ensure this value is greater than or equal to 1.');
    expect(fields.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/practice/drills/new');
  });

  it('asks for a name and whole numbers before it sends anything', async () => {
    signInAs(api, SUPERUSER);
    const { user } = await openForm('/practice/drills/new');
    const fields = await form();
    await user.click(fields.getByRole('button', { name: 'Add penalty' }));
    await user.click(fields.getByRole('button', { name: 'Save' }));
    expect(fields.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name is required.');
    expect(fields.getByRole('spinbutton', { name: 'Target time (seconds)' })).toHaveAccessibleDescription('Enter a whole number.');
    expect(fields.getByRole('group', { name: 'Penalties' })).toHaveAccessibleDescription('Each penalty needs a label and a whole number of seconds.');
    expect(api.callsTo(DRILLS, 'POST')).toHaveLength(0);
  });
});

describe('Edit drill', () => {
  it('loads the drill and saves every field with PUT, the penalties keeping their ids and the instructions as stored', async () => {
    signInAs(api, SUPERUSER);
    const drill = pegTransfer();
    api.on('GET', `${DRILLS}5/`, { status: 200, data: drill });
    api.on('PUT', `${DRILLS}5/`, (request) => ({ status: 200, data: { ...drill, ...(request.body as object), updated_at: '2026-11-27T10:00:00Z' } }));
    const { user, visited } = await openForm('/practice/drills/5/edit');
    const fields = await form();
    expect(await within(await screen.findByTestId('chapter-editor', {}, { timeout: 10_000 })).findByText(/Lift each peg/)).toBeInTheDocument();
    expect(fields.getByRole('textbox', { name: 'Name' })).toHaveValue('Peg transfer');
    expect(fields.getByRole('spinbutton', { name: 'Target time (seconds)' })).toHaveValue(48);

    await user.clear(fields.getByRole('spinbutton', { name: 'Target time (seconds)' }));
    await fill(user, fields.getByRole('spinbutton', { name: 'Target time (seconds)' }), '50');
    // Renamed, the penalty keeps its id: repetitions already saved name it by that id.
    await user.clear(penalty(1).getByRole('textbox', { name: 'Label' }));
    await fill(user, penalty(1).getByRole('textbox', { name: 'Label' }), 'Peg dropped out of view');
    await user.click(fields.getByRole('button', { name: 'Remove penalty 2' }));
    await user.click(fields.getByRole('button', { name: 'Add penalty' }));
    await fill(user, penalty(2).getByRole('textbox', { name: 'Label' }), 'Grasper out of the field');
    await fill(user, penalty(2).getByRole('spinbutton', { name: 'Seconds' }), '3');
    await fill(user, fields.getByRole('spinbutton', { name: 'Cap on repetitions' }), '200');
    await user.click(fields.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(`${DRILLS}5/`, 'PUT')).toHaveLength(1));
    expect(api.callsTo(`${DRILLS}5/`, 'PUT')[0]!.body).toEqual({
      name: 'Peg transfer',
      instructions: drill.instructions,
      target_seconds: 50,
      penalties: [
        { id: 'peg-dropped-outside-the-field', label: 'Peg dropped out of view', seconds: 10 },
        { id: 'grasper-out-of-the-field', label: 'Grasper out of the field', seconds: 3 },
      ],
      consecutive_passes: 2,
      further_passes: 10,
      max_repetitions: 200,
    });
    await waitFor(() => expect(visited).toContain('/practice/5'));
  });

  it("asks before deleting, saying every trainee's repetitions go too; Cancel deletes nothing", async () => {
    signInAs(api, SUPERUSER);
    api.on('GET', `${DRILLS}5/`, { status: 200, data: pegTransfer() });
    api.on('DELETE', `${DRILLS}5/`, { status: 204 });
    const { user, visited } = await openForm('/practice/drills/5/edit');
    const fields = await form();

    await user.click(fields.getByRole('button', { name: 'Delete drill' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete this drill?' }));
    expect(dialog.getByText("Every trainee's repetitions of 'Peg transfer' are deleted too. This cannot be undone.")).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`${DRILLS}5/`, 'DELETE')).toHaveLength(0);

    await user.click(fields.getByRole('button', { name: 'Delete drill' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete this drill?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete drill' }));
    await waitFor(() => expect(api.callsTo(`${DRILLS}5/`, 'DELETE')).toHaveLength(1));
    // Back to the drills.
    await waitFor(() => expect(visited).toContain('/practice'));
  });

  it('says so when the drill no longer exists', async () => {
    signInAs(api, SUPERUSER);
    api.on('GET', `${DRILLS}5/`, { status: 404, data: { detail: 'Not found.' } });
    await openForm('/practice/drills/5/edit');
    expect(await screen.findByText('This drill no longer exists.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('Drill management for anyone but a superuser', () => {
  it.each([
    ['a trainee', LEARNER],
    ['an organization admin', makeUser({ user_id: 11, organization_id: 3, organization_name: 'City Hospital', organization_role: 'admin' })],
  ])('tells %s the form is for superusers and asks the server nothing', async (_, who) => {
    signInAs(api, who);
    await openForm('/practice/drills/5/edit');
    expect(await screen.findByText('Only superusers can create and edit drills.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/practice/'))).toHaveLength(0);
  });

  it('sends a visitor who is not signed in to the login page', async () => {
    const { router } = await renderApp('/practice/drills/new');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('DrillStaffActions', () => {
  async function renderActions(drillId?: number) {
    const rootRoute = createRootRoute({ component: () => <DrillStaffActions drillId={drillId} /> });
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/practice'] }) });
    await act(async () => {
      render(<RouterProvider router={router} />);
      await router.load();
    });
  }

  it("links a superuser to 'New drill' where no drill is shown", async () => {
    signIn(SUPERUSER);
    await renderActions();
    expect(await screen.findByRole('link', { name: 'New drill' })).toHaveAttribute('href', '/practice/drills/new');
  });

  it("links a superuser to 'Edit drill' of the drill shown", async () => {
    signIn(SUPERUSER);
    await renderActions(5);
    expect(await screen.findByRole('link', { name: 'Edit drill' })).toHaveAttribute('href', '/practice/drills/5/edit');
  });

  it('shows nothing to anyone else', async () => {
    signIn(LEARNER);
    await renderActions(5);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('penaltySlug', () => {
  it('makes a penalty id of a label: lower case, hyphens, at most 40 characters', () => {
    expect(penaltySlug('Peg dropped outside the field')).toBe('peg-dropped-outside-the-field');
    expect(penaltySlug('  Gap in the loop (> 1 mm)! ')).toBe('gap-in-the-loop-1-mm');
    expect(penaltySlug('Aiguille déviée')).toBe('aiguille-deviee');
    expect(penaltySlug('Suture deviates from the marked dots by more than 1 mm')).toBe('suture-deviates-from-the-marked-dots-by');
    expect(penaltySlug('खूंटी गिरी')).toBe('');
  });
});
