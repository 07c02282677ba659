/**
 * A quiz's question statistics (issue 35), per version with attempts, newest first. The rules
 * are the contract's (src/contract/quiz-statistics.ts); this reads the attempts for them. Memory
 * stays flat however many attempts there are: the two discrimination groups are known by their
 * boundary attempts (two ranked lookups), and the answers are then read a page at a time and
 * counted as they come.
 *
 * Attempts recorded without their quiz version cannot be matched to its questions and are not
 * counted; attempts without answers count in their version's `attempts` only.
 */
import type { QuizStatistics } from '../../src/contract/progress';
import { parseQuizData, type UserAnswer } from '../../src/contract/quiz';
import { discriminationGroupSize, QuestionStatisticsTally, type DiscriminationGroup } from '../../src/contract/quiz-statistics';
import type { Repositories } from '../repositories';
import type { RankedAttempt } from '../repositories/scores';

/** Orders two attempts by score, then by id (the order of the contract's ranking). */
function compareRank(a: RankedAttempt, b: RankedAttempt): number {
  // Cross-multiplied: exact in integers, no rounding of either score.
  return a.correct_answers * b.total_questions - b.correct_answers * a.total_questions || a.id - b.id;
}

/** The answers stored with an attempt, or null when they cannot be read as a list. */
function storedAnswers(json: string): UserAnswer[] | null {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as UserAnswer[]) : null;
  } catch {
    return null;
  }
}

/** Where an attempt whose answers cannot be read is reported (the request's logger). */
export interface StatisticsLog {
  warn(details: object, message: string): void;
}

export async function quizStatistics(repos: Repositories, quizId: number, log: StatisticsLog): Promise<QuizStatistics> {
  const versions: QuizStatistics['versions'] = [];
  for (const counts of await repos.scores.versionCounts(quizId)) {
    const stored = await repos.quizzes.findVersion(quizId, counts.version);
    const questions = stored && parseQuizData(stored.quiz_data);
    if (!stored || !questions) {
      // Every version is checked when saved; one that no longer reads as a quiz is left out, said in the log.
      log.warn({ quizId, version: counts.version }, 'a quiz version with attempts is missing or unreadable: left out of the question statistics');
      continue;
    }
    const groupSize = discriminationGroupSize(counts.with_answers);
    const [bottomEdge, topEdge] =
      groupSize === null
        ? [undefined, undefined]
        : await Promise.all([
            repos.scores.rankedAttempt(quizId, counts.version, groupSize - 1, 'asc'),
            repos.scores.rankedAttempt(quizId, counts.version, groupSize - 1, 'desc'),
          ]);
    const groupOf = (attempt: RankedAttempt): DiscriminationGroup =>
      bottomEdge && compareRank(attempt, bottomEdge) <= 0 ? 'bottom' : topEdge && compareRank(attempt, topEdge) >= 0 ? 'top' : null;

    const tally = new QuestionStatisticsTally(questions, groupSize);
    let unreadable = 0;
    for await (const attempt of repos.scores.attemptsWithAnswers(quizId, counts.version)) {
      const answers = storedAnswers(attempt.answers);
      if (answers) tally.add(answers, groupOf(attempt));
      else unreadable += 1;
    }
    // Stored answers are written by the server itself (record-attempt.ts); an unreadable one
    // would shift the groups, so it is said in the log rather than hidden.
    if (unreadable) log.warn({ quizId, version: counts.version, unreadable }, 'attempts with unreadable answers left out of the question statistics');
    versions.push({ version: counts.version, created_at: stored.created_at, attempts: counts.attempts, questions: tally.result() });
  }
  return { quiz: quizId, versions };
}
