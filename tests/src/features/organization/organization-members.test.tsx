import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyInvitation, OrganizationMember, PendingInvitation } from '../../../../src/features/organization/api/organization-members';
import { addMemberErrorMessage } from '../../../../src/features/organization/api/organization-members';
import { isOrganizationAdmin } from '../../../../src/contract/permissions';
import { ApiError } from '../../../../src/lib/api-error';
import type { SessionUser } from '../../../../src/lib/session';
import { FakeApi, type FakeHandler, makeUser, signIn } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';

const ORG = 3;
const owner = makeUser({
  user_id: 10,
  email: 'owner@cityhospital.example',
  full_name: 'Dr. Kavya Menon',
  organization_id: ORG,
  organization_name: 'City Hospital',
  organization_role: 'owner',
});
const member = (id: number, email: string, role: OrganizationMember['role_in_organization'], full_name = email.split('@')[0]!): OrganizationMember => ({
  id,
  email,
  full_name,
  role_in_organization: role,
  organization_membership_id: 100 + id,
});

let api: FakeApi;
let uninstall: () => void;
let members: OrganizationMember[];
let pending: PendingInvitation[];
let mine: MyInvitation[];

beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
  members = [
    member(10, owner.email, 'owner', owner.full_name),
    member(11, 'admin@cityhospital.example', 'admin'),
    member(12, 'resident@cityhospital.example', 'member'),
  ];
  pending = [];
  mine = [];
  api.on('GET', '/books/my-scores/', { status: 200, data: [] });
  api.on('GET', `/accounts/organizations/${ORG}/invitations/`, () => ({
    status: 200,
    data: { count: pending.length, next: null, previous: null, results: pending },
  }));
  api.on('GET', '/accounts/invitations/', () => ({ status: 200, data: { results: mine } }));
  api.on('GET', `/accounts/organizations/${ORG}/users/`, () => ({
    status: 200,
    data: { count: members.length, next: null, previous: null, results: members },
  }));
});
afterEach(() => uninstall());

async function openDashboard(user: SessionUser = owner) {
  signIn(user);
  api.on('GET', '/accounts/profile/', { status: 200, data: { id: user.user_id, ...user } });
  const app = await renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return app;
}

const card = () => within(screen.getByRole('region', { name: 'Organization Members' }));
const table = async () => within(await card().findByRole('table', { name: 'Organization members' }));

describe('dashboard welcome', () => {
  it('greets by full name and names the organization and the role', async () => {
    await openDashboard();
    expect(screen.getByText('Welcome, Dr. Kavya Menon!')).toBeInTheDocument();
    expect(
      screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Organization: City Hospital · Your role: owner'),
    ).toBeInTheDocument();
  });

  it("greets by email without a full name and shows 'ID {id}' without an organization name", async () => {
    await openDashboard(makeUser({ full_name: '', email: 'x@y.example', organization_id: 5, organization_name: null, organization_role: 'member' }));
    expect(screen.getByText('Welcome, x@y.example!')).toBeInTheDocument();
    expect(screen.getByText('ID 5')).toBeInTheDocument();
  });
});

describe('Organization Members card (admins)', () => {
  it('says offline that the list shown is the one last loaded', async () => {
    await openDashboard();
    await table();
    expect(card().queryByText(/^You are offline/)).toBeNull();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(await card().findByText(/^You are offline: this is the list as last loaded \(/)).toBeInTheDocument();
      expect((await table()).getAllByRole('row')).toHaveLength(4);
    } finally {
      onLine.mockRestore();
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    }
  });

  it("shows 'Loading users...' and then the table: #, Full Name, Email, Role badge, Actions; 'Yourself' on the own row", async () => {
    let release!: () => void;
    const list: FakeHandler = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 200, data: { count: 3, next: null, previous: null, results: members } };
    };
    api.on('GET', `/accounts/organizations/${ORG}/users/`, list);
    await openDashboard();
    expect(await card().findByText('Loading users...')).toBeInTheDocument();
    release();
    const rows = (await table()).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['#', 'Full Name', 'Email', 'Role', 'Actions']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'Dr. Kavya Menon', owner.email, 'owner', 'Yourself']);
    expect(within(rows[2]!).getAllByRole('cell')[3]).toHaveTextContent('admin');
    expect(within(rows[2]!).getByRole('button', { name: 'Remove admin@cityhospital.example' })).toBeEnabled();
    expect(within(rows[3]!).getByRole('button', { name: 'Remove resident@cityhospital.example' })).toBeEnabled();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists every page of members', async () => {
    api.on('GET', `/accounts/organizations/${ORG}/users/`, (request) =>
      request.path.includes('page=2')
        ? { status: 200, data: { count: 3, next: null, previous: 'x', results: members.slice(2) } }
        : {
            status: 200,
            data: { count: 3, next: `http://127.0.0.1/api/accounts/organizations/${ORG}/users/?page=2`, previous: null, results: members.slice(0, 2) },
          },
    );
    await openDashboard();
    expect((await table()).getAllByRole('row')).toHaveLength(4);
  });

  it("shows 'No users found in this organization.' for an empty list", async () => {
    members = [];
    await openDashboard();
    expect(await card().findByText('No users found in this organization.')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch organization users.', or the server's detail", async () => {
    api.on('GET', `/accounts/organizations/${ORG}/users/`, { status: 500, data: '<html>' });
    await openDashboard();
    expect(await card().findByText('Failed to fetch organization users.')).toBeInTheDocument();
    expect(card().queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's detail when the list is refused", async () => {
    api.on('GET', `/accounts/organizations/${ORG}/users/`, { status: 403, data: { detail: 'You do not have permission to perform this action.' } });
    await openDashboard();
    expect(await card().findByText('You do not have permission to perform this action.')).toBeInTheDocument();
  });

  it("toggles the add form with 'Add User' / 'Cancel Adding'", async () => {
    const { user } = await openDashboard();
    const toggle = card().getByRole('button', { name: 'Add User' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(card().queryByLabelText(/User Email/)).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveTextContent('Cancel Adding');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(card().getByLabelText(/User Email/)).toBeRequired();
    const role = card().getByLabelText('Assign Role');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['member', 'admin']);
    await user.click(toggle);
    expect(toggle).toHaveTextContent('Add User');
    expect(card().queryByLabelText(/User Email/)).not.toBeInTheDocument();
  });

  it("invites: 'Invitation sent to {email}.', no name, the email cleared, the pending invitations reloaded and the members unchanged", async () => {
    api.on('POST', `/accounts/organizations/${ORG}/add-member/`, (request) => {
      const body = request.body as { email: string; role: 'member' | 'admin' };
      const invitation = { id: 7, email: body.email, role: body.role, created_at: '2026-01-01T00:00:00.000Z' };
      pending = [...pending, invitation];
      return { status: 201, data: { detail: `Invitation sent to ${body.email}.`, invitation } };
    });
    const { user } = await openDashboard();
    await table();
    expect(await card().findByText('No pending invitations.')).toBeInTheDocument();
    await user.click(card().getByRole('button', { name: 'Add User' }));
    const email = card().getByLabelText(/User Email/);
    await user.click(email);
    await user.paste('fellow@cityhospital.example');
    await user.selectOptions(card().getByLabelText('Assign Role'), 'admin');
    await user.click(card().getByRole('button', { name: 'Add User' }));

    expect(await card().findByRole('status')).toHaveTextContent('Invitation sent to fellow@cityhospital.example.');
    expect(api.callsTo(`/accounts/organizations/${ORG}/add-member/`)[0]?.body).toEqual({ email: 'fellow@cityhospital.example', role: 'admin' });
    expect(email).toHaveValue('');
    const invitations = within(await card().findByRole('list', { name: 'Pending invitations' }));
    expect(invitations.getByText('fellow@cityhospital.example')).toBeInTheDocument();
    expect(invitations.getByText('admin')).toBeInTheDocument();
    expect((await table()).queryByText('fellow@cityhospital.example')).not.toBeInTheDocument();
  });

  it('withdraws a pending invitation', async () => {
    pending = [{ id: 8, email: 'maybe@x.example', role: 'member', created_at: '2026-01-01T00:00:00.000Z' }];
    api.on('DELETE', `/accounts/organizations/${ORG}/invitations/:invitationId/`, (request) => {
      pending = pending.filter((i) => String(i.id) !== request.params.invitationId);
      return { status: 204 };
    });
    const { user } = await openDashboard();
    await user.click(await card().findByRole('button', { name: 'Withdraw the invitation of maybe@x.example' }));
    expect(await card().findByRole('status')).toHaveTextContent('The invitation of maybe@x.example was withdrawn.');
    expect(api.callsTo(`/accounts/organizations/${ORG}/invitations/8/`, 'DELETE')).toHaveLength(1);
    expect(await card().findByText('No pending invitations.')).toBeInTheDocument();
  });

  it('lets the owner make an admin the owner, after confirmation, and reads the session again', async () => {
    api.on('POST', `/accounts/organizations/${ORG}/transfer-ownership/`, { status: 204 });
    const { user } = await openDashboard();
    const rows = (await table()).getAllByRole('row');
    expect(within(rows[3]!).queryByRole('button', { name: /Make .* the owner/ })).not.toBeInTheDocument();
    const profileCalls = api.callsTo('/accounts/profile/').length;
    await user.click(within(rows[2]!).getByRole('button', { name: 'Make admin@cityhospital.example the owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over the organization' });
    await user.click(within(dialog).getByRole('button', { name: 'Make owner' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await card().findByRole('status')).toHaveTextContent('admin@cityhospital.example is now the owner of the organization.');
    expect(api.callsTo(`/accounts/organizations/${ORG}/transfer-ownership/`)[0]?.body).toEqual({ membership_id: 111 });
    await waitFor(() => expect(api.callsTo('/accounts/profile/').length).toBeGreaterThan(profileCalls));
  });

  it('shows the add error: the first email error, and keeps the email', async () => {
    api.on('POST', `/accounts/organizations/${ORG}/add-member/`, {
      status: 400,
      data: { email: ['No account uses this email address. Ask the person to register first.'] },
    });
    const { user } = await openDashboard();
    await user.click(card().getByRole('button', { name: 'Add User' }));
    await user.click(card().getByLabelText(/User Email/));
    await user.paste('stranger@example.com');
    await user.click(card().getByRole('button', { name: 'Add User' }));
    expect(await card().findByRole('alert')).toHaveTextContent('No account uses this email address. Ask the person to register first.');
    expect(card().getByLabelText(/User Email/)).toHaveValue('stranger@example.com');
  });

  it('removes a member after confirmation, with the row in progress, the message and a reload', async () => {
    let release!: () => void;
    api.on('DELETE', `/accounts/organizations/${ORG}/members/:membershipId/`, async (request) => {
      await new Promise<void>((resolve) => (release = resolve));
      members = members.filter((m) => String(m.organization_membership_id) !== request.params.membershipId);
      return { status: 204 };
    });
    const { user } = await openDashboard();
    const rows = (await table()).getAllByRole('row');
    await user.click(within(rows[3]!).getByRole('button', { name: 'Remove resident@cityhospital.example' }));

    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to remove resident@cityhospital.example from the organization?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const busy = await within(rows[3]!).findByRole('button', { name: 'Removing resident@cityhospital.example' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveTextContent('Removing...');
    expect(within(rows[2]!).getByRole('button', { name: 'Remove admin@cityhospital.example' })).toBeEnabled();
    const listCalls = api.callsTo(`/accounts/organizations/${ORG}/users/`).length;
    release();

    expect(await card().findByRole('status')).toHaveTextContent('User resident@cityhospital.example removed successfully.');
    expect(api.callsTo(`/accounts/organizations/${ORG}/members/112/`, 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo(`/accounts/organizations/${ORG}/users/`).length).toBe(listCalls + 1));
    await waitFor(() => expect(card().queryByText('resident@cityhospital.example')).not.toBeInTheDocument());
  });

  it('does nothing when the removal is cancelled', async () => {
    const { user } = await openDashboard();
    const rows = (await table()).getAllByRole('row');
    await user.click(within(rows[2]!).getByRole('button', { name: 'Remove admin@cityhospital.example' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it("shows the server's detail when a removal is refused, else 'Failed to remove user {email}.'", async () => {
    api.on('DELETE', `/accounts/organizations/${ORG}/members/:membershipId/`, { status: 400, data: { detail: "The organization's owner cannot be removed." } });
    const { user } = await openDashboard();
    const rows = (await table()).getAllByRole('row');
    await user.click(within(rows[2]!).getByRole('button', { name: 'Remove admin@cityhospital.example' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await card().findByRole('alert')).toHaveTextContent("The organization's owner cannot be removed.");

    api.on('DELETE', `/accounts/organizations/${ORG}/members/:membershipId/`, () => 'network');
    await user.click(within(rows[3]!).getByRole('button', { name: 'Remove resident@cityhospital.example' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(card().getByRole('alert')).toHaveTextContent('Failed to remove user resident@cityhospital.example.'));
    expect(within(rows[3]!).getByRole('button', { name: 'Remove resident@cityhospital.example' })).toBeEnabled();
  });

  it("is shown to an organization admin too, with no Remove on the owner's row or on its own row and no admin role to give", async () => {
    const { user } = await openDashboard(
      makeUser({ user_id: 11, email: 'admin@cityhospital.example', organization_id: ORG, organization_name: 'City Hospital', organization_role: 'admin' }),
    );
    const rows = (await table()).getAllByRole('row');
    expect(within(rows[2]!).getByText('Yourself')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('No actions')).toBeInTheDocument();
    expect(within(rows[3]!).getByRole('button', { name: 'Remove resident@cityhospital.example' })).toBeEnabled();
    await user.click(card().getByRole('button', { name: 'Add User' }));
    const roles = within(card().getByLabelText('Assign Role'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(roles).toEqual(['member']);
  });

  it("offers the owner both roles and Remove on every row but the owner's own", async () => {
    const { user } = await openDashboard();
    const rows = (await table()).getAllByRole('row');
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Remove admin@cityhospital.example' })).toBeEnabled();
    await user.click(card().getByRole('button', { name: 'Add User' }));
    const roles = within(card().getByLabelText('Assign Role'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(roles).toEqual(['member', 'admin']);
  });
});

describe('organization notices', () => {
  it('tells a plain member that managing users needs admin rights', async () => {
    await openDashboard(makeUser({ organization_id: ORG, organization_name: 'City Hospital', organization_role: 'member' }));
    expect(screen.getByText('You are a member of an organization but do not have admin rights to manage users.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Organization Members' })).not.toBeInTheDocument();
    expect(api.callsTo(`/accounts/organizations/${ORG}/users/`)).toHaveLength(0);
  });

  it('tells a user without an organization', async () => {
    await openDashboard(makeUser());
    expect(screen.getByText('You are not currently associated with any organization.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Organization Members' })).not.toBeInTheDocument();
  });
});

describe('my invitations and leaving', () => {
  const invitation: MyInvitation = { id: 21, organization: { id: ORG, name: 'City Hospital' }, role: 'member', created_at: '2026-01-01T00:00:00.000Z' };

  it('shows nothing without invitations', async () => {
    await openDashboard(makeUser());
    await waitFor(() => expect(api.callsTo('/accounts/invitations/').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
  });

  it('accepts an invitation, then reads the profile again so the dashboard shows the organization', async () => {
    mine = [invitation];
    let joined = false;
    api.on('POST', '/accounts/invitations/:invitationId/answer/', () => {
      joined = true;
      mine = [];
      return { status: 200, data: { detail: 'You joined City Hospital.' } };
    });
    const learner = makeUser();
    signIn(learner);
    api.on('GET', '/accounts/profile/', () => ({
      status: 200,
      data: { id: learner.user_id, ...learner, ...(joined ? { organization_id: ORG, organization_name: 'City Hospital', organization_role: 'member' } : {}) },
    }));
    const { user } = await renderApp('/dashboard');
    const region = within(await screen.findByRole('region', { name: 'Invitations' }));
    expect(region.getByRole('group', { name: 'Invitation from City Hospital' })).toHaveTextContent('City Hospital invites you to join as member.');
    await user.click(region.getByRole('button', { name: 'Accept' }));
    expect(await region.findByRole('status')).toHaveTextContent('You joined City Hospital.');
    expect(api.callsTo('/accounts/invitations/21/answer/')[0]?.body).toEqual({ accept: true });
    expect(await screen.findByText('You are a member of an organization but do not have admin rights to manage users.')).toBeInTheDocument();
  });

  it('declines an invitation', async () => {
    mine = [invitation];
    api.on('POST', '/accounts/invitations/:invitationId/answer/', () => {
      mine = [];
      return { status: 200, data: { detail: 'Invitation declined.' } };
    });
    const { user } = await openDashboard(makeUser());
    const region = within(await screen.findByRole('region', { name: 'Invitations' }));
    await user.click(region.getByRole('button', { name: 'Decline' }));
    expect(await region.findByRole('status')).toHaveTextContent('Invitation declined.');
    expect(api.callsTo('/accounts/invitations/21/answer/')[0]?.body).toEqual({ accept: false });
    expect(region.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.getByText('You are not currently associated with any organization.')).toBeInTheDocument();
  });

  it('lets a member leave after confirmation; the owner is told to hand the organization over first', async () => {
    let left = false;
    api.on('DELETE', `/accounts/organizations/${ORG}/membership/`, () => {
      left = true;
      return { status: 204 };
    });
    const resident = makeUser({ organization_id: ORG, organization_name: 'City Hospital', organization_role: 'member' });
    signIn(resident);
    api.on('GET', '/accounts/profile/', () => ({
      status: 200,
      data: { id: resident.user_id, ...resident, ...(left ? { organization_id: null, organization_name: null, organization_role: null } : {}) },
    }));
    const { user } = await renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Leave organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave organization' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to leave City Hospital? You can only join again if an admin invites you.');
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You are not currently associated with any organization.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave organization' })).not.toBeInTheDocument();
  });

  it('tells the owner to hand the organization to an admin before leaving', async () => {
    await openDashboard();
    expect(await screen.findByText(/As the organization's owner you can leave it once you have made one of its admins the owner/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave organization' })).not.toBeInTheDocument();
  });
});

describe('member-management rules', () => {
  it.each([
    ['owner', true],
    ['admin', true],
    ['Owner', true],
    ['Admin', true],
    ['member', false],
    [null, false],
  ])('treats the role %s as admin: %s', (role, admin) => {
    expect(isOrganizationAdmin({ organization_id: 1, organization_role: role as SessionUser['organization_role'] })).toBe(admin);
  });

  it('needs an organization id as well', () => {
    expect(isOrganizationAdmin({ organization_id: null, organization_role: 'owner' })).toBe(false);
  });

  it('picks the add error: detail, else first email error, else first error of the first field, else the default', () => {
    const fail = (data: unknown) => new ApiError('x', 'invalid', 400, data);
    expect(addMemberErrorMessage(fail({ detail: 'Not allowed.', email: ['e'] }))).toBe('Not allowed.');
    expect(addMemberErrorMessage(fail({ role: ['Bad role.'], email: ['Bad email.', 'Second.'] }))).toBe('Bad email.');
    expect(addMemberErrorMessage(fail({ role: ['Bad role.'], other: ['x'] }))).toBe('Bad role.');
    expect(addMemberErrorMessage(fail(undefined))).toBe('Failed to add user.');
    expect(addMemberErrorMessage(new ApiError('Network Error', 'network'))).toBe('Failed to add user.');
  });
});
