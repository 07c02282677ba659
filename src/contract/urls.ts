/** URL rules shared by the editor, the reader and the server's rich-text sanitiser. */

const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;

/** True for text that reads as an email address (the link tool turns it into mailto:). */
export function isEmailLike(text: string): boolean {
  return EMAIL_RE.test(text.trim());
}

/**
 * Normalises what an author typed into the link tool: an email becomes `mailto:`,
 * a bare host gets `https://`; anything with another scheme (javascript:, data:, file:, …)
 * gives null and is refused.
 */
export function toSafeLinkUrl(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  if (isEmailLike(value)) return `mailto:${value}`;
  // A same-site path or fragment (another book, a heading) stays as typed.
  if (value.startsWith('#') || (value.startsWith('/') && !value.startsWith('//'))) return isSafeLinkUrl(value) ? value : null;
  if (/^mailto:/i.test(value)) return isEmailLike(value.slice(7).split('?')[0] ?? '') ? value : null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//') ? value : `https://${value}`;
  return isSafeLinkUrl(candidate) ? candidate : null;
}

/** Links kept in stored content: http(s), mailto, and same-site paths or fragments. */
export function isSafeLinkUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length > 2048) return false;
  // Browsers ignore tabs, newlines and leading control characters inside schemes ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  // A same-site path. Browsers read a backslash as "/", so a backslash after "/" could leave the site.
  if (compact.startsWith('/') && !compact.startsWith('//') && !compact.includes('\\')) return true;
  if (compact.startsWith('#')) return true;
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!match) return false;
  const scheme = match[1]!.toLowerCase();
  if (scheme === 'mailto') return true;
  if (scheme !== 'http' && scheme !== 'https') return false;
  try {
    const parsed = new URL(compact);
    return Boolean(parsed.hostname);
  } catch {
    return false;
  }
}

/** Images and videos stored in content: http(s) or this server's /media/ path. */
export function isSafeMediaUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length > 2048) return false;
  if (/^\/media\/[\w./-]+$/.test(url) && !url.includes('..')) return true;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && Boolean(parsed.hostname);
  } catch {
    return false;
  }
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{3,15}$/;

/**
 * Rewrites a YouTube or Vimeo watch link to its embed address (SPEC §2, video embed tool).
 * Any other host, or an unparseable link, gives null.
 */
export function toEmbedUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = parts[0] === 'watch' ? url.searchParams.get('v') : ['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '') ? parts[1] : null;
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  }
  if (host === 'youtu.be') {
    const id = parts[0];
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  }
  if (host === 'vimeo.com') {
    const id = parts.find((p) => VIMEO_ID.test(p));
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  if (host === 'player.vimeo.com' && parts[0] === 'video' && parts[1] && VIMEO_ID.test(parts[1])) {
    return `https://player.vimeo.com/video/${parts[1]}`;
  }
  return null;
}

/** True for an address toEmbedUrl produces: the only iframes content may hold. */
export function isEmbedUrl(url: unknown): url is string {
  return typeof url === 'string' && toEmbedUrl(url) === url;
}
