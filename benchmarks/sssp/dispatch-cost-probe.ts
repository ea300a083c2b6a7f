// What one more dispatch between near-far's passes costs on the GPU: the most that folding the advance step into
// the pass (`fuseAdvance`, one dispatch a pass instead of two) can save, beside its own timing. The same queries are timed as they run,
// then with K extra no-op dispatches after every advance step: of one workgroup (what folding the advance would
// remove) and of the fixed grid's workgroups (what a pass with nothing to do costs, as near-far's small passes
// nearly are). GPU time spans the batch's first pass to its last, gaps included, so the difference over the
// extra dispatches is their cost. The no-ops write a buffer of their own; every query is validated (Graph500
// rules) and its distances must equal the plain run's.
//   tsx --conditions=source benchmarks/sssp/dispatch-cost-probe.ts --quick --method near-far/fixed   (a software adapter dispatches indirectly by default)
//   node .device/dispatch-cost-probe.mjs --kron 22 --weights u32 --method near-far/bydegree/c128/d1.4/u2 --sources 4 --cuda-clock --out $OUT/d
import { suiteArgs } from '../lib/suite-args.js';
import { SsspRunner, validateSssp, type SsspResult } from '@semiforge/algorithms';
import { DispatchBatch, openDevice, type ComputeKernel } from '@semiforge/runtime';
import { cudaClockFlag } from '../lib/compute-clock.js';
import { webgpuContext } from '../lib/gpu-context.js';
import { graph500Sources } from '../lib/graph500-sources.js';
import { summarize, writeResults, type BenchResult } from '../lib/results.js';
import { variantOptions } from './measure.js';
import { parseMethod } from './methods.js';
import { probeGraph, PROBE_GRAPH_OPTIONS } from './probe-graph.js';

const args = suiteArgs({
  options: {
    ...PROBE_GRAPH_OPTIONS,
    method: { type: 'string', default: 'near-far' },
    sources: { type: 'string', default: '4' },
    // Extra dispatches after each advance step, per setting timed.
    extra: { type: 'string', default: '1,4' },
    'cuda-clock': { type: 'boolean', default: false },
    out: { type: 'string', default: process.env.OUT },
  },
});

const NOOP_THREADS = 256;
/** Writes one word per workgroup to a buffer nothing else binds: a dispatch that does no work of the search's. */
const NOOP: ComputeKernel = {
  id: 'sssp-dispatch-cost-noop',
  name: 'sssp-dispatch-cost-noop',
  entryPoint: 'main',
  source: `@group(0) @binding(0) var<storage, read_write> sink: array<u32>;
@compute @workgroup_size(${NOOP_THREADS}) fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  if (lid == 0u && wid.x == 0u) { sink[0] = sink[0] + 1u; }
}`,
  workgroupSize: [NOOP_THREADS, 1, 1],
  bindings: [{ binding: 0, name: 'sink', kind: 'storage' }],
  workgroupStorageBytes: 0,
};

const extras = args.extra.split(',').map(Number);
for (const k of extras) if (!(Number.isInteger(k) && k >= 1 && k <= 16)) throw new Error(`--extra: ${k} is not an integer from 1 to 16`);
const { graph, weighting, type, csr, weights } = await probeGraph(args);
const { markHeld } = await cudaClockFlag(args['cuda-clock']);
const device = await openDevice();
const context = { ...webgpuContext('sssp-dispatch-cost', device), command: `node benchmarks/sssp/dispatch-cost-probe.ts ${process.argv.slice(2).join(' ')}`.trim() };
const sources = graph500Sources(csr, args.quick ? 2 : Number(args.sources));
const variant = parseMethod(args.method);
const runner = await SsspRunner.create(device, csr, variantOptions(variant, {}, type, csr, weights));
const sink = await device.createBuffer('sssp-dispatch-cost sink', 4, 'storage');
console.error(`${graph.name} ${weighting.label}: n ${csr.n}, arcs ${csr.indices.length}; ${args.method}, on ${device.describe().description}`);

// After each advance step, `extra` no-op dispatches of `groups` workgroups (none while `extra` is 0). The passes'
// own grid is noted as they are dispatched (the plan's fixedWorkgroups is only its upper bound).
let extra = 0;
let groups = 1;
let advances = 0;
let passGroups = 0;
const dispatch = DispatchBatch.prototype.dispatch;
DispatchBatch.prototype.dispatch = function (this: DispatchBatch, ...a: Parameters<DispatchBatch['dispatch']>) {
  const made = dispatch.apply(this, a);
  const grid = a[1].workgroups;
  if (a[0].name.startsWith('sssp_frontier') && Array.isArray(grid)) passGroups = grid[0] * (grid[1] ?? 1);
  if (a[0].name.startsWith('sssp_advance')) {
    advances += 1;
    for (let i = 0; i < extra; i++) dispatch.call(this, NOOP, { buffers: { sink }, workgroups: [groups] });
  }
  return made;
};

/** GPU time (distances + parents) of each source's query, each validated and compared with `expected`. */
async function timed(expected?: readonly SsspResult[]): Promise<{ ms: number[]; results: SsspResult[]; advancesPerQuery: number }> {
  await runner.run(sources[0]);
  advances = 0;
  const results: SsspResult[] = [];
  for (const s of sources) results.push(await runner.run(s));
  const advancesPerQuery = advances / sources.length;
  results.forEach((r, i) => {
    const v = validateSssp(csr, sources[i], r, { weights: type });
    if (!v.valid) throw new Error(`source ${sources[i]}: Graph500 rules: ${v.violation?.message}`);
    const at = expected ? r.dist.findIndex((d, j) => d !== expected[i].dist[j]) : -1;
    if (at >= 0) throw new Error(`source ${sources[i]}: dist[${at}] = ${r.dist[at]} with extra dispatches, ${expected![i].dist[at]} without`);
  });
  return { ms: results.map((r) => (r.gpuTimeMs ?? NaN) + (r.parentGpuTimeMs ?? 0)), results, advancesPerQuery };
}

const plain = await timed();
if (passGroups === 0) throw new Error(`--method ${args.method}: its passes are not on a fixed grid (the probe adds dispatches of the fixed grid's size)`);
const fixedGroups = passGroups;
const plainMs = summarize(plain.ms);
const results: BenchResult[] = [];
const params = { graph: graph.name, weights: weighting.label, method: args.method, n: csr.n, arcs: csr.indices.length, sources: sources.length, fixed_workgroups: fixedGroups, backend: 'webgpu' };
console.log(`plain: ${plainMs.median.toFixed(3)} ms (${plainMs.min.toFixed(3)}–${plainMs.max.toFixed(3)}), ${plain.advancesPerQuery} advance steps a query`);
results.push(markHeld({ case: `sssp dispatch cost ${graph.name} ${args.method} plain`, params: { ...params, extra: 0, extra_workgroups: 0, advances_per_query: plain.advancesPerQuery }, metric: 'time_ms', value: plainMs.median, unit: 'ms', time_ms: plainMs, validated: true }));
for (const g of [1, fixedGroups]) {
  for (const k of extras) {
    extra = k;
    groups = g;
    const run = await timed(plain.results);
    extra = 0;
    const t = summarize(run.ms);
    // Per extra dispatch: the median difference over the dispatches added to a query.
    const perDispatchUs = ((t.median - plainMs.median) * 1000) / (k * run.advancesPerQuery);
    console.log(`${k} × ${g} workgroup(s) after each advance: ${t.median.toFixed(3)} ms (${t.min.toFixed(3)}–${t.max.toFixed(3)}): ${perDispatchUs.toFixed(2)} µs a dispatch`);
    results.push(
      markHeld({
        case: `sssp dispatch cost ${graph.name} ${args.method} +${k}x${g}`,
        params: { ...params, extra: k, extra_workgroups: g, advances_per_query: run.advancesPerQuery, us_per_extra_dispatch: perDispatchUs },
        metric: 'time_ms',
        value: t.median,
        unit: 'ms',
        time_ms: t,
        validated: true,
      }),
    );
  }
}
DispatchBatch.prototype.dispatch = dispatch;
runner.destroy();
sink.destroy();
device.destroy();
if (args.out) writeResults('sssp-dispatch-cost', context, results, [args.out], { note: 'GPU time of distances + parents; the extra dispatches follow every advance step; us_per_extra_dispatch = (median − plain median) / extra dispatches a query' });
