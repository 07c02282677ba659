/**
 * Books and chapters as the API answers them: every shape comes from the contract
 * (src/contract/books.ts), the same one the server's route schemas use.
 */
export type { Book, BookListItem, BookQuiz, Chapter, ChapterFields, NewBook } from '../../../contract/books';
export type { ParsedBook, ParsedBookQuiz } from '../../../contract/book-detail';
export type { Page } from '../../../contract/fields';
