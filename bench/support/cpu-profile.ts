// --cpu-prof for one phase of a benchmark: the V8 sampling profiler through node:inspector, summed
// by function (self time), so the benchmark can print where this process spent its CPU.
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface CpuProfileSummary {
  wallMs: number;
  /** Sampled CPU time on the main thread (everything but idle). */
  busyMs: number;
  /** Heaviest functions by self time. */
  top: Array<{ name: string; selfMs: number; share: number }>;
  /** Self time by where the code lives (our code, Nest/Express, pg, typeorm, sharp, node internals, ...). */
  byArea: Array<{ area: string; selfMs: number; share: number }>;
}

export async function cpuProfile<T>(work: () => Promise<T>, top = 12): Promise<{ result: T; profile: CpuProfileSummary }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  let profile: Profile;
  try {
    const result = await work();
    profile = ((await session.post('Profiler.stop')) as unknown as { profile: Profile }).profile;
    if (process.env.BENCH_PROFILE_FILE) writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(profile));
    return { result, profile: summarize(profile, top) };
  } finally {
    session.disconnect();
  }
}

function summarize(profile: Profile, top: number): CpuProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i += 1) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + profile.timeDeltas[i] / 1000);
  const byName = new Map<string, number>();
  const byArea = new Map<string, number>();
  let busy = 0;
  for (const [id, ms] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    busy += ms;
    const name = `${frame.functionName || '(anonymous)'} ${location(frame.url, frame.lineNumber)}`;
    byName.set(name, (byName.get(name) ?? 0) + ms);
    byArea.set(area(frame.url, frame.functionName), (byArea.get(area(frame.url, frame.functionName)) ?? 0) + ms);
  }
  const ranked = (m: Map<string, number>) =>
    [...m.entries()].sort((a, b) => b[1] - a[1]).map(([key, ms]) => ({ key, selfMs: Math.round(ms * 10) / 10, share: Math.round((ms / busy) * 1000) / 1000 }));
  return {
    wallMs: Math.round((profile.endTime - profile.startTime) / 1000),
    busyMs: Math.round(busy),
    top: ranked(byName).slice(0, top).map(({ key, ...rest }) => ({ name: key, ...rest })),
    byArea: ranked(byArea).map(({ key, ...rest }) => ({ area: key, ...rest })),
  };
}

function location(url: string, line: number): string {
  if (!url) return '';
  const path = url.replace(/^file:\/\//, '');
  return `${path.startsWith('/') ? relative(process.cwd(), path) : path}:${line + 1}`;
}

function area(url: string, functionName: string): string {
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (!url) return 'native / runtime';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg.startsWith('@nestjs') ? '@nestjs/*' : pkg;
  return 'brandloom code';
}

export function printCpuProfile(label: string, summary: CpuProfileSummary): void {
  console.log(`${label}: ${summary.busyMs} ms of main-thread CPU in ${summary.wallMs} ms`);
  console.log(`  by area: ${summary.byArea.slice(0, 8).map((a) => `${a.area} ${(a.share * 100).toFixed(0)}%`).join(', ')}`);
  for (const f of summary.top) console.log(`  ${f.selfMs.toFixed(1).padStart(8)} ms  ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);
}
