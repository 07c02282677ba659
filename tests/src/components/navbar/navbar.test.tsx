import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi } from '../../../helpers/fake-api';
import { PHONE_WIDTH, setScreenWidth } from '../../../helpers/media';
import { renderApp } from '../../../helpers/render-app';
import { signInAs, SUPERUSER } from '../../features/books/fixtures';

const NAV = [
  ['Home', '/home'],
  ['About', '/about'],
  ['Training Programs', '/training-programs'],
  ['Innovations', '/innovations'],
  ['News & Updates', '/news-updates'],
  ['Contacts', '/contacts'],
] as const;

describe('navbar and footer', () => {
  it('links the logo to / and shows the spec links with Login and Register for a visitor', async () => {
    await renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About the Institute' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Lap Institute — home' })).toHaveAttribute('href', '/');
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    for (const [label, href] of NAV) expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(within(header).queryByRole('link', { name: /Dashboard|Books|Create Book/ })).not.toBeInTheDocument();
  });

  it('opens the drawer from the menu button, navigates and closes it', async () => {
    setScreenWidth(PHONE_WIDTH);
    const { user, router } = await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const menuButton = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    await waitFor(() => expect(document.getElementById('navigation-drawer')).not.toBeNull());
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const drawerNav = within(within(document.getElementById('navigation-drawer')!).getByRole('navigation', { name: 'Main' }));
    for (const [label, href] of NAV) expect(drawerNav.getByRole('link', { name: label })).toHaveAttribute('href', href);
    expect(await drawerNav.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(drawerNav.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');

    await user.click(drawerNav.getByRole('link', { name: 'Innovations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovations'));
    await waitFor(() => expect(document.getElementById('navigation-drawer')).toBeNull());
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);
  });

  it('closes the drawer when the window widens past the breakpoint, where the bar shows the links, and keeps it closed when it narrows again', async () => {
    setScreenWidth(PHONE_WIDTH);
    const { user } = await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    await waitFor(() => expect(document.getElementById('navigation-drawer')).not.toBeNull());
    act(() => setScreenWidth(1280));
    await waitFor(() => expect(document.getElementById('navigation-drawer')).toBeNull());
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/contacts');
    // Narrowed again (a tablet turned back), the Menu button returns and the drawer stays closed.
    act(() => setScreenWidth(PHONE_WIDTH));
    await screen.findByRole('button', { name: 'Open navigation menu' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.getElementById('navigation-drawer')).toBeNull();
  });

  it('has the footer links of the spec, the video channel opening in a new tab', async () => {
    await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const footer = within(screen.getByRole('contentinfo'));
    const nav = within(footer.getByRole('navigation', { name: 'Footer' }));
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(nav.getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/contacts');
    const video = nav.getByRole('link', { name: 'Video channel' });
    expect(video.getAttribute('href')).toMatch(/^https:\/\//);
    expect(video).toHaveAttribute('target', '_blank');
    expect(video).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('has a skip link to the main content', async () => {
    await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
  });
});

describe("the signed-in bar's Account menu", () => {
  let api: FakeApi;
  let uninstall: () => void;
  beforeEach(() => {
    api = new FakeApi();
    uninstall = api.install();
    api.on('GET', '/books/my-scores/', { status: 200, data: [] });
  });
  afterEach(() => uninstall());

  it('opens from the keyboard on the first link the bar does not show, moves with the arrows, and gives the focus back on Escape', async () => {
    act(() => setScreenWidth(1280));
    signInAs(api, SUPERUSER);
    const { user } = await renderApp('/about');
    const header = within(screen.getByRole('banner'));
    const button = await header.findByRole('button', { name: /^Account menu/ });
    expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');

    button.focus();
    await user.keyboard('{Enter}');
    const menu = within(await screen.findByRole('menu', { name: `Account menu (${SUPERUSER.email})` }));
    expect(menu.getByText(`Welcome, ${SUPERUSER.email}`)).toBeInTheDocument();
    // Dashboard and Books are beside the button in the bar; the menu holds only what it shows.
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['My downloads', 'Practice', 'Create Book', 'Messages', 'Logout']);
    await waitFor(() => expect(menu.getByRole('menuitem', { name: 'My downloads' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(menu.getByRole('menuitem', { name: 'Practice' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(menu.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    // Opened again, it starts on its first item, not where it was left.
    await user.keyboard(' ');
    const reopened = within(await screen.findByRole('menu'));
    await waitFor(() => expect(reopened.getByRole('menuitem', { name: 'My downloads' })).toHaveFocus());
  });
});
