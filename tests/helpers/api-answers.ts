/**
 * What every API answer must look like, whatever was sent: no 5xx (503 only where the brief
 * allows it), no stack frame or internal text, and every error in the one shape —
 * `{"detail": "…"}` (a `code` string may stand beside it, as SimpleJWT's token errors have)
 * or field errors `{"field": ["…", …]}`. The upload routes answer `{"error": "…"}`, as the
 * client's spec has them (SPEC §7: "error field 'error'"): accepted there only.
 */

/** Why a parsed body is not in the error shape, or null when it is. */
export function errorShapeProblem(body: unknown, options: { upload?: boolean } = {}): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return `not an object: ${JSON.stringify(body)?.slice(0, 200)}`;
  const entries = Object.entries(body);
  if (!entries.length) return 'an empty object';
  if (options.upload && entries.length === 1 && typeof (body as { error?: unknown }).error === 'string') return null;
  if ('detail' in body) {
    if (typeof (body as { detail: unknown }).detail !== 'string') return 'detail is not a string';
    const extra = entries.filter(([k, v]) => k !== 'detail' && !(k === 'code' && typeof v === 'string'));
    return extra.length ? `detail with other keys: ${extra.map(([k]) => k).join(', ')}` : null;
  }
  for (const [key, value] of entries) {
    if (!Array.isArray(value) || !value.length || !value.every((m) => typeof m === 'string'))
      return `field "${key}" is not a list of messages: ${JSON.stringify(value)?.slice(0, 200)}`;
  }
  return null;
}

/** Text that only a leaked stack trace, file path or database error would put in an answer. */
const INTERNAL = [
  /\bat (?:async )?[\w.$<>[\] ]+ \(/,
  /\bat (?:file:\/\/)?\/[\w./-]+:\d+/,
  /(?:\/|\\)(?:node_modules|work|home|usr\/lib|server|src|tests)(?:\/|\\)[\w./-]*\.[cm]?[jt]s\b/,
  /\.[cm]?[jt]s:\d+:\d+/,
  /SQLITE_[A-Z]+/,
  /\bSqliteError\b/,
  /\bsyntax error at or near\b/,
  /\binvalid input syntax for\b/,
  /\bout of range for type\b/,
  /\bviolates (?:foreign key|unique|not-null|check) constraint\b/,
  /\bduplicate key value\b/,
  /\brelation "[^"]+" does not exist\b/,
  /\bunsupported Unicode escape sequence\b/,
  /\binvalid byte sequence for encoding\b/,
  /\b(?:TypeError|ReferenceError|RangeError|AggregateError|DatabaseError)\b/,
  /\bCannot read propert(?:y|ies) of\b/,
  /\bis not a function\b/,
  /\bMaximum call stack size exceeded\b/,
  /\bFST_[A-Z_]+\b/,
  /\bE(?:CONNREFUSED|CONNRESET|PIPE|NOSPC|ACCES)\b/,
  /\bKysely\b/,
];

/** The internal text an answer leaks, ignoring anything the request itself contained. */
export function leakedInternals(answer: string, sent = ''): string | null {
  for (const pattern of INTERNAL) {
    const match = pattern.exec(answer);
    if (match && !sent.includes(match[0])) return match[0];
  }
  return null;
}

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * Everything wrong with one answer (empty when it is acceptable). `allow5xx` is for the
 * fault tests: the database down is a 503, a full disk a 507 — in the error shape, never a 500.
 */
export function answerProblems(answer: Answer, sent = '', options: { allow5xx?: number[]; upload?: boolean } = {}): string[] {
  const problems: string[] = [];
  const status = answer.statusCode;
  if (status >= 500 && !options.allow5xx?.includes(status)) problems.push(`status ${status}`);
  const leak = leakedInternals(answer.body, sent);
  if (leak) problems.push(`internal text in the answer: "${leak}"`);
  if (status >= 400) {
    const type = String(answer.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) problems.push(`error answer of type "${type}"`);
    else {
      try {
        const shape = errorShapeProblem(JSON.parse(answer.body), { upload: options.upload });
        if (shape) problems.push(`error body not in the one shape (${shape})`);
      } catch {
        problems.push('error body is not JSON');
      }
    }
  }
  return problems;
}
