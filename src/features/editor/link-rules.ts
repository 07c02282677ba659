/**
 * What the link and video-embed tools accept, on top of the shared URL rules in
 * src/contract/urls.ts (the server applies the same ones to stored content).
 */
import { isEmailLike, toEmbedUrl, toSafeLinkUrl } from '../../contract/urls';

export type LinkDecision = { ok: true; url: string; target: '_blank' | null } | { ok: false; message: string };

export const UNSAFE_LINK_MESSAGE = 'This link cannot be used. Enter a web address (https://…) or an email address.';
export const NOT_EMBEDDABLE_MESSAGE = 'Only YouTube and Vimeo video links can be embedded.';

/** Links that leave the site open in a new tab; mailto: and same-site links do not. */
function targetFor(url: string): '_blank' | null {
  return /^https?:/i.test(url) ? '_blank' : null;
}

/**
 * The link for the link tool: selected email-like text links straight to `mailto:`; otherwise
 * the address typed in the dialog is normalised (a bare host gets https://, an email mailto:)
 * and anything with an unsafe scheme (javascript:, data:, vbscript:, file:, …) is refused.
 */
export function decideLink(input: string): LinkDecision {
  const url = toSafeLinkUrl(input);
  if (!url) return { ok: false, message: UNSAFE_LINK_MESSAGE };
  return { ok: true, url, target: targetFor(url) };
}

/** The mailto: link for selected text that reads as an email address, else null. */
export function mailtoForSelection(selectedText: string): string | null {
  const text = selectedText.trim();
  return isEmailLike(text) ? `mailto:${text}` : null;
}

export type EmbedDecision = { ok: true; url: string } | { ok: false; message: string };

/** The video-embed tool: YouTube and Vimeo watch links become their embed address; other hosts are refused. */
export function decideEmbed(input: string): EmbedDecision {
  const url = toEmbedUrl(input);
  return url ? { ok: true, url } : { ok: false, message: NOT_EMBEDDABLE_MESSAGE };
}
