import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../src/lib/sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps paragraphs, emphasis and lists', () => {
    const html = '<p>Use <strong>mesh</strong> and <em>tacks</em></p><ul><li>TAPP</li><li>TEP</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers, styles and iframes', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p><img src=x onerror="alert(2)"><iframe src="https://evil.example"></iframe>',
    );
    expect(out).toBe('<p>Hi</p>');
  });

  it('drops javascript: and data: links but keeps http(s), mailto and site paths', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html,hi">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="https://iages.example/">x</a>')).toBe('<a href="https://iages.example/">x</a>');
    expect(sanitizeHtml('<a href="mailto:info@institute.example">x</a>')).toBe('<a href="mailto:info@institute.example">x</a>');
    expect(sanitizeHtml('<a href="/training-programs">x</a>')).toBe('<a href="/training-programs">x</a>');
  });

  it('adds rel=noopener to links that open a new tab', () => {
    expect(sanitizeHtml('<a href="https://a.example" target="_blank">x</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
