/** The URL rules the editor, the reader and the server's sanitiser share (src/contract/urls). */
import { describe, expect, it } from 'vitest';
import { isEmailLike, isEmbedUrl, isSafeLinkUrl, isSafeMediaUrl, toEmbedUrl, toSafeLinkUrl } from '../../../src/contract/urls';

describe('toSafeLinkUrl', () => {
  it.each([
    ['/book/2', '/book/2'],
    ['#port-placement', '#port-placement'],
    ['//evil.example/x', null],
    ['/\\evil.example/login', null],
  ])('keeps same-site paths and fragments as typed, never protocol-relative ones: %s', (input, expected) => {
    expect(toSafeLinkUrl(input)).toBe(expected);
  });

  it.each([
    ['surgeon@hospital.example', 'mailto:surgeon@hospital.example'],
    ['  Dr.Rao+lap@Institute.example.org ', 'mailto:Dr.Rao+lap@Institute.example.org'],
    ['mailto:office@institute.example', 'mailto:office@institute.example'],
    ['mailto:office@institute.example?subject=Course', 'mailto:office@institute.example?subject=Course'],
  ])('turns an email into mailto: %s', (input, expected) => {
    expect(toSafeLinkUrl(input)).toBe(expected);
  });

  it.each([
    ['institute.example', 'https://institute.example'],
    ['www.institute.example/courses?id=3#fees', 'https://www.institute.example/courses?id=3#fees'],
    ['  institute.example  ', 'https://institute.example'],
  ])('gives a bare host https://: %s', (input, expected) => {
    expect(toSafeLinkUrl(input)).toBe(expected);
  });

  it.each(['https://institute.example/a?b=c', 'http://institute.example/', 'HTTPS://Institute.example/Path'])('keeps an http(s) URL as typed: %s', (url) => {
    expect(toSafeLinkUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(document.cookie)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://files.example/x',
    'blob:https://institute.example/1234',
    'mailto:not-an-address',
    'mailto:javascript:alert(1)',
    '',
    '   ',
  ])('refuses %j', (input) => {
    expect(toSafeLinkUrl(input)).toBeNull();
  });

  it('never returns a URL that isSafeLinkUrl refuses', () => {
    for (const input of ['a.example', 'x@y.example', 'https://q.example', 'javascript:1', 'java\tscript:1', '//evil.example']) {
      const out = toSafeLinkUrl(input);
      if (out !== null) expect(isSafeLinkUrl(out)).toBe(true);
    }
  });
});

describe('isSafeLinkUrl', () => {
  it.each(['https://institute.example/', 'http://institute.example/path', 'mailto:office@institute.example', '/books/3', '#chapter-2'])('accepts %s', (url) => {
    expect(isSafeLinkUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'java\r\nscript:alert(1)',
    ' \u0000javascript:alert(1)',
    '\u007fjavascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'file:///etc/passwd',
    '//evil.example/path',
    // Browsers read a backslash as a slash in http(s) URLs: "/\\evil.example" is "//evil.example", another site.
    '/\\evil.example/login',
    '/\t/evil.example',
    'https://',
    'relative/path',
    'https://' + 'a'.repeat(2050) + '.example',
  ])('refuses %j', (url) => {
    expect(isSafeLinkUrl(url)).toBe(false);
  });

  it.each([null, undefined, 42, {}, ['https://x.example']])('refuses a non-string: %j', (value) => {
    expect(isSafeLinkUrl(value)).toBe(false);
  });
});

describe('isSafeMediaUrl', () => {
  it.each(['/media/images/2026-01/abc.png', 'https://cdn.example/x.jpg', 'http://cdn.example/y.mp4'])('accepts %s', (url) => {
    expect(isSafeMediaUrl(url)).toBe(true);
  });

  it.each(['/media/../db.sqlite3', '/media/images/a b.png', '/other/x.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '//cdn.example/x.png', 42])(
    'refuses %j',
    (url) => {
      expect(isSafeMediaUrl(url)).toBe(false);
    },
  );
});

describe('isEmailLike', () => {
  it('reads addresses, not URLs', () => {
    expect(isEmailLike('a@b.example')).toBe(true);
    expect(isEmailLike('https://a@b.example')).toBe(false);
    expect(isEmailLike('a@b')).toBe(false);
  });
});

describe('toEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['http://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['  https://www.youtube.com/watch?v=dQw4w9WgXcQ  ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/aBcDeF_-123', 'https://www.youtube.com/embed/aBcDeF_-123'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/123456', 'https://player.vimeo.com/video/123456'],
    ['https://www.vimeo.com/123456789', 'https://player.vimeo.com/video/123456789'],
    ['https://player.vimeo.com/video/123456', 'https://player.vimeo.com/video/123456'],
    ['https://player.vimeo.com/video/123456?h=abc', 'https://player.vimeo.com/video/123456'],
  ])('%s → %s', (input, expected) => {
    expect(toEmbedUrl(input)).toBe(expected);
  });

  it.each([
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'http://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ',
    'https://evilyoutube.com/watch?v=dQw4w9WgXcQ',
    'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be.evil.example/dQw4w9WgXcQ',
    'https://vimeo.com.evil.example/123456',
    'https://notvimeo.com/123456',
    'https://player.vimeo.com.evil.example/video/123456',
    'https://player.vimeo.com/evil/123456',
    'javascript:alert(1)//https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
    'data:text/html,https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=<script>',
    'https://www.youtube.com/watch?v=a',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/channel/UC123456',
    'https://youtu.be/',
    'https://vimeo.com/about',
    'not a url',
    '',
  ])('refuses %j', (input) => {
    expect(toEmbedUrl(input)).toBeNull();
  });
});

describe('isEmbedUrl', () => {
  it('accepts only the canonical embed addresses toEmbedUrl produces', () => {
    expect(isEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(true);
    expect(isEmbedUrl('https://player.vimeo.com/video/123456')).toBe(true);
    expect(isEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(false);
    expect(isEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(false);
    expect(isEmbedUrl('https://evil.example/embed/dQw4w9WgXcQ')).toBe(false);
    expect(isEmbedUrl(null)).toBe(false);
  });
});
