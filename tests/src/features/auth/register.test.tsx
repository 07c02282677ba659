import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../../src/features/auth/auth-store';
import { getAccessToken, getRefreshToken, getStoredUser } from '../../../../src/lib/session';
import { FakeApi, fakeAccessToken, makeUser, signIn } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
});
afterEach(() => {
  uninstall();
  authStore.clearError();
});

const main = () => within(screen.getByRole('main'));

async function openRegister() {
  const app = await renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Register' });
  return app;
}

type App = Awaited<ReturnType<typeof openRegister>>;

/** Types a value in one go (pasting): MUI re-renders on every keystroke otherwise. */
async function fill(user: App['user'], field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

async function fillCommonFields(user: App['user'], values = { name: 'Dr. Meera Iyer', email: 'meera@hospital.example', password: 'laparoscopic training 42' }) {
  await fill(user, main().getByLabelText(/^Full Name/), values.name);
  await fill(user, main().getByLabelText(/^Email/), values.email);
  await fill(user, main().getByLabelText(/^Password/), values.password);
  await fill(user, main().getByLabelText(/^Confirm Password/), values.password);
}

describe('Register (/register)', () => {
  it('has the two account tabs, the individual fields and button', async () => {
    await openRegister();
    const tabs = main().getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Individual Account', 'Organization Account']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(main().getByLabelText(/^Full Name/)).toBeRequired();
    expect(main().getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(main().getByLabelText(/^Email/)).toBeRequired();
    expect(main().getByLabelText(/^Password/)).toBeRequired();
    expect(main().getByLabelText(/^Confirm Password/)).toBeRequired();
    expect(main().getByLabelText('Bio')).not.toBeRequired();
    expect(main().getByLabelText('Bio').tagName).toBe('TEXTAREA');
    expect(main().getByLabelText('Phone Number')).toHaveAttribute('type', 'tel');
    expect(main().getByLabelText('Phone Number')).not.toBeRequired();
    expect(main().queryByLabelText(/Organization Name/)).not.toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Register as Individual' })).toBeInTheDocument();
  });

  it("registers an individual: 'Registering...' while busy, the returned user stored, then /dashboard", async () => {
    const person = makeUser({ user_id: 31, email: 'meera@hospital.example', full_name: 'Dr. Meera Iyer' });
    let release!: () => void;
    api.on('POST', '/accounts/register/', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 201, data: { user: person, access: fakeAccessToken(person), refresh: 'r-31' } };
    });
    api.on('GET', '/accounts/profile/', { status: 200, data: { id: 31, ...person } });
    api.on('GET', '/books/my-scores/', { status: 200, data: [] });
    const { user, router } = await openRegister();
    await fillCommonFields(user);
    await fill(user, main().getByLabelText('Phone Number'), '+91 98450 12345');
    await user.click(main().getByRole('button', { name: 'Register as Individual' }));
    expect(await main().findByRole('button', { name: 'Registering...' })).toBeDisabled();
    // The accounts API module loads on first use (auth-store): the request starts a tick later.
    await waitFor(() => expect(api.callsTo('/accounts/register/')).toHaveLength(1));
    release();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('/accounts/register/')[0]?.body).toEqual({
      email: 'meera@hospital.example',
      password: 'laparoscopic training 42',
      password2: 'laparoscopic training 42',
      full_name: 'Dr. Meera Iyer',
      bio: '',
      phone_number: '+91 98450 12345',
    });
    expect(getStoredUser()).toEqual(person);
    expect(getRefreshToken()).toBe('r-31');
    expect(await screen.findByText('You are not currently associated with any organization.')).toBeInTheDocument();
  });

  it('registers an organization with its name, keeping what was typed when switching tabs', async () => {
    const owner = makeUser({
      user_id: 40,
      email: 'meera@hospital.example',
      organization_id: 9,
      organization_name: 'Mysuru Surgical',
      organization_role: 'owner',
    });
    api.on('POST', '/accounts/register/', { status: 201, data: { user: owner, access: fakeAccessToken(owner), refresh: 'r-40' } });
    api.on('GET', '/accounts/profile/', { status: 200, data: { id: 40, ...owner } });
    api.on('GET', '/books/my-scores/', { status: 200, data: [] });
    api.on('GET', '/accounts/organizations/9/users/', { status: 200, data: { count: 0, next: null, previous: null, results: [] } });
    const { user, router } = await openRegister();
    await fillCommonFields(user);
    await user.click(main().getByRole('tab', { name: 'Organization Account' }));
    expect(main().getByRole('tab', { name: 'Organization Account' })).toHaveAttribute('aria-selected', 'true');
    expect(main().getByLabelText(/^Full Name/)).toHaveValue('Dr. Meera Iyer');
    const organization = main().getByLabelText(/^Organization Name/);
    expect(organization).toBeRequired();
    await fill(user, organization, 'Mysuru Surgical');
    await fill(user, main().getByLabelText('Bio'), 'Consultant surgeon');
    await user.click(main().getByRole('button', { name: 'Register as Organization' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('/accounts/register/')[0]?.body).toMatchObject({ organization_name: 'Mysuru Surgical', bio: 'Consultant surgeon' });
    expect(await screen.findByText('Organization Members')).toBeInTheDocument();
  });

  it('does not send organization_name from the individual tab', async () => {
    api.on('POST', '/accounts/register/', { status: 400, data: { detail: 'stop' } });
    const { user } = await openRegister();
    await user.click(main().getByRole('tab', { name: 'Organization Account' }));
    await fill(user, main().getByLabelText(/^Organization Name/), 'Ignored');
    await user.click(main().getByRole('tab', { name: 'Individual Account' }));
    await fillCommonFields(user);
    await user.click(main().getByRole('button', { name: 'Register as Individual' }));
    await main().findByRole('alert');
    expect(api.callsTo('/accounts/register/')[0]?.body).not.toHaveProperty('organization_name');
  });

  it("shows the server's field errors next to their fields and one summary line naming them, never a bare 'An error occurred'", async () => {
    api.on('POST', '/accounts/register/', {
      status: 400,
      data: {
        email: ['A user with this email already exists.'],
        password2: ['Passwords do not match.'],
        password: ['This password is too common.'],
      },
    });
    const { user } = await openRegister();
    await fillCommonFields(user);
    await user.click(main().getByRole('button', { name: 'Register as Individual' }));
    expect(await main().findByRole('alert')).toHaveTextContent(/^Registration failed: check Email, Confirm Password and Password below\.$/);
    expect(main().getByLabelText(/^Email/)).toHaveAccessibleDescription('A user with this email already exists.');
    expect(main().getByLabelText(/^Confirm Password/)).toHaveAccessibleDescription('Passwords do not match.');
    expect(main().getByLabelText(/^Password/)).toHaveAccessibleDescription('This password is too common.');
    expect(getAccessToken()).toBeNull();
    expect(authStore.getState().error).toMatchObject({ email: ['A user with this email already exists.'] });
  });

  it("shows the organization name's error on the organization tab, and in the alert on the other", async () => {
    api.on('POST', '/accounts/register/', { status: 400, data: { organization_name: ['Too long.'] } });
    const { user } = await openRegister();
    await user.click(main().getByRole('tab', { name: 'Organization Account' }));
    await fillCommonFields(user);
    await fill(user, main().getByLabelText(/^Organization Name/), 'X');
    await user.click(main().getByRole('button', { name: 'Register as Organization' }));
    await main().findByRole('alert');
    expect(main().getByLabelText(/^Organization Name/)).toHaveAccessibleDescription('Too long.');
    await user.click(main().getByRole('tab', { name: 'Individual Account' }));
    expect(main().getByRole('alert')).toHaveTextContent('Too long.');
  });

  it('redirects an authenticated user to /dashboard', async () => {
    signIn();
    api.on('GET', '/accounts/profile/', { status: 200, data: { id: 7, ...makeUser() } });
    api.on('GET', '/books/my-scores/', { status: 200, data: [] });
    const { router } = await renderApp('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('clears the auth error when it opens and when it is left', async () => {
    api.on('POST', '/accounts/register/', { status: 400, data: { detail: 'Something wrong' } });
    await authStore.register({ email: 'a@b.example', password: 'p', password2: 'p', full_name: 'A', bio: '', phone_number: '' });
    const { user, router } = await openRegister();
    expect(main().queryByRole('alert')).not.toBeInTheDocument();
    await fillCommonFields(user);
    await user.click(main().getByRole('button', { name: 'Register as Individual' }));
    expect(await main().findByRole('alert')).toHaveTextContent('Something wrong');
    await router.navigate({ to: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(main().queryByRole('alert')).not.toBeInTheDocument();
    expect(authStore.getState().error).toBeNull();
  });
});
