/**
 * fast-check arbitraries for fuzzing the API: request bodies derived from the routes' own zod
 * schemas (through zod 4's JSON Schema export), and the hostile values an attacker or a broken
 * client sends instead — prototype keys, NUL bytes, integers past int4 and 2^53, deep nesting,
 * wrong types, odd unicode, malformed JSON and multipart, wrong content types.
 */
import fc from 'fast-check';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

export const PROTOTYPE_KEYS = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
  'prototype',
];

export const HOSTILE_NUMBERS = [
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  -1,
  0,
  -0,
  1.5,
  1e308,
  -1e308,
  5e-324,
];

export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  'user\u0000@x.example',
  '\ud800',
  'x\udfffy',
  '\u202Eevil',
  '\uFEFF',
  'e\u0301\u0301\u0301',
  '💉🩺🫀',
  '𝕏'.repeat(40),
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  '2147483648',
  '-1',
  "'; drop table users; --",
  '" or 1=1 --',
  '../../../../etc/passwd',
  '%00',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '__proto__',
  'constructor',
  'x'.repeat(5000),
];

/**
 * Deep nesting stands in the generated values as a short marker string, so fast-check can
 * print (and shrink) a counterexample; `toJsonText` writes the nesting out when sending.
 */
export function nested(depth: number, wrap: 'array' | 'object' = 'array'): string {
  return `⟦deep:${wrap}:${depth}⟧`;
}

function nestedText(wrap: string, depth: number): string {
  return wrap === 'array' ? '['.repeat(depth) + '{"a":1}' + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** JSON text of a generated body, with deep-nesting markers written out. */
export function toJsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/"⟦deep:(array|object):(\d+)⟧"/g, (_m, wrap: string, depth: string) => nestedText(wrap, Number(depth)));
}

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, null, {}, [], [null], { length: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(10, 1000, 20_000).map((d) => nested(d)) },
  { weight: 1, arbitrary: fc.constantFrom(10, 1000, 20_000).map((d) => nested(d, 'object')) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(Number) },
);

const cap = (n: number | undefined, fallback: number, limit: number) => Math.min(n ?? fallback, limit);

/** An arbitrary of (mostly) valid values for a JSON Schema as zod 4 writes it. */
export function fromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(fromJsonSchema));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uuid') return fc.uuid({ version: 4 });
      if (schema.format === 'date-time')
        return fc.date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, cap(schema.maxLength, 40, 40));
      return fc.oneof(
        fc.string({ minLength, maxLength }),
        fc.string({ minLength, maxLength, unit: 'grapheme' }),
        // The longest accepted value (and one past it) where the schema has a limit.
        ...(schema.maxLength !== undefined && schema.maxLength <= 10_000
          ? [fc.constantFrom('é'.repeat(schema.maxLength), 'x'.repeat(schema.maxLength + 1))]
          : []),
      );
    }
    case 'integer': {
      const min = Math.max(schema.minimum ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
      const max = Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
      return fc.oneof(fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }), fc.constantFrom(min, max), fc.maxSafeInteger());
    }
    case 'number':
      return fc.double({ noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? fromJsonSchema(schema.items) : fc.jsonValue({ maxDepth: 2 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, cap(schema.maxItems, 4, 4)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, fromJsonSchema(v)]));
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    default:
      // `{}`: anything (zod's custom refinements, such as a chapter's Lexical document).
      return fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.constant({ root: { type: 'root', version: 1, children: [] } }));
  }
}

/** Every string inside a value, with `insert` put somewhere in it. */
function poisonStrings(value: unknown, insert: string): unknown {
  if (typeof value === 'string') return value.slice(0, 1) + insert + value.slice(1);
  if (Array.isArray(value)) return value.map((v) => poisonStrings(v, insert));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poisonStrings(v, insert)]));
  return value;
}

/** Bodies for one schema: valid ones, and valid ones spoiled in one hostile way. */
export function hostileBodies(schema: JsonSchema): fc.Arbitrary<unknown> {
  const valid = fromJsonSchema(schema);
  const keys = Object.keys(schema.properties ?? {});
  const withKey = (pick: fc.Arbitrary<string>) =>
    fc.tuple(valid, pick, hostileValue).map(([body, key, value]) => {
      const out: Record<string, unknown> = { ...(body as object) };
      // defineProperty, so a `__proto__` key is an own key of the JSON sent, as a raw body has it.
      Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
      return out;
    });
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 2, arbitrary: withKey(fc.constantFrom(...PROTOTYPE_KEYS)) },
    ...(keys.length ? [{ weight: 4, arbitrary: withKey(fc.constantFrom(...keys)) }] : []),
    { weight: 2, arbitrary: valid.chain((body) => fc.constantFrom('\u0000', '\ud800', '\u202E').map((c) => poisonStrings(body, c))) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.subarray(keys)).map(([body, drop]) => {
        const out = { ...(body as object) } as Record<string, unknown>;
        for (const key of drop) delete out[key];
        return out;
      }),
    },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Raw bodies with a content type: what a broken client or an attacker sends instead of JSON. */
export const RAW_BODIES: { contentType: string | undefined; payload: string | Buffer }[] = [
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '{"email": "a@b.c", "password": ' },
  { contentType: 'application/json', payload: '[1,]' },
  { contentType: 'application/json', payload: 'nul' },
  { contentType: 'application/json', payload: '{"a":1} trailing' },
  { contentType: 'application/json', payload: '\u0000' },
  { contentType: 'application/json', payload: '\uFEFF{}' },
  { contentType: 'application/json', payload: '{"__proto__": {"is_superuser": true}}' },
  { contentType: 'application/json', payload: '{"constructor": {"prototype": {"is_superuser": true}}}' },
  { contentType: 'application/json', payload: '"just a string"' },
  { contentType: 'application/json', payload: '12345678901234567890' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '['.repeat(100_000) + ']'.repeat(100_000) },
  { contentType: 'application/json', payload: '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000) },
  { contentType: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x7b, 0x7d, 0xc3, 0x28]) },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'application/json; charset=latin1', payload: '{"email":"\u00e9"}' },
  { contentType: 'APPLICATION/JSON', payload: '{}' },
  { contentType: 'text/plain', payload: '{"email":"a@b.c"}' },
  { contentType: 'application/xml', payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'email=a%40b.c&password=x&constructor=1' },
  { contentType: 'a/b/c', payload: '{}' },
  { contentType: '', payload: '{}' },
  { contentType: undefined, payload: '{"email":"a@b.c","password":"x"}' },
  { contentType: 'multipart/form-data', payload: '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\ncontent-disposition: form-data; name="image"; filename="a.png"\r\n\r\nunterminated' },
  { contentType: 'multipart/form-data; boundary=' + 'b'.repeat(300), payload: 'garbage' },
  { contentType: 'multipart/form-data; boundary=x', payload: '' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\n\r\n--x--\r\n' },
  {
    contentType: 'multipart/form-data; boundary=x',
    payload: '--x\r\ncontent-disposition: form-data; name="image"; filename="../../x.png"\r\ncontent-type: image/png\r\n\r\n\u0089PNG\r\n\u001a\n\r\n--x--\r\n',
  },
  {
    contentType: 'multipart/form-data; boundary=x',
    payload:
      '--x\r\ncontent-disposition: form-data; name="constructor"\r\n\r\n1\r\n--x\r\ncontent-disposition: form-data; name="__proto__"\r\n\r\n1\r\n--x--\r\n',
  },
  { contentType: 'multipart/mixed; boundary=x', payload: '--x--\r\n' },
];

/** Path ids: what a client sends in place of a real id. */
export const HOSTILE_IDS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '4294967296',
  '9999999999',
  '99999999999',
  '9007199254740993',
  '1e3',
  '0x10',
  '00001',
  '1.0',
  'abc',
  '%00',
  '1%00',
  '%2e%2e',
  '%E2%80%AE1',
  '%EF%BC%91',
  'null',
  'constructor',
  '__proto__',
  'x'.repeat(250),
];

/** `?page=` values for the paginated lists. */
/** Host headers no URL parser takes as they are, and one a forger would send. */
export const HOSTILE_HOSTS = ['', 'a b', '[::1', '%', 'x:99999', 'evil.example', 'évil.example', '[::1]:8080', 'host:', ':80', 'a/b', 'a?b', 'a#b'];

export const HOSTILE_QUERIES = [
  '',
  '?page=2',
  '?page=0',
  '?page=-1',
  '?page=2147483648',
  '?page=9999999',
  '?page_size=0',
  '?page_size=100000000000',
  '?page=1&page=2',
  '?page[]=1',
  '?page=%00',
  '?page=1e3',
  '?constructor=1&__proto__=1',
];

/** What a user types into search that is FTS5 or tsquery syntax elsewhere, stop words, scripts and Unicode forms. */
export const SEARCH_SYNTAX = [
  '"',
  '""',
  '"unbalanced',
  '*',
  'sutures*',
  '-',
  '-sutures',
  ':',
  'body:sutures',
  '^',
  '^sutures',
  'NEAR',
  'NEAR(a b)',
  'a NEAR/2 b',
  'AND',
  'OR',
  'NOT',
  'a AND',
  'a OR b',
  '(',
  ')',
  '(a',
  "'",
  "a'b",
  '\\',
  '& | ! <->',
  'a:*',
  'a:A',
  '{title}: a',
  '+a',
  'and of the',
  'पित्ताशय',
  'ज\u093Cरूरी',
  'cafe\u0301',
  '٣ 三 ²',
];

/** `?q=…[&book=…][&page=…]` of GET /books/search/: syntax, hostile text, lengths at the limit, raw escapes, bad book and page values. */
export const searchQueryString: fc.Arbitrary<string> = (() => {
  // encodeURIComponent throws on a lone surrogate: the raw escapes below send those.
  const encoded = (text: string) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\uFFFD'));
  const q = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...SEARCH_SYNTAX).map(encoded) },
    {
      weight: 3,
      arbitrary: fc.array(fc.constantFrom(...SEARCH_SYNTAX, 'suture', 'view', 'fuzz'), { minLength: 1, maxLength: 20 }).map((w) => encoded(w.join(' '))),
    },
    { weight: 2, arbitrary: fc.string({ maxLength: 60, unit: 'grapheme' }).map(encoded) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(encoded) },
    { weight: 1, arbitrary: fc.constantFrom('é'.repeat(200), 'x'.repeat(201), 'a '.repeat(100), 'पित्ताशय '.repeat(22)).map(encoded) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%ED%A0%80', '%00', '+', 'a&q=b', 'a&q[]=b', '') },
  );
  const value = fc.constantFrom('1', '2', '0', '-1', 'abc', '1e3', '1.5', '2147483647', '2147483648', '9007199254740993', '', '%00');
  return fc
    .tuple(q, fc.option(value), fc.option(value))
    .map(([text, book, page]) => `?q=${text}${book === null ? '' : `&book=${book}`}${page === null ? '' : `&page=${page}`}`);
})();
