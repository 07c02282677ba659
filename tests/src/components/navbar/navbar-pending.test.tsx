/** The navbar tells a signed-in user how many quiz scores wait on this device, and leads to My downloads. */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCompletedAttempt } from '../../../../src/lib/outbox/outbox-db';
import { db } from '../../../../src/lib/db';
import { FakeApi } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { LEARNER, signInAs } from '../../features/books/fixtures';
import { makeAttempt } from '../../lib/outbox/outbox-fixtures';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
  api.on('POST', '/books/quizzes/:quizId/scores/', () => 'network');
  api.on('GET', '/books/my-scores/', { status: 200, data: [] });
});
afterEach(() => uninstall());

describe('the pending score count in the navbar', () => {
  it("counts the signed-in user's unsynced scores, live, and links to My downloads", async () => {
    signInAs(api, LEARNER);
    await writeCompletedAttempt(db, makeAttempt(LEARNER.user_id), { quizTitle: 'FLS basics' });
    await writeCompletedAttempt(db, makeAttempt(99), { quizTitle: 'Somebody else' });
    await renderApp('/dashboard');

    // The sync loads with the first render of a signed-in page (a dynamic import), then counts.
    const link = await screen.findByRole('link', { name: '1 score to sync' }, { timeout: 8000 });
    expect(link).toHaveAttribute('href', '/downloads');

    await writeCompletedAttempt(db, makeAttempt(LEARNER.user_id), { quizTitle: 'FLS basics' });
    expect(await screen.findByRole('link', { name: '2 scores to sync' }, { timeout: 3000 })).toBeInTheDocument();

    await db.outbox.where('userId').equals(LEARNER.user_id).delete();
    await waitFor(() => expect(screen.queryByRole('link', { name: /to sync$/ })).not.toBeInTheDocument());
  });
});
