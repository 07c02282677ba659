/**
 * The app shell's preloads by route, a step of the prerender (build/prerender.ts). index.html
 * answers every path that is not prerendered (the signed-in pages, Login…); the app fetches a
 * route's code only once its own scripts have run and the router has matched the path, one round
 * trip later. For each such route the build writes a copy of the app shell that also names, in
 * `<link rel="modulepreload">`, the chunks of the route's files (the route and its layouts) and
 * what they import, and the server sends it for the paths the route answers
 * (server/plugins/static.ts): the browser fetches the route's code beside the app's.
 * Lighthouse mobile, five rounds of three alternated with the build without them: reader median
 * 66 against 61 (round medians of LCP 3.2–3.4 s against 3.9–4.1 s), /books 66 against 60 (LCP
 * 3.3–3.4 s against 3.7–4.0 s); behind HTTP/2, 71 against 68 and 69 against 66.
 */
import path from 'node:path';
import type { Rolldown } from 'vite';

/** A route of the app as its router knows it: '/_protected/book/$bookId' answers '/book/$bookId'. */
export interface AppRoute {
  id: string;
  fullPath: string;
}

/** A path pattern of the app and the copy of the app shell the server sends for it. */
export interface AppShellRoute {
  path: string;
  file: string;
}

/** The route file of a route id (TanStack's flat files): '/_protected/book/$bookId' → '_protected.book.$bookId', '/about/' → 'about.index'. */
export function routeFileStem(id: string): string {
  if (id === '__root__') return '__root';
  return (id.endsWith('/') ? `${id}index` : id).slice(1).replaceAll('/', '.');
}

/**
 * For each file of `routesDir` (by stem), the chunks holding its parts and every chunk they
 * import statically, leaving out what the entry already loads (index.html names those).
 */
export function chunksByRouteFile(bundle: Rolldown.OutputBundle, routesDir: string): Map<string, Set<string>> {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  const closure = (start: Iterable<string>, into = new Set<string>()): Set<string> => {
    for (const file of start) {
      const chunk = chunks.get(file);
      if (!chunk || into.has(file)) continue;
      into.add(file);
      closure(chunk.imports, into);
    }
    return into;
  };
  const initial = closure([...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const byFile = new Map<string, Set<string>>();
  for (const chunk of chunks.values()) {
    if (initial.has(chunk.fileName)) continue;
    for (const moduleId of chunk.moduleIds) {
      // A split part's module id is its file with a query naming the part.
      const file = moduleId.split('?', 1)[0]!;
      if (path.dirname(file) !== routesDir) continue;
      const stem = path.basename(file).replace(/\.tsx?$/, '');
      const files = byFile.get(stem) ?? new Set<string>();
      for (const needed of closure([chunk.fileName])) if (!initial.has(needed)) files.add(needed);
      byFile.set(stem, files);
    }
  }
  return byFile;
}

/**
 * The routes that answer a path (not layouts), other than the prerendered paths and the
 * catch-all, each with the chunks of its file and its layouts' files.
 */
export function routePreloads(routes: AppRoute[], chunks: Map<string, Set<string>>, prerendered: readonly string[]): { route: AppRoute; files: string[] }[] {
  const ids = routes.map((route) => route.id);
  const isLayout = (id: string) => ids.some((other) => other.startsWith(`${id}/`));
  return routes
    .filter((route) => route.id !== '__root__' && route.fullPath !== '/$' && !isLayout(route.id) && !prerendered.includes(route.fullPath))
    .map((route) => {
      const own = [route.id, ...ids.filter((id) => id !== '__root__' && route.id.startsWith(`${id}/`))];
      const files = new Set(own.flatMap((id) => [...(chunks.get(routeFileStem(id)) ?? [])]));
      return { route, files: [...files].sort() };
    })
    .filter(({ files }) => files.length > 0);
}

/** `html` with a modulepreload link for each file (under `assets/`) after its last one. */
export function withPreloads(html: string, files: string[], base = '/'): string {
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`).join('\n    ');
  const last = html.lastIndexOf('<link rel="modulepreload"');
  const at = last === -1 ? html.indexOf('</head>') : html.indexOf('>', last) + 1;
  if (at <= 0) throw new Error('index.html has no </head>: the route preloads cannot be placed');
  return `${html.slice(0, at)}\n    ${links}${html.slice(at)}`;
}
