// Diagnostic: where a BFS search's wall time goes when it far exceeds its GPU time (session 5 on the H100:
// ~50 ms a search at scales 20 to 22 against ~1–2 ms of GPU work). Prints
//   1. a bare submit's round trip;
//   2. what Dawn charges an indirect dispatch beside a direct one, outside BFS (benchmarks/bfs/indirect-cost.ts),
//      with Dawn's validation and without it (the `skip_validation` toggle drops the validation pass Dawn
//      injects before every indirect dispatch);
//   3. for each mode (`indirect`: steps sized by bfs_control's counts; `fixed`: direct dispatches of a fixed
//      grid; `+novalidation`: on a device opened with skip_validation) and levels a submit: the search median,
//      the GPU-checked result, and one search profiled a level a submit (GPU time and wall time per level).
// All modes must find the same levels and vertices from each source; the probe stops if they do not.
//   tsx --conditions=source benchmarks/bfs/latency-probe.ts --scale 20 [--sources 4]
//       [--modes indirect,fixed,indirect+novalidation] [--levels 1,8,32] [--fixed-workgroups 1024] [--budget-s 500]
//   tsx --conditions=source benchmarks/bfs/latency-probe.ts --scale 12 --sources 2      (a check on lavapipe)
import { suiteArgs } from '../lib/suite-args.js';
import { BfsRunner, type BfsDispatch, type BfsResult } from '@semiforge/algorithms';
import { csrFromEdges, generateKronecker } from '@semiforge/graph-io';
import { openDevice, type Device } from '@semiforge/runtime';
import { dispatchCost } from './indirect-cost.js';

const args = suiteArgs({
  options: {
    scale: { type: 'string', default: '20' },
    sources: { type: 'string', default: '8' },
    modes: { type: 'string', default: 'indirect,fixed,indirect+novalidation' },
    levels: { type: 'string', default: '1,8,32' },
    'fixed-workgroups': { type: 'string', default: '1024' },
    'budget-s': { type: 'string', default: '500' },
  },
});
const positive = (name: string, value: string) => {
  const v = Number(value);
  if (!Number.isInteger(v) || v < 1) throw new Error(`--${name}: expected a positive integer, got '${value}'`);
  return v;
};
const MODES = ['indirect', 'fixed', 'indirect+novalidation', 'fixed+novalidation'];
const modes = args.modes.split(',');
for (const m of modes) if (!MODES.includes(m)) throw new Error(`--modes: unknown mode '${m}' (expected ${MODES.join(', ')})`);
const levelsPerSubmit = args.levels.split(',').map((s) => positive('levels', s));
const fixedWorkgroups = positive('fixed-workgroups', args['fixed-workgroups']);
const started = performance.now();
const stopAt = started + 1000 * positive('budget-s', args['budget-s']);

const NO_VALIDATION = ['enable-dawn-features=skip_validation'];
const device = await openDevice();
let unvalidated: Device | undefined;
const deviceFor = async (novalidation: boolean) => (novalidation ? (unvalidated ??= await openDevice({ dawnFlags: NO_VALIDATION })) : device);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`device: ${device.describe().description}`);

const scratch = await device.createBuffer('probe.scratch', 4096, 'storage');
const roundTrips: number[] = [];
for (let i = 0; i < 20; i++) {
  const t = performance.now();
  await device.batch({ label: 'probe', timing: false }).clear(scratch).submit();
  await device.read(scratch, Uint32Array, 0, 4);
  roundTrips.push(performance.now() - t);
}
scratch.destroy();
console.log(`bare submit + 16-byte read: median ${median(roundTrips).toFixed(2)} ms`);

for (const novalidation of [false, true]) {
  for (const levels of [1, 32]) {
    for (const c of await dispatchCost(await deviceFor(novalidation), levels)) {
      console.log(
        `${c.mode} dispatch${novalidation ? ' (skip_validation)' : ''}, ${levels} writer + worker pairs a pass: ` +
          `encode ${c.encodeUsPerDispatch.toFixed(1)} µs a dispatch, submit → done ${c.doneMs.toFixed(2)} ms`,
      );
    }
  }
}

const scale = positive('scale', args.scale);
console.error(`building Kronecker scale ${scale}…`);
const csr = csrFromEdges(generateKronecker({ scale, edgeFactor: 16, seed: 1 }), { symmetrize: true, sortRows: true });
const sources = Array.from({ length: positive('sources', args.sources) }, (_, i) => (i * 7919) % csr.n).filter((s) => csr.indptr[s + 1] > csr.indptr[s]);
console.log(`Kronecker scale ${scale}: ${csr.n} vertices, ${csr.indices.length} arcs, sources ${sources.join(', ')}`);

/** Each source's levels and vertices reached, by the first configuration that searched it: every other must agree. */
const expected = new Map<number, string>();
const summary = (r: BfsResult) => `${r.reached} reached; ${r.levels.map((l) => `${l.direction === 'bottom-up' ? 'B' : 'T'}${l.discovered}`).join(' ')}`;

outer: for (const mode of modes) {
  const [dispatch, novalidation] = mode.split('+') as [BfsDispatch, string?];
  for (const perSubmit of levelsPerSubmit) {
    if (performance.now() > stopAt) {
      console.log(`budget spent: stopping before ${mode}, ${perSubmit} levels a submit`);
      break outer;
    }
    const runner = await BfsRunner.create(await deviceFor(novalidation !== undefined), csr, { levelsPerSubmit: perSubmit, dispatch, fixedWorkgroups });
    try {
      // Compiles the pipelines and warms up.
      await runner.run(sources[0]);
      const search: number[] = [];
      let levels = 0;
      for (const s of sources) {
        const r = await runner.run(s, { check: true });
        if (r.check && !r.check.ok) throw new Error(`${mode}, source ${s}: bfs_check broke rule ${r.check.rule} at vertex ${r.check.vertex}`);
        const found = summary(r);
        const want = expected.get(s) ?? found;
        if (found !== want) throw new Error(`${mode}, ${perSubmit} levels a submit, source ${s}: found ${found}, another configuration ${want}`);
        expected.set(s, found);
        search.push(r.searchMs);
        levels = r.levels.length;
      }
      const profiled = await runner.run(sources[0], { profile: true });
      const gpu = profiled.levels.reduce((sum, l) => sum + (l.gpuMs ?? 0), 0);
      const perLevel = profiled.levels.map((l) => `${l.direction === 'bottom-up' ? 'B' : 'T'} ${l.gpuMs?.toFixed(2) ?? '–'}/${l.wallMs.toFixed(2)}`).join(', ');
      console.log(
        `${mode.padEnd(21)} ${String(perSubmit).padStart(2)} levels a submit: search median ${median(search).toFixed(2)} ms (${levels} levels, ≈` +
          `${(csr.indices.length / 2 / median(search) / 1e3).toFixed(1)} MTEPS at m/2 edges); profiled GPU ${gpu.toFixed(2)} ms, wall ${profiled.searchMs.toFixed(2)} ms; ` +
          `per level GPU/wall ms: ${perLevel}`,
      );
    } finally {
      runner.destroy();
    }
  }
}
console.error(`done in ${((performance.now() - started) / 1e3).toFixed(0)} s`);
unvalidated?.destroy();
device.destroy();
