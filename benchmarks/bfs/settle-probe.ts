// Diagnostic: why one-at-a-time BFS searches (measure.ts) took 17–45 ms of wall time at scales 23–26 on the H100
// against 1–7 ms of GPU time, while runMany's were fast (bfs-h100-20261123.json). Each search is made as the
// suite makes it (run with the GPU check, the parents read back, reachedEdges), then the next one is searched
// after one of these settling steps (settle.ts), timed apart from the search:
//   none      nothing (the suite before settle.ts);
//   flush     an empty submit and onSubmittedWorkDone (Dawn frees the previous read's staging buffer there);
//   gc        a full V8 garbage collection (the previous read's n-sized copy);
//   flush+gc  both (what the suite does now).
// Per mode it prints the medians of: the settling steps, searchMs, the V8 GC pauses that fell inside the search
// (PerformanceObserver), and the read-back; then what a read-back of the parents' size costs through `device.read`,
// the drain after it, and its phases timed apart. The graphs: a Kronecker graph of --scale padded with isolated
// vertices to 2^pad vertices (GPU work of a small graph, read-backs of a large one), and --kron real ones.
//   tsx --conditions=source benchmarks/bfs/settle-probe.ts [--scale 16] [--pad 23,26] [--kron 23] [--cache DIR] [--reps 5]
//       [--modes none,flush,gc,flush+gc] [--cuda-clock] [--budget-s 55]
//   tsx --conditions=source benchmarks/bfs/settle-probe.ts --scale 12 --pad 20 --reps 3      (a check on lavapipe)
import { suiteArgs } from '../lib/suite-args.js';
import { PerformanceObserver } from 'node:perf_hooks';
import { BfsRunner } from '@semiforge/algorithms';
import { csrFromEdges, generateKronecker, relabelByDegree, type Csr } from '@semiforge/graph-io';
import { MapMode, openDevice, type Device } from '@semiforge/runtime';
import { cudaClockFlag } from '../lib/compute-clock.js';
import { smClock } from '../lib/sm-clock.js';
import { kroneckerGraph, reachedEdges } from './graphs.js';
import { collectGarbage, drainQueue, settle } from './settle.js';

const args = suiteArgs({
  options: {
    scale: { type: 'string', default: '16' },
    pad: { type: 'string', default: '23,26' },
    kron: { type: 'string', default: '' },
    // Where --kron graphs are kept (in degree order, as the suite's --cache keeps them).
    cache: { type: 'string' },
    reps: { type: 'string', default: '5' },
    modes: { type: 'string', default: 'none,flush,gc,flush+gc' },
    'cuda-clock': { type: 'boolean', default: false },
    'budget-s': { type: 'string', default: '55' },
  },
});
const integers = (name: string, value: string) =>
  value === ''
    ? []
    : value.split(',').map((s) => {
        const v = Number(s);
        if (!Number.isInteger(v) || v < 1) throw new Error(`--${name}: expected positive integers, got '${value}'`);
        return v;
      });
const MODES = ['none', 'flush', 'gc', 'flush+gc'];
const modes = args.modes.split(',');
for (const m of modes) if (!MODES.includes(m)) throw new Error(`--modes: unknown mode '${m}' (expected ${MODES.join(', ')})`);
const [scale] = integers('scale', args.scale);
const [reps] = integers('reps', args.reps);
const stopAt = performance.now() + 1000 * integers('budget-s', args['budget-s'])[0];
await cudaClockFlag(args['cuda-clock']);

// Every GC pause, for the ones that fell inside a timed search.
const pauses: { start: number; ms: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) pauses.push({ start: e.startTime, ms: e.duration });
}).observe({ entryTypes: ['gc'] });

const median = (xs: number[]) => (xs.length === 0 ? Number.NaN : [...xs].sort((a, b) => a - b)[xs.length >> 1]);
const ms = (x: number) => x.toFixed(2);

/** A Kronecker graph of `scale` with isolated vertices up to 2^pad, in degree order as the suite keeps its graphs. */
function padded(pad: number): { name: string; csr: Csr } {
  const edges = generateKronecker({ scale, edgeFactor: 16, seed: 1 });
  const csr = relabelByDegree(csrFromEdges({ ...edges, n: Math.max(edges.n, 2 ** pad) }, { symmetrize: true }));
  return { name: `kronecker scale ${scale} padded to 2^${pad} vertices`, csr };
}

async function probe(device: Device, name: string, csr: Csr): Promise<void> {
  const sources: number[] = [];
  // In degree order the vertices with edges come first: a small stride finds enough of them in a padded graph.
  for (let v = 0; sources.length < reps * modes.length + 1 && v < csr.n; v += 97) if (csr.indptr[v + 1] > csr.indptr[v]) sources.push(v);
  const runner = await BfsRunner.create(device, csr, {});
  try {
    console.log(`${name}: n ${csr.n}, arcs ${csr.indices.length}, parents ${(4 * csr.n) / 2 ** 20} MiB a read-back`);
    await runner.run(sources[0], { check: true });
    let next = 1;
    for (const mode of modes) {
      const rows: { flushMs: number; gcMs: number; searchMs: number; gcInSearchMs: number; readMs: number; hostMs: number; window: [number, number] }[] = [];
      for (let k = 0; k < reps && performance.now() < stopAt; k++) {
        const s = sources[next++ % sources.length];
        const settled = mode === 'none' ? { flushMs: 0, gcMs: 0 } : await settleAs(device, mode);
        const called = performance.now();
        const r = await runner.run(s, { check: true });
        if (r.check && !r.check.ok) throw new Error(`${name}, source ${s}: bfs_check broke rule ${r.check.rule} at vertex ${r.check.vertex}`);
        const hostStarted = performance.now();
        reachedEdges(csr, r.parent);
        rows.push({ ...settled, searchMs: r.searchMs, gcInSearchMs: 0, readMs: r.readMs, hostMs: performance.now() - hostStarted, window: [called, called + r.searchMs + 0.5] });
      }
      // GC entries come to the observer a task later.
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (const row of rows) row.gcInSearchMs = pauses.filter((p) => p.start + p.ms > row.window[0] && p.start < row.window[1]).reduce((sum, p) => sum + p.ms, 0);
      const clock = smClock();
      console.log(
        `  ${mode.padEnd(8)} ${rows.length} searches, medians: flush ${ms(median(rows.map((r) => r.flushMs)))} ms, gc ${ms(median(rows.map((r) => r.gcMs)))} ms | ` +
          `searchMs ${ms(median(rows.map((r) => r.searchMs)))} (each ${rows.map((r) => r.searchMs.toFixed(1)).join(' ')}), GC pauses inside ${ms(median(rows.map((r) => r.gcInSearchMs)))} | ` +
          `readMs ${ms(median(rows.map((r) => r.readMs)))}, host ${ms(median(rows.map((r) => r.hostMs)))}${clock ? ` | SM ${clock.mhz} MHz` : ''}`,
      );
    }
  } finally {
    runner.destroy();
  }
  await readBackCost(device, 4 * csr.n);
}

/**
 * What a read-back of `bytes` costs: `device.read` (a kept staging buffer), the drain after it, and the same read
 * done by hand in its phases: the copy to the staging buffer (submit and onSubmittedWorkDone), mapAsync, the copy
 * out of the mapped range into JavaScript memory (a new array, then again into one already touched), and unmap.
 * Says which phase makes a 256 MiB read take 0.2 s.
 */
async function readBackCost(device: Device, bytes: number): Promise<void> {
  const source = await device.createBuffer('probe.source', bytes, 'storage');
  const staging = await device.createBuffer('probe.staging', bytes, 'readback');
  try {
    const rows: Record<'read' | 'readDrain' | 'copy' | 'map' | 'copyOut' | 'copyInto' | 'unmap', number[]> = { read: [], readDrain: [], copy: [], map: [], copyOut: [], copyInto: [], unmap: [] };
    const into = new Uint32Array(bytes / 4).fill(1);
    for (let k = 0; k < reps; k++) {
      await settle(device);
      const started = performance.now();
      await device.read(source, Uint32Array);
      rows.read.push(performance.now() - started);
      // The copy's garbage collected first, so that the drain times Dawn's part alone.
      collectGarbage();
      rows.readDrain.push(await drainQueue(device));
      await settle(device);
      const marks = [performance.now()];
      const encoder = device.gpu.createCommandEncoder();
      encoder.copyBufferToBuffer(source, 0, staging, 0, bytes);
      device.gpu.queue.submit([encoder.finish()]);
      await device.gpu.queue.onSubmittedWorkDone();
      marks.push(performance.now());
      await staging.mapAsync(MapMode.READ);
      marks.push(performance.now());
      const range = staging.getMappedRange();
      new Uint32Array(range.slice(0));
      marks.push(performance.now());
      // The same bytes again into memory already touched: a slow source is slow twice, a fresh allocation once.
      into.set(new Uint32Array(range));
      marks.push(performance.now());
      staging.unmap();
      marks.push(performance.now());
      (['copy', 'map', 'copyOut', 'copyInto', 'unmap'] as const).forEach((phase, i) => rows[phase].push(marks[i + 1] - marks[i]));
    }
    const m = (xs: number[]) => ms(median(xs));
    const gbps = (xs: number[]) => (bytes / 1e6 / median(xs)).toFixed(1);
    console.log(
      `  read-back of ${bytes / 2 ** 20} MiB, medians: device.read ${m(rows.read)} ms, the drain after it ${m(rows.readDrain)} ms | ` +
        `by phase: copy to staging ${m(rows.copy)} ms (${gbps(rows.copy)} GB/s), mapAsync ${m(rows.map)} ms, ` +
        `copy out of the mapped range ${m(rows.copyOut)} ms (${gbps(rows.copyOut)} GB/s), again into touched memory ` +
        `${m(rows.copyInto)} ms (${gbps(rows.copyInto)} GB/s), unmap ${m(rows.unmap)} ms`,
    );
  } finally {
    source.destroy();
    staging.destroy();
  }
}

/** One of the settling steps of settle.ts, or both. */
async function settleAs(device: Device, mode: string): Promise<{ flushMs: number; gcMs: number }> {
  if (mode === 'flush+gc') return settle(device);
  return mode === 'flush' ? { flushMs: await drainQueue(device), gcMs: 0 } : { flushMs: 0, gcMs: collectGarbage() };
}

const device = await openDevice();
console.log(`device: ${device.describe().description}`);
try {
  for (const pad of integers('pad', args.pad)) {
    if (performance.now() > stopAt) break;
    const g = padded(pad);
    await probe(device, g.name, g.csr);
  }
  for (const s of integers('kron', args.kron)) {
    if (performance.now() > stopAt) break;
    const g = await kroneckerGraph(s, 16, { degreeOrder: true, cacheDir: args.cache });
    await probe(device, g.name, g.csr);
  }
} finally {
  device.destroy();
}
