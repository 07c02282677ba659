/** Accounts made and used through the real API, and sign-in through the UI, for the organization and shared-device tests. */
import type { Page } from 'playwright-core';
import { waitForApp } from '../helpers/browser';

export const PASSWORD = 'Sutures&Knots-2026';
let sequence = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++sequence}@e2e.example`;

export interface Registered {
  email: string;
  access: string;
  refresh: string;
  user: { user_id: number; organization_id: number | null };
}

export async function apiCall<T = unknown>(
  base: string,
  access: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(access ? { authorization: `Bearer ${access}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, data: (text ? JSON.parse(text) : null) as T };
}

/** Registers an account through the API, with an organization it owns when `organization` is given. */
export async function apiRegister(base: string, label: string, fullName: string, organization?: string): Promise<Registered> {
  const email = uniqueEmail(label);
  const { status, data } = await apiCall<Omit<Registered, 'email'>>(base, null, 'POST', '/accounts/register/', {
    email,
    password: PASSWORD,
    password2: PASSWORD,
    full_name: fullName,
    ...(organization ? { organization_name: organization } : {}),
  });
  if (status !== 201) throw new Error(`Registering ${email} failed: ${status} ${JSON.stringify(data)}`);
  return { email, ...data };
}

/** The owner invites `member` into the owner's organization and the member accepts, through the API. */
export async function joinOrganization(base: string, owner: Registered, member: Registered): Promise<void> {
  const orgId = owner.user.organization_id!;
  const sent = await apiCall<{ invitation: { id: number } }>(base, owner.access, 'POST', `/accounts/organizations/${orgId}/add-member/`, {
    email: member.email,
    role: 'member',
  });
  if (sent.status !== 201) throw new Error(`Inviting ${member.email} failed: ${sent.status} ${JSON.stringify(sent.data)}`);
  const answered = await apiCall(base, member.access, 'POST', `/accounts/invitations/${sent.data.invitation.id}/answer/`, { accept: true });
  if (answered.status !== 200) throw new Error(`Accepting the invitation failed: ${answered.status} ${JSON.stringify(answered.data)}`);
}

/** Signs in through the Login screen and waits for the dashboard. */
export async function uiLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
}
