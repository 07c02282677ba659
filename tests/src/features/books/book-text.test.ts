import { describe, expect, it } from 'vitest';
import { byline, createBookErrorMessage, describeBook, DESCRIPTION_PREVIEW_LENGTH } from '../../../../src/features/books/book-text';
import { ApiError } from '../../../../src/lib/api-error';

describe('the card description (SPEC §2, §9)', () => {
  it("says 'No description.' when there is none", () => {
    expect(describeBook('')).toBe('No description.');
    expect(describeBook('   ')).toBe('No description.');
    expect(describeBook(null)).toBe('No description.');
  });

  it('shows a description of up to 100 characters as it is', () => {
    const exactly = 'a'.repeat(DESCRIPTION_PREVIEW_LENGTH);
    expect(DESCRIPTION_PREVIEW_LENGTH).toBe(100);
    expect(describeBook(exactly)).toBe(exactly);
    expect(describeBook('Short.')).toBe('Short.');
  });

  it("cuts a longer one to its first 100 characters followed by '...'", () => {
    const text = `${'x'.repeat(100)}TAIL`;
    expect(describeBook(text)).toBe(`${'x'.repeat(100)}...`);
    expect(describeBook('b'.repeat(101))).toBe(`${'b'.repeat(100)}...`);
  });

  it('counts characters as readers see them: an emoji or a Devanagari syllable is never split', () => {
    const emoji = `${'y'.repeat(99)}🩺🩺`;
    expect(describeBook(emoji)).toBe(`${'y'.repeat(99)}🩺...`);
    const hindi = 'नि'.repeat(101);
    expect(describeBook(hindi)).toBe(`${'नि'.repeat(100)}...`);
    // A doctor emoji (woman, joiner, staff of Aesculapius, variation selector), a flag (two
    // letters) and a syllable with a virama, each straddling the 100th character.
    const doctor = '\u{1F469}\u200D\u2695\uFE0F';
    expect(describeBook(`${'y'.repeat(99)}${doctor}${doctor}`)).toBe(`${'y'.repeat(99)}${doctor}...`);
    expect(describeBook(`${'y'.repeat(99)}🇮🇳🇮🇳`)).toBe(`${'y'.repeat(99)}🇮🇳...`);
    expect(describeBook(`${'y'.repeat(99)}क्ष and more`)).toBe(`${'y'.repeat(99)}क्ष...`);
  });
});

describe('the card byline', () => {
  it("reads 'By: {author}' or 'By: Unknown Author'", () => {
    expect(byline('Dr. R. K. Mishra')).toBe('By: Dr. R. K. Mishra');
    expect(byline('')).toBe('By: Unknown Author');
    expect(byline(null)).toBe('By: Unknown Author');
  });
});

describe('the Create Book error (SPEC §8)', () => {
  it('joins every field error message with spaces', () => {
    const error = new ApiError('Bad', 'invalid', 400, { title: ['This field may not be blank.'], cover_image_url: ['Enter an http(s) address.', 'Too long.'] });
    expect(createBookErrorMessage(error)).toBe('This field may not be blank. Enter an http(s) address. Too long.');
  });

  it("says 'Failed to create book.' without field errors", () => {
    expect(createBookErrorMessage(new ApiError('Network Error', 'network'))).toBe('Failed to create book.');
    expect(createBookErrorMessage(new ApiError('boom', 'server', 500, { detail: 'A server error occurred.' }))).toBe('Failed to create book.');
    expect(createBookErrorMessage(new Error('x'))).toBe('Failed to create book.');
  });
});
