/**
 * Issue 35, question statistics on the quiz editor page: the book's owner opens 'Question
 * statistics' below the editor and sees, for the newest version with attempts (or one they
 * choose), each question's figures, with questions to review marked 'Review' and why in words.
 * 'No attempts yet.' without attempts; offline it says the statistics need a connection.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuestionStatistics, QuizStatistics } from '../../../../src/contract/progress';
import { FakeApi } from '../../../helpers/fake-api';
import { explainedSingleChoice, reorder } from '../../../helpers/quiz-fixture';
import { renderApp } from '../../../helpers/render-app';
import { FACULTY, LEARNER, makeBook, makeChapter, page, signInAs } from '../books/fixtures';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
});
afterEach(() => {
  uninstall();
  vi.restoreAllMocks();
});

const STATISTICS_PATH = '/books/books/1/quiz/statistics/';

function question(overrides: Partial<QuestionStatistics>): QuestionStatistics {
  return {
    question: 'q1',
    text: 'Which gas is used for pneumoperitoneum?',
    type: 'single-choice',
    attempts: 40,
    percent_correct: 85,
    percent_unanswered: 2.5,
    discrimination: 0.45,
    most_chosen_wrong: { option: 'Air', count: 4 },
    flagged: false,
    flag_reasons: [],
    ...overrides,
  };
}

const STATISTICS: QuizStatistics = {
  quiz: 5,
  versions: [
    {
      version: 3,
      created_at: '2026-03-02T09:30:00Z',
      attempts: 42,
      questions: [
        question({}),
        question({
          question: 'q3',
          text: 'Order the steps of port placement',
          type: 'reorder',
          percent_correct: 12.5,
          percent_unanswered: 30,
          discrimination: 0.05,
          most_chosen_wrong: null,
          flagged: true,
          flag_reasons: ['Fewer than 20 % answer it correctly.', 'It does not separate strong from weak attempts (discrimination 0.05).'],
        }),
      ],
    },
    {
      version: 1,
      created_at: '2026-01-20T09:30:00Z',
      attempts: 3,
      questions: [
        question({ attempts: 3, percent_correct: 66.7, percent_unanswered: 0, discrimination: null, most_chosen_wrong: { option: 'N2O', count: 1 } }),
      ],
    },
  ],
};

function serveBook(owner = FACULTY.user_id, withQuiz = true) {
  const quiz = withQuiz ? { id: 5, title: 'Self-assessment', version: 3, quiz_data: JSON.stringify([explainedSingleChoice, reorder]) } : null;
  api.on('GET', '/books/books/1/', { status: 200, data: makeBook({ owner, quiz }) });
  api.on('GET', '/books/books/1/chapters/', page([makeChapter({ id: 11, title: 'Ergonomics' })]));
}

/** The table's rows as their cells' texts (the header row first). */
const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('Question statistics on the quiz editor page', () => {
  it('loads when opened and shows the newest version’s figures, marking a question to review in words', async () => {
    signInAs(api, FACULTY);
    serveBook();
    api.on('GET', STATISTICS_PATH, { status: 200, data: STATISTICS });
    const { user } = await renderApp('/book/1/edit-quiz');

    const summary = await screen.findByRole('button', { name: 'Question statistics' });
    expect(screen.getByRole('heading', { level: 2, name: 'Question statistics' })).toBeInTheDocument();
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    expect(api.callsTo(STATISTICS_PATH)).toHaveLength(0);

    await user.click(summary);
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    await screen.findByRole('table');
    expect(api.callsTo(STATISTICS_PATH)).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Quiz version' })).toHaveTextContent(/^Version 3 · 42 attempts · /);
    expect(screen.getByText(/2 of them were recorded without answers and are not in the figures below\./)).toBeInTheDocument();
    expect(rows()).toEqual([
      ['Question', 'Attempts', '% correct', '% unanswered', 'Discrimination', 'Most chosen wrong answer', 'Review'],
      ['Which gas is used for pneumoperitoneum?', '40', '85.0%', '2.5%', '0.45', 'Air (4×)', '—no review needed'],
      [
        'Order the steps of port placement',
        '40',
        '12.5%',
        '30.0%',
        '0.05',
        '—not a choice question',
        'ReviewFewer than 20 % answer it correctly.It does not separate strong from weak attempts (discrimination 0.05).',
      ],
    ]);
    const flagged = screen.getByRole('rowheader', { name: 'Order the steps of port placement' }).closest('tr')!;
    expect(within(flagged).getByText('Review')).toBeInTheDocument();
    expect(
      within(flagged)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(STATISTICS.versions[0]!.questions[1]!.flag_reasons);
  });

  it('switches to an older version with the version selector', async () => {
    signInAs(api, FACULTY);
    serveBook();
    api.on('GET', STATISTICS_PATH, { status: 200, data: STATISTICS });
    const { user } = await renderApp('/book/1/edit-quiz');
    await user.click(await screen.findByRole('button', { name: 'Question statistics' }));

    await user.click(await screen.findByRole('combobox', { name: 'Quiz version' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^Version 3 · 42 attempts · /),
      expect.stringMatching(/^Version 1 · 3 attempts · /),
    ]);
    await user.click(screen.getByRole('option', { name: /^Version 1 / }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toEqual(['Which gas is used for pneumoperitoneum?', '3', '66.7%', '0.0%', '—too few attempts', 'N2O (1×)', '—no review needed']);
    expect(screen.queryByText(/recorded without answers/)).not.toBeInTheDocument();
  });

  it('says "No attempts yet." when no version has attempts', async () => {
    signInAs(api, FACULTY);
    serveBook();
    api.on('GET', STATISTICS_PATH, { status: 200, data: { quiz: 5, versions: [] } });
    const { user } = await renderApp('/book/1/edit-quiz');
    await user.click(await screen.findByRole('button', { name: 'Question statistics' }));
    expect(await screen.findByText('No attempts yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offline, says the statistics need a connection instead of waiting', async () => {
    signInAs(api, FACULTY);
    serveBook();
    api.on('GET', STATISTICS_PATH, { status: 200, data: STATISTICS });
    const { user } = await renderApp('/book/1/edit-quiz');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await user.click(await screen.findByRole('button', { name: 'Question statistics' }));
    expect(await screen.findByText('Question statistics need a connection.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    signInAs(api, FACULTY);
    serveBook();
    let fail = true;
    api.on('GET', STATISTICS_PATH, () => (fail ? { status: 500, data: { detail: 'A server error occurred.' } } : { status: 200, data: STATISTICS }));
    const { user } = await renderApp('/book/1/edit-quiz');
    await user.click(await screen.findByRole('button', { name: 'Question statistics' }));
    expect(await screen.findByText('Could not load the question statistics.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('is not shown for a book without a quiz, nor to someone who cannot edit the quiz', async () => {
    signInAs(api, FACULTY);
    serveBook(FACULTY.user_id, false);
    const first = await renderApp('/book/1/edit-quiz');
    expect(await screen.findByRole('heading', { name: 'Add Quiz' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Question statistics' })).not.toBeInTheDocument();
    first.unmount();

    signInAs(api, LEARNER);
    serveBook();
    await renderApp('/book/1/edit-quiz');
    expect(await screen.findByText("Only the book's owner or a superuser can edit its quiz.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Question statistics' })).not.toBeInTheDocument();
    expect(api.callsTo(STATISTICS_PATH)).toHaveLength(0);
  });
});
