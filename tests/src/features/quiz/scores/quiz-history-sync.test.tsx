/** Quiz history shows each attempt still on the device with its sync state, beside the server's records. */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeCompletedAttempt } from '../../../../../src/lib/outbox/outbox-db';
import { db } from '../../../../../src/lib/db';
import { makeUser, signIn, fakeNetworkPerTest } from '../../../../helpers/fake-api';
import { renderApp } from '../../../../helpers/render-app';
import { makeAttempt } from '../../../lib/outbox/outbox-fixtures';

const network = fakeNetworkPerTest();

const serverRecord = {
  id: 1,
  quiz: 11,
  quiz_title: 'Ergonomics quiz',
  quiz_version: 1,
  correct_answers: 4,
  total_questions: 5,
  score_percentage: 80,
  submitted_at: '2026-03-14T09:05:00Z',
  received_at: '2026-03-14T09:05:00Z',
  client_attempt_id: null,
};

describe('My Quiz History with scores on the device', () => {
  it('lists waiting and rejected attempts with their state, and the server records, never another user’s', async () => {
    const person = makeUser();
    signIn(person);
    network.api.on('GET', '/accounts/profile/', { status: 200, data: { id: person.user_id, ...person } });
    network.api.on('GET', '/books/my-scores/', { status: 200, data: [serverRecord] });
    network.api.on('POST', '/books/quizzes/:quizId/scores/', () => 'network');
    await writeCompletedAttempt(db, makeAttempt(person.user_id), { quizTitle: 'FLS basics' }, 1_000);
    const refused = await writeCompletedAttempt(db, makeAttempt(person.user_id), { quizTitle: 'Hernia quiz' }, 2_000);
    await db.outbox.update(refused.clientAttemptId, { state: 'rejected', lastError: 'This quiz has no version 2.' });
    await writeCompletedAttempt(db, makeAttempt(99), { quizTitle: 'Somebody else' }, 3_000);

    await renderApp('/dashboard');
    const card = within(await screen.findByRole('region', { name: 'My Quiz History' }));

    expect(await card.findByText('FLS basics')).toBeInTheDocument();
    const rows = card.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Hernia quiz')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Not accepted by the server: This quiz has no version 2.')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('FLS basics')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/^(Waiting to sync|Sending\.\.\.)$/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('33.3%')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Ergonomics quiz')).toBeInTheDocument();
    expect(card.queryByText('Somebody else')).not.toBeInTheDocument();
  });

  it('offline on a device that never loaded the history, lists the attempts waiting to sync and says the rest comes online, never loading', async () => {
    const person = makeUser();
    signIn(person);
    network.setOnline(false);
    await writeCompletedAttempt(db, makeAttempt(person.user_id), { quizTitle: 'FLS basics' }, 1_000);

    await renderApp('/dashboard');
    const card = within(await screen.findByRole('region', { name: 'My Quiz History' }));
    expect(await card.findByText('FLS basics')).toBeInTheDocument();
    expect(card.getByText('Waiting to sync')).toBeInTheDocument();
    expect(card.getByText('You are offline: your history from the server shows when the connection returns.')).toBeInTheDocument();
    expect(card.queryByText('Loading quiz history...')).not.toBeInTheDocument();
    expect(network.api.callsTo('/books/my-scores/')).toEqual([]);
  });

  it('keeps the rows it shows when a refresh fails, and says so', async () => {
    const person = makeUser();
    signIn(person);
    network.api.on('GET', '/accounts/profile/', { status: 200, data: { id: person.user_id, ...person } });
    let fail = false;
    network.api.on('GET', '/books/my-scores/', () =>
      fail ? { status: 500, data: { detail: 'A server error occurred.' } } : { status: 200, data: [serverRecord] },
    );
    const { queryClient } = await renderApp('/dashboard');
    const card = within(await screen.findByRole('region', { name: 'My Quiz History' }));
    expect(await card.findByText('Ergonomics quiz')).toBeInTheDocument();

    fail = true;
    await act(() => queryClient.refetchQueries({ queryKey: ['quiz-history'] }).catch(() => undefined));
    expect(await card.findByText(/Could not load your quiz history\. This is your history as last loaded/)).toBeInTheDocument();
    expect(card.getByText('Ergonomics quiz')).toBeInTheDocument();
  });
});
