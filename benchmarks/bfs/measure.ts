// One variant of the Fig. 6 ablation on one graph: preprocessing, a warm-up search, then one timed search per
// source, each validated by the Graph500 rules on the GPU (bfs_check, after the timing) and the first few also
// by the CPU validator.
import { BfsRunner, CoreBfs, MAX_MULTI_SOURCES, treeDepths, validateBfs, type BfsGpuCheck, type BfsLevel, type BfsOptions } from '@semiforge/algorithms';
import type { Device } from '@semiforge/runtime';
import { reachedEdges, type BenchGraph } from './graphs.js';

export type Variant = 'no-order' | 'baseline' | 'approx' | 'core' | 'multi';

/**
 * The ablation of paper 003's Fig. 6, the hybrid without degree ordering below it, and the multi-source mode
 * beside it (32 searches a pass; each search's time is its pass's divided by the searches in it).
 */
export const VARIANTS: Record<Variant, { readonly label: string; readonly options: BfsOptions; readonly core: boolean; readonly multi?: boolean }> = {
  'no-order': { label: 'hybrid BFS, no degree ordering', options: { degreeOrder: false }, core: false },
  baseline: { label: 'hybrid BFS + degree ordering (baseline)', options: {}, core: false },
  approx: { label: 'baseline + m_f approximation', options: { mfApprox: true }, core: false },
  core: { label: 'baseline + m_f approximation + CoreBFS', options: { mfApprox: true }, core: true },
  multi: { label: `multi-source bottom-up, up to ${MAX_MULTI_SOURCES} searches a pass, degree ordering`, options: {}, core: false, multi: true },
};

export interface Query {
  readonly source: number;
  /** Search time (host wall, every level's submit and counter read), the parents left on the GPU. */
  readonly searchMs: number;
  /** Reading the parents back into the caller's ids (CoreBFS: and combining them with the precomputed tree). */
  readonly outputMs: number;
  readonly edges: number;
  readonly levels: readonly BfsLevel[];
  /** `gpu+cpu`: the Graph500 rules checked on the GPU and by the CPU validator; `gpu`: on the GPU; or the broken rule. */
  readonly check: 'gpu+cpu' | 'gpu' | `failed: ${string}`;
}

export interface VariantRun {
  readonly variant: Variant;
  readonly preprocessMs: number;
  readonly queries: readonly Query[];
  readonly plan: Record<string, string | number | boolean>;
}

/** Runs `variant` from every source; `cpuCheck(i)` says which queries the CPU validator also checks. */
export async function measureVariant(
  device: Device,
  graph: BenchGraph,
  sources: readonly number[],
  variant: Variant,
  settings: { readonly cpuCheck: (i: number) => boolean; readonly warmupMs: number; readonly options: BfsOptions },
): Promise<VariantRun> {
  const { cpuCheck, warmupMs, options: extra } = settings;
  const spec = VARIANTS[variant];
  const options = { ...spec.options, ...extra };
  const started = performance.now();
  const engine = spec.core ? await CoreBfs.create(device, graph.csr, options) : await BfsRunner.create(device, graph.csr, options);
  const preprocessMs = performance.now() - started;
  try {
    // CoreBFS answers are checked on the whole graph's runner, with depths the host derives from the parents.
    const search = async (s: number): Promise<{ parent: Int32Array; levels: readonly BfsLevel[]; searchMs: number; outputMs: number; gpuCheck: BfsGpuCheck }> => {
      if (engine instanceof CoreBfs) {
        const r = await engine.run(s, { depths: true });
        return { parent: r.parent, levels: r.levels, searchMs: r.searchMs, outputMs: r.assembleMs, gpuCheck: await engine.check(s, r.parent, r.depth!) };
      }
      const r = await engine.run(s, { check: true });
      return { parent: r.parent, levels: r.levels, searchMs: r.searchMs, outputMs: r.readMs, gpuCheck: r.check! };
    };
    if (spec.multi && engine instanceof BfsRunner) {
      // Sources × n parents must fit one binding: scale 26 takes 8 a pass.
      const passSize = Math.max(1, Math.min(MAX_MULTI_SOURCES, Math.floor(device.limits.maxStorageBufferBindingSize / (4 * graph.csr.n))));
      const queries = await multiQueries(engine, graph, sources, passSize, settings);
      return { variant, preprocessMs, queries, plan: { block_length: engine.plan.blockLength, chunks: engine.plan.chunks, searches_a_pass: passSize } };
    }
    // Warm-up: pipelines compile on the first search, and a GPU idle while the host built the graph runs slow.
    const warmUntil = performance.now() + warmupMs;
    if (sources.length > 0) do await search(sources[0]);
    while (performance.now() < warmUntil);
    const queries: Query[] = [];
    for (const [i, s] of sources.entries()) {
      const r = await search(s);
      queries.push({ source: s, searchMs: r.searchMs, outputMs: r.outputMs, edges: reachedEdges(graph.csr, r.parent), levels: r.levels, check: check(graph, s, r.parent, r.gpuCheck, cpuCheck(i)) });
    }
    const plan: Record<string, string | number | boolean> =
      engine instanceof CoreBfs
        ? { core_vertices: engine.stats.coreVertices, giant_vertices: engine.stats.giantVertices, core_arcs: engine.stats.coreArcs }
        : { block_length: engine.plan.blockLength, lanes: engine.plan.lanes, aggregation: engine.plan.aggregation, chunks: engine.plan.chunks, padded_words: engine.plan.words };
    return { variant, preprocessMs, queries, plan };
  } finally {
    engine.destroy();
  }
}

function check(graph: BenchGraph, source: number, parent: Int32Array, gpu: BfsGpuCheck, cpu: boolean): Query['check'] {
  if (!gpu.ok) return `failed: ${gpu.rule} (GPU check) at vertex ${gpu.vertex}`;
  if (!cpu) return 'gpu';
  const v = validateBfs(graph.csr, source, parent);
  return v.ok ? 'gpu+cpu' : `failed: ${v.rule}: ${v.message}`;
}

/** The multi-source mode: passes of `passSize` sources after a warm-up pass, each search checked on the GPU. */
async function multiQueries(
  runner: BfsRunner,
  graph: BenchGraph,
  sources: readonly number[],
  passSize: number,
  settings: { readonly cpuCheck: (i: number) => boolean; readonly warmupMs: number },
): Promise<Query[]> {
  const passes: number[][] = [];
  for (let i = 0; i < sources.length; i += passSize) passes.push(sources.slice(i, i + passSize));
  const warmUntil = performance.now() + settings.warmupMs;
  if (passes.length > 0) do await runner.runMulti(passes[0]);
  while (performance.now() < warmUntil);
  const queries: Query[] = [];
  for (const pass of passes) {
    const r = await runner.runMulti(pass);
    for (const [j, s] of pass.entries()) {
      const parent = r.parents[j];
      const tree = treeDepths(parent, s);
      const gpu: BfsGpuCheck = 'brokenAt' in tree ? { ok: false, rule: 'tree', vertex: tree.brokenAt } : await runner.check(s, parent, tree.depth);
      const i = queries.length;
      queries.push({ source: s, searchMs: r.searchMs / pass.length, outputMs: 0, edges: reachedEdges(graph.csr, parent), levels: [], check: check(graph, s, parent, gpu, settings.cpuCheck(i)) });
    }
  }
  return queries;
}
