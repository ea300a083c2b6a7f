import { storageBindingCount } from '@semiforge/runtime';
import { SSSP_DEFAULT_CHUNK, SSSP_MAX_ARC_WEIGHT_BITS, type SsspHeavyArcs, type SsspKernelSpec, type SsspReads, type Target } from '@semiforge/codegen';
import { checkDispatchOptions, defaultDispatch, type DispatchMode } from '../kernels/dispatch-mode.js';
import { kernelFor } from '../kernels/kernel-source.js';
import type { SsspWeightType } from './sssp.input.js';

/**
 * `bellman-ford`: paper 001's edge-parallel passes over the COO pairs (any weights); `frontier`: Bellman-Ford
 * over the CSR arcs of the vertices that changed (any weights); `near-far`: the frontier passes restricted
 * to a distance bucket that moves by `delta` (weights ≥ 0; cuGraph's method).
 */
export type SsspMethod = 'bellman-ford' | 'frontier' | 'near-far';

/** How to run SSSP; every field has a default chosen from the graph. */
export interface SsspKernelOptions {
  /**
   * Default `auto`: Bellman-Ford when a weight is negative or the graph has fewer than 2^20 arcs and no
   * frontier-only option is given (see `SSSP_DEFAULTS.autoBellmanFordArcs`), else near-far.
   */
  readonly method?: SsspMethod | 'auto';
  /** Weight (and distance) type. Default f32. */
  readonly weights?: SsspWeightType;
  /** Invocations per workgroup. Default 256. */
  readonly workgroupSize?: number;
  /** Bellman-Ford: how a pass reads distances (see `SsspReads`). Default `atomic`. */
  readonly reads?: SsspReads;
  /** Bellman-Ford: vertices per segment of the pair sort (paper 001's P), a power of two; 0 keeps CSR order. Default 2^14. */
  readonly segment?: number;
  /**
   * Frontier methods: invocations per queue item. Default from the mean degree (at most `chunk`). Like `chunk`,
   * `arcUnroll` and `packedQueue: true`, refused where the method planned is Bellman-Ford (no queue).
   */
  readonly lanesPerVertex?: number;
  /**
   * Frontier methods: arcs per queue item (a hub's arcs become many items). Default for near-far in degree order
   * (`relabel: 'degree'`, heavy arcs inline) 128 with u32 weights while hubs wait, else 64
   * (`SSSP_DEFAULTS.degreeOrderChunk`); otherwise 32 for near-far on a graph whose degrees are not skewed, without
   * hubs waiting or heavy arcs settled (`SSSP_DEFAULTS.nearFarChunk`), else 256.
   */
  readonly chunk?: number;
  /**
   * Frontier methods: arcs an invocation relaxes a step, their heads' keys loaded together before any is
   * compared (a power of two up to 16). Default 2 for near-far in degree order, heavy arcs inline
   * (`SSSP_DEFAULTS.degreeOrderArcUnroll`), else 4 (`SSSP_DEFAULT_ARC_UNROLL`).
   */
  readonly arcUnroll?: number;
  /**
   * Frontier methods, WGSL: each queue one array of (vertex, chunk) pairs, so the pass binds two storage buffers
   * fewer (9; 10 with hubs or heavy arcs settled). Default: packed only where the device offers fewer storage
   * buffers than the unpacked pass binds (browsers: 8–10, the pass 11), so the frontier methods run there too.
   */
  readonly packedQueue?: boolean;
  /**
   * Frontier methods, u32 weights: the pass reads each arc as one word, head << b | weight, with b the bits of
   * the largest weight (`arcWeightBits` of the pass's spec), where the heads fit the other 32 − b bits: one 4-byte
   * load an arc instead of a head and a weight, and one storage binding fewer. The tree steps read them too, so the
   * arcs take 4 bytes each on the device instead of 8 (the pair passes, which only a directed graph's zero weights
   * or rounding call for, upload the CSR's heads and weights when they first run). Default: packed wherever the weights and n fit;
   * `true` refuses, naming the sizes, where they do not.
   *
   * @example
   * await sssp(device, csr, 0, { method: 'near-far', weights: 'u32', packArcs: false }); // heads and weights apart
   */
  readonly packArcs?: boolean;
  /** Near-far: the bucket width. Default from the mean weight and mean degree ({@link defaultDelta}); refused by the other methods. */
  readonly delta?: number;
  /**
   * Passes recorded before the first read-back of the changed flag or done word; later batches grow with the
   * passes run so far, up to 64× (the frontier methods' passes are sized on the GPU, so a batch can be long).
   * Default 16.
   */
  readonly batch?: number;
  /** The kernels' language: wgsl for the WebGPU runner, cuda for the CUDA one (each sets its own). Default wgsl. */
  readonly kernelTarget?: Target;
  /**
   * Called as each preprocessing step ends, with its name and host wall time in ms (the steps of a runner's
   * `phases`), so that a slow step on a large graph is named while the runner is still being made.
   *
   * @example
   * await SsspRunner.create(device, csr, { onPhase: (step, ms) => console.error(`${step}: ${ms.toFixed(0)} ms`) });
   */
  readonly onPhase?: (step: string, ms: number) => void;
  /**
   * Frontier methods: how each pass is launched (see {@link DispatchMode}). `indirect`: `sssp_advance` writes
   * the pass's workgroup counts and the pass is dispatched indirectly; `fixed`: a direct dispatch of at most
   * `fixedWorkgroups` workgroups whose invocations stride over the pass's items (none once the search ended).
   * Default: fixed on a hardware GPU and on CUDA (which has no indirect launch here), indirect on a software
   * adapter. Results are identical.
   */
  readonly dispatch?: DispatchMode;
  /** Workgroups of a pass under `dispatch: 'fixed'` (fewer where the graph needs fewer). Default 1024. */
  readonly fixedWorkgroups?: number;
  /**
   * Frontier methods, WGSL, fixed dispatch: each pass makes the advance step's decision itself (every workgroup
   * alike, from state the previous pass left), so a pass is one dispatch instead of two (`sssp_advance`, then
   * the pass). Same results; refused with CUDA and with `dispatch: 'indirect'` (the advance sizes that grid).
   * Default false: on an H200 it took the road-like grid 3163² from 40.83 to 34.99 ms and Kronecker 22 in degree
   * order from 3.47 to 3.32 ms, but R-MAT 2^22 from 5.62 to 5.81 ms (README, "SSSP with the advance step fused").
   */
  readonly fuseAdvance?: boolean;
  /**
   * Near-far: when a vertex's heavy arcs (weight ≥ delta) are relaxed (see `SsspHeavyArcs`). `settle`: each row's
   * light arcs are put first (a stable partition on the host, one pass over the arcs), a visit relaxes only those,
   * and each vertex visited in a bucket has its heavy arcs relaxed once, from its final distance, at the start of
   * the next: fewer relaxations where hubs are visited again within their bucket (Kronecker, R-MAT); its best
   * delta may differ from the default's. Default `inline` (every arc on every visit).
   *
   * @example
   * await sssp(device, csr, 0, { method: 'near-far', weights: 'u32', heavyArcs: 'settle' });
   */
  readonly heavyArcs?: SsspHeavyArcs;
  /**
   * Near-far: vertices of at least this degree (hubs) wait within a bucket. A hub lowered into the bucket is
   * queued only while its key is below the hub limit, the bucket's lower bound + delta / `hubRounds`; above it, it
   * waits until the bucket's other work runs dry, and then a pass over the hub list raises the limit to the
   * nearest waiting key + delta / `hubRounds` and queues the hubs below it. A hub's long row is then relaxed from a
   * key that can fall by less than delta / `hubRounds`: on Kronecker and R-MAT graphs, where most re-relaxed arcs
   * are hubs' rows relaxed again in the bucket's first passes, far fewer arcs for a few more passes. Not with
   * `heavyArcs: 'settle'`. Default: 64 on skewed graphs (`SSSP_DEFAULTS.skewedHubDegree`; degree skew ≥ 10, see
   * {@link SsspGraphStats.degreeSkew}) for near-far with heavy arcs inline, else off; 0 turns it off.
   *
   * @example
   * await sssp(device, csr, 0, { method: 'near-far', weights: 'u32', hubDegree: 256 });
   */
  readonly hubDegree?: number;
  /**
   * Near-far with hubs waiting: the hub limit's step is delta / hubRounds (an integer, at least 1, for u32 weights).
   * Default 8 with u32 weights; with f32 32, and 128 on graphs of at least 2^26 arcs (`SSSP_DEFAULTS.hubRounds`,
   * `hubRoundsF32`, `hubRoundsF32Large`, `hubRoundsF32Arcs`): f32 path lengths rarely tie, so a hub's row is relaxed
   * again for smaller improvements and wants a finer step, once the arcs saved outweigh the passes added (the step's
   * growth, `hubGrowth`, takes the passes back).
   */
  readonly hubRounds?: number;
  /**
   * Near-far with hubs waiting: the hub step grows by this factor after each release of a bucket (from delta /
   * hubRounds again at the next bucket), so the first releases, where a bucket's hubs crowd, stay fine and the
   * bucket's later ones, releasing few hubs each, take fewer rounds. Default 2 with u32 weights, 1.5 with f32
   * (`SSSP_DEFAULTS.hubGrowth`, `hubGrowthF32`); 1 keeps the step. In the CPU replay
   * (benchmarks/sssp/bucket-sim.ts, `/g<f>`, three Graph500 sources of Kronecker 22) factor 2 took the integer
   * weights' 49–53 passes to 39–42 for the same arcs relaxed within 2.5%, and factor 1.5 with f32-fine weights and
   * 32 rounds 144–156 passes to 74–88 for at most 6.5% more arcs. Timed: see `SSSP_DEFAULTS`.
   *
   * @example
   * await sssp(device, csr, 0, { method: 'near-far', hubRounds: 128, hubGrowth: 1.5 });
   */
  readonly hubGrowth?: number;
  /**
   * Near-far: the tail rule. A bucket that ends with at most `tailFactor` × as many far vertices as its scan
   * gathered (the far pile shrinks: the graph's bulk is settled) is followed by one that reaches past the largest
   * far key, taking every far vertex at once instead of a scan of all n vertices and a few passes for each delta
   * of keys. The count comes from the passes (the far marks they set) and the largest far key bounds the widening,
   * so a search whose far pile keeps up with its buckets (a road network's: 3–5 × a bucket) runs as before. In the
   * CPU replay (benchmarks/sssp/bucket-sim.ts) factor 2 took Kronecker scale 22 (u32 1–255, delta 35) from 50 to 24
   * passes (with `hubDegree: 64`, 86 to 60), R-MAT scale 18 from 64–72 to 39–47, for at most 0.2% more arc
   * relaxations, and changed nothing on road-like grids at their default delta; factor 1 saved half as many passes.
   * A delta far below the default can make the far pile span under two buckets, and then the rule widens most of
   * them: on the road-like grid at delta 2000 (an eighth of its default; weights 1..1000, shortcuts to 32000) factor
   * 2 ran 1594 passes instead of 2728 but relaxed 4.7 arcs per stored arc instead of 1.2 (factor 1: 2710 and
   * 1.18). On the H100 (Kronecker 22, u32 1–255) near-far took 6.09 ms in 24.5 passes against 6.47 ms in 50.5
   * with the rule off. 0 turns it off. Default 2, and 0 with `heavyArcs: 'settle'` (whose heavy arcs must land at
   * or past a bucket's lower bound + delta).
   *
   * @example
   * await sssp(device, csr, 0, { method: 'near-far', weights: 'u32', tailFactor: 0 }); // every bucket delta wide
   */
  readonly tailFactor?: number;
  /**
   * 'degree': the runner renumbers the vertices by descending degree (paper 003's degree order, graph-io's
   * `relabelByDegreeParallel`, in worker threads when it is made) and searches that graph; sources, targets,
   * distances, parents and a negative cycle's vertex stay in your ids. The busiest heads' keys then share cache
   * lines and the hubs are a prefix of the ids. H200, Kronecker 22: near-far 4.00 → 3.59 ms (integer weights) and
   * 9.52 → 8.26 ms (f32), for 6.6–8.1 s of setup against 3.0 (16 host cores; benchmarks/results/sssp-h200-20261128.json).
   * Default 'none': the setup pays only over many queries.
   *
   * @example
   * const runner = await SsspRunner.create(device, csr, { relabel: 'degree' }); // runner.run(s): s in csr's ids
   */
  readonly relabel?: SsspRelabel;
  /**
   * Near-far with hubs waiting, WGSL, on an undirected graph in degree order (`relabel: 'degree'`): the pass after a
   * release whose hubs hold at least `pullShare` of the arcs into hubs pulls instead of pushing them. Each vertex
   * reads its own arcs to hubs (a prefix of its sorted row, `lanesPerVertex` invocations side by side) and takes the
   * smallest sum a released hub offers, from a copy of those hubs' keys the release wrote (plain loads, which L1
   * may serve), where each pushed arc loads a key anywhere among the n atomically. The hub list grows by the
   * pull items (a pair of words a vertex and per 32 arcs to hubs), plus a word a hub for the copy. Not yet timed on
   * a GPU in this form (`benchmarks/sssp/hub-order-probe.ts` times the orders alone). Default false.
   *
   * @example
   * await sssp(device, csr, 0, { method: 'near-far', weights: 'u32', relabel: 'degree', fuseAdvance: true, pullHubs: true });
   */
  readonly pullHubs?: boolean;
  /**
   * With `pullHubs`: the share of all arcs into hubs a release's hubs must hold for the next pass to pull, in (0, 1].
   * Default `SSSP_DEFAULTS.pullShare`.
   */
  readonly pullShare?: number;
}

/** Whether the runner searches the graph as given ('none') or renumbered by descending degree ('degree'). */
export type SsspRelabel = 'degree' | 'none';

/** What the plan needs to know of where it runs. */
export interface SsspTargetInfo {
  /** A software adapter (lavapipe): indirect dispatch by default, idle fixed workgroups cost CPU time there. */
  readonly softwareAdapter?: boolean;
  /**
   * The device's storage buffers per shader stage. Where the frontier pass binds more (browsers offer 8–10; the
   * pass binds 11, 12 with hubs or heavy arcs settled, one fewer with its arcs packed), its queues are packed (two fewer); where even that does
   * not fit, 'auto' takes Bellman-Ford.
   */
  readonly storageBuffers?: number;
}

/** What the plan reads of the graph ({@link ssspGraphStats} takes them from a CSR). */
export interface SsspGraphStats {
  readonly n: number;
  readonly arcs: number;
  readonly minWeight: number;
  readonly meanWeight: number;
  /**
   * E[d²] / E[d]² over the out-degrees d (1 when every vertex has the same degree; absent: 1). Paper 001's R-MAT
   * (degree 32) has about 2, Graph500's Kronecker graphs 43 (scale 18) to 75 (scale 20): from
   * `SSSP_DEFAULTS.skewThreshold` (10) near-far defers hubs and keeps the wider delta and chunk by default.
   */
  readonly degreeSkew?: number;
  /** The largest weight (absent: unknown, so the frontier methods do not pack their arcs by default). */
  readonly maxWeight?: number;
}

export interface SsspPlan {
  readonly method: SsspMethod;
  readonly weights: SsspWeightType;
  /** The pass: `sssp_edges` or `sssp_frontier`. */
  readonly relax: SsspKernelSpec;
  /** Near-far and frontier: the step before each pass that sizes it, moves the threshold and notices the end. */
  readonly advance?: SsspKernelSpec;
  /** Tight-arc passes over COO pairs (or the CSR arcs as pairs): the parents step, or its finish after `tree`. */
  readonly parents: SsspKernelSpec;
  /** Frontier methods: one step per vertex taking the parent from the arc that lowered it last (or, undirected, listing it for `treeScan`). */
  readonly tree?: SsspKernelSpec;
  /** Frontier methods on an undirected graph: a workgroup a vertex `tree` listed, scanning its arcs for a tight one. */
  readonly treeScan?: SsspKernelSpec;
  /** Near-far: the bucket width (in the weights' type); frontier: Infinity. */
  readonly delta: number;
  /** Frontier methods: indirect dispatch sized by `advance`, or fixed grids of at most `fixedWorkgroups`. */
  readonly dispatch: DispatchMode;
  readonly fixedWorkgroups: number;
  /** Near-far: a vertex's heavy arcs relaxed on every visit, or once per bucket from rows split into light and heavy arcs (see `SsspKernelOptions.heavyArcs`). */
  readonly heavyArcs: SsspHeavyArcs;
  /** Near-far: the degree from which a vertex is a hub that waits (see `SsspKernelOptions.hubDegree`); 0 when hubs do not wait. */
  readonly hubDegree: number;
  /** Near-far with hubs waiting: the hub limit's step, delta / hubRounds (in the weights' type); 0 otherwise. */
  readonly hubStep: number;
  /** Near-far with hubs waiting: the hub step's factor after each release of a bucket (see `SsspKernelOptions.hubGrowth`); 1 otherwise. */
  readonly hubGrowth: number;
  /** Near-far: the tail rule's factor (see `SsspKernelOptions.tailFactor`); 0 when off, and for the other methods. */
  readonly tailFactor: number;
  /** The vertex order searched (see `SsspKernelOptions.relabel`). */
  readonly relabel: SsspRelabel;
  /** `pullHubs`: the share of the arcs into hubs from which the pass after a release pulls; 0 when it never does. */
  readonly pullShare: number;
  readonly segment: number;
  readonly batch: number;
}

/**
 * Defaults of the SSSP options. H200 figures from benchmarks/results/sssp-h200-20261128.json and its probes.
 * - `nearFarChunk`: near-far's arcs per queue item on a graph whose degrees are not skewed, without hubs waiting or
 *   heavy arcs settled: R-MAT 2^20 f32 1.85 → 1.61 ms (one command) and 2^22 6.12 → 5.82 ms (two commands, one
 *   machine) with 64 instead of 256, both at the narrowed delta; then 32 against 64, each pair one command:
 *   2^20 1.66 → 1.51 ms (Bellman-Ford 7.60 ms there: 4.57 → 5.05×), 2^22 5.88 → 5.68 ms. At 16 lanes an item of
 *   32 arcs is two of each lane's, below one unrolled step: the gain is the finer split of the work.
 *   Elsewhere the codegen's 256: hub64 on Kronecker 22 took 3.99 ms with it and 4.20 with 64;
 *   Kronecker 22 without hubs 4.47 ms with the earlier delta and chunk against 4.92 with the narrowed ones and 64;
 *   heavy arcs settled and frontier Bellman-Ford were not measured at 64.
 * - `degreeOrderChunk`, `degreeOrderChunkU32Hubs`, `degreeOrderArcUnroll`: near-far's queue in degree order
 *   (`relabel: 'degree'`), heavy arcs inline. There the busiest heads' keys share cache lines, and smaller items of
 *   two arcs a step beat the 256 (or 32) arcs of four: H200, fused, Kronecker 22 Graph500 f32 6.97 → 5.71 ms (one
 *   command, 4 sources; 64 arcs of one 5.84, 128 of two 6.14, 32 of two 6.52, 64 of four 6.37) and 6.93 → 5.88
 *   (another day), R-MAT 2^22 f32 5.82 → 5.12 ms, 2^20 1.44 → 1.40 (one command); Kronecker 22 u32 1–255 128 arcs of
 *   two (delta × 1.4) 3.24 ms against 3.52 of four, 3.43 with 256 of two and 3.33 with 64 of two (one command,
 *   probes/sssp-fused-sweep-kron22-u32-h200-20261128-19a4d12.json); at the default delta 64 of two 3.39 (benchmarks/results/sssp-h200-20261129.json and probes/sssp-chunk-sweep-kron22-h200-20261129-01b77a5.json).
 *   Not in vertex order: there two arcs a step lost (Kronecker 22 u32 3.96 → 4.05 ms, f32 7.18 → 7.40) and R-MAT
 *   2^22 f32's 64 arcs of two gained 4% (5.70 → 5.46), one command (probes/sssp-queue-shape-vertex-order-h200-20261129-01b77a5.json).
 * - `hubRounds`, `hubRoundsF32`, `hubRoundsF32Large`, `hubRoundsF32Arcs`: the hub limit's step is delta / rounds: 8
 *   with u32 weights (Kronecker 22 in degree order, fused: 4 rounds 3.48 ms, 8 3.24, 16 3.49, one command); with
 *   f32 32 below 2^26 arcs and 128 from there since the step grows (below). Before it grew (f32 8 below 2^26 arcs,
 *   32 from there): Kronecker 22 (2^26.9 arcs), Graph500 f32: near-far 10.10 ms at 8 rounds, 8.75 at
 *   32 (one command); in degree order, fused, half the delta at 8 rounds 7.38 ms, the full delta at 32 rounds 6.89,
 *   64 7.29 (another command); the CPU replay (three sources) 1.44–3.27 arcs relaxed per stored arc at 8 rounds and
 *   half the delta, 1.29–2.25 at 32. Kronecker 20 (2^25 arcs) the other way: near-far 2.92 ms at 8 rounds (56.5
 *   passes), 3.24 at 32 (121.5), same command as Kronecker 22's: the passes added cost more than the arcs saved.
 *   The threshold lies between the two sizes measured.
 *   With the step growing (`hubGrowth`, 2026-12-05; in degree order, fused; benchmarks/results/sssp-h{100,200}-20261205.json):
 *   f32 takes 32 rounds below 2^26 arcs and 128 from there (`hubRoundsF32`, `hubRoundsF32Large`). Kronecker 22
 *   Graph500 f32, H200, 4 sources: 32 rounds 5.87 ms, × 1.5 a release 5.11; 128 rounds × 1.5 4.87, × 1.25 5.15, × 2
 *   5.07; 64 × 1.25 5.03. H100, 3 sources: 32 rounds 6.05, × 1.5 5.21; 128 × 1.5 5.22; 8 × 1.5 7.23. Kronecker 20
 *   (H100, two commands): 8 rounds 2.46–2.57 ms, × 1.5 2.38; 32 × 1.5 1.94–2.01, × 2 1.93; 64 × 1.5 2.03; 128 × 1.5 2.06.
 * - `hubGrowth`, `hubGrowthF32`: the hub step's factor after each release of a bucket, 2 with u32 weights and 1.5
 *   with f32 (see `SsspKernelOptions.hubGrowth`). Integers 1..255 (H100): Kronecker 20 1.37 → 1.24 ms (× 1.5 1.25),
 *   Kronecker 22 3.59 → 3.42; H200 Kronecker 22 3.14 → 3.09 (× 1.5 3.19).
 * - `skewThreshold`: the degree skew (`SsspGraphStats.degreeSkew`) from which a graph counts as skewed.
 * - `skewedHubDegree`: the hub degree near-far takes on a skewed graph unless told (`SsspKernelOptions.hubDegree`).
 * - `autoBellmanFordArcs`: below this many arcs `auto` plans Bellman-Ford. A pass there costs about the same
 *   whatever it does (H200: 10.3 µs a Bellman-Ford pass and 10.8 a near-far pass on R-MAT 2^14), and Bellman-Ford
 *   takes fewer: R-MAT 2^14 (512,160 arcs) 19.5 passes in 0.20 ms against near-far's 40 in 0.43; R-MAT 2^16
 *   (2,076,342) 0.53 against 0.52 ms, near-far ahead from there (2^18 2.4×); the suite's road-like grids 64² and
 *   128² (lavapipe, medians of 3 sources) 59 and 181 Bellman-Ford passes against 85 and 226 (README, "Paper 001's
 *   smaller graphs").
 */
export const SSSP_DEFAULTS = {
  workgroupSize: 256,
  reads: 'atomic',
  segment: 1 << 14,
  batch: 16,
  fixedWorkgroups: 1024,
  hubRounds: 8,
  hubRoundsF32: 32,
  hubRoundsF32Large: 128,
  hubRoundsF32Arcs: 2 ** 26,
  hubGrowth: 2,
  hubGrowthF32: 1.5,
  tailFactor: 2,
  nearFarChunk: 32,
  degreeOrderChunk: 64,
  degreeOrderChunkU32Hubs: 128,
  degreeOrderArcUnroll: 2,
  skewThreshold: 10,
  skewedHubDegree: 64,
  autoBellmanFordArcs: 2 ** 20,
  pullShare: 0.5,
} as const;

/** A degree distribution skewed like Graph500's Kronecker graphs (see {@link SsspGraphStats.degreeSkew}). */
export const isSkewed = (stats: SsspGraphStats) => (stats.degreeSkew ?? 1) >= SSSP_DEFAULTS.skewThreshold;

/** Invocations per vertex: about half the mean degree, a power of two from 1 to 32. */
export function defaultLanes(meanDegree: number): number {
  const lanes = 2 ** Math.round(Math.log2(Math.max(1, meanDegree / 2)));
  return Math.min(32, Math.max(1, lanes));
}

/**
 * The constants of {@link defaultDelta}: Davidson et al.'s warp width, the mean degree where their rule fits as is
 * and its scale's bounds; the mean degree past which a graph whose degrees are not skewed narrows it again, and how far.
 */
const DELTA_RULE = { warp: 32, degree: 8, minScale: 1 / 4, maxScale: 4, denseDegree: 16, denseFloor: 1 / 2 } as const;

/**
 * Near-far's bucket width from the weights and degrees: Davidson, Baxter, Garland and Owens's (2014) warp
 * width × mean weight / mean degree d, scaled by 8 / d (within ¼…4×), i.e. 256 · mean weight / d² for mean
 * degrees 4 to 32. Davidson's rule alone is too wide on dense graphs and too narrow on sparse ones: on the H100
 * (benchmarks/results/sssp-h100-20261122.json) R-MAT 2^20–2^22 (d = 32, weights in [0, 1)) was fastest at ¼ of
 * it (the many short arcs settle a vertex early, so a wide bucket re-relaxes), the road-like grid (d = 3) at
 * 2–4× (few arcs a vertex: narrow buckets mean thousands of near-empty passes), and Kronecker scale 22 (d ≈ 31)
 * within 8% of its best anywhere from ¼ to 2×. Past d = 16, on a graph whose degrees are not skewed (`isSkewed`) and
 * while hubs do not wait, it is narrowed again by 16 / d (at most halved). On the H200
 * (benchmarks/results/sssp-h200-20261128.json, passes relaxing 4 arcs a step) R-MAT 2^22 f32 took 6.12 ms at half
 * the width against 7.83 (2^20: 1.85 against 2.02; a quarter: 7.83 and 3.24). Hubs waiting already split a bucket
 * into hub steps: there half the width was slower (Kronecker 22: 4.59 against 3.99 ms), so `hubsWait` keeps the
 * first rule; so does a skewed graph without hubs (Kronecker 22 in one command: 4.92 ms narrowed against 4.47,
 * f32 9.44 against 9.10). At least 1 for integer weights.
 *
 * @example
 * defaultDelta({ n: 1 << 20, arcs: 1 << 25, minWeight: 0, meanWeight: 0.5 }, 'f32'); // 0.0625: d = 32, ⅛ of Davidson's 0.5
 * defaultDelta({ n: 1 << 20, arcs: 1 << 25, minWeight: 0, meanWeight: 0.5 }, 'f32', true); // 0.125 while hubs wait
 */
export function defaultDelta(stats: SsspGraphStats, weights: SsspWeightType, hubsWait = false): number {
  const meanDegree = stats.n ? stats.arcs / stats.n : 0;
  let delta = 1;
  if (meanDegree > 0 && stats.meanWeight > 0) {
    let scale = Math.min(DELTA_RULE.maxScale, Math.max(DELTA_RULE.minScale, DELTA_RULE.degree / meanDegree));
    if (!hubsWait && !isSkewed(stats)) scale *= Math.max(DELTA_RULE.denseFloor, Math.min(1, DELTA_RULE.denseDegree / meanDegree));
    delta = ((DELTA_RULE.warp * stats.meanWeight) / meanDegree) * scale;
  }
  return weights === 'u32' ? Math.max(1, Math.ceil(delta)) : Math.fround(delta);
}

/**
 * The kernels and settings of one SSSP configuration.
 *
 * @example
 * planSssp({ method: 'auto' }, { n: 1 << 20, arcs: 1 << 25, minWeight: 0, meanWeight: 0.5 }, false).method; // 'near-far'
 */
export function planSssp(options: SsspKernelOptions, stats: SsspGraphStats, directed: boolean, where: SsspTargetInfo = {}): SsspPlan {
  const plan = planMethod(options, stats, directed, where);
  const fits = (p: SsspPlan) => where.storageBuffers === undefined || storageBindingCount(kernelFor(p.relax)) <= where.storageBuffers;
  if (plan.method === 'bellman-ford' || fits(plan)) return plan;
  if (options.packedQueue === undefined && plan.relax.target === 'wgsl') {
    const packed = { ...plan, relax: { ...plan.relax, packedQueue: true } };
    if (fits(packed)) return packed;
  }
  // Hubs the plan chose itself need a binding of their own: near-far without them may still fit.
  if (options.hubDegree === undefined && plan.hubDegree) return planSssp({ ...options, hubDegree: 0 }, stats, directed, where);
  // Asked for by name, the method stays: the runner's limit check then names the kernel and both counts.
  return (options.method ?? 'auto') === 'auto' ? planMethod({ ...options, method: 'bellman-ford' }, stats, directed, where) : plan;
}

function planMethod(options: SsspKernelOptions, stats: SsspGraphStats, directed: boolean, where: SsspTargetInfo): SsspPlan {
  const weights = options.weights ?? 'f32';
  const requested = options.method ?? 'auto';
  if (!['auto', 'bellman-ford', 'frontier', 'near-far'].includes(requested)) {
    throw new RangeError(`sssp: method must be 'bellman-ford', 'frontier', 'near-far' or 'auto', got '${String(requested)}'`);
  }
  const method: SsspMethod = requested === 'auto' ? autoMethod(options, stats) : requested;
  refuseIgnored(options, method, requested === 'auto' ? stats.minWeight : undefined);
  const batch = options.batch ?? SSSP_DEFAULTS.batch;
  if (!Number.isInteger(batch) || batch < 1) throw new RangeError(`sssp: batch must be a positive integer (passes per read-back), got ${batch}`);
  const base = { semiring: 'min-plus', type: weights, target: options.kernelTarget ?? 'wgsl', workgroupSize: options.workgroupSize ?? SSSP_DEFAULTS.workgroupSize } as const;
  const heavyArcs = checkHeavyArcs(options.heavyArcs, method);
  const hubDegree = checkHubDegree(options, method, heavyArcs, stats);
  const delta = method === 'near-far' ? (options.delta ?? defaultDelta(stats, weights, hubDegree > 0)) : Infinity;
  if (method === 'near-far' && !(delta > 0 && (weights === 'f32' || Number.isInteger(delta)))) {
    throw new RangeError(`sssp: delta must be positive${weights === 'u32' ? ' and an integer for u32 weights' : ''}, got ${delta}`);
  }
  const segment = options.segment ?? SSSP_DEFAULTS.segment;
  checkDispatchOptions('sssp', options.dispatch, options.fixedWorkgroups);
  const cuda = base.target === 'cuda';
  if (cuda && options.dispatch === 'indirect') throw new RangeError("sssp: the CUDA runner launches passes on fixed grids (the driver API has no indirect launch); use dispatch: 'fixed'");
  const fused = checkFuseAdvance(options, method, cuda);
  const dispatch = options.dispatch ?? (cuda || fused ? 'fixed' : defaultDispatch(where.softwareAdapter ?? false));
  const hubs = { hubDegree, hubStep: hubStepOf(options, hubDegree, delta, weights, stats.arcs), hubGrowth: hubGrowthOf(options, hubDegree, weights) };
  const tailFactor = checkTailFactor(options.tailFactor, method, heavyArcs);
  const relabel = checkRelabel(options.relabel);
  const pullShare = checkPullHubs(options, hubDegree, directed, cuda);
  const arcWeightBits = arcWeightBitsOf(options.packArcs, method, weights, stats);
  const loop = { delta, segment, batch, dispatch, fixedWorkgroups: options.fixedWorkgroups ?? SSSP_DEFAULTS.fixedWorkgroups, heavyArcs, ...hubs, tailFactor, relabel, pullShare };
  if (method === 'bellman-ford') {
    const symmetric = !directed;
    return {
      method,
      weights,
      relax: { ...base, op: 'sssp_edges', symmetric, reads: options.reads ?? SSSP_DEFAULTS.reads },
      parents: { ...base, op: 'sssp_parents', symmetric },
      ...loop,
    };
  }
  const queueShape = defaultQueueShape(method, weights, heavyArcs, hubs.hubDegree > 0, relabel, isSkewed(stats));
  const chunk = options.chunk ?? queueShape.chunk;
  const arcUnroll = options.arcUnroll ?? queueShape.arcUnroll;
  // An item's lanes share its chunk's arcs: the default never asks for more lanes than a chunk the caller chose has arcs.
  const lanes = options.lanesPerVertex ?? Math.min(defaultLanes(stats.n ? stats.arcs / stats.n : 0), chunk);
  // Packed arcs are the only copy on the device: the tree steps read them too (the pair passes get the CSR's own arrays when they run).
  const packed = arcWeightBits === undefined ? {} : { arcWeightBits };
  const queue = { ...base, symmetric: false, lanesPerVertex: lanes, chunk, ...(hubs.hubDegree ? { deferHubs: true } : {}), ...(pullShare ? { pullHubs: true } : {}) };
  return {
    method,
    weights,
    relax: {
      ...queue,
      op: 'sssp_frontier',
      ...(heavyArcs === 'settle' ? { heavyArcs } : {}),
      ...(arcUnroll === undefined ? {} : { arcUnroll }),
      ...(options.packedQueue ? { packedQueue: true } : {}),
      ...(fused ? { fusedAdvance: true } : {}),
      ...packed,
    },
    advance: { ...queue, op: 'sssp_advance' },
    parents: { ...base, op: 'sssp_parents', symmetric: false },
    tree: { ...base, op: 'sssp_tree', symmetric: !directed, ...packed },
    ...(directed ? {} : { treeScan: { ...base, op: 'sssp_tree_scan', symmetric: true, ...packed } as const }),
    ...loop,
  };
}

/**
 * The queue's default shape: arcs per item, and arcs an invocation relaxes a step (undefined: the codegen's 4).
 * Near-far in degree order (see `SSSP_DEFAULTS.degreeOrderChunk`): 128 arcs an item with u32 weights while hubs
 * wait, else 64, two arcs a step; otherwise 32 arcs on a graph whose degrees are not skewed, without hubs waiting
 * or heavy arcs settled (`SSSP_DEFAULTS.nearFarChunk`), else the codegen's 256.
 */
function defaultQueueShape(method: SsspMethod, weights: SsspWeightType, heavyArcs: SsspHeavyArcs, hubsWait: boolean, relabel: SsspRelabel, skewed: boolean): { chunk: number; arcUnroll?: number } {
  if (method !== 'near-far' || heavyArcs !== 'inline') return { chunk: SSSP_DEFAULT_CHUNK };
  if (relabel === 'degree') {
    const chunk = weights === 'u32' && hubsWait ? SSSP_DEFAULTS.degreeOrderChunkU32Hubs : SSSP_DEFAULTS.degreeOrderChunk;
    return { chunk, arcUnroll: SSSP_DEFAULTS.degreeOrderArcUnroll };
  }
  return { chunk: !hubsWait && !skewed ? SSSP_DEFAULTS.nearFarChunk : SSSP_DEFAULT_CHUNK };
}

/** The options only the frontier methods' queue reads (`packedQueue` only when true). */
const QUEUE_OPTIONS = ['chunk', 'lanesPerVertex', 'arcUnroll', 'packedQueue'] as const;

/**
 * Refuses options the planned method would ignore (a delta without near-far's buckets, a queue's shape for
 * Bellman-Ford), naming the method and, where `auto` planned it (`autoMinWeight` given), why.
 */
function refuseIgnored(options: SsspKernelOptions, method: SsspMethod, autoMinWeight: number | undefined): void {
  const planned = autoMinWeight === undefined ? `method '${method}'` : `method 'auto' planned '${method}'${autoMinWeight < 0 ? ` (a negative weight, ${autoMinWeight})` : ''} and`;
  if (options.delta !== undefined && method !== 'near-far') {
    throw new RangeError(`sssp: delta is near-far's bucket width; ${planned} has no buckets; use method: 'near-far' or leave delta out`);
  }
  if (method !== 'bellman-ford') return;
  const given = QUEUE_OPTIONS.filter((key) => (key === 'packedQueue' ? options.packedQueue === true : options[key] !== undefined));
  if (given.length) {
    throw new RangeError(`sssp: ${given.join(', ')} shape${given.length === 1 ? 's' : ''} the frontier methods' queue; ${planned} relaxes every pair each pass; use method: 'near-far' or 'frontier', or leave ${given.length === 1 ? 'it' : 'them'} out`);
  }
}

/** The options only the frontier methods read: given with `auto`, they ask for near-far whatever the size. */
const FRONTIER_OPTIONS = ['delta', 'hubDegree', 'hubRounds', 'hubGrowth', 'tailFactor', ...QUEUE_OPTIONS, 'fuseAdvance', 'dispatch', 'fixedWorkgroups', 'pullHubs', 'pullShare'] as const;

/** What `auto` plans (see `SSSP_DEFAULTS.autoBellmanFordArcs`): Bellman-Ford for a negative weight or a small graph, else near-far. */
function autoMethod(options: SsspKernelOptions, stats: SsspGraphStats): SsspMethod {
  if (stats.minWeight < 0) return 'bellman-ford';
  const nearFarAsked = options.heavyArcs === 'settle' || FRONTIER_OPTIONS.some((key) => options[key] !== undefined);
  return stats.arcs < SSSP_DEFAULTS.autoBellmanFordArcs && !nearFarAsked ? 'bellman-ford' : 'near-far';
}

/** The heavy arcs' handling, checked against the method: only near-far's buckets make an arc heavy. */
function checkHeavyArcs(heavyArcs: SsspHeavyArcs | undefined, method: SsspMethod): SsspHeavyArcs {
  if (heavyArcs === undefined || heavyArcs === 'inline') return 'inline';
  if (heavyArcs !== 'settle') throw new RangeError(`sssp: heavyArcs must be 'inline' or 'settle', got '${String(heavyArcs)}'`);
  if (method !== 'near-far') {
    throw new RangeError(`sssp: heavyArcs 'settle' needs near-far's buckets (an arc is heavy when its weight is at least delta), got method '${method}'; use method: 'near-far'`);
  }
  return heavyArcs;
}

/** Whether the pass decides the advance step itself, checked against the method, the target and the dispatch. */
function checkFuseAdvance(options: SsspKernelOptions, method: SsspMethod, cuda: boolean): boolean {
  const fuse = options.fuseAdvance;
  if (fuse === undefined || fuse === false) return false;
  if (fuse !== true) throw new RangeError(`sssp: fuseAdvance must be true or false, got ${String(fuse)}`);
  if (method === 'bellman-ford') throw new RangeError("sssp: fuseAdvance folds the frontier methods' advance step into their pass; Bellman-Ford has none (use method 'near-far' or 'frontier')");
  if (cuda) throw new RangeError('sssp: fuseAdvance is written for WGSL so far; the CUDA runner launches sssp_advance before each pass (leave fuseAdvance off)');
  if (options.dispatch === 'indirect') throw new RangeError("sssp: fuseAdvance needs dispatch: 'fixed' (under 'indirect' the advance step sizes the pass's grid)");
  return true;
}

/**
 * `pullShare` when `pullHubs` is asked, else 0; checked against what pulling needs: hubs that wait (near-far), an
 * undirected graph (a vertex's arc to a hub is the hub's arc to it), WGSL. Rows in degree order (the hubs lead each
 * sorted row) are the graph's to show, as `relabel: 'degree'` makes them or a graph renumbered so already is:
 * `prepareSssp` checks them.
 */
function checkPullHubs(options: SsspKernelOptions, hubDegree: number, directed: boolean, cuda: boolean): number {
  const { pullHubs, pullShare } = options;
  if (pullHubs !== undefined && typeof pullHubs !== 'boolean') throw new RangeError(`sssp: pullHubs must be true or false, got ${String(pullHubs)}`);
  if (!pullHubs) {
    if (pullShare !== undefined) throw new RangeError(`sssp: pullShare ${pullShare} says when pullHubs pulls; add pullHubs: true or leave pullShare out`);
    return 0;
  }
  const share = pullShare ?? SSSP_DEFAULTS.pullShare;
  if (!(share > 0 && share <= 1)) throw new RangeError(`sssp: pullShare must be in (0, 1] (a share of the arcs into hubs), got ${share}`);
  if (!hubDegree) throw new RangeError("sssp: pullHubs pulls the arcs of released hubs, so it needs hubs that wait (near-far on a skewed graph, or hubDegree > 0)");
  if (directed) throw new RangeError("sssp: pullHubs reads a vertex's arcs to hubs as the hubs' arcs to it, which needs an undirected graph");
  if (cuda) throw new RangeError('sssp: pullHubs is written for WGSL so far; the CUDA runner pushes every arc (leave pullHubs off)');
  return share;
}

/**
 * The weight's bits in a packed arc (see `SsspKernelOptions.packArcs`), or undefined where the pass reads heads
 * and weights apart: Bellman-Ford (pairs, not arcs), f32 weights, an unknown largest weight, or heads that
 * would not fit beside it. Asked for with `true` where it cannot be, refused with the reason.
 */
function arcWeightBitsOf(packArcs: boolean | undefined, method: SsspMethod, weights: SsspWeightType, stats: SsspGraphStats): number | undefined {
  if (packArcs !== undefined && typeof packArcs !== 'boolean') throw new RangeError(`sssp: packArcs must be true or false, got ${String(packArcs)}`);
  if (packArcs === false) return undefined;
  const asked = packArcs === true;
  const refuse = (why: string) => {
    if (asked) throw new RangeError(`sssp: packArcs: ${why}; leave packArcs out`);
    return undefined;
  };
  if (method === 'bellman-ford') return refuse("Bellman-Ford reads paper 001's pairs, not the CSR's arcs");
  if (weights !== 'u32') return refuse('packs integer weights beside the head; f32 weights keep their own array');
  if (stats.maxWeight === undefined) return refuse('the largest weight is not known');
  const bits = Math.max(1, Math.ceil(Math.log2(stats.maxWeight + 1)));
  if (bits > SSSP_MAX_ARC_WEIGHT_BITS || stats.n > 2 ** (32 - bits)) {
    return refuse(`the largest weight ${stats.maxWeight} takes ${bits} bits, which leaves ${32 - bits} for heads, and n = ${stats.n} needs ${Math.max(1, Math.ceil(Math.log2(stats.n)))}`);
  }
  return bits;
}

/** The vertex order, checked. */
function checkRelabel(relabel: SsspRelabel | undefined): SsspRelabel {
  if (relabel === undefined || relabel === 'none' || relabel === 'degree') return relabel ?? 'none';
  throw new RangeError(`sssp: relabel must be 'degree' or 'none', got '${String(relabel)}'`);
}

/** The tail rule's factor, checked against the method and the heavy arcs' handling (0: off). */
function checkTailFactor(tailFactor: number | undefined, method: SsspMethod, heavyArcs: SsspHeavyArcs): number {
  if (tailFactor === undefined) return method === 'near-far' && heavyArcs === 'inline' ? SSSP_DEFAULTS.tailFactor : 0;
  if (!(Number.isFinite(tailFactor) && tailFactor >= 0)) throw new RangeError(`sssp: tailFactor must be a finite number ≥ 0 (0 turns the tail rule off), got ${tailFactor}`);
  if (tailFactor === 0) return 0;
  if (method !== 'near-far') throw new RangeError(`sssp: tailFactor needs near-far's buckets (it widens one), got method '${method}'; use method: 'near-far'`);
  if (heavyArcs === 'settle') throw new RangeError("sssp: tailFactor and heavyArcs 'settle' do not mix (a settled heavy arc must land at or past the bucket's lower bound + delta); use tailFactor: 0");
  return Math.fround(tailFactor);
}

/**
 * The hub degree, checked against the method and the heavy arcs' handling (0: hubs do not wait). Unset, near-far
 * with heavy arcs inline defers hubs on a skewed graph: on an H200 `hubDegree: 64` took Kronecker 22 from 4.81 to
 * 3.99 ms (integers 1–255) and, at half the delta, from 9.58 to 7.57 ms (f32), but R-MAT 2^22, whose degrees are
 * not skewed, from 7.95 to 8.73 ms (benchmarks/results/sssp-h200-20261128.json, probes/h200-call2-20261128.log).
 */
function checkHubDegree(options: SsspKernelOptions, method: SsspMethod, heavyArcs: SsspHeavyArcs, stats: SsspGraphStats): number {
  const { hubDegree } = options;
  if (hubDegree === undefined) return method === 'near-far' && heavyArcs === 'inline' && isSkewed(stats) ? SSSP_DEFAULTS.skewedHubDegree : 0;
  if (!Number.isInteger(hubDegree) || hubDegree < 0 || hubDegree > 2 ** 32 - 1) throw new RangeError(`sssp: hubDegree must be an integer from 0 (hubs do not wait) to 2^32 − 1 (a degree), got ${hubDegree}`);
  if (hubDegree === 0) return 0;
  if (method !== 'near-far') throw new RangeError(`sssp: hubDegree needs near-far's buckets (hubs wait within one), got method '${method}'; use method: 'near-far'`);
  if (heavyArcs === 'settle') throw new RangeError("sssp: hubDegree and heavyArcs 'settle' use the same mark bit; take one of them");
  return hubDegree;
}

/** The hub step's growth after each release (1 when hubs do not wait). */
function hubGrowthOf(options: SsspKernelOptions, hubDegree: number, weights: SsspWeightType): number {
  const { hubGrowth } = options;
  if (hubGrowth === undefined) return !hubDegree ? 1 : weights === 'f32' ? SSSP_DEFAULTS.hubGrowthF32 : SSSP_DEFAULTS.hubGrowth;
  if (!hubDegree) throw new RangeError(`sssp: hubGrowth ${hubGrowth} needs hubs that wait (hubDegree, or a skewed graph's default; hubDegree 0 turns them off)`);
  if (!(hubGrowth >= 1 && hubGrowth <= 1024)) throw new RangeError(`sssp: hubGrowth must be a number from 1 (the hub step stays) to 1024, got ${hubGrowth}`);
  return Math.fround(hubGrowth);
}

/** The hub limit's step, delta / hubRounds (0 when hubs do not wait). */
function hubStepOf(options: SsspKernelOptions, hubDegree: number, delta: number, weights: SsspWeightType, arcs: number): number {
  if (!hubDegree) {
    if (options.hubRounds !== undefined) throw new RangeError(`sssp: hubRounds ${options.hubRounds} needs hubs that wait (hubDegree, or a skewed graph's default; hubDegree 0 turns them off)`);
    return 0;
  }
  const f32Rounds = arcs >= SSSP_DEFAULTS.hubRoundsF32Arcs ? SSSP_DEFAULTS.hubRoundsF32Large : SSSP_DEFAULTS.hubRoundsF32;
  const rounds = options.hubRounds ?? (weights === 'f32' ? f32Rounds : SSSP_DEFAULTS.hubRounds);
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`sssp: hubRounds must be a positive integer (the hub step is delta / hubRounds), got ${rounds}`);
  return weights === 'u32' ? Math.max(1, Math.floor(delta / rounds)) : Math.fround(delta / rounds);
}
