// The SSSP suite's graphs: paper 001's R-MAT set, Graph500 Kronecker graphs with their f32 weights and with
// integer weights 1..255, and a road-like grid; each an undirected CSR (self-loops dropped, parallel arcs
// merged to their minimum, so that SciPy's summing of repeated entries changes nothing). R-MAT and Kronecker
// tuples are generated in worker threads (the bundle carries graph-io's worker beside it); `threads: 0`
// generates on the main thread. With a cache folder a built CSR is written once as .sfg and read back by later
// commands (a 2^24-vertex R-MAT takes minutes to generate and sort on one host).
import { existsSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { toIntegerWeights, type SsspWeightType } from '@semiforge/algorithms';
import {
  csrFromEdges,
  csrFromEdgesParallel,
  generateGrid,
  generateKronecker,
  generateKroneckerParallel,
  generateRmat,
  generateRmatParallel,
  readGraphBinary,
  writeGraphBinary,
  type Csr,
  type EdgeList,
} from '@semiforge/graph-io';

/** How one graph is weighted for a run: the kernels' type, and the weights it gets. */
export interface Weighting {
  readonly type: SsspWeightType;
  readonly label: string;
  readonly apply: (csr: Csr) => Csr;
}

/** Where graphs are generated and cached. */
export interface GraphOptions {
  /** Generator threads; 0 generates on the main thread. Default: the machine's parallelism. */
  readonly threads?: number;
  /** Folder for built CSRs (.sfg), reused by later commands. */
  readonly cacheDir?: string;
}

export interface SsspGraph {
  /** e.g. `rmat scale=20 degree=32`. */
  readonly name: string;
  readonly class: 'rmat' | 'kronecker' | 'road';
  readonly params: Record<string, number | string>;
  readonly make: (options: GraphOptions) => Promise<Csr>;
  /** The graph is built once and run with each of these. */
  readonly weightings: readonly Weighting[];
}

const SEED = 1;
// Rows placed and sorted in worker threads (the GPU host has 16 cores; generating and building Kronecker 22 there
// with the one-thread build took 23–32 s).
const undirected = (edges: EdgeList, threads: number) =>
  csrFromEdgesParallel(edges, { symmetrize: true, sortRows: true, dropSelfLoops: true, duplicates: 'min', threads: Math.max(1, threads) });
const asIs = (type: SsspWeightType, label: string): Weighting => ({ type, label, apply: (csr) => csr });
const integers255: Weighting = { type: 'u32', label: 'integers 1..255', apply: (csr) => toIntegerWeights(csr, 255) };
const threadsOf = (options: GraphOptions) => options.threads ?? availableParallelism();

/**
 * `--weights`: the weight types to run (each graph runs those of its weightings that match; R-MAT has only f32),
 * comma-separated; both when absent.
 *
 * @example
 * parseWeightTypes('u32,f32'); // ['u32', 'f32']
 */
export function parseWeightTypes(text: string | undefined): SsspWeightType[] {
  if (text === undefined) return ['f32', 'u32'];
  return text.split(',').map((type) => {
    if (type !== 'f32' && type !== 'u32') throw new Error(`--weights: unknown weight type '${type}' (expected f32, u32, or both comma-separated)`);
    return type;
  });
}

/** Paper 001's R-MAT graphs: average degree 32, f32 weights uniform in [0, 1). */
export function rmatGraph(scale: number): SsspGraph {
  return {
    name: `rmat scale=${scale} degree=32`,
    class: 'rmat',
    params: { scale, n: 2 ** scale, average_degree: 32 },
    make: (options) =>
      cached(options, `sssp-rmat-s${scale}-d32`, async () => {
        const generate = { scale, averageDegree: 32, seed: SEED, weights: 'f32-unit' } as const;
        const threads = threadsOf(options);
        return undirected(threads === 0 ? generateRmat(generate) : await generateRmatParallel({ ...generate, threads }), threads);
      }),
    weightings: [asIs('f32', 'f32 [0,1)')],
  };
}

/** Graph500 Kronecker (edge factor 16) with its f32 weights, and with those mapped to integers 1..255 (u32). */
export function kroneckerGraph(scale: number): SsspGraph {
  return {
    name: `kronecker scale=${scale}`,
    class: 'kronecker',
    params: { scale, n: 2 ** scale, edgefactor: 16 },
    make: (options) =>
      cached(options, `sssp-kronecker-s${scale}`, async () => {
        const generate = { scale, seed: SEED, weights: true };
        const threads = threadsOf(options);
        return undirected(threads === 0 ? generateKronecker(generate) : await generateKroneckerParallel({ ...generate, threads }), threads);
      }),
    weightings: [asIs('f32', 'graph500 f32 [0,1)'), integers255],
  };
}

/** A road-like grid (thinned, with shortcuts), side × side vertices, integer weights 1..1000 (u32). */
export function roadGraph(side: number): SsspGraph {
  return {
    name: `road-like grid ${side}x${side}`,
    class: 'road',
    params: { n: side * side, side },
    make: (options) =>
      cached(options, `sssp-road-${side}`, async () =>
        csrFromEdges(generateGrid({ rows: side, cols: side, weights: { min: 1, max: 1000 }, seed: SEED, roadLike: true }).graph, { sortRows: true, duplicates: 'min' }),
      ),
    weightings: [asIs('u32', 'integers 1..1000')],
  };
}

async function cached(options: GraphOptions, file: string, make: () => Promise<Csr>): Promise<Csr> {
  const path = options.cacheDir === undefined ? undefined : join(options.cacheDir, `${file}.sfg`);
  if (path && existsSync(path)) return readGraphBinary(path);
  const csr = await make();
  if (path) {
    mkdirSync(options.cacheDir!, { recursive: true });
    await writeGraphBinary(path, csr);
  }
  return csr;
}
