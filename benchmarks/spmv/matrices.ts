// The SpMV suite's matrix set: one matrix per class at a target number of nonzeros, generated where the run
// happens (nothing large travels), with f32 weights in [1, 2) so that plus-times sums stay well scaled. R-MAT
// tuples, the CSRs and the degree order are built in worker threads (the same matrices as on one thread).
import { csrFromEdgesParallel, generateErdosRenyi, generateGrid, generateRmatParallel, relabelByDegreeParallel, type Csr, type EdgeList } from '@semiforge/graph-io';
import { banded, stencil3d } from './stencils.js';

/** A class of BENCHMARKS.md (`power-law`, `stencil`, `banded`, `uniform`, `road`) and how one matrix of it is made. */
export interface MatrixCase {
  readonly class: string;
  /** Names the generator and its size, e.g. `rmat-s22`, `grid-2048x2048`. */
  readonly name: string;
  make(): Promise<Csr>;
}

export const CLASSES = ['power-law', 'stencil', 'banded', 'uniform', 'road'];

/** Target nonzeros per size: quick runs on a software adapter; large reaches 1.3 × 10^8. */
export const SIZES = { quick: 2 ** 12, small: 2 ** 18, medium: 2 ** 24, large: 2 ** 27 } as const;
export type SizeName = keyof typeof SIZES;

const RMAT_DEGREE = 32;
const BAND_HALF_WIDTH = 8;
const ER_DEGREE = 16;
// A road-like grid keeps a spanning tree and half the other edges: about 3 stored arcs per vertex.
const ROAD_ARCS_PER_VERTEX = 3;
// Uniform and road-like matrices stop at 2^25 nonzeros: their generators (a hash set of pairs, Kruskal) are the
// slowest by far, and the largest DIMACS road network (USA) has 5.8 × 10^7 arcs anyway.
const SLOW_CLASS_MAX = 2 ** 25;

const csr = async (edges: EdgeList, symmetrize = false): Promise<Csr> => withWeights(await csrFromEdgesParallel(edges, { symmetrize, sortRows: true }));
const rmat = (scale: number) => generateRmatParallel({ scale, seed: 1 });

/** One matrix of each class with about `target` nonzeros (uniform and road-like: at most 2^25). */
export function matrixSet(target: number): MatrixCase[] {
  const scale = Math.max(2, Math.round(Math.log2(target / RMAT_DEGREE)));
  const side2 = Math.round(Math.sqrt(target / 4));
  const side3 = Math.round(Math.cbrt(target / 7));
  const bandRows = Math.round(target / (2 * BAND_HALF_WIDTH + 1));
  const erArcs = Math.min(target, SLOW_CLASS_MAX);
  const erRows = Math.round(erArcs / ER_DEGREE);
  const roadSide = Math.round(Math.sqrt(Math.min(target, SLOW_CLASS_MAX) / ROAD_ARCS_PER_VERTEX));
  const unit = { min: 1, max: 1 };
  return [
    { class: 'power-law', name: `rmat-s${scale}`, make: async () => csr(await rmat(scale), true) },
    // The same matrix relabelled by descending degree (rows and columns), as a graph library would store it: the
    // hubs' x entries share cache lines, which is what decides power-law SpMV (paper 002's spatial locality).
    { class: 'power-law', name: `rmat-s${scale}-by-degree`, make: async () => withWeights(await relabelByDegreeParallel(await csrFromEdgesParallel(await rmat(scale), { symmetrize: true, sortRows: true }))) },
    { class: 'stencil', name: `grid-${side2}x${side2}`, make: () => csr(generateGrid({ rows: side2, cols: side2, weights: unit, seed: 1 }).graph) },
    { class: 'stencil', name: `stencil3d-${side3}^3`, make: () => csr(stencil3d(side3)) },
    { class: 'banded', name: `band-${bandRows}-w${2 * BAND_HALF_WIDTH + 1}`, make: () => csr(banded(bandRows, BAND_HALF_WIDTH)) },
    { class: 'uniform', name: `er-${erRows}-d${ER_DEGREE}`, make: () => csr(generateErdosRenyi({ n: erRows, m: erArcs, seed: 1 })) },
    {
      class: 'road',
      name: `road-${roadSide}x${roadSide}`,
      make: () => csr(generateGrid({ rows: roadSide, cols: roadSide, weights: unit, seed: 1, roadLike: true }).graph),
    },
  ];
}

/** The same matrix with deterministic f32 weights in [1, 2) (a multiplicative hash of the position). */
function withWeights(matrix: Csr): Csr {
  const weight = new Float32Array(matrix.indices.length);
  for (let k = 0; k < weight.length; k++) weight[k] = 1 + (Math.imul(k, 2654435761) >>> 0) / 2 ** 32;
  return { ...matrix, weight };
}

/** The sizes and classes a suite's `--sizes` / `--classes` name (`--quick`: the quick size), refusing unknown ones. */
export function matrixSelection(args: { quick: boolean; sizes: string; classes?: string }): { sizes: SizeName[]; classes?: string[] } {
  const sizes = (args.quick ? ['quick'] : args.sizes.split(',')) as SizeName[];
  for (const s of sizes) if (!(s in SIZES)) throw new Error(`--sizes: unknown size '${s}' (expected ${Object.keys(SIZES).join(', ')})`);
  const classes = args.classes?.split(',');
  for (const c of classes ?? []) if (!CLASSES.includes(c)) throw new Error(`--classes: unknown class '${c}' (expected ${CLASSES.join(', ')})`);
  return { sizes, classes };
}
