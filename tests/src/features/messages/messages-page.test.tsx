/** Messages (/messages): the contact form's messages for superusers, a page at a time, marked handled. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../../../src/contract/contact';
import { FakeApi } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { LEARNER, signInAs, SUPERUSER } from '../books/fixtures';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
  api.on('GET', '/books/my-scores/', { status: 200, data: [] });
});
afterEach(() => uninstall());

const message = (id: number, overrides: Partial<ContactMessage> = {}): ContactMessage => ({
  id,
  name: `Visitor ${id}`,
  email: `visitor${id}@hospital.example`,
  message: `Question number ${id}`,
  created_at: '2026-11-27T02:43:00.000Z',
  handled: false,
  handled_at: null,
  mailed_at: '2026-11-27T02:43:01.000Z',
  ...overrides,
});

describe('Messages', () => {
  it('lists the messages with name, email, date in Indian English and text, and pages through them', async () => {
    signInAs(api, SUPERUSER);
    api.on('GET', '/contact/messages/', (request) =>
      new URLSearchParams(request.path.split('?')[1]).get('page') === '2'
        ? { status: 200, data: { count: 21, next: null, previous: '/api/contact/messages/', results: [message(1)] } }
        : { status: 200, data: { count: 21, next: '/api/contact/messages/?page=2', previous: null, results: [message(21), message(20)] } },
    );
    const { user } = await renderApp('/messages');
    const first = await screen.findByRole('listitem', { name: 'Visitor 21' });
    expect(within(first).getByRole('link', { name: 'visitor21@hospital.example' })).toHaveAttribute('href', 'mailto:visitor21@hospital.example');
    const expected = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
      new Date('2026-11-27T02:43:00.000Z'),
    );
    expect(within(first).getByText(expected)).toHaveAttribute('datetime', '2026-11-27T02:43:00.000Z');
    expect(expected).toMatch(/^27 Nov 2026, \d{1,2}:43 [ap]m$/);
    expect(within(first).getByText('Question number 21')).toBeInTheDocument();
    expect(
      within(first.parentElement!)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Visitor 21', 'Visitor 20']);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('listitem', { name: 'Visitor 1' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(api.callsTo('/contact/messages/').at(-1)!.path).toContain('page=2');
  });

  it('marks a message handled through the server, and the list shows it as the server answers', async () => {
    signInAs(api, SUPERUSER);
    let handled = false;
    api.on('GET', '/contact/messages/', () => ({
      status: 200,
      data: { count: 1, next: null, previous: null, results: [message(5, { handled, handled_at: handled ? '2026-11-27T03:00:00.000Z' : null })] },
    }));
    api.on('PATCH', '/contact/messages/:id/', (request) => {
      handled = (request.body as { handled: boolean }).handled;
      return { status: 200, data: message(5, { handled }) };
    });
    const { user } = await renderApp('/messages');
    const item = await screen.findByRole('listitem', { name: 'Visitor 5' });
    await user.click(within(item).getByRole('button', { name: 'Mark as handled' }));
    expect(await within(item).findByRole('button', { name: 'Mark as not handled' })).toBeInTheDocument();
    expect(within(item).getByText('Handled')).toBeInTheDocument();
    expect(api.callsTo('/contact/messages/5/', 'PATCH').map((c) => c.body)).toEqual([{ handled: true }]);
  });

  it('says why when marking fails, and keeps the message as it was', async () => {
    signInAs(api, SUPERUSER);
    api.on('GET', '/contact/messages/', { status: 200, data: { count: 1, next: null, previous: null, results: [message(6)] } });
    api.on('PATCH', '/contact/messages/:id/', () => 'network');
    const { user } = await renderApp('/messages');
    const item = await screen.findByRole('listitem', { name: 'Visitor 6' });
    await user.click(within(item).getByRole('button', { name: 'Mark as handled' }));
    expect(await within(item).findByText('This device is offline: marking a message needs a connection.')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Mark as handled' })).toBeEnabled();
  });

  it('is not for other users: no call, and the page says who it is for', async () => {
    signInAs(api, LEARNER);
    await renderApp('/messages');
    expect(await screen.findByText('Only superusers can read the messages of the contact form.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('/accounts/profile/').length).toBeGreaterThan(0));
    expect(api.callsTo('/contact/messages/')).toEqual([]);
  });
});
