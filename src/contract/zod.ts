/**
 * The contract's zod, configured once: every schema module imports `z` from here, so the
 * setting is made before any schema is built.
 *
 * zod compiles a parser for each object schema with `new Function` where it may, and finds out
 * whether it may by trying. The PWA's Content-Security-Policy forbids eval, so in a browser the
 * try is refused and reported as a violation (a DevTools issue; Lighthouse counts it against
 * Best Practices) on every page that parses an answer, while zod falls back to interpreting
 * anyway. Outside Node it is told to interpret from the start; the server keeps the compiled
 * parsers.
 */
import { z } from 'zod';

const runtime = globalThis as { process?: { versions?: { node?: string } } };
if (!runtime.process?.versions?.node) z.config({ jitless: true });

export { z };
