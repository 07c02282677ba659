/**
 * A book's quiz with its `quiz_data` (a JSON string on the wire, SPEC §3) parsed with
 * quizDataSchema: once when a copy is downloaded (parseBook), and for a book read from the network
 * when its quiz is opened (quizQuestions), so showing a book needs no schema library.
 * Missing or invalid quiz data becomes `questions: null` ('Quiz data is not available for this book.').
 */
import type { Book, BookQuiz } from './books';
import { parseQuizData, type QuizData } from './quiz';

/** The book's quiz with its questions parsed; `questions` is null when quiz_data is missing or invalid. */
export type ParsedBookQuiz = Omit<BookQuiz, 'quiz_data'> & { questions: QuizData | null };

/** The book detail with its quiz parsed. */
export type ParsedBook = Omit<Book, 'quiz'> & { quiz: ParsedBookQuiz | null };

/**
 * A book's quiz as a screen may hold it: parsed (a downloaded copy keeps it so), or as the wire
 * gave it, its questions parsed only when the quiz is opened (quizQuestions): the reader shows a
 * book before zod has even loaded.
 */
export type BookQuizOrParsed = ParsedBookQuiz | BookQuiz;

/** The quiz's questions, parsed now if they were not; null when missing or invalid. */
export function quizQuestions(quiz: BookQuizOrParsed): QuizData | null {
  return 'questions' in quiz ? quiz.questions : parseQuizData(quiz.quiz_data);
}

/** The book detail of the wire with its quiz parsed (the quiz_data string is not kept). */
export function parseBook(book: Book): ParsedBook {
  const { quiz, ...rest } = book;
  if (!quiz) return { ...rest, quiz: null };
  const { quiz_data, ...quizFields } = quiz;
  return { ...rest, quiz: { ...quizFields, questions: parseQuizData(quiz_data) } };
}
