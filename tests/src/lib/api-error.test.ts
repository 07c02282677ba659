/** One place turns a failure into the user's message, each screen passing its SPEC §8 fallback. */
import { describe, expect, it } from 'vitest';
import { ApiError, fieldMessages, messageOf } from '../../../src/lib/api-error';

const refused = (status: number, data: unknown) => new ApiError('Request failed', status >= 500 ? 'server' : 'invalid', status, data);
const offline = new ApiError('Network Error', 'network');

describe('messageOf', () => {
  it("shows the server's detail, or an upload's error, else the screen's fallback", () => {
    expect(messageOf(refused(403, { detail: 'You do not have permission to perform this action.' }), { fallback: 'Failed to fetch books.' })).toBe(
      'You do not have permission to perform this action.',
    );
    expect(messageOf(refused(413, { error: 'The file is larger than 10 MiB.' }), { fallback: 'Cover image upload failed. Please try again.' })).toBe(
      'The file is larger than 10 MiB.',
    );
    expect(messageOf(refused(500, '<html>'), { fallback: 'Failed to fetch organization users.' })).toBe('Failed to fetch organization users.');
    expect(messageOf(offline, { fallback: 'Failed to fetch books.' })).toBe('Failed to fetch books.');
    expect(messageOf(new TypeError('x is undefined'), { fallback: 'Failed to fetch books.' })).toBe('Failed to fetch books.');
  });

  it('reads a server answer body kept by the auth store, and falls back for a plain text', () => {
    expect(messageOf({ detail: 'No active account found with the given credentials' }, { fallback: 'An error occurred' })).toBe(
      'No active account found with the given credentials',
    );
    expect(messageOf({ email: ['Enter a valid email address.'] }, { fallback: 'An error occurred' })).toBe('An error occurred');
    expect(messageOf('Login failed', { fallback: 'An error occurred' })).toBe('An error occurred');
  });

  it("joins every field message of a 4xx with fieldErrors 'all', never a 5xx's", () => {
    const error = refused(400, { title: ['This field may not be blank.'], cover_image_url: ['Enter an http(s) address.', 'Too long.'] });
    expect(messageOf(error, { fallback: 'Failed to create book.', fieldErrors: 'all' })).toBe(
      'This field may not be blank. Enter an http(s) address. Too long.',
    );
    expect(messageOf(refused(500, { detail: 'A server error occurred.' }), { fallback: 'Failed to create book.', fieldErrors: 'all' })).toBe(
      'Failed to create book.',
    );
  });

  it("takes the detail, else the first email error, else the first error of the first field with fieldErrors 'first'", () => {
    const options = { fallback: 'Failed to add user.', fieldErrors: 'first' } as const;
    expect(messageOf(refused(400, { detail: 'Already a member.', email: ['x'] }), options)).toBe('Already a member.');
    expect(messageOf(refused(400, { role: ['Not a role.'], email: ['No user with this email.', 'second'] }), options)).toBe('No user with this email.');
    expect(messageOf(refused(400, { role: ['Not a role.', 'second'] }), options)).toBe('Not a role.');
    expect(messageOf(refused(400, {}), options)).toBe('Failed to add user.');
  });

  it('says the offline text when the screen has one and there is no connection', () => {
    expect(messageOf(offline, { fallback: 'Not saved.', offline: 'No connection.' })).toBe('No connection.');
    expect(messageOf(refused(400, { detail: 'Bad.' }), { fallback: 'Not saved.', offline: 'No connection.' })).toBe('Bad.');
  });
});

describe('fieldMessages', () => {
  it("gives each field's messages joined, without detail and code", () => {
    expect(fieldMessages(refused(400, { detail: 'x', code: 'y', email: ['One.', 'Two.'], password2: 'Mismatch.' }))).toEqual({
      email: 'One. Two.',
      password2: 'Mismatch.',
    });
    expect(fieldMessages({ organization_name: ['Required.'] })).toEqual({ organization_name: 'Required.' });
    expect(fieldMessages('Registration failed')).toEqual({});
  });
});
