import { errorText, messageOf } from '../../lib/api-error';

/** SPEC §9: the card shows the first 100 characters of the description. */
export const DESCRIPTION_PREVIEW_LENGTH = 100;

/**
 * The card's description (SPEC §2): 'No description.' when empty, the text itself when it fits,
 * else its first 100 characters followed by '...'. Characters are counted as the reader sees
 * them, so an emoji or a Devanagari letter with its sign is never cut in half.
 */
export function describeBook(description: string | null | undefined): string {
  const text = description?.trim() ?? '';
  if (!text) return 'No description.';
  // Never more characters than UTF-16 units: a short text fits without being segmented.
  if (text.length <= DESCRIPTION_PREVIEW_LENGTH) return text;
  const characters = graphemes(text);
  if (characters.length <= DESCRIPTION_PREVIEW_LENGTH) return text;
  return `${characters.slice(0, DESCRIPTION_PREVIEW_LENGTH).join('')}...`;
}

// Made once, on first use: building a segmenter loads locale data.
let graphemeSegmenter: Intl.Segmenter | undefined;

/** The characters as a reader sees them (a Devanagari conjunct, an emoji with its skin tone, a flag: one each). */
function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return Array.from(graphemeSegmenter.segment(text), (s) => s.segment);
  }
  return Array.from(text);
}

/** 'By: {author}' or 'By: Unknown Author'. */
export function byline(author: string | null | undefined): string {
  const name = author?.trim();
  return `By: ${name || 'Unknown Author'}`;
}

/** SPEC §8 "Create book": all field error messages joined with spaces, else 'Failed to create book.' */
export const createBookErrorMessage = (error: unknown): string => messageOf(error, { fallback: 'Failed to create book.', fieldErrors: 'all' });

/** SPEC §8 "Book delete": 'Failed to delete book: {detail or message}'. */
export const deleteBookErrorMessage = (error: unknown): string => `Failed to delete book: ${messageOf(error, { fallback: errorText(error) })}`;

/** SPEC §8 "Books list": the server's detail, else 'Failed to fetch books.' */
export const booksErrorMessage = (error: unknown): string => messageOf(error, { fallback: 'Failed to fetch books.' });

/** SPEC §8 "Cover upload": the server's error, else 'Cover image upload failed. Please try again.' */
export const coverUploadErrorMessage = (error: unknown): string => messageOf(error, { fallback: 'Cover image upload failed. Please try again.' });
