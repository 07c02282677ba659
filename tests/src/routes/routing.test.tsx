import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeUser, signIn } from '../../helpers/fake-api';
import { renderApp } from '../../helpers/render-app';

const HEADLINE = 'Empowering Surgeons, Advancing Healthcare';

describe('routes of the public site', () => {
  it.each(['/', '/home'])('shows the home page at %s', async (path) => {
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: HEADLINE })).toBeInTheDocument();
  });

  it.each(['/no-such-page', '/about/director/extra', '/news-updates/1/2', '/books/1/chapters'])('redirects the unknown path %s to /', async (path) => {
    const { router } = await renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: HEADLINE })).toBeInTheDocument();
  });

  it('replaces the history entry when redirecting an unknown path', async () => {
    const { router, history } = await renderApp('/about');
    await router.navigate({ to: '/no-such-page' as '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
  });

  it('scrolls to the top when the path changes, not when only the hash changes', async () => {
    const { router } = await renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About the Institute' });
    (window.scrollTo as unknown as { mockClear(): void }).mockClear();

    await router.navigate({ to: '/about', hash: 'timeline' });
    await waitFor(() => expect(router.state.location.hash).toBe('timeline'));
    expect(window.scrollTo).not.toHaveBeenCalled();

    await router.navigate({ to: '/contacts' });
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it.each(['/dashboard', '/books', '/create-book', '/book/7'])(
    'sends a visitor without a token from %s to /login, replacing the history entry',
    async (path) => {
      const { router, history } = await renderApp('/about');
      await router.navigate({ to: path as '/' });
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
      history.back();
      await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    },
  );

  it('lets a signed-in user open a protected route after the session check', async () => {
    const user = makeUser({ organization_id: null, organization_name: null, organization_role: null });
    const api = new FakeApi()
      .on('GET', '/accounts/profile/', { status: 200, data: { id: user.user_id, ...user } })
      .on('GET', '/books/my-scores/', { status: 200, data: { count: 0, next: null, previous: null, results: [] } });
    const uninstall = api.install();
    try {
      signIn(user);
      const { router } = await renderApp('/dashboard');
      expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(api.callsTo('/accounts/profile/')).toHaveLength(1);
    } finally {
      uninstall();
    }
  });

  it('shows the login and register placeholders to visitors', async () => {
    const { router } = await renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await router.navigate({ to: '/register' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
  });
});
