/** The reader's messages (SPEC §8 "Book reader"); lib/api-error's messageOf assembles them. */
import { errorText, messageOf } from '../../lib/api-error';

/** SPEC §8 "Book reader": the server's detail, else 'Failed to load book details or chapters.' */
export const bookLoadErrorMessage = (error: unknown): string => messageOf(error, { fallback: 'Failed to load book details or chapters.' });

/** A failed chapter save: the server's field messages (joined) or detail, else a general message. */
export const chapterSaveErrorMessage = (error: unknown): string =>
  messageOf(error, {
    fallback: 'The chapter could not be saved. Please try again.',
    fieldErrors: 'all',
    offline: 'The chapter could not be saved: there is no connection. Try again when you are online.',
  });

/** A failed chapter delete, with the server's detail when it gave one. */
export const chapterDeleteErrorMessage = (error: unknown): string => `Failed to delete chapter: ${messageOf(error, { fallback: errorText(error) })}`;
