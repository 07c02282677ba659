/** Reads a V8 `.cpuprofile` (node --cpu-prof): where the time went, by function and by package. */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame comes from: a package, the app's own folder, or Node itself. */
function origin(url: string): string {
  if (!url) return '(native / V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const own = /\/(server|src)\/(.+)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

/** The top `limit` functions by self time, then self time by package or file. */
export function summariseProfile(profile: CpuProfile, limit: number): string[] {
  const selfTime = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...selfTime.values()].reduce((a, b) => a + b, 0) || 1;
  const byFunction = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  for (const node of profile.nodes) {
    const time = selfTime.get(node.id) ?? 0;
    if (!time) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${origin(url)}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + time);
    byOrigin.set(origin(url), (byOrigin.get(origin(url)) ?? 0) + time);
  }
  const pct = (time: number) => `${((time / total) * 100).toFixed(1).padStart(5)} %`;
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  return [
    `self time by function (of ${(total / 1e6).toFixed(1)} s sampled):`,
    ...top(byFunction, limit).map(([key, time]) => `  ${pct(time)}  ${key}`),
    'self time by package or file:',
    ...top(byOrigin, 12).map(([key, time]) => `  ${pct(time)}  ${key}`),
  ];
}
