import DOMPurify from 'dompurify';

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'span'];
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel'];

let hooked = false;
function ensureLinkHook(): void {
  if (hooked) return;
  hooked = true;
  // Links that leave the site open in a new tab without handing it window.opener.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/**
 * Sanitises the institute's HTML content (news text blocks, innovation descriptions) to a
 * small set of formatting tags: no scripts, no event handlers, no styles, no javascript: URLs.
 */
export function sanitizeHtml(html: string): string {
  ensureLinkHook();
  // DOMPurify's default URI check stays: it refuses javascript:, data: (on links) and other
  // schemes, and a custom one would also be applied to plain values such as target="_blank".
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR });
}
