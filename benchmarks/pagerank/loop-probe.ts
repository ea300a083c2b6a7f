// Diagnostic: where PageRank's loop to tolerance spends its wall time beyond the GPU's (H100, R-MAT scale 19:
// 16 steps of 0.16 ms in a 6–10 ms loop, pagerank-loop-probe-kept-h100-20261123.txt). Prints
//   1. the host's fixed costs of one round trip, medians of --reps: a bare submit (a clear, no timestamps); one
//      dispatch with timestamps (the library's submits have them); a 4 KiB `device.read` (its own submit and map);
//      a 4 KiB copy in a submit, then a map of it (how the loop reads its residuals);
//   2. PageRank on the suite's power-law matrix of --size for each --check-every (steps of the first group),
//      --submit-every (steps a queue submit carries; one larger than the group: a submit per group),
//      --lookahead (on: steps queued beyond a group before its residuals are read) and --settle mode (none:
//      runs back to back, as the suite times them; settle: the queue drained and a full GC before each run, see
//      benchmarks/bfs/settle.ts): the loop's median, the host's recording and encoding per run, and each
//      group's medians: host ms from its recording to the GPU's end, split into recording, encoding and the
//      wait after its last submit, its GPU ms and its residuals' read-back. The ranks of every setting are
//      checked against the f64 fixed point.
//   node .device/loop-probe.mjs --size medium --cuda-clock            (scripts/device-bundle.sh pagerank/loop-probe)
//   tsx --conditions=source benchmarks/pagerank/loop-probe.ts --size quick --reps 3 --runs 3      (lavapipe)
import { suiteArgs } from '../lib/suite-args.js';
import { PagerankRunner, pagerankFixedPoint, verifyPagerank, type PagerankResult, type PagerankSubmit } from '@semiforge/algorithms';
import { MapMode, openDevice, type Device } from '@semiforge/runtime';
import { settle } from '../bfs/settle.js';
import { cudaClockFlag } from '../lib/compute-clock.js';
import { probeKernel, PROBE_THREADS } from '../lib/probe-kernel.js';
import { summarize } from '../lib/results.js';
import { matrixSet, SIZES, type SizeName } from '../spmv/matrices.js';
import { submitMedians } from './measure.js';
import { loopLine } from './report.js';

const args = suiteArgs({
  options: {
    size: { type: 'string', default: 'medium' },
    'check-every': { type: 'string', default: '4,8,16,24' },
    'submit-every': { type: 'string', default: '1,2,4,8,1000' },
    lookahead: { type: 'string', default: 'on,off' },
    settle: { type: 'string', default: 'none,settle' },
    reps: { type: 'string', default: '30' },
    runs: { type: 'string', default: '7' },
    'cuda-clock': { type: 'boolean', default: false },
    'budget-s': { type: 'string', default: '500' },
  },
});
const positive = (name: string, value: string) => {
  const v = Number(value);
  if (!Number.isInteger(v) || v < 1) throw new Error(`--${name}: expected a positive integer, got '${value}'`);
  return v;
};
if (!(args.size in SIZES)) throw new Error(`--size: unknown size '${args.size}' (expected ${Object.keys(SIZES).join(', ')})`);
const checkEvery = args['check-every'].split(',').map((s) => positive('check-every', s));
const submitEvery = args['submit-every'].split(',').map((s) => positive('submit-every', s));
const lookaheads = args.lookahead.split(',').map((m) => {
  if (m !== 'on' && m !== 'off') throw new Error(`--lookahead: unknown setting '${m}' (expected on or off)`);
  return m === 'on';
});
const settleModes = args.settle.split(',');
for (const m of settleModes) if (m !== 'none' && m !== 'settle') throw new Error(`--settle: unknown mode '${m}' (expected none or settle)`);
const reps = positive('reps', args.reps);
const runs = positive('runs', args.runs);
const stopAt = performance.now() + 1000 * positive('budget-s', args['budget-s']);
const outOfTime = () => performance.now() > stopAt;

await cudaClockFlag(args['cuda-clock']);
const device = await openDevice();
console.log(`device: ${device.describe().description}; timestamps ${device.hasTimestamps ? 'yes' : 'no'}`);
const ms = (x: number) => x.toFixed(3);

/** Median host milliseconds of `reps` calls of `f`, after one untimed call. */
async function medianOf(f: () => Promise<unknown>): Promise<number> {
  await f();
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    await f();
    times.push(performance.now() - t);
  }
  return summarize(times).median;
}

/** The host's round trips, each with 4 KiB buffers: what a submit and a read-back cost apart from GPU work. */
async function fixedCosts(gpu: Device): Promise<void> {
  const words = 1024;
  const src = await gpu.createBuffer('probe.src', 4 * words, 'storage');
  const dst = await gpu.createBuffer('probe.dst', 4 * words, 'storage');
  const staging = await gpu.createBuffer('probe.staging', 4 * words, 'readback');
  const copy = probeKernel(
    'pagerank-loop-probe-copy',
    `@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(${PROBE_THREADS}) fn main(@builtin(global_invocation_id) g: vec3<u32>) { if (g.x < ${words}u) { dst[g.x] = src[g.x]; } }`,
  );
  const workgroups: [number, number, number] = [Math.ceil(words / PROBE_THREADS), 1, 1];
  try {
    const bare = await medianOf(() => gpu.batch({ label: 'probe bare', timing: false }).clear(dst).submit());
    const timed = await medianOf(() => gpu.batch({ label: 'probe timed' }).dispatch(copy, { buffers: { src, dst }, workgroups }).submit());
    const read = await medianOf(() => gpu.read(dst, Uint32Array));
    const mapped = await medianOf(async () => {
      await gpu.batch({ label: 'probe copy out', timing: false }).copy(dst, staging).submit();
      await staging.mapAsync(MapMode.READ);
      staging.unmap();
    });
    console.log(`round trips (medians of ${reps}, ms): bare submit ${ms(bare)}; one dispatch with timestamps ${ms(timed)}; device.read of 4 KiB ${ms(read)}; a copy in a submit, then its map ${ms(mapped)}`);
  } finally {
    for (const b of [src, dst, staging]) b.destroy();
  }
}

await fixedCosts(device);

const matrix = matrixSet(SIZES[args.size as SizeName]).find((m) => m.class === 'power-law')!;
const csr = await matrix.make();
const exact = pagerankFixedPoint(csr);
console.log(`${matrix.name}: n ${csr.n}, nnz ${csr.indices.length}; ${runs} runs a setting after one warm-up`);
const settings = checkEvery.flatMap((every) => submitEvery.flatMap((submit) => lookaheads.map((lookahead) => ({ checkEvery: every, submitEvery: submit, lookahead }))));
for (const setting of settings) {
  const runner = await PagerankRunner.create(device, csr, setting);
  try {
    for (const mode of settleModes) {
      if (outOfTime()) break;
      await runner.run();
      const results: PagerankResult[] = [];
      for (let r = 0; r < runs; r++) {
        if (mode === 'settle') await settle(device);
        results.push(await runner.run());
      }
      const last = results.at(-1)!;
      const check = verifyPagerank(csr, last.ranks, last.residual, {}, exact);
      const loop = summarize(results.map((r) => r.loopTimeMs));
      const gpu = summarize(results.map((r) => r.gpuTimeMs ?? Number.NaN));
      const hostTotal = (of: (s: PagerankSubmit) => number | undefined) => summarize(results.map((r) => r.submits.reduce((t, s) => t + (of(s) ?? Number.NaN), 0))).median;
      const queueSubmits = last.submits.reduce((t, s) => t + s.queueSubmits, 0);
      console.log(
        `checkEvery ${setting.checkEvery}, submitEvery ${setting.submitEvery}, lookahead ${setting.lookahead ? 'on' : 'off'}, ${mode}: loop ${ms(loop.median)} ms (min ${ms(loop.min)}, max ${ms(loop.max)}), GPU ${ms(gpu.median)} ms, ` +
          `${last.iterations} iterations, ${last.stepsRun} steps in ${last.submits.length} groups, ${queueSubmits} submits; ` +
          `host per run: record ${ms(hostTotal((s) => s.recordMs))} ms, encode ${ms(hostTotal((s) => s.encodeMs))} ms; ranks ${check.ok ? 'checked' : `FAILED (L1 error ${check.error} > ${check.bound})`}`,
      );
      console.log(`  ${loopLine(submitMedians(results))}`);
      if (!check.ok) process.exitCode = 1;
    }
  } finally {
    runner.destroy();
  }
  if (outOfTime()) {
    console.log(`stopped: --budget-s ${args['budget-s']} spent`);
    break;
  }
}
device.destroy();
