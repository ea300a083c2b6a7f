// A CPU replay of near-far's passes (templates/wgsl/sssp/frontier.wgsl.hbs and advance.wgsl.hbs, as
// sssp.loop.ts runs them) on the suite's Kronecker graph with integer weights 1..255 (or its road-like grid, or
// R-MAT), to count what a change of the bucket rule would save before it is built: per variant the passes (relax,
// full scans for far vertices, and hub releases), the arcs relaxed per stored arc, the vertices visited more than
// once, the largest pass.
// What it models of the kernels: the threshold starts at Δ; a relax pass visits its queued vertices (a visit
// clears the far mark and relaxes every arc from the vertex's key); a head lowered below the threshold is queued
// for the next pass once a pass (the queue stamp), one lowered to the threshold or past it is marked far and its
// key noted; when the queue runs dry the threshold moves to the nearest far key + Δ and a scan queues the far
// vertices now below it (it stamps nothing); no far key left ends the search. A pass's visits read their key
// either as at the pass's start (`--reads snapshot`: every item of a large pass runs at once on the GPU) or as
// lowered so far in queue order (`--reads ordered`: a pass that runs one item after another); `both` prints both.
// Hub deferral (the variants `hub<D>/<rule>`, near-far's `hubDegree` and `hubRounds` as the kernels do it): a
// vertex of degree ≥ D lowered below the threshold (or found below it by a scan) is queued only when its key is
// below the hub limit (the bucket's lower bound + Δ_hub), else it waits (a hub mark); when the queue runs dry with
// hubs waiting, a pass over the hub list releases them instead of moving the bucket: `rounds` queues the ones
// below the nearest waiting key + Δ_hub (the limit rises to that), `all` every waiting hub (the limit becomes the
// threshold).
// Bucket rules for the tail (the buckets after the bulk of the graph is settled), at a bucket's end, from the far
// marks set since the last scan (a scan counts the far vertices it leaves, a relax pass adds the marks it sets; a
// stale mark, cleared by a visit, still counts) and their largest key: `tail<F>` (near-far's `tailFactor`, as the
// kernels do it): at most F × as many as the last scan gathered (1 before the first: the source), the next bucket
// reaches past that key, so it takes every far vertex; `few<K>`: the same at most K counted; `all<K>`: at most K
// counted, the threshold becomes infinite (the rest is frontier Bellman-Ford); `grow<f>`: Δ doubles, for good,
// after each scan that gathered fewer than n / f vertices. Plain near-far here has no tail rule (near-far's
// `tailFactor: 0`). Every variant's distances are checked against plain near-far's.
//   npx tsx --conditions=source benchmarks/sssp/bucket-sim.ts --scale 20 [--sources 1] [--reads snapshot|ordered|both]
//       [--variants near-far,hub256/r8,hub64/r8,hub64/r8/tail2] [--road SIDE | --rmat S] [--trace] [--threads T]
//       [--cache DIR] [--levels L] [--passes]
// A variant is `near-far`, `hub<D>/r<k>` (Δ_hub = Δ/k, at least 1, released in rounds: near-far's hubDegree D,
// hubRounds k; `hub<D>/r<k>/g<f>`: the step × f after each release of a bucket, near-far's hubGrowth), `hub<D>/q<k>` (Δ_hub = Δ/k, every waiting hub released at once) or `hub<D>/dry` (Δ_hub = 0: hubs
// wait until the bucket's other work runs dry, then all go at once), then optionally `/delta<Δ>` (another bucket
// width) and a tail rule (`/tail<F>`, `/few<K>`, `/all<K>`, `/grow<f>`). `--road SIDE` replays the suite's
// road-like grid (SIDE × SIDE, weights 1..1000, shortcuts up to 32 × that) instead of Kronecker, `--rmat S` paper
// 001's R-MAT (degree 32) with its f32 weights as integers 1..65535; `--trace` prints each bucket (its threshold,
// the vertices its scan gathered, the far marks counted at its end, its passes); `--passes` also each pass (its
// threshold and hub limit, items, hubs among them, items visited before, arcs) and each release (the nearest waiting
// key, the new limit, the hubs waiting).
import { suiteArgs } from '../lib/suite-args.js';
import { defaultDelta, ssspGraphStats, ssspWeights, toIntegerWeights } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import { graph500Sources } from '../lib/graph500-sources.js';
import { kroneckerGraph, rmatGraph, roadGraph } from './graphs.js';

const args = suiteArgs({
  options: {
    scale: { type: 'string', default: '20' },
    sources: { type: 'string', default: '1' },
    reads: { type: 'string', default: 'both' },
    variants: { type: 'string', default: 'near-far,near-far/delta9,hub256/dry,hub256/q8,hub64/r8,hub256/r4,hub256/r8,hub1024/r8' },
    road: { type: 'string' },
    rmat: { type: 'string' },
    trace: { type: 'boolean', default: false },
    passes: { type: 'boolean', default: false },
    threads: { type: 'string' },
    cache: { type: 'string' },
    levels: { type: 'string' },
  },
});

/** The hub rule of a variant: degree ≥ degree makes a hub; hubs wait above lower + hubDelta; how they are released. */
interface HubRule {
  readonly degree: number;
  readonly hubDelta: number;
  readonly release: 'all' | 'rounds';
  /** The hub step's factor after each release of a bucket (near-far's hubGrowth; 1: it stays). */
  readonly growth: number;
}

/** How a bucket's end may widen the next bucket (see the header). */
interface TailRule {
  readonly kind: 'tail' | 'few' | 'all' | 'grow';
  /** tail: F; few, all: the far count at most which the rule applies; grow: f. */
  readonly value: number;
}

interface Variant {
  readonly name: string;
  readonly hubs?: HubRule;
  /** Another bucket width (the control: is deferral better than a narrower bucket?). */
  readonly delta?: number;
  readonly tail?: TailRule;
}

interface Outcome {
  relaxPasses: number;
  scanPasses: number;
  hubPasses: number;
  arcs: number;
  visits: number;
  visited: number;
  largestArcs: number;
  largestPass: number;
  dist: Uint32Array;
}

type Reads = 'snapshot' | 'ordered';
const INF = 0xffffffff;

/** A variant of the replay; without /delta<Δ> its delta is the runner's default: the hub rule's where hubs wait. */
function parseVariant(text: string, defaults: { plain: number; hubs: number }): Variant {
  const m = /^(?:near-far|hub(?<degree>\d+)\/(?<rule>dry|q(?<all>\d+)|r(?<rounds>\d+)(?:\/g(?<growth>\d+(?:\.\d+)?))?))(?:\/delta(?<delta>\d+))?(?:\/(?<tail>tail|few|all|grow)(?<value>\d+(?:\.\d+)?))?$/.exec(text)?.groups;
  if (!m) throw new Error(`--variants: '${text}' is not near-far, hub<D>/dry, hub<D>/q<k> or hub<D>/r<k>[/g<f>], then optionally /delta<Δ> and /tail<F>, /few<K>, /all<K> or /grow<f>`);
  const delta = m.delta === undefined ? (m.degree === undefined ? undefined : defaults.hubs) : Number(m.delta);
  // A zero-width bucket never moves past its first key: the replay would not end.
  if (delta === 0) throw new Error(`--variants: '${text}': delta must be positive`);
  const k = Number(m.all ?? m.rounds ?? 0);
  if (m.degree !== undefined && m.rule !== 'dry' && !(k > 0)) throw new Error(`--variants: '${text}': k must be positive`);
  const growth = m.growth === undefined ? 1 : Number(m.growth);
  if (!(growth >= 1)) throw new Error(`--variants: '${text}': the hub step's growth must be at least 1`);
  const hubs: HubRule | undefined =
    m.degree === undefined ? undefined : { degree: Number(m.degree), hubDelta: k ? Math.max(1, Math.floor((delta ?? defaults.plain) / k)) : 0, release: m.rounds ? 'rounds' : 'all', growth };
  const tail: TailRule | undefined = m.tail === undefined ? undefined : { kind: m.tail as TailRule['kind'], value: Number(m.value) };
  if (tail?.kind === 'grow' && !(tail.value > 0)) throw new Error(`--variants: '${text}': f must be positive`);
  return { name: text, ...(hubs ? { hubs } : {}), ...(delta === undefined ? {} : { delta }), ...(tail ? { tail } : {}) };
}

/** One query's passes, replayed. */
function simulate(csr: Csr, w: Float32Array, source: number, baseDelta: number, variant: Variant, reads: Reads, trace: boolean, passes: boolean): Outcome {
  const { n, indptr, indices } = csr;
  const dist = new Uint32Array(n).fill(INF);
  const stamp = new Uint32Array(n);
  const far = new Uint8Array(n);
  const waiting = new Uint8Array(n);
  const visits = new Uint32Array(n);
  const rule = variant.hubs;
  const hubList = rule ? Uint32Array.from({ length: n }, (_, v) => v).filter((v) => indptr[v + 1] - indptr[v] >= rule.degree) : new Uint32Array(0);
  const isHub = (v: number) => rule !== undefined && indptr[v + 1] - indptr[v] >= rule.degree;
  const out: Outcome = { relaxPasses: 0, scanPasses: 0, hubPasses: 0, arcs: 0, visits: 0, visited: 0, largestArcs: 0, largestPass: 0, dist };
  dist[source] = 0;
  let queue: number[] = [source];
  let delta = baseDelta;
  let threshold = delta;
  let lower = 0;
  let hubLimit = rule ? lower + rule.hubDelta : INF;
  let farMin = INF;
  let waitingCount = 0;
  // The tail rules' counts: far marks set since the last scan (the scan's own count of those it leaves first), their largest key.
  let farCount = 0;
  let farMax = 0;
  const tail = variant.tail;
  let bucketPasses = 0;
  // The hub step of the bucket's next release: the rule's, times its growth after each release.
  let hubStep = rule?.hubDelta ?? 0;
  let gathered = 1;
  for (let iter = 1; ; iter++) {
    if (queue.length === 0) {
      if (waitingCount > 0) {
        // A pass over the hub list releases the waiting hubs.
        out.hubPasses++;
        bucketPasses++;
        let nearest = INF;
        for (const v of hubList) if (waiting[v] && dist[v] < nearest) nearest = dist[v];
        hubLimit = rule!.release === 'all' ? threshold : Math.min(threshold, nearest + Math.max(1, hubStep));
        // As the kernels grow it: a u32 step times the f32 factor, truncated, never smaller.
        hubStep = Math.max(hubStep, Math.floor(Math.fround(hubStep * rule!.growth)));
        if (passes) console.log(`    release: nearest waiting key ${nearest}, hub limit ${hubLimit}, ${waitingCount} hubs waiting`);
        for (const v of hubList) {
          if (waiting[v] && dist[v] < hubLimit) {
            waiting[v] = 0;
            waitingCount--;
            queue.push(v);
          }
        }
        continue;
      }
      if (trace) console.log(`  bucket below ${threshold}: gathered ${gathered}, far marks ${farCount} up to ${farMax}, passes ${bucketPasses}`);
      if (farMin === INF) break;
      lower = farMin;
      if (tail?.kind === 'grow' && gathered < n / tail.value) delta *= 2;
      threshold = farMin + delta;
      if ((tail?.kind === 'tail' && farCount <= tail.value * gathered) || (tail?.kind === 'few' && farCount <= tail.value)) threshold = Math.max(threshold, farMax + 1);
      if (tail?.kind === 'all' && farCount <= tail.value) threshold = INF;
      hubStep = rule?.hubDelta ?? 0;
      hubLimit = rule ? Math.min(threshold, lower + rule.hubDelta) : INF;
      farMin = INF;
      farCount = 0;
      farMax = 0;
      gathered = 0;
      bucketPasses = 1;
      out.scanPasses++;
      for (let v = 0; v < n; v++) {
        if (!far[v]) continue;
        if (dist[v] >= threshold) {
          if (dist[v] < farMin) farMin = dist[v];
          farCount++;
          if (dist[v] > farMax) farMax = dist[v];
          continue;
        }
        far[v] = 0;
        gathered++;
        if (isHub(v) && dist[v] >= hubLimit) {
          waiting[v] = 1;
          waitingCount++;
        } else queue.push(v);
      }
      continue;
    }
    out.relaxPasses++;
    bucketPasses++;
    const keys = reads === 'snapshot' ? Uint32Array.from(queue, (v) => dist[v]) : undefined;
    const next: number[] = [];
    let passArcs = 0;
    for (let i = 0; i < queue.length; i++) {
      const v = queue[i];
      const kv = keys ? keys[i] : dist[v];
      far[v] = 0;
      if (waiting[v]) {
        waiting[v] = 0;
        waitingCount--;
      }
      if (visits[v]++ === 0) out.visited++;
      out.visits++;
      const end = indptr[v + 1];
      passArcs += end - indptr[v];
      for (let p = indptr[v]; p < end; p++) {
        const u = indices[p];
        const k = kv + w[p];
        if (k >= dist[u]) continue;
        dist[u] = k;
        if (k >= threshold) {
          if (!far[u]) farCount++;
          far[u] = 1;
          if (k < farMin) farMin = k;
          if (k > farMax) farMax = k;
        } else if (isHub(u) && k >= hubLimit) {
          if (!waiting[u]) {
            waiting[u] = 1;
            waitingCount++;
          }
        } else if (stamp[u] < iter + 1) {
          stamp[u] = iter + 1;
          next.push(u);
        }
      }
    }
    out.arcs += passArcs;
    if (passes) {
      const hubs = queue.filter(isHub).length;
      const again = queue.filter((v) => visits[v] > 1).length;
      console.log(`    pass ${out.relaxPasses + out.scanPasses + out.hubPasses}: threshold ${threshold}, hub limit ${hubLimit}, ${queue.length} items (${hubs} hubs, ${again} visited before), ${passArcs} arcs`);
    }
    if (passArcs > out.largestArcs) [out.largestArcs, out.largestPass] = [passArcs, out.relaxPasses + out.scanPasses + out.hubPasses];
    queue = next;
  }
  return out;
}

/**
 * A crude H100 time from the counts, for ranking only: arcs at 55·10^9 a second (near-far's large passes at
 * Kronecker scale 22 ran at 47–56·10^9) and 33 µs a pass of any kind (a small pass and its advance step).
 */
const modelMs = (o: Outcome) => (o.arcs / 55e9) * 1e3 + 0.033 * (o.relaxPasses + o.scanPasses + o.hubPasses);

const graph = args.road !== undefined ? roadGraph(Number(args.road)) : args.rmat !== undefined ? rmatGraph(Number(args.rmat)) : kroneckerGraph(Number(args.scale));
// R-MAT's f32 weights in [0, 1) as integers 1..65535: the replay keeps u32 keys. --levels L: a generated graph's
// f32 weights as integers 1..L instead (Kronecker's suite weighting is L = 255), to see what ties between path
// lengths save: the finer the weights, the fewer lowerings an equal key turns away.
const levels = args.levels === undefined ? undefined : Number(args.levels);
if (levels !== undefined && (args.road !== undefined || !(Number.isInteger(levels) && levels >= 1 && levels <= 2 ** 24))) {
  throw new Error(`--levels ${args.levels}: an integer from 1 to 2^24 (the replay keeps weights as exact f32 integers), for a Kronecker or R-MAT graph (the road grid's weights are integers already)`);
}
const asIntegers = (L: number) => ({ label: `f32 [0,1) as integers 1..${L}`, apply: (g: Csr) => toIntegerWeights(g, L) });
const weighting = levels !== undefined ? asIntegers(levels) : (graph.weightings.find((x) => x.type === 'u32') ?? asIntegers(65535));
const started = performance.now();
const base = await graph.make({ ...(args.threads === undefined ? {} : { threads: Number(args.threads) }), ...(args.cache === undefined ? {} : { cacheDir: args.cache }) });
const csr = weighting.apply(base);
const weights = ssspWeights(csr, 'u32');
const stats = ssspGraphStats(csr, weights);
const delta = defaultDelta(stats, 'u32');
const deltaWithHubs = defaultDelta(stats, 'u32', true);
const w = csr.weight as Float32Array;
const m = csr.indices.length;
console.log(`${graph.name} ${weighting.label}: n ${csr.n}, arcs ${m}, delta ${delta}, with hubs ${deltaWithHubs} (built in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
const readsModes: Reads[] = args.reads === 'both' ? ['snapshot', 'ordered'] : [args.reads as Reads];
if (!readsModes.every((r) => r === 'snapshot' || r === 'ordered')) throw new Error(`--reads: expected snapshot, ordered or both, got '${args.reads}'`);
const variants = args.variants.split(',').map((v) => parseVariant(v, { plain: delta, hubs: deltaWithHubs }));
for (const source of graph500Sources(csr, Number(args.sources))) {
  for (const reads of readsModes) {
    console.log(`\nsource ${source}, reads ${reads}`);
    console.log('variant                  Δ_hub  relax  scan  hub  passes  arcs/arc  visited    re-settled  model ms  largest pass (arcs)');
    let reference: Uint32Array | undefined;
    for (const variant of variants) {
      if (args.trace || args.passes) console.log(variant.name);
      const o = simulate(csr, w, source, variant.delta ?? delta, variant, reads, args.trace, args.passes);
      reference ??= o.dist;
      const mismatch = o.dist.findIndex((d, v) => d !== reference![v]);
      if (mismatch >= 0) throw new Error(`${variant.name}: distance of ${mismatch} is ${o.dist[mismatch]}, plain near-far has ${reference[mismatch]}`);
      const cells = [
        variant.name.padEnd(23),
        String(variant.hubs?.hubDelta ?? '-').padStart(6),
        String(o.relaxPasses).padStart(6),
        String(o.scanPasses).padStart(5),
        String(o.hubPasses).padStart(4),
        String(o.relaxPasses + o.scanPasses + o.hubPasses).padStart(7),
        (o.arcs / m).toFixed(3).padStart(9),
        String(o.visited).padStart(8),
        String(o.visits - o.visited).padStart(13),
        modelMs(o).toFixed(2).padStart(9),
        `  #${o.largestPass} ${(o.largestArcs / 1e6).toFixed(1)}M`,
      ];
      console.log(cells.join(' '));
    }
  }
}
