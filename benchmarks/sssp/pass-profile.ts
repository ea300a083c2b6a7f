// Per-pass profile of the frontier methods (near-far, frontier Bellman-Ford) on a generated graph: for each pass
// the threshold, whether it was a relax pass, a scan for far vertices or a release of waiting hubs over the hub
// list (near-far/hub<D>), the frontier (vertices and their arcs), what it queued next, the arcs it relaxed (of its queued items: visits' arcs, and with heavy arcs settled
// (near-far/heavy) the heavy arcs of the items the scan queued for them, apart), and the GPU time of its advance
// step and of the pass; then totals: arc relaxations ÷ m (visits' and heavy items' apart), vertices visited
// (with heavy arcs settled, a vertex without light arcs is never visited: it waits for the scan at once),
// re-settlements (visits of a vertex after its first; heavy arcs relaxed again), the time in passes with fewer
// than 1000 frontier vertices against the rest, scans, and the parent step. The runner is created with an
// observer, so that every step is a submit of its own (timestamps per step; the sum exceeds an ordinary query's,
// whose GPU time is printed beside it). Every query is validated by the Graph500 rules.
//   tsx --conditions=source benchmarks/sssp/pass-profile.ts --quick
//   tsx --conditions=source benchmarks/sssp/pass-profile.ts [--kron S | --rmat S] [--weights u32|f32] [--sources K]
//       [--methods near-far,near-far/heavy,near-far/hub256,frontier] [--cuda-clock] [--budget-s 480] [--threads T] [--cache DIR] [--out DIR]
// No method or query starts past --budget-s (the host's per-pass work is slow on 10^8 arcs); results are written
// after each query.
// On the GPU host (bundled with scripts/device-bundle.sh sssp/pass-profile):
//   node .device/pass-profile.mjs --kron 22 --weights u32 --sources 2 --methods near-far,near-far/heavy --cuda-clock --out $OUT
import { suiteArgs } from '../lib/suite-args.js';
import { readSsspQueue, SSSP_HEAVY_ITEM, SSSP_STATE, SsspRunner, ssspSearchGraph, ssspWeights, validateSsspParallel, type SsspDispatchRecord, type SsspWeightType } from '@semiforge/algorithms';
import { invertIds } from '@semiforge/graph-io';
import { openDevice } from '@semiforge/runtime';
import { cudaClockFlag } from '../lib/compute-clock.js';
import { webgpuContext } from '../lib/gpu-context.js';
import { summarize, writeResults, type BenchResult } from '../lib/results.js';
import { probeGraph, PROBE_GRAPH_OPTIONS } from './probe-graph.js';
import { variantOptions } from './measure.js';
import { parseMethod } from './methods.js';
import { graph500Sources } from '../lib/graph500-sources.js';

const args = suiteArgs({
  options: {
    ...PROBE_GRAPH_OPTIONS,
    sources: { type: 'string', default: '1' },
    methods: { type: 'string', default: 'near-far,frontier' },
    'cuda-clock': { type: 'boolean', default: false },
    'budget-s': { type: 'string', default: '480' },
    out: { type: 'string', default: process.env.OUT },
  },
});

/** One pass: its advance step and the pass itself. */
interface PassRow {
  pass: number;
  /** A relax pass, a scan for far vertices, or a release of waiting hubs (near-far/hub<D>) over the hub list. */
  kind: 'relax' | 'scan' | 'release' | 'pull';
  threshold: number;
  /** Queue items (a hub's chunks count apiece), the vertices visited and the arcs they relaxed; a scan covers every vertex. */
  items: number;
  vertices: number;
  arcs: number;
  /** Heavy arcs settled: the vertices whose heavy arcs the pass relaxed (queued by the scan before it), and those arcs. */
  heavyVertices: number;
  heavyArcs: number;
  /** Items the pass queued for the next. */
  queued: number;
  advanceMs?: number;
  passMs?: number;
}

const SMALL_FRONTIER = 1000;
const { graph, weighting, type, csr, weights } = await probeGraph(args);
const { markHeld } = await cudaClockFlag(args['cuda-clock']);
const device = await openDevice();
const context = { ...webgpuContext('sssp-pass-profile', device), command: `node benchmarks/sssp/pass-profile.ts ${process.argv.slice(2).join(' ')}`.trim() };
const m = csr.indices.length;
const sources = graph500Sources(csr, Number(args.sources));
console.error(`${graph.name} ${weighting.label}: n ${csr.n}, arcs ${m}, on ${device.describe().description}`);

const results: BenchResult[] = [];
const profiles: Record<string, unknown>[] = [];
const started = performance.now();
const overBudget = (what: string) => {
  const over = (performance.now() - started) / 1000 > Number(args['budget-s']);
  if (over) console.error(`--budget-s ${args['budget-s']} spent: ${what} skipped`);
  return over;
};
for (const variant of args.methods.split(',').map(parseMethod)) {
  // The profile reads the state's words 0..16 after each step; fused passes keep theirs in banks.
  if (variant.options.fuseAdvance) throw new Error(`--methods ${variant.name}: the pass profile reads the advance step's state, which fused passes keep in banks; profile the method without /fused`);
  const asked = variantOptions(variant, {}, type, csr, weights);
  // The degree order (/bydegree) profiled as its runner searches it: the renumbered graph itself, the sources
  // mapped, since the queues the profile reads hold that graph's ids.
  const relabelled = await ssspSearchGraph(csr, asked);
  const g = relabelled ?? csr;
  const w = relabelled ? ssspWeights(relabelled, type) : weights;
  const options = relabelled ? { ...asked, relabel: 'none' as const } : asked;
  const toInner = relabelled ? invertIds(relabelled.ids!) : undefined;
  const searched = toInner ? sources.map((s) => toInner[s]) : sources;
  if (overBudget(variant.name)) break;
  // An ordinary query's GPU time first, for scale: the profile's per-step submits add their own gaps.
  const plain = await SsspRunner.create(device, g, options);
  const plainMs: number[] = [];
  try {
    await plain.run(searched[0]);
    for (const s of searched) {
      const r = await plain.run(s);
      plainMs.push((r.gpuTimeMs ?? NaN) + (r.parentGpuTimeMs ?? 0));
    }
  } finally {
    plain.destroy();
  }
  let rows: PassRow[] = [];
  let parentSteps: { step: string; ms?: number; listed?: number }[] = [];
  let pending: PassRow | undefined;
  let visits = new Uint32Array(g.n);
  let settles = new Uint32Array(g.n);
  // Where each row's heavy arcs begin (the rows as the runner holds them: light arcs first); the row ends without the split.
  let lightEnd: Uint32Array | undefined;
  const observe = async (d: SsspDispatchRecord) => {
    if (d.step === 'advance') {
      const state = await d.read('state', SSSP_STATE.words);
      if (state[SSSP_STATE.done] !== 0) return (pending = undefined);
      const scanning = state[SSSP_STATE.scanning] !== 0;
      const releasing = state[SSSP_STATE.scanning] === 2;
      // A pull pass reads the pull list: its items, not the queue (whose arcs it covers).
      const pulling = state[SSSP_STATE.scanning] === 3;
      const items = pulling ? state[SSSP_STATE.pullItems] : releasing ? state[SSSP_STATE.hubs] : scanning ? g.n : state[SSSP_STATE.lengthA + d.parity];
      pending = { pass: d.params[1], kind: pulling ? 'pull' : releasing ? 'release' : scanning ? 'scan' : 'relax', threshold: keyValue(state[SSSP_STATE.threshold], type), items, vertices: items, arcs: 0, heavyVertices: 0, heavyArcs: 0, queued: 0, ...ms('advanceMs', d.gpuTimeMs) };
      if (scanning) return;
      lightEnd ??= profiled.plan.heavyArcs === 'settle' ? await d.read('light_end', g.n) : g.indptr.subarray(1);
      const { vertices, chunks } = await readSsspQueue(d, profiled.plan.relax.packedQueue === true, items);
      frontierOf(pending, vertices, chunks, lightEnd);
    } else if (d.step === 'relax') {
      if (!pending) return;
      pending.queued = (await d.read('state', SSSP_STATE.words))[SSSP_STATE.lengthB - d.parity];
      rows.push(Object.assign(pending, ms('passMs', d.gpuTimeMs)));
      pending = undefined;
    } else {
      parentSteps.push({ step: d.step, ...(d.gpuTimeMs === undefined ? {} : { ms: d.gpuTimeMs }), ...(d.step === 'tree' ? { listed: (await d.read('flag', 2))[1] } : {}) });
    }
  };
  /**
   * The queued items' vertices and arcs, as the kernel cuts them: a visit's chunks over the light arcs (all arcs
   * without the split), a heavy item's over the heavy ones; a vertex's chunk 0 stands for the vertex.
   */
  const frontierOf = (row: PassRow, queue: Uint32Array, chunks: Uint32Array, lightEnd: Uint32Array) => {
    const chunk = profiled.plan.relax.chunk!;
    row.vertices = 0;
    for (let i = 0; i < queue.length; i++) {
      const v = queue[i];
      const heavy = chunks[i] >= SSSP_HEAVY_ITEM;
      const c = chunks[i] % SSSP_HEAVY_ITEM;
      const [from, to] = heavy ? [lightEnd[v], g.indptr[v + 1]] : [g.indptr[v], lightEnd[v]];
      const arcs = Math.max(0, Math.min(to, from + (c + 1) * chunk) - (from + c * chunk));
      if (heavy) row.heavyArcs += arcs;
      else row.arcs += arcs;
      if (c !== 0) continue;
      if (heavy) {
        row.heavyVertices += 1;
        settles[v] += 1;
      } else {
        row.vertices += 1;
        visits[v] += 1;
      }
    }
  };
  const profiled = await SsspRunner.create(device, g, options, observe);
  try {
    await profiled.run(searched[0]);
    for (const [i, s] of searched.entries()) {
      if (overBudget(`${variant.name} source ${sources[i]}`)) break;
      [rows, parentSteps, visits, settles] = [[], [], new Uint32Array(g.n), new Uint32Array(g.n)];
      const r = await profiled.run(s);
      const check = await validateSsspParallel(g, s, r, { weights: type, arcWeights: w.values });
      const relaxed = rows.filter((p) => p.kind === 'relax');
      const again = (counts: Uint32Array) => counts.reduce((a, k) => a + Math.max(0, k - 1), 0);
      const light = rows.reduce((a, p) => a + p.arcs, 0);
      const heavy = rows.reduce((a, p) => a + p.heavyArcs, 0);
      const time = (ps: PassRow[]) => ps.reduce((t, p) => t + (p.advanceMs ?? 0) + (p.passMs ?? 0), 0);
      const small = relaxed.filter((p) => p.vertices + p.heavyVertices < SMALL_FRONTIER);
      const totals = {
        passes: rows.length,
        relax_passes: relaxed.length,
        scan_passes: rows.filter((p) => p.kind === 'scan').length,
        release_passes: rows.filter((p) => p.kind === 'release').length,
        pull_passes: rows.filter((p) => p.kind === 'pull').length,
        arc_relaxations_per_m: (light + heavy) / m,
        visit_arcs_per_m: light / m,
        heavy_arcs_per_m: heavy / m,
        vertices_relaxed: visits.reduce((a, k) => a + (k > 0 ? 1 : 0), 0),
        re_settlements: again(visits),
        heavy_vertices: settles.reduce((a, k) => a + (k > 0 ? 1 : 0), 0),
        heavy_re_settlements: again(settles),
        small_passes: small.length,
        small_passes_ms: time(small),
        large_passes_ms: time(relaxed) - time(small),
        scan_ms: time(rows.filter((p) => p.kind === 'scan')),
        release_ms: time(rows.filter((p) => p.kind === 'release')),
        pull_ms: time(rows.filter((p) => p.kind === 'pull')),
        advance_ms: rows.reduce((t, p) => t + (p.advanceMs ?? 0), 0),
        parents_ms: parentSteps.reduce((t, p) => t + (p.ms ?? 0), 0),
        plain_query_ms: plainMs[i],
      };
      const total = time(rows) + totals.parents_ms;
      const name = `sssp pass profile ${variant.name} ${graph.name} ${weighting.label} source ${sources[i]}`;
      printTable(name, rows, parentSteps, totals, total);
      if (!check.valid) console.error(`INVALID: ${check.violation!.message}`);
      results.push(
        markHeld({
          case: name,
          params: { ...graph.params, n: g.n, arcs: m, type, method: variant.name, delta: profiled.plan.delta, heavy_arcs: profiled.plan.heavyArcs, hub_degree: profiled.plan.hubDegree, hub_step: profiled.plan.hubStep, hub_growth: profiled.plan.hubGrowth, tail_factor: profiled.plan.tailFactor, dispatch: profiled.plan.dispatch, source: sources[i], backend: 'webgpu', metric: 'time_ms', ...totals },
          metric: 'time_ms',
          value: total,
          unit: 'ms (sum of per-step GPU times, each step a submit of its own)',
          time_ms: summarize([total]),
          validated: check.valid,
        }),
      );
      profiles.push({ case: name, passes: rows, parent_steps: parentSteps });
      for (const path of writeResults('sssp-pass-profile', context, results, args.out ? [args.out] : [], { profiles })) console.error(`wrote ${path}`);
    }
  } finally {
    profiled.destroy();
  }
}
device.destroy();

function ms(field: 'advanceMs' | 'passMs', t: number | undefined): Partial<PassRow> {
  return t === undefined ? {} : { [field]: t };
}

/** A key as the distance it stands for (f32 keys are order-preserving bit patterns; key 0 is below them all). */
function keyValue(key: number, t: SsspWeightType): number {
  if (key === 0xffffffff) return Infinity;
  if (key === 0) return t === 'u32' ? 0 : -Infinity;
  if (t === 'u32') return key;
  const bits = Uint32Array.of(key >>> 31 ? key ^ 0x80000000 : ~key);
  return new Float32Array(bits.buffer)[0];
}

function printTable(name: string, rows: PassRow[], parents: { step: string; ms?: number; listed?: number }[], totals: Record<string, number>, total: number): void {
  const f = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(3));
  console.error(`\n${name}`);
  console.error('pass kind    threshold      items   vertices        arcs  heavy vtx  heavy arcs     queued  adv ms  pass ms');
  for (const p of rows) {
    const th = Number.isFinite(p.threshold) ? (type === 'u32' ? String(p.threshold) : p.threshold.toPrecision(4)) : 'inf';
    const cells = [p.items, p.vertices, p.arcs, p.heavyVertices, p.heavyArcs, p.queued].map((x, i) => String(x).padStart([10, 10, 11, 10, 11, 10][i]));
    console.error(`${String(p.pass).padStart(4)} ${p.kind.padEnd(7)} ${th.padStart(10)} ${cells.join(' ')} ${f(p.advanceMs).padStart(7)} ${f(p.passMs).padStart(8)}`);
  }
  for (const p of parents) console.error(`     ${p.step.padEnd(10)} ${f(p.ms).padStart(8)} ms${p.listed === undefined ? '' : `, ${p.listed} listed for the scan`}`);
  const t = Object.entries(totals).map(([k, v]) => `${k} ${Number.isInteger(v) ? v : v.toFixed(3)}`);
  console.error(`total ${total.toFixed(3)} ms: ${t.join(', ')}`);
}
