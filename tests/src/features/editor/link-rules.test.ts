import { describe, expect, it } from 'vitest';
import { decideEmbed, decideLink, mailtoForSelection, NOT_EMBEDDABLE_MESSAGE, UNSAFE_LINK_MESSAGE } from '../../../../src/features/editor/link-rules';

describe('link tool: selected text that reads as an email address', () => {
  it.each([
    ['training@example.org', 'mailto:training@example.org'],
    ['  dr.rao+course@hospital.co.in ', 'mailto:dr.rao+course@hospital.co.in'],
  ])('links %j to %s', (text, url) => {
    expect(mailtoForSelection(text)).toBe(url);
  });

  it.each(['Contact us', 'training@example', 'a@b@c.org', 'https://www.sages.org', ''])('leaves %j to the address dialog', (text) => {
    expect(mailtoForSelection(text)).toBeNull();
  });
});

describe('link tool: the typed address', () => {
  it.each([
    ['https://www.sages.org/publications/guidelines/', 'https://www.sages.org/publications/guidelines/', '_blank'],
    ['www.iages.in', 'https://www.iages.in', '_blank'],
    ['http://example.org/a?b=c#d', 'http://example.org/a?b=c#d', '_blank'],
    ['faculty@institute.example', 'mailto:faculty@institute.example', null],
    ['mailto:training@example.org?subject=Course', 'mailto:training@example.org?subject=Course', null],
    ['/book/2', '/book/2', null],
  ])('accepts %j as %s', (input, url, target) => {
    expect(decideLink(input)).toEqual({ ok: true, url, target });
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'blob:https://example.org/1',
    'mailto:javascript:alert(1)',
    'tel:+911234567890',
    '//evil.example/path',
    '',
  ])('refuses the unsafe or unsupported %j', (input) => {
    expect(decideLink(input)).toEqual({ ok: false, message: UNSAFE_LINK_MESSAGE });
  });
});

describe('video embed tool', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('rewrites %s to %s', (input, url) => {
    expect(decideEmbed(input)).toEqual({ ok: true, url });
  });

  it.each([
    'https://videos.example.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil.example/?u=https://youtube.com/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=<script>',
    'https://vimeo.com/about',
    'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
    'not a url',
  ])('refuses %s', (input) => {
    expect(decideEmbed(input)).toEqual({ ok: false, message: NOT_EMBEDDABLE_MESSAGE });
  });
});
