// The BFS suite's graphs and sources: Graph500 Kronecker graphs generated in the process (in worker
// threads), a road-like grid, and 64 random non-isolated sources per graph, as Graph500 draws them. A graph
// may be kept in a cache directory (binary .sfg, already in degree order) so that a scale split over several
// commands on the GPU host is generated once.
import { existsSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { csrFromEdges, csrFromEdgesParallel, generateGrid, generateKronecker, generateKroneckerParallel, readGraphBinary, relabelByDegree, relabelByDegreeParallel, writeGraphBinary, type Csr } from '@semiforge/graph-io';

export interface BenchGraph {
  readonly name: string;
  readonly class: 'power-law' | 'road';
  readonly params: Record<string, number>;
  readonly csr: Csr;
  /** Host time to generate (or read from the cache) and build the CSR. */
  readonly buildMs: number;
  /** Host time of the degree ordering done once for every variant (0 when the graph is kept as generated or came from the cache). */
  readonly relabelMs: number;
}

/** Where and whether graphs are cached, and whether they are put in degree order once for all variants. */
export interface GraphOptions {
  readonly degreeOrder: boolean;
  readonly cacheDir?: string;
  /** Generator and relabelling threads; 0 does both on the main thread (no worker files needed beside a bundle). */
  readonly threads?: number;
}

/** Graph500 Kronecker graph: tuples generated in workers, symmetrised, self-loops and duplicates kept as the specification does. */
export async function kroneckerGraph(scale: number, edgeFactor: number, options: GraphOptions): Promise<BenchGraph> {
  const name = `kronecker scale ${scale} edge factor ${edgeFactor}`;
  return cached(name, 'power-law', { scale, edgefactor: edgeFactor }, `kronecker-s${scale}-ef${edgeFactor}`, options, async () => {
    const threads = options.threads ?? availableParallelism();
    const generate = { scale, edgeFactor, seed: 1 };
    const tuples = threads === 0 ? generateKronecker(generate) : await generateKroneckerParallel({ ...generate, threads });
    return csrFromEdgesParallel(tuples, { symmetrize: true, threads: Math.max(1, threads) });
  });
}

/** A road-like grid (a spanning tree kept, half the other edges dropped, straight shortcuts). */
export function roadGraph(rows: number, cols: number, options: GraphOptions): Promise<BenchGraph> {
  return cached(`road-like grid ${rows} × ${cols}`, 'road', { rows, cols }, `road-${rows}x${cols}`, options, async () =>
    csrFromEdges(generateGrid({ rows, cols, weights: { min: 1, max: 1 }, seed: 7, roadLike: true }).graph),
  );
}

async function cached(name: string, cls: BenchGraph['class'], params: Record<string, number>, file: string, options: GraphOptions, make: () => Promise<Csr>): Promise<BenchGraph> {
  const path = options.cacheDir && options.degreeOrder ? join(options.cacheDir, `${file}-degree-ordered.sfg`) : undefined;
  let started = performance.now();
  if (path && existsSync(path)) {
    const csr = await readGraphBinary(path);
    return { name, class: cls, params: { ...params, n: csr.n }, csr, buildMs: performance.now() - started, relabelMs: 0 };
  }
  const built = await make();
  const buildMs = performance.now() - started;
  started = performance.now();
  // The runners see a graph in degree order and skip their own relabelling; 'no-order' needs it as generated.
  const threads = options.threads ?? availableParallelism();
  const csr = !options.degreeOrder ? built : threads === 0 ? relabelByDegree(built) : await relabelByDegreeParallel(built, { threads });
  const relabelMs = options.degreeOrder ? performance.now() - started : 0;
  if (path) {
    mkdirSync(options.cacheDir!, { recursive: true });
    await writeGraphBinary(path, csr);
  }
  return { name, class: cls, params: { ...params, n: csr.n }, csr, buildMs, relabelMs };
}

/** Graph500's TEPS numerator for a search: the input edges of the component it reached, (arcs + self-loops) / 2. */
export function reachedEdges(csr: Csr, parent: Int32Array): number {
  const { n, indptr } = csr;
  let twice = 0;
  for (let v = 0; v < n; v++) if (parent[v] !== -1) twice += indptr[v + 1] - indptr[v];
  return (twice + reachedLoops(csr, parent)) / 2;
}

/** Self-loops of reached vertices (each is one arc, but one whole edge). */
function reachedLoops(csr: Csr, parent: Int32Array): number {
  let loops = 0;
  for (const v of loopVertices(csr)) if (parent[v] !== -1) loops++;
  return loops;
}

const loopsByGraph = new WeakMap<Csr, number[]>();

/** The vertices with a self-loop (once per loop arc), found in one pass over the arcs and remembered. */
function loopVertices(csr: Csr): number[] {
  let loops = loopsByGraph.get(csr);
  if (loops) return loops;
  loops = [];
  for (let v = 0; v < csr.n; v++) for (let p = csr.indptr[v]; p < csr.indptr[v + 1]; p++) if (csr.indices[p] === v) loops.push(v);
  loopsByGraph.set(csr, loops);
  return loops;
}
