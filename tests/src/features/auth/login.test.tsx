import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../../src/features/auth/auth-store';
import { getAccessToken, getStoredUser } from '../../../../src/lib/session';
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

async function openLogin() {
  const app = await renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Login' });
  return app;
}

describe('Login (/login)', () => {
  it('has a required email field of email type and a required password field', async () => {
    await openLogin();
    const email = main().getByLabelText(/^Email/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    const password = main().getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
    expect(main().getByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
  });

  it('does not send the form while a required field is empty', async () => {
    const { user } = await openLogin();
    await user.type(main().getByLabelText(/^Email/), 'someone@hospital.example');
    await user.click(main().getByRole('button', { name: 'Login' }));
    expect(api.callsTo('/accounts/login/')).toHaveLength(0);
  });

  it("shows 'Logging in...' while signing in, then goes to /dashboard signed in", async () => {
    const person = makeUser({ email: 'learner@example.com', full_name: 'Learner' });
    let release!: () => void;
    api.on('POST', '/accounts/login/', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 200, data: { access: fakeAccessToken(person), refresh: 'r-1' } };
    });
    api.on('GET', '/accounts/profile/', { status: 200, data: { id: person.user_id, ...person } });
    api.on('GET', '/books/my-scores/', { status: 200, data: { count: 0, next: null, previous: null, results: [] } });
    const { user, router } = await openLogin();
    await user.type(main().getByLabelText(/^Email/), 'learner@example.com');
    await user.type(main().getByLabelText(/^Password/), 'Endotrainer#2026');
    await user.click(main().getByRole('button', { name: 'Login' }));

    const busy = await main().findByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();
    // The accounts API module loads on first use (auth-store): the request starts a tick later.
    await waitFor(() => expect(api.callsTo('/accounts/login/')).toHaveLength(1));
    release();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Welcome, Learner!')).toBeInTheDocument();
    expect(api.callsTo('/accounts/login/')[0]?.body).toEqual({ email: 'learner@example.com', password: 'Endotrainer#2026' });
    expect(getStoredUser()?.email).toBe('learner@example.com');
    // The navbar's signed-in part is a chunk of its own (visitors never load it).
    expect(await within(screen.getByRole('banner')).findByText('Welcome, learner@example.com')).toBeInTheDocument();
  });

  it("shows the server's detail in the error alert", async () => {
    api.on('POST', '/accounts/login/', { status: 401, data: { detail: 'No active account found with the given credentials' } });
    const { user } = await openLogin();
    await user.type(main().getByLabelText(/^Email/), 'nobody@example.com');
    await user.type(main().getByLabelText(/^Password/), 'wrong');
    await user.click(main().getByRole('button', { name: 'Login' }));
    expect(await main().findByRole('alert')).toHaveTextContent('No active account found with the given credentials');
    expect(getAccessToken()).toBeNull();
    expect(main().getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('names the refused field in the alert, with its error next to it; says offline when the request cannot leave the device', async () => {
    api.on('POST', '/accounts/login/', { status: 400, data: { email: ['Enter a valid email address.'] } });
    const { user } = await openLogin();
    await user.type(main().getByLabelText(/^Email/), 'a@b.example');
    await user.type(main().getByLabelText(/^Password/), 'x');
    await user.click(main().getByRole('button', { name: 'Login' }));
    expect(await main().findByRole('alert')).toHaveTextContent(/^Login failed: check Email below\.$/);
    expect(main().getByLabelText(/^Email/)).toHaveAccessibleDescription('Enter a valid email address.');
    expect(main().getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');

    api.on('POST', '/accounts/login/', () => 'network');
    await user.click(main().getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(main().getByRole('alert')).toHaveTextContent(/^This device is offline\. Signing in needs a connection/));

    api.on('POST', '/accounts/login/', { status: 502, data: '<html>' });
    await user.click(main().getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(main().getByRole('alert')).toHaveTextContent(/^An error occurred$/));
  });

  it('redirects an authenticated user to /dashboard, replacing the entry', async () => {
    signIn();
    api.on('GET', '/accounts/profile/', { status: 200, data: { id: 7, ...makeUser() } });
    api.on('GET', '/books/my-scores/', { status: 200, data: [] });
    const { router } = await renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('clears an earlier auth error when it opens and when it is left', async () => {
    api.on('POST', '/accounts/login/', { status: 401, data: { detail: 'No active account found with the given credentials' } });
    await authStore.login({ email: 'a@b.example', password: 'x' });
    expect(authStore.getState().error).not.toBeNull();
    const { user, router } = await openLogin();
    expect(main().queryByRole('alert')).not.toBeInTheDocument();
    expect(authStore.getState().error).toBeNull();

    await user.type(main().getByLabelText(/^Email/), 'a@b.example');
    await user.type(main().getByLabelText(/^Password/), 'x');
    await user.click(main().getByRole('button', { name: 'Login' }));
    await main().findByRole('alert');
    await router.navigate({ to: '/about' });
    await screen.findByRole('heading', { level: 1, name: 'About the Institute' });
    expect(authStore.getState().error).toBeNull();
  });

  it('sends the email trimmed and lower-cased (the contract normalizeEmail), as the server stores it', async () => {
    const person = makeUser({ email: 'learner@example.com' });
    api.on('POST', '/accounts/login/', { status: 200, data: { access: fakeAccessToken(person), refresh: 'r-1' } });
    api.on('GET', '/accounts/profile/', { status: 200, data: { id: person.user_id, ...person } });
    api.on('GET', '/books/my-scores/', { status: 200, data: [] });
    const { user, router } = await openLogin();
    await user.type(main().getByLabelText(/^Email/), 'Learner@Example.COM');
    await user.type(main().getByLabelText(/^Password/), 'Endotrainer#2026');
    await user.click(main().getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('/accounts/login/')[0]?.body).toEqual({ email: 'learner@example.com', password: 'Endotrainer#2026' });
  });

  it('links to Register', async () => {
    await openLogin();
    expect(main().getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });
});
