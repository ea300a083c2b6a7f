// Does the order in which a hub release's arcs are relaxed decide its speed? On Kronecker 22 in degree order the
// pass after the first hub release relaxes 72 M arcs (56% of the graph) in 0.92 ms (H200, pass profile: 78 G arcs/s,
// about Bellman-Ford's rate per arc). Each arc loads its head's key with an atomic load (which, by our reading of
// how GPUs serve atomics, L2 serves and L1 never does) and lowers it with atomicMin. Relaxed row by row (near-far's items: chunks of a hub's sorted row), a warp's 32 heads lie in 32
// sectors. Sorted by head, a warp's arcs share heads and sectors, and their tails' keys (280 K hubs, 1.1 MB) can
// come from a read-only snapshot through L1. This probe times that pass (hubs of degree ≥ 64 hold 110 M of the 128 M
// arcs on Kronecker 22; `--released` of them, by default 0.65 as there, are released) in each order:
//   rows        near-far's items (CHUNK arcs of one row, LANES invocations an item, 2 arcs a step)
//   list        the same arcs as a flat list in row order, each with its tail (the list kernel's control)
//   by-head     the list sorted by head (then tail)
//   tiles:W:T   the list in tiles of heads (2^W) × tails (2^T), heads sorted within a tile
//   …/sg        a list whose subgroups lower a shared head once, with their smallest sum (the adapter's subgroups)
//   pull        from the CSR itself, over the library's pull items (pullList: a vertex and up to SSSP_PULL_CHUNK arcs
//               of its row's hub prefix, which sorted rows in degree order put first), PULL_LANES lanes an item, one
//               atomicMin a subgroup (the library agrees on one lowering in workgroup memory instead)
//   …/atomic    tails' keys loaded atomically (from an unchanging copy), as near-far loads keys that may fall
// The pushes relax the released hubs' arcs; the pull reads every arc into a hub and skips unreleased tails, as
// the library's pullHubs does. Every pass starts from the same keys (released hubs below delta, all others
// unreached) and reads tails' keys from the snapshot, so all orders give the same keys; each run's keys are
// checked against the CPU's. Beside each time the probe counts, on the CPU, the distinct 32-byte sectors of keys a
// warp step loads (heads, tails): what the order changes in L2 traffic, whatever GPU runs it.
//   tsx --conditions=source benchmarks/sssp/hub-order-probe.ts --quick
//   node .device/hub-order-probe.mjs --kron 22 --cuda-clock --out $OUT/h
//   tsx --conditions=source benchmarks/sssp/hub-order-probe.ts --kron 22 --sectors-only   (the CPU's counts alone)
import { suiteArgs } from '../lib/suite-args.js';
import { relabelByDegreeParallel } from '@semiforge/graph-io';
import { pullList, ssspWeights } from '@semiforge/algorithms';
import { SSSP_PULL_CHUNK } from '@semiforge/codegen';
import { openDevice, type ComputeKernel, type Device } from '@semiforge/runtime';
import { cudaClockFlag } from '../lib/compute-clock.js';
import { webgpuContext } from '../lib/gpu-context.js';
import { writeResults, type BenchResult } from '../lib/results.js';
import { timedRepeats } from '../lib/timed-repeats.js';
import { probeGraph, PROBE_GRAPH_OPTIONS } from './probe-graph.js';

const args = suiteArgs({
  options: {
    ...PROBE_GRAPH_OPTIONS,
    'hub-degree': { type: 'string', default: '64' },
    delta: { type: 'string', default: '49' },
    // The share of the hubs the release queued (a fixed pseudo-random choice): Kronecker 22's first release held
    // 72 M of the 110 M hub arcs. The pushes relax the released hubs' arcs; the pull reads every arc into a hub.
    released: { type: 'string', default: '0.65' },
    layouts: { type: 'string', default: 'rows,list,by-head,by-head/sg,by-head/sg/atomic,pull,pull/atomic,tiles:14:12/sg,tiles:16:14/sg' },
    unit: { type: 'string', default: '2048' },
    runs: { type: 'string', default: '9' },
    'warmup-ms': { type: 'string', default: '1000' },
    'cuda-clock': { type: 'boolean', default: false },
    // Only the CPU's sector counts (no device opened): for graphs past a software adapter's binding limit.
    'sectors-only': { type: 'boolean', default: false },
    out: { type: 'string', default: process.env.OUT },
  },
});

const THREADS = 256;
const CHUNK = 128;
const LANES = 16;
// A pull item is the library's (pullList: up to SSSP_PULL_CHUNK arcs to hubs), read by one warp's width of lanes.
const PULL_LANES = 32;
const GRID = 4096;
const UNREACHED = 0xffffffff;

const { graph, weighting, type, csr: weighted } = await probeGraph(args);
if (type !== 'u32') throw new Error('--weights: the probe packs weights below 256 with their tails; run it with u32 weights');
const { markHeld } = await cudaClockFlag(args['cuda-clock']);
const csr = await relabelByDegreeParallel(weighted);
const weights = ssspWeights(csr, 'u32').values as Uint32Array;
const hubDegree = Number(args['hub-degree']);
const delta = Number(args.delta);
const unit = Number(args.unit);

// In degree order the hubs are a prefix of the rows.
let hubs = 0;
while (hubs < csr.n && csr.indptr[hubs + 1] - csr.indptr[hubs] >= hubDegree) hubs++;
const m = csr.indptr[hubs];
if (hubs >= 1 << 24 || weights.subarray(0, m).some((w) => w > 255)) throw new Error('the probe packs a tail (< 2^24) and a weight (< 256) in a word');
const tailOf = new Uint32Array(m);
for (let v = 0; v < hubs; v++) tailOf.fill(v, csr.indptr[v], csr.indptr[v + 1]);
const heads = csr.indices.subarray(0, m);

// The keys a pass starts from: the released hubs below delta (fixed pseudo-random keys), every other vertex
// unreached (the snapshot's mark of a hub the release did not queue).
const releasedShare = Number(args.released);
if (!(releasedShare > 0 && releasedShare <= 1)) throw new Error(`--released: expected a share in (0, 1], got '${args.released}'`);
const hash = (v: number): number => Math.imul(v + 1, 2654435761) >>> 0;
const released = (v: number): boolean => hash(v ^ 0x5bd1e995) / 2 ** 32 < releasedShare;
const start = new Uint32Array(csr.n).fill(UNREACHED);
for (let v = 0; v < hubs; v++) if (released(v)) start[v] = hash(v) % delta;
const expected = start.slice();
let releasedArcs = 0;
for (let p = 0; p < m; p++) {
  if (start[tailOf[p]] === UNREACHED) continue;
  releasedArcs++;
  const k = start[tailOf[p]] + weights[p];
  if (k < expected[heads[p]]) expected[heads[p]] = k;
}
console.error(`${graph.name} ${weighting.label} in degree order: n ${csr.n}, ${hubs} hubs of degree ≥ ${hubDegree} holding ${m} of ${csr.indices.length} arcs; released ${releasedArcs} of them`);

/** A stable counting sort of arc positions `order` by `key` (< buckets). */
function sortBy(order: Uint32Array, key: (p: number) => number, buckets: number): Uint32Array {
  const count = new Uint32Array(buckets + 1);
  for (let i = 0; i < order.length; i++) count[key(order[i]) + 1]++;
  for (let b = 0; b < buckets; b++) count[b + 1] += count[b];
  const out = new Uint32Array(order.length);
  for (let i = 0; i < order.length; i++) out[count[key(order[i])]++] = order[i];
  return out;
}

interface ArcList {
  readonly heads: Uint32Array;
  readonly tails: Uint32Array; // tail << 8 | weight
  readonly units: Uint32Array; // unit u covers arcs units[u] .. units[u + 1]
}

/** The hub arcs in `order`, cut into units of at most `unit` arcs that do not cross a change of `tile`. */
function arcList(order: Uint32Array, tile: (p: number) => number): ArcList {
  const h = new Uint32Array(order.length);
  const t = new Uint32Array(order.length);
  const units: number[] = [0];
  for (let i = 0; i < order.length; i++) {
    const p = order[i];
    h[i] = heads[p];
    t[i] = (tailOf[p] << 8) | weights[p];
    if (i > 0 && (i - units[units.length - 1] === unit || tile(p) !== tile(order[i - 1]))) units.push(i);
  }
  units.push(order.length);
  return { heads: h, tails: t, units: Uint32Array.from(units) };
}

// The released hubs' arcs in row order, and sorted by head: made once, for the layouts that start from them.
let rowOrder: Uint32Array | undefined;
let byHeadOrder: Uint32Array | undefined;
function releasedInRowOrder(): Uint32Array {
  if (!rowOrder) {
    rowOrder = new Uint32Array(releasedArcs);
    for (let p = 0, i = 0; p < m; p++) if (start[tailOf[p]] !== UNREACHED) rowOrder[i++] = p;
  }
  return rowOrder;
}
function releasedByHead(): Uint32Array {
  byHeadOrder ??= sortBy(releasedInRowOrder(), (p) => heads[p], csr.n);
  return byHeadOrder;
}

function layoutList(name: string): ArcList {
  if (name === 'list') return arcList(releasedInRowOrder(), () => 0);
  const byHead = releasedByHead();
  if (name === 'by-head') return arcList(byHead, () => 0);
  const [, w, t] = name.split(':').map(Number);
  if (!(w >= 0 && t >= 0)) throw new Error(`--layouts: '${name}' is not tiles:W:T`);
  const tailBlocks = (hubs >> t) + 1;
  const tile = (p: number): number => (heads[p] >>> w) * tailBlocks + (tailOf[p] >>> t);
  return arcList(sortBy(byHead, tile, ((csr.n >>> w) + 1) * tailBlocks), tile);
}

const header = `struct Params { count: u32, a: u32, b: u32, c: u32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> snap: array<u32>;
@group(0) @binding(2) var<storage, read_write> dist: array<atomic<u32>>;
@group(0) @binding(6) var<storage, read_write> akeys: array<atomic<u32>>;
fn lower(u: u32, k: u32, known: u32) { if (k < known) { atomicMin(&dist[u], k); } }
`;

/** A tail's key: from the snapshot (plain loads, which L1 may serve), or with `atomic` as near-far loads live keys (L2). */
const tailKey = (atomic: boolean): string => `fn tail_key(t: u32) -> u32 { return ${atomic ? 'atomicLoad(&akeys[t])' : 'snap[t]'}; }`;

/** The probe's bindings: the header's, then three arrays of the layout. */
function bindings(names: readonly [string, string, string]): ComputeKernel['bindings'] {
  return [
    { binding: 0, name: 'params', kind: 'uniform' },
    { binding: 1, name: 'snap', kind: 'read-only-storage' },
    { binding: 2, name: 'dist', kind: 'storage' },
    ...names.map((name, i) => ({ binding: 3 + i, name, kind: 'read-only-storage' as const })),
    { binding: 6, name: 'akeys', kind: 'storage' },
  ];
}

const rowsKernel: ComputeKernel = {
  id: 'hub-order-rows',
  name: 'hub-order-rows',
  entryPoint: 'main',
  source: `${header}
@group(0) @binding(3) var<storage, read> items: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read> indices: array<u32>;
@group(0) @binding(5) var<storage, read> weight: array<u32>;
const LANES: u32 = ${LANES}u;
@compute @workgroup_size(${THREADS}) fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  for (var t = gid.x; t < params.count * LANES; t += nwg.x * ${THREADS}u) {
    let it = items[t / LANES];
    let kv = snap[it.x];
    var p = it.y + t % LANES;
    for (; p + LANES < it.z; p += 2u * LANES) {
      let u0 = indices[p];
      let u1 = indices[p + LANES];
      let k0 = kv + weight[p];
      let k1 = kv + weight[p + LANES];
      let d0 = atomicLoad(&dist[u0]);
      let d1 = atomicLoad(&dist[u1]);
      lower(u0, k0, d0);
      lower(u1, k1, d1);
    }
    if (p < it.z) { let u = indices[p]; lower(u, kv + weight[p], atomicLoad(&dist[u])); }
  }
}`,
  workgroupSize: [THREADS, 1, 1],
  bindings: bindings(['items', 'indices', 'weight']),
  workgroupStorageBytes: 0,
};

// A list's lowering: per arc, or (`subgroup`) one atomicMin a subgroup where all its live lanes share a head, as
// most do in head order; per arc otherwise.
const LOWER_ARC = `fn lower_arc(live: bool, u: u32, k: u32, known: u32) { if (live) { lower(u, k, known); } }`;
const LOWER_SUBGROUP = `fn lower_arc(live: bool, u: u32, k: u32, known: u32) {
  let head = subgroupBroadcastFirst(u);
  if (subgroupAll(!live || u == head)) {
    let best = subgroupMin(select(${UNREACHED}u, k, live));
    if (subgroupElect()) { lower(head, best, known); }
    return;
  }
  if (live) { lower(u, k, known); }
}`;

/**
 * The list kernel: workgroup-sized rounds over each unit (a unit's lanes stay together, so that a subgroup's
 * lanes are all in a call to lower_arc), two arcs an invocation a round.
 */
function listKernel(subgroup: boolean, atomic: boolean): ComputeKernel {
  const name = `hub-order-list${subgroup ? '-subgroup' : ''}${atomic ? '-atomic' : ''}`;
  return {
    id: name,
    name,
    entryPoint: 'main',
    source: `${subgroup ? 'enable subgroups;\ndiagnostic(off, subgroup_uniformity);\n' : ''}${header}
@group(0) @binding(3) var<storage, read> units: array<u32>;
@group(0) @binding(4) var<storage, read> heads: array<u32>;
@group(0) @binding(5) var<storage, read> tails: array<u32>;
${tailKey(atomic)}
fn key_of(tw: u32) -> u32 { return tail_key(tw >> 8u) + (tw & 255u); }
${subgroup ? LOWER_SUBGROUP : LOWER_ARC}
@compute @workgroup_size(${THREADS}) fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  for (var u = wid.x; u < params.count; u += nwg.x) {
    let e = units[u + 1u];
    for (var b = units[u]; b < e; b += ${2 * THREADS}u) {
      let p0 = b + lid;
      let p1 = p0 + ${THREADS}u;
      let l0 = p0 < e;
      let l1 = p1 < e;
      let u0 = heads[min(p0, e - 1u)];
      let u1 = heads[min(p1, e - 1u)];
      let k0 = key_of(tails[min(p0, e - 1u)]);
      let k1 = key_of(tails[min(p1, e - 1u)]);
      let d0 = atomicLoad(&dist[u0]);
      let d1 = atomicLoad(&dist[u1]);
      lower_arc(l0, u0, k0, d0);
      lower_arc(l1, u1, k1, d1);
    }
  }
}`,
    workgroupSize: [THREADS, 1, 1],
    bindings: bindings(['units', 'heads', 'tails']),
    workgroupStorageBytes: 0,
  };
}

/**
 * The pull kernel: PULL_LANES invocations an item (a vertex and up to SSSP_PULL_CHUNK arcs from the start of its
 * row, whose arcs to hubs, below HUBS, the sorted rows of the degree order put first), each lane the smallest sum
 * over its arcs to released hubs, then one atomicMin a subgroup whose lanes share the vertex (every subgroup of an
 * item, when items are wider).
 */
function pullKernel(atomic: boolean): ComputeKernel {
  const name = `hub-order-pull${atomic ? '-atomic' : ''}`;
  return {
    id: name,
    name,
    entryPoint: 'main',
    source: `enable subgroups;
diagnostic(off, subgroup_uniformity);
${header}
@group(0) @binding(3) var<storage, read> items: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read> indices: array<u32>;
@group(0) @binding(5) var<storage, read> weight: array<u32>;
${tailKey(atomic)}
${LOWER_SUBGROUP}
const PL: u32 = ${PULL_LANES}u;
const HUBS: u32 = ${hubs}u;
@compute @workgroup_size(${THREADS}) fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  for (var first = wid.x * ${THREADS}u; first < params.count * PL; first += nwg.x * ${THREADS}u) {
    let t = first + lid;
    let live = t < params.count * PL;
    let it = items[min(t / PL, params.count - 1u)];
    var best = ${UNREACHED}u;
    if (live) {
      for (var p = it.y + t % PL; p < it.z; p += PL) {
        let hub = indices[p];
        if (hub < HUBS) {
          let key = tail_key(hub);
          if (key != ${UNREACHED}u) { best = min(best, key + weight[p]); }
        }
      }
    }
    lower_arc(live, it.x, best, atomicLoad(&dist[it.x]));
  }
}`,
    workgroupSize: [THREADS, 1, 1],
    bindings: bindings(['items', 'indices', 'weight']),
    workgroupStorageBytes: 0,
  };
}

/** The library's pull items (pullList's (vertex, first arc) pairs) as (vertex, first arc, end of its chunk, 0). */
function pullItems(): Uint32Array {
  const pairs = pullList(csr, Uint32Array.from({ length: hubs }, (_, v) => v)).items;
  const items = new Uint32Array(2 * pairs.length);
  for (let i = 0; i < pairs.length / 2; i++) {
    const v = pairs[2 * i];
    items.set([v, pairs[2 * i + 1], Math.min(pairs[2 * i + 1] + SSSP_PULL_CHUNK, csr.indptr[v + 1]), 0], 4 * i);
  }
  return items;
}

/** near-far's items over the hub rows: (vertex, first arc, end arc) for each CHUNK of a row. */
function rowItems(): Uint32Array {
  const items: number[] = [];
  for (let v = 0; v < hubs; v++) {
    if (!released(v)) continue;
    for (let p = csr.indptr[v]; p < csr.indptr[v + 1]; p += CHUNK) items.push(v, p, Math.min(p + CHUNK, csr.indptr[v + 1]), 0);
  }
  return Uint32Array.from(items);
}

/** Distinct 32-byte sectors of keys that one warp step loads: 32 arcs' heads, and their tails (keys are 4 bytes). */
interface WarpSectors {
  readonly heads: number;
  readonly tails: number;
}

/** A warp step's key loads: `visit(head, tail)` for each live lane's arc. */
type WarpStep = (step: number, visit: (head: number, tail: number) => void) => void;

/** Sectors per warp step, averaged over the `steps` steps of the pass that `warpStep` describes. */
function warpSectors(steps: number, warpStep: WarpStep): WarpSectors {
  let heads = 0;
  let tails = 0;
  let counted = 0;
  const seenH = new Set<number>();
  const seenT = new Set<number>();
  const visit = (head: number, tail: number): void => {
    seenH.add(head >>> 3);
    seenT.add(tail >>> 3);
  };
  for (let step = 0; step < steps; step++) {
    seenH.clear();
    seenT.clear();
    warpStep(step, visit);
    if (seenH.size === 0) continue;
    heads += seenH.size;
    tails += seenT.size;
    counted++;
  }
  return { heads: heads / counted, tails: tails / counted };
}

/** Rows: a warp is two items of LANES invocations; at step j lane l loads arc start + (l % LANES) + j·LANES of its item. */
function rowSectors(items: Uint32Array): WarpSectors {
  const stepsPerWarp = CHUNK / LANES;
  return warpSectors(Math.ceil(items.length / 8) * stepsPerWarp, (step, visit) => {
    for (let lane = 0; lane < 32; lane++) {
      const item = Math.floor(step / stepsPerWarp) * 2 + (lane >= LANES ? 1 : 0);
      if (item * 4 >= items.length) continue;
      const p = items[item * 4 + 1] + (lane % LANES) + (step % stepsPerWarp) * LANES;
      if (p < items[item * 4 + 2]) visit(heads[p], tailOf[p]);
    }
  });
}

/** Pull: a warp is one item (PULL_LANES = 32 lanes); at step j lane l loads arc first + l + 32·j, a key where it leads to a hub. */
function pullSectors(items: Uint32Array): WarpSectors {
  const steps = Math.ceil(SSSP_PULL_CHUNK / 32);
  return warpSectors((items.length / 4) * steps, (step, visit) => {
    const item = Math.floor(step / steps);
    for (let lane = 0; lane < 32; lane++) {
      const p = items[item * 4 + 1] + lane + (step % steps) * 32;
      if (p < items[item * 4 + 2] && csr.indices[p] < hubs) visit(items[item * 4], csr.indices[p]);
    }
  });
}

/** A list: at each step a warp loads 32 consecutive arcs of one unit. */
function listSectors(list: ArcList): WarpSectors {
  const starts: number[] = [];
  for (let u = 0; u + 1 < list.units.length; u++) for (let p = list.units[u]; p < list.units[u + 1]; p += 32) starts.push(p, list.units[u + 1]);
  return warpSectors(starts.length / 2, (step, visit) => {
    for (let p = starts[2 * step]; p < Math.min(starts[2 * step] + 32, starts[2 * step + 1]); p++) visit(list.heads[p], list.tails[p] >>> 8);
  });
}

if (args['sectors-only']) {
  for (const layout of args.layouts.split(',')) {
    const order = layout.split('/')[0];
    const s = order === 'rows' ? rowSectors(rowItems()) : order === 'pull' ? pullSectors(pullItems()) : listSectors(layoutList(order));
    console.log(`${layout.padEnd(20)} key sectors a warp step: heads ${s.heads.toFixed(1)}, tails ${s.tails.toFixed(1)}`);
  }
  process.exit(0);
}

const device: Device = await openDevice();
const context = { ...webgpuContext('sssp-hub-order', device), command: `node benchmarks/sssp/hub-order-probe.ts ${process.argv.slice(2).join(' ')}`.trim() };
const snap = await device.createStorage('snap', start);
const initial = await device.createStorage('initial', start);
const dist = await device.createStorage('dist', start);
const akeys = await device.createStorage('akeys', start);

/** Times the pass `runs` times (keys reset before each), checking the keys every run leaves. */
async function timePass(kernel: ComputeKernel, buffers: Record<string, GPUBuffer>, count: number): Promise<{ time: BenchResult['time_ms']; valid: boolean; violation?: string }> {
  let violation: string | undefined;
  const once = async (): Promise<number> => {
    const batch = device.batch({ label: kernel.name });
    batch.copy(initial, dist);
    batch.dispatch(kernel, { buffers: { snap, dist, akeys, ...buffers }, params: new Uint32Array([count]), workgroups: [GRID] });
    const { gpuTimeMs } = await batch.submit();
    const got = await device.read(dist, Uint32Array);
    const at = got.findIndex((k, i) => k !== expected[i]);
    if (at >= 0 && violation === undefined) violation = `key[${at}] = ${got[at]}, the CPU's ${expected[at]}`;
    return gpuTimeMs ?? Number.NaN;
  };
  const time = await timedRepeats(once, Number(args.runs), Number(args['warmup-ms']));
  if (!time) throw new Error('no GPU time: the adapter lacks timestamp-query');
  return { time, valid: violation === undefined, ...(violation === undefined ? {} : { violation }) };
}

const results: BenchResult[] = [];
const base = { graph: graph.name, weights: weighting.label, n: csr.n, hubs, hub_degree: hubDegree, hub_arcs: m, released_share: releasedShare, released_arcs: releasedArcs, delta, backend: 'webgpu' };
let rowsMs: number | undefined;
for (const layout of args.layouts.split(',')) {
  const made: GPUBuffer[] = [];
  const keep = async (label: string, data: Uint32Array): Promise<GPUBuffer> => {
    const b = await device.createStorage(label, data);
    made.push(b);
    return b;
  };
  let run: Awaited<ReturnType<typeof timePass>>;
  let units: number;
  let sectors: WarpSectors;
  if (layout === 'rows') {
    const items = rowItems();
    units = items.length / 4;
    sectors = rowSectors(items);
    run = await timePass(rowsKernel, { items: await keep('items', items), indices: await keep('indices', heads), weight: await keep('weight', weights.subarray(0, m)) }, units);
  } else {
    const [order, ...mods] = layout.split('/');
    if (mods.some((x) => x !== 'sg' && x !== 'atomic')) throw new Error(`--layouts: '${layout}': the suffixes are /sg and /atomic`);
    const subgroup = order === 'pull' || mods.includes('sg');
    if (subgroup && !device.gpu.features.has('subgroups')) {
      console.log(`${layout.padEnd(20)} skipped: the adapter has no subgroups`);
      continue;
    }
    if (order === 'pull') {
      const items = pullItems();
      units = items.length / 4;
      sectors = pullSectors(items);
      run = await timePass(pullKernel(mods.includes('atomic')), { items: await keep('items', items), indices: await keep('indices', csr.indices), weight: await keep('weight', weights) }, units);
    } else {
      const list = layoutList(order);
      units = list.units.length - 1;
      sectors = listSectors(list);
      run = await timePass(listKernel(subgroup, mods.includes('atomic')), { units: await keep('units', list.units), heads: await keep('heads', list.heads), tails: await keep('tails', list.tails) }, units);
    }
  }
  for (const b of made) b.destroy();
  if (layout === 'rows') rowsMs = run.time.median;
  const ratio = rowsMs === undefined ? undefined : rowsMs / run.time.median;
  console.log(`${layout.padEnd(20)} ${run.time.median.toFixed(3)} ms (${run.time.min.toFixed(3)}–${run.time.max.toFixed(3)}), ${((releasedArcs / run.time.median) * 1e-6).toFixed(1)} G released arcs/s, ${units} units, key sectors a warp step: heads ${sectors.heads.toFixed(1)}, tails ${sectors.tails.toFixed(1)}${ratio === undefined ? '' : `, ${ratio.toFixed(2)}× rows`}${run.valid ? '' : `; WRONG: ${run.violation}`}`);
  results.push(
    markHeld({
      case: `sssp hub order ${graph.name} ${layout}`,
      params: { ...base, layout, units, unit_arcs: unit, released_arcs_per_s: (releasedArcs / run.time.median) * 1e3, head_sectors_per_warp_step: sectors.heads, tail_sectors_per_warp_step: sectors.tails },
      metric: 'time_ms',
      value: run.time.median,
      unit: 'ms (GPU time of one pass over the released hubs\' arcs; the pull reads every arc into a hub)',
      time_ms: run.time,
      ...(ratio === undefined ? {} : { peer: { name: 'rows (near-far items)', value: rowsMs!, same_run: true }, ratio_to_peer: ratio }),
      validated: run.valid,
      ...(run.violation ? { validation: run.violation } : {}),
    }),
  );
}
device.destroy();
if (args.out) writeResults('sssp-hub-order', context, results, [args.out], { note: 'one relaxing pass over the released hubs\' arcs from the same keys, per arc order (the pull reads every arc into a hub); ratio_to_peer = rows time / this time' });
