// The main thread's time in the project's own code (JavaScript and the WebGPU calls it makes), from V8's sampling
// profiler, apart from the time Node spends between tasks. Dawn's Node binding polls for finished GPU work from
// the event loop while a promise of its is pending, so the loop never idles and neither event-loop utilisation
// nor the thread's CPU time tells the host's work from waiting; a sample whose stack holds a frame of our code
// (a script outside node: and node_modules) is host work, any other sample is waiting or polling.
import { Session } from 'node:inspector/promises';

/** Sampled main-thread time while profiling, in ms. */
export interface HostTime {
  /** Samples with a frame of our code on the stack: the host's work. */
  readonly ownMs: number;
  /** All samples: the profiled wall time. */
  readonly totalMs: number;
  /** Self time of each function of the own samples (`name file:line`; native calls by their name), in ms. */
  readonly selfMs: ReadonlyMap<string, number>;
}

/**
 * Profiles the main thread around `work`.
 *
 * @example
 * const profiler = await HostProfiler.open();
 * const { ownMs } = await profiler.measure(() => runner.runMany(sources));
 */
export class HostProfiler {
  readonly #session: Session;

  private constructor(session: Session) {
    this.#session = session;
  }

  /** Connects to this process's inspector; `intervalUs`: the sampling interval. */
  static async open(intervalUs = 50): Promise<HostProfiler> {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
    return new HostProfiler(session);
  }

  /** Runs `work` under the profiler; `wallMs`: its wall time, without starting and stopping the profiler. */
  async measure<T>(work: () => Promise<T>): Promise<{ result: T; time: HostTime; wallMs: number; started: number }> {
    await this.#session.post('Profiler.start');
    const started = performance.now();
    const result = await work();
    const wallMs = performance.now() - started;
    const { profile } = await this.#session.post('Profiler.stop');
    return { result, time: ownTime(profile), wallMs, started };
  }

  close(): void {
    this.#session.disconnect();
  }
}

/** Splits a profile's samples into those under a frame of our code and the rest. */
function ownTime(profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[]; samples?: number[]; timeDeltas?: number[] }): HostTime {
  const parentOf = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const own = new Map<number, boolean>();
  const isOwn = (id: number): boolean => {
    const known = own.get(id);
    if (known !== undefined) return known;
    const url = byId.get(id)!.callFrame.url;
    const parent = parentOf.get(id);
    const result = (url !== '' && !url.startsWith('node:') && !url.includes('/node_modules/')) || (parent !== undefined && isOwn(parent));
    own.set(id, result);
    return result;
  };
  // The profiler's own calls (stopping it) run under our frames: not host work.
  const profiler = new Map<number, boolean>();
  const isProfiler = (id: number): boolean => {
    const known = profiler.get(id);
    if (known !== undefined) return known;
    const parent = parentOf.get(id);
    const result = byId.get(id)!.callFrame.url === 'node:inspector' || (parent !== undefined && isProfiler(parent));
    profiler.set(id, result);
    return result;
  };
  let ownUs = 0;
  let totalUs = 0;
  const selfMs = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // A sample's time is the delta to the next sample.
  for (let i = 0; i < samples.length; i++) {
    const us = deltas[i + 1] ?? 0;
    totalUs += us;
    if (!isOwn(samples[i]) || isProfiler(samples[i])) continue;
    ownUs += us;
    const { functionName, url, lineNumber } = byId.get(samples[i])!.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + us / 1e3);
  }
  return { ownMs: ownUs / 1e3, totalMs: totalUs / 1e3, selfMs };
}
