import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, INVALID_RESET_LINK, PASSWORD_CHANGED, RESET_LINK_VALID } from '../../../../src/contract/account';
import { getAccessToken, getRefreshToken, getStoredUser } from '../../../../src/lib/session';
import { FakeApi, fakeAccessToken, makeUser, signIn } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
});
afterEach(() => uninstall());

const main = () => within(screen.getByRole('main'));

describe('Forgot password (/forgot-password)', () => {
  it("is linked from Login, sends the address and shows the server's one answer", async () => {
    api.on('POST', '/accounts/password/forgot/', { status: 200, data: { detail: FORGOT_PASSWORD_ANSWER } });
    const { user, router } = await renderApp('/login');
    await user.click(await main().findByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { level: 1, name: 'Forgot password?' });
    expect(router.state.location.pathname).toBe('/forgot-password');
    await user.type(main().getByLabelText(/^Email/), ' Resident@Hospital.example ');
    await user.click(main().getByRole('button', { name: 'Send reset link' }));
    expect(await main().findByRole('status')).toHaveTextContent(FORGOT_PASSWORD_ANSWER);
    expect(api.callsTo('/accounts/password/forgot/')[0]!.body).toEqual({ email: 'resident@hospital.example' });
  });

  it('says the device is offline when the request cannot leave it', async () => {
    api.on('POST', '/accounts/password/forgot/', () => 'network');
    const { user } = await renderApp('/forgot-password');
    await user.type(await main().findByLabelText(/^Email/), 'a@b.example');
    await user.click(main().getByRole('button', { name: 'Send reset link' }));
    expect(await main().findByRole('alert')).toHaveTextContent(/^This device is offline\./);
  });
});

describe('Set a new password (/reset-password?token=…)', () => {
  beforeEach(() => {
    api.on('POST', '/accounts/password/reset/check/', { status: 200, data: { detail: RESET_LINK_VALID } });
  });

  it('refuses a used or expired link as the page opens, before a password is typed, and offers a new one', async () => {
    api.on('POST', '/accounts/password/reset/check/', { status: 400, data: { token: [INVALID_RESET_LINK] } });
    await renderApp('/reset-password?token=used');
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent(INVALID_RESET_LINK);
    expect(main().getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(main().queryByLabelText(/^New Password/)).not.toBeInTheDocument();
    expect(api.callsTo('/accounts/password/reset/check/')[0]!.body).toEqual({ token: 'used' });
  });

  it('keeps the form when the link cannot be checked (offline): the reset itself decides', async () => {
    api.on('POST', '/accounts/password/reset/check/', () => 'network');
    await renderApp('/reset-password?token=abc123');
    await waitFor(() => expect(api.callsTo('/accounts/password/reset/check/')).toHaveLength(1));
    expect(await main().findByLabelText(/^New Password/)).toBeInTheDocument();
    expect(main().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the token with the new password and shows the way to Login', async () => {
    api.on('POST', '/accounts/password/reset/', { status: 200, data: { detail: 'Your password has been changed. You can now log in with it.' } });
    const { user } = await renderApp('/reset-password?token=abc123');
    await user.type(await main().findByLabelText(/^New Password/), 'Trocar-Sites#2027');
    await user.type(main().getByLabelText(/^Confirm New Password/), 'Trocar-Sites#2027');
    await user.click(main().getByRole('button', { name: 'Set new password' }));
    expect(await main().findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(main().getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('/accounts/password/reset/')[0]!.body).toEqual({ token: 'abc123', password: 'Trocar-Sites#2027', password2: 'Trocar-Sites#2027' });
  });

  it('explains a used or expired link and offers a new one; password errors go beside their field', async () => {
    api.on('POST', '/accounts/password/reset/', { status: 400, data: { token: [INVALID_RESET_LINK] } });
    const { user } = await renderApp('/reset-password?token=old');
    await user.type(await main().findByLabelText(/^New Password/), 'x');
    await user.type(main().getByLabelText(/^Confirm New Password/), 'x');
    await user.click(main().getByRole('button', { name: 'Set new password' }));
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent(INVALID_RESET_LINK);
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');

    api.on('POST', '/accounts/password/reset/', { status: 400, data: { password: ['This password is too short.'] } });
    await user.click(main().getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(main().getByLabelText(/^New Password/)).toHaveAccessibleDescription('This password is too short.'));
    expect(main().getByRole('alert')).toHaveTextContent('Check the new password below.');
  });
});

describe('Dashboard: Edit profile and Change password', () => {
  const me = makeUser({ full_name: 'Dr Typo' });
  const profile = { id: me.user_id, ...me, bio: 'Resident', phone_number: '', date_joined: '2026-01-01T00:00:00Z' };

  async function openDashboard() {
    signIn(me, 'refresh-old');
    api.on('GET', '/accounts/profile/', { status: 200, data: profile });
    api.on('GET', '/books/my-scores/', { status: 200, data: [] });
    const app = await renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    return app;
  }

  it('edits the full name, bio and phone number and greets by the new name', async () => {
    api.on('PATCH', '/accounts/profile/', (request) => ({ status: 200, data: { ...profile, ...(request.body as object) } }));
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit profile' }));
    await waitFor(() => expect(dialog.getByLabelText(/^Full Name/)).toHaveValue('Dr Typo'));
    expect(dialog.getByLabelText('Bio')).toHaveValue('Resident');
    await user.clear(dialog.getByLabelText(/^Full Name/));
    await user.type(dialog.getByLabelText(/^Full Name/), 'Dr. Asha Rao');
    await user.type(dialog.getByLabelText('Phone Number'), '+91 98450 12345');
    await user.click(dialog.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(api.callsTo('/accounts/profile/', 'PATCH')[0]!.body).toEqual({ full_name: 'Dr. Asha Rao', bio: 'Resident', phone_number: '+91 98450 12345' });
    expect(getStoredUser()?.full_name).toBe('Dr. Asha Rao');
    expect(await screen.findByText('Welcome, Dr. Asha Rao!')).toBeInTheDocument();
  });

  it('needs the current password, shows its error beside it, and keeps this device signed in with the new pair', async () => {
    const newAccess = fakeAccessToken(me);
    api.on('POST', '/accounts/password/change/', (request) =>
      (request.body as { current_password: string }).current_password === 'right'
        ? { status: 200, data: { detail: PASSWORD_CHANGED, access: newAccess, refresh: 'refresh-new' } }
        : { status: 400, data: { current_password: ['Your current password is not correct.'] } },
    );
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change password' }));
    await user.type(dialog.getByLabelText(/^Current Password/), 'wrong');
    await user.type(dialog.getByLabelText(/^New Password/), 'Trocar-Sites#2027');
    await user.type(dialog.getByLabelText(/^Confirm New Password/), 'Trocar-Sites#2027');
    await user.click(dialog.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(dialog.getByLabelText(/^Current Password/)).toHaveAccessibleDescription('Your current password is not correct.'));
    await user.clear(dialog.getByLabelText(/^Current Password/));
    await user.type(dialog.getByLabelText(/^Current Password/), 'right');
    await user.click(dialog.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(getAccessToken()).toBe(newAccess);
    expect(getRefreshToken()).toBe('refresh-new');
  });
});
