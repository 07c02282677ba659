/**
 * What one attempt to send a score (or a batch of reading events) can end in, and how an HTTP answer maps onto it. Shared by
 * the page (axios) and the service worker (fetch), so both treat every status the same way.
 */

export type SendOutcome =
  /** 2xx: the server holds the record (a replay answers the first record). The row may go. `body`: the answer, where a queue keeps it (practice). */
  | { kind: 'accepted'; body?: unknown }
  /** A permanent 4xx (not 401/408/429): kept, shown with the server's reason, never resent by itself. */
  | { kind: 'rejected'; reason: string }
  /** 5xx, 408, 429: the server is in trouble; stop this run and try again later. */
  | { kind: 'retry-later'; reason: string }
  /** No answer at all (offline, DNS, timeout, server process down): stop and try later. */
  | { kind: 'offline'; reason: string }
  /** 401 after the refresh, or no session: keep every row for this user's next sign-in. */
  | { kind: 'signed-out'; reason: string };

/** The server's reason in its one error shape: `{"detail": …}` or `{"field": ["…"]}`. */
export function reasonFromBody(data: unknown, status: number, what = 'score'): string {
  if (data && typeof data === 'object') {
    const { detail } = data as { detail?: unknown };
    if (typeof detail === 'string' && detail) return detail;
    const parts = Object.entries(data as Record<string, unknown>).flatMap(([field, messages]) => {
      const list = Array.isArray(messages) ? messages : [messages];
      return list.filter((m): m is string => typeof m === 'string').map((m) => (field === 'non_field_errors' ? m : `${field}: ${m}`));
    });
    if (parts.length) return parts.join(' ');
  }
  if (typeof data === 'string' && data.trim() && data.length < 300) return data.trim();
  return `The server refused this ${what} (HTTP ${status}).`;
}

/** Maps an HTTP status (and its body) onto an outcome; `what` names what was sent ('score', 'reading progress'). */
export function outcomeOfStatus(status: number, data: unknown, what = 'score'): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'accepted', body: data };
  if (status === 401) return { kind: 'signed-out', reason: `Your session has ended: sign in again to send this ${what}.` };
  if (status === 408 || status === 429 || status >= 500) {
    return { kind: 'retry-later', reason: `The server could not take the ${what} just now (HTTP ${status}).` };
  }
  if (status >= 400) return { kind: 'rejected', reason: reasonFromBody(data, status, what) };
  // 1xx/3xx never reach here through fetch or axios; treat as transient.
  return { kind: 'retry-later', reason: `Unexpected answer from the server (HTTP ${status}).` };
}
