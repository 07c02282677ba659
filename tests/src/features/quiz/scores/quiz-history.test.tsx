import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatPercentage } from '../../../../../src/lib/percent';
import { formatDateTime } from '../../../../../src/lib/dates';
import { FakeApi, type FakeHandler, type FakeResponse, makeUser, signIn } from '../../../../helpers/fake-api';
import { renderApp } from '../../../../helpers/render-app';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
});
afterEach(() => uninstall());

async function openDashboard(scores: FakeResponse | FakeHandler) {
  const person = makeUser();
  signIn(person);
  api.on('GET', '/accounts/profile/', { status: 200, data: { id: person.user_id, ...person } });
  api.on('GET', '/books/my-scores/', scores);
  await renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return within(screen.getByRole('region', { name: 'My Quiz History' }));
}

describe('My Quiz History', () => {
  it('lists the scores: #, Quiz Title, Score correct/total, Percentage with one decimal, local date-time', async () => {
    const submitted = '2026-03-14T09:05:00Z';
    const card = await openDashboard({
      status: 200,
      data: {
        count: 2,
        next: null,
        previous: null,
        results: [
          {
            id: 9,
            quiz_title: 'Laparoscopic Cholecystectomy Quiz',
            correct_answers: 7,
            total_questions: 9,
            score_percentage: 77.77777,
            submitted_at: submitted,
          },
          { id: 4, quiz_title: 'Port Placement Basics', correct_answers: 5, total_questions: 5, score_percentage: 100, submitted_at: '2026-02-01T12:00:00Z' },
        ],
      },
    });
    const rows = within(await card.findByRole('table', { name: 'My Quiz History' })).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['#', 'Quiz Title', 'Score', 'Percentage', 'Date Submitted']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'Laparoscopic Cholecystectomy Quiz', '7/9', '77.8%', formatDateTime(submitted)]);
    expect(within(rows[2]!).getAllByRole('cell')[3]).toHaveTextContent('100.0%');
  });

  it('follows the pages of the history', async () => {
    const card = await openDashboard((request) =>
      request.path.includes('page=2')
        ? {
            status: 200,
            data: {
              count: 2,
              next: null,
              previous: 'x',
              results: [{ id: 2, quiz_title: 'B', correct_answers: 1, total_questions: 2, score_percentage: 50, submitted_at: '2026-01-01T00:00:00Z' }],
            },
          }
        : {
            status: 200,
            data: {
              count: 2,
              next: 'http://127.0.0.1/api/books/my-scores/?page=2',
              previous: null,
              results: [{ id: 1, quiz_title: 'A', correct_answers: 2, total_questions: 2, score_percentage: 100, submitted_at: '2026-01-02T00:00:00Z' }],
            },
          },
    );
    expect(within(await card.findByRole('table')).getAllByRole('row')).toHaveLength(3);
  });

  it("says 'You have not taken any quizzes yet.' when there are none (a bare array too)", async () => {
    const card = await openDashboard({ status: 200, data: [] });
    expect(await card.findByText('You have not taken any quizzes yet.')).toBeInTheDocument();
  });

  it("says 'Could not load your quiz history.' when loading fails", async () => {
    const card = await openDashboard({ status: 500, data: { detail: 'boom' } });
    expect(await card.findByText('Could not load your quiz history.')).toBeInTheDocument();
  });

  it('formats percentages with one decimal', () => {
    expect(formatPercentage(0)).toBe('0.0%');
    expect(formatPercentage(66.66666)).toBe('66.7%');
    expect(formatPercentage('42.25' as unknown as number)).toBe('42.3%');
  });
});
