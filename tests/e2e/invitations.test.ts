/**
 * Organizations need consent, in Chromium against the real server: the owner invites through
 * the members card and sees 'Invitation sent to {email}.' with no name; the invited person finds
 * the invitation on their dashboard and accepts, and then appears in the owner's members list;
 * another declines and the owner's pending list no longer holds them; a member leaves.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, clickLogout, launchApp } from '../helpers/browser';
import { apiCall, apiRegister, uiLogin } from './account-helpers';

const baseURL = inject('baseURL');

const main = (page: Page) => page.getByRole('main');
const membersCard = (page: Page) => page.getByRole('region', { name: 'Organization Members' });
const invitationsCard = (page: Page) => page.getByRole('region', { name: 'Invitations' });
const pendingList = (page: Page) => membersCard(page).getByRole('list', { name: 'Pending invitations' });

async function logout(page: Page) {
  await clickLogout(page);
  await page.waitForURL((url) => url.pathname === '/');
}

describe('invitations to an organization', () => {
  let app: AppBrowser;
  beforeAll(async () => {
    app = await launchApp(baseURL);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the owner invites, the invitee accepts on the dashboard and joins, another declines, a member leaves', async () => {
    const owner = await apiRegister(baseURL, 'consent-owner', 'Dr. Meera Joshi', 'Konkan Laparoscopy Unit');
    const invitee = await apiRegister(baseURL, 'consent-invitee', 'Dr. Sunil Pawar');
    const decliner = await apiRegister(baseURL, 'consent-decliner', 'Dr. Anita Kulkarni');
    const errors: string[] = [];

    // The owner invites both through the members card.
    const page = await app.open('/');
    page.on('pageerror', (error) => errors.push(error.message));
    await uiLogin(page, owner.email);
    await membersCard(page).getByRole('table', { name: 'Organization members' }).waitFor();
    await membersCard(page).getByRole('button', { name: 'Add User' }).click();
    for (const person of [invitee, decliner]) {
      await membersCard(page)
        .getByLabel(/^User Email/)
        .fill(person.email);
      await membersCard(page).getByRole('button', { name: 'Add User' }).click();
      await expect.poll(() => membersCard(page).getByRole('status').first().textContent()).toBe(`Invitation sent to ${person.email}.`);
    }
    await expect.poll(() => pendingList(page).getByRole('listitem').count()).toBe(2);
    expect(await membersCard(page).textContent()).not.toContain('Dr. Sunil Pawar');
    expect(await membersCard(page).getByRole('table').getByRole('row').count()).toBe(2);
    await logout(page);

    // The invitee sees the invitation on their dashboard and accepts.
    await uiLogin(page, invitee.email);
    const invitation = invitationsCard(page).getByRole('group', { name: 'Invitation from Konkan Laparoscopy Unit' });
    await invitation.waitFor();
    expect(await invitation.textContent()).toContain('Konkan Laparoscopy Unit invites you to join as member.');
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => invitationsCard(page).getByRole('status').textContent()).toBe('You joined Konkan Laparoscopy Unit.');
    await main(page).getByText('Organization: Konkan Laparoscopy Unit · Your role: member').waitFor();
    await main(page).getByText('You are a member of an organization but do not have admin rights to manage users.').waitFor();
    await logout(page);

    // The other declines.
    await uiLogin(page, decliner.email);
    await invitationsCard(page).getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => invitationsCard(page).getByRole('status').textContent()).toBe('Invitation declined.');
    await main(page).getByText('You are not currently associated with any organization.').waitFor();
    expect((await apiCall<{ organization_id: number | null }>(baseURL, decliner.access, 'GET', '/accounts/profile/')).data.organization_id).toBeNull();
    await logout(page);

    // The owner's list now names the invitee; nothing is pending.
    await uiLogin(page, owner.email);
    const table = membersCard(page).getByRole('table', { name: 'Organization members' });
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    expect(await table.getByRole('row').nth(2).getByRole('cell').allTextContents()).toEqual(['2', 'Dr. Sunil Pawar', invitee.email, 'member', 'Remove']);
    await membersCard(page).getByText('No pending invitations.').waitFor();
    await logout(page);

    // The member leaves.
    await uiLogin(page, invitee.email);
    await main(page).getByRole('button', { name: 'Leave organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave organization' });
    expect(await dialog.textContent()).toContain('Are you sure you want to leave Konkan Laparoscopy Unit?');
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await main(page).getByText('You are not currently associated with any organization.').waitFor();
    const members = await apiCall<{ results: { email: string }[] }>(
      baseURL,
      owner.access,
      'GET',
      `/accounts/organizations/${owner.user.organization_id}/users/`,
    );
    expect(members.data.results.map((m) => m.email)).toEqual([owner.email]);
    await logout(page);
    expect(errors).toEqual([]);
    await page.close();
  });
});
