import { csrFromEdgesParallel, generateKronecker, generateKroneckerParallel, Xoshiro128ss, type Csr } from '@semiforge/graph-io';
import { UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { phaseProgress } from '../output/phase-progress.js';
import { graphFileType, type GraphFileFormat } from './graph-file-format.js';
import { loadGraph } from './load-graph.js';
import { shapeGraph } from './shape-graph.js';

/** From this many Kronecker tuples (scale 18 at edge factor 16) `-g` generates in worker threads. */
const PARALLEL_TUPLES = 1 << 22;

/** The flags of the GPU commands that take a FILE or `-g SCALE` (bfs, sssp, pagerank). */
export interface GraphInputFlags {
  readonly from?: GraphFileFormat;
  /** Kronecker scale (GAP's -g). */
  readonly generate?: number;
  readonly edgeFactor: number;
  readonly seed: number;
}

/** Where the searching commands (bfs, sssp) start. */
export interface SourceFlags {
  /** One source, in the user's ids. */
  readonly source?: number;
  /** Random sources with at least one arc (GAP's -n). */
  readonly trials?: number;
}

/**
 * The graph a command runs on, and its name for the report: FILE read with a progress display, or an undirected
 * Graph500 Kronecker graph of `-g SCALE` (with f32 weights when `weights`). `generated` tells the command which.
 * `symmetrize` (`--symmetrize`): FILE as an undirected graph, every arc's mirror added and parallel arcs merged
 * (the least weight kept), for files that list each edge once (SNAP's facebook_combined.txt).
 */
export async function loadGraphInput(
  cmd: string,
  file: string | undefined,
  flags: GraphInputFlags,
  io: CliIo,
  options: { weights?: boolean; symmetrize?: boolean } = {},
): Promise<{ csr: Csr; name: string; generated: boolean }> {
  if (file !== undefined && flags.generate !== undefined) throw new UsageError('give a FILE or -g SCALE, not both', cmd);
  if (file === undefined && options.symmetrize) throw new UsageError('--symmetrize: -g SCALE makes an undirected graph already; the flag is for a FILE', cmd);
  if (file === undefined && flags.generate === undefined) throw new UsageError(`${cmd} needs a graph: a FILE (.sfg, .mtx, .gr, .el, .wel, .txt) or -g SCALE`, cmd);
  if (file === undefined) {
    const scale = flags.generate!;
    const generate = { scale, edgeFactor: flags.edgeFactor, seed: flags.seed, weights: options.weights };
    // Large graphs in worker threads (the same tuples, bit for bit); below, the workers' start-up costs more.
    const edges = 2 ** scale * flags.edgeFactor >= PARALLEL_TUPLES ? await generateKroneckerParallel(generate) : generateKronecker(generate);
    const name = `kronecker(scale=${scale}, edgefactor=${flags.edgeFactor}, seed=${flags.seed}, undirected)`;
    // Rows placed and sorted in worker threads too, most of a large graph's build (graph-io csrFromEdgesParallel).
    return { csr: await csrFromEdgesParallel(edges, { symmetrize: true, sortRows: true }), name, generated: true };
  }
  const type = graphFileType(file, '--from', flags.from);
  const phases = phaseProgress(io, cmd);
  try {
    const loaded = await loadGraph(file, type, phases);
    const shape = options.symmetrize ? { symmetrize: true, duplicates: 'min' as const } : {};
    return { csr: await shapeGraph(loaded.graph, shape, file), name: options.symmetrize ? `${file} (symmetrized)` : file, generated: false };
  } finally {
    phases.stop();
  }
}

/**
 * BFS follows edges both ways: a directed graph is refused here, naming it and the flag, before a device opens
 * (the library would refuse it mid-run). A FILE read with --symmetrize is undirected already.
 */
export function checkUndirected(csr: Csr, name: string, cmd: string): void {
  if (csr.directed) {
    throw new UsageError(`${name} is a directed graph, and direction-optimising BFS follows edges both ways: pass --symmetrize to add every arc's mirror`, cmd);
  }
}

/** Which vertices a graph has, for an error about one it lacks: `vertices are 0..33 (0-based)`. */
export function vertexRange(csr: Csr): string {
  if (csr.n === 0) return 'the graph has no vertices';
  return `vertices are ${csr.ids ? 'the ids of the file' : `0..${csr.n - 1} (0-based)`}`;
}

/**
 * The internal vertices to start from: `--source` (a user id), or `-n` random ones that have an arc (default 1),
 * drawn from `seed`.
 */
export function pickSources(csr: Csr, flags: SourceFlags & { seed: number }, cmd: string): number[] {
  if (flags.source !== undefined && flags.trials !== undefined) throw new UsageError('give --source N or -n TRIALS, not both', cmd);
  if (flags.source !== undefined) {
    const v = csr.ids ? csr.ids.indexOf(flags.source) : flags.source < csr.n ? flags.source : -1;
    if (v < 0) throw new UsageError(`--source ${flags.source}: not a vertex of the graph; ${vertexRange(csr)}`, cmd);
    return [v];
  }
  const withArcs: number[] = [];
  for (let v = 0; v < csr.n; v++) if (csr.indptr[v + 1] > csr.indptr[v]) withArcs.push(v);
  if (withArcs.length === 0) throw new UsageError('the graph has no arcs: give --source N', cmd);
  const rng = Xoshiro128ss.fromSeed(flags.seed);
  return Array.from({ length: flags.trials ?? 1 }, () => withArcs[rng.nextBelow(withArcs.length)]);
}
