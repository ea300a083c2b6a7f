import { getSemiring, registerSemiring, type ElementType } from '@semiforge/codegen';
import { csrFromEdges, generateErdosRenyi, generateGrid, generateRmat, Xoshiro128ss, type Csr } from '@semiforge/graph-io';
import type { SpmvFormat, SpmvKernelOptions } from '../src/index.js';
import { maxTimesSemiring } from './user-semiring.js';

/** A user-defined semiring, registered for the tests: (max, ×) on non-negative f32, e.g. most reliable paths. */
registerSemiring(maxTimesSemiring('max-times'));

/** One semiring under test: its name, whether it reads the matrix as a pattern, and how to draw x. */
export interface SemiringCase {
  readonly semiring: string;
  readonly pattern: boolean;
  x(n: number, seed: number): number[];
}

const draw = (n: number, seed: number, f: (rng: Xoshiro128ss) => number) => {
  const rng = Xoshiro128ss.fromSeed(seed);
  return Array.from({ length: n }, () => f(rng));
};

export const SEMIRING_CASES: readonly SemiringCase[] = [
  { semiring: 'plus-times', pattern: false, x: (n, s) => draw(n, s, (r) => r.nextFloat() * 2 - 1) },
  { semiring: 'min-plus', pattern: false, x: (n, s) => draw(n, s, (r) => (r.nextBelow(10) === 0 ? Infinity : r.nextFloat() * 10)) },
  { semiring: 'max-min', pattern: false, x: (n, s) => draw(n, s, (r) => (r.nextBelow(10) === 0 ? -Infinity : r.nextFloat())) },
  { semiring: 'or-and', pattern: true, x: (n, s) => draw(n, s, (r) => r.nextBelow(2)) },
  { semiring: 'max-times', pattern: false, x: (n, s) => draw(n, s, (r) => r.nextFloat()) },
];

/** Every kernel variant: each format, and the vector kernel with both reductions. */
export const FORMAT_CASES: readonly { readonly name: string; readonly options: SpmvKernelOptions & { format: SpmvFormat } }[] = [
  { name: 'csr-scalar', options: { format: 'csr-scalar' } },
  { name: 'csr-vector/subgroup', options: { format: 'csr-vector', reduction: 'subgroup' } },
  { name: 'csr-vector/workgroup', options: { format: 'csr-vector', reduction: 'workgroup' } },
  { name: 'csr-vector/workgroup, 32 lanes', options: { format: 'csr-vector', reduction: 'workgroup', lanesPerRow: 32 } },
  { name: 'ell', options: { format: 'ell' } },
  { name: 'csr-merge/subgroup', options: { format: 'csr-merge', reduction: 'subgroup' } },
  { name: 'sell, σ-sorted in windows of 64, slices of 8', options: { format: 'sell', sliceHeight: 8, sigma: 64 } },
  { name: 'fold, width 3, σ-sorted, workgroup combine', options: { format: 'fold', foldWidth: 3, sigma: 32, reduction: 'workgroup' } },
  { name: 'ell, 4 slots a loop step', options: { format: 'ell', unroll: 4 } },
  { name: 'sell, slices of 8, 8 slots a loop step', options: { format: 'sell', sliceHeight: 8, sigma: 64, unroll: 8 } },
  { name: 'fold, width 5, 2 slots a loop step', options: { format: 'fold', foldWidth: 5, sigma: 32, unroll: 2, reduction: 'workgroup' } },
  { name: 'sell, 4 rows an invocation (vec4), slices of 8', options: { format: 'sell', sliceHeight: 8, sigma: 64, rowsPerInvocation: 4 } },
  { name: 'fold, width 3, 4 rows an invocation (vec4)', options: { format: 'fold', foldWidth: 3, sigma: 32, rowsPerInvocation: 4, reduction: 'workgroup' } },
  { name: 'csr-stream, blocks of 8 invocations × 2 nonzeros', options: { format: 'csr-stream', threadsPerWorkgroup: 8, itemsPerThread: 2 } },
];

/** Small seeded matrices of three classes: uniform random, power law (duplicates and self-loops kept), grid. */
/** Formats whose kernels need nothing of the device beyond WebGPU itself (no subgroups): the renumbered-column tests run each. */
export const PORTABLE_FORMATS: readonly SpmvKernelOptions[] = [
  { format: 'csr-scalar' },
  { format: 'csr-vector', reduction: 'workgroup' },
  { format: 'ell' },
  { format: 'csr-merge', reduction: 'workgroup' },
  { format: 'sell', sliceHeight: 8, sigma: 64 },
  { format: 'fold', foldWidth: 4, sigma: 32, reduction: 'workgroup' },
  { format: 'csr-stream', threadsPerWorkgroup: 8, itemsPerThread: 2 },
];

export const MATRIX_CASES: readonly { readonly name: string; readonly csr: Csr }[] = [
  { name: 'erdos-renyi 150×150, 1200 nz', csr: csrFromEdges(generateErdosRenyi({ n: 150, m: 1200, seed: 3, weights: 'f32-unit' })) },
  { name: 'r-mat scale 7, degree 16', csr: csrFromEdges(generateRmat({ scale: 7, averageDegree: 16, seed: 5, weights: 'f32-unit' })) },
  { name: 'grid 10×12', csr: csrFromEdges(generateGrid({ rows: 10, cols: 12, weights: { min: 1, max: 9 }, seed: 7 }).graph) },
];

/** A CSR from rows of [column, weight] pairs. */
export function csrFromRows(rows: readonly (readonly [number, number])[][]): Csr {
  const indptr = new Uint32Array(rows.length + 1);
  rows.forEach((r, i) => (indptr[i + 1] = indptr[i] + r.length));
  const flat = rows.flat();
  return {
    n: rows.length,
    indptr,
    indices: Uint32Array.from(flat.map(([c]) => c)),
    weight: Float32Array.from(flat.map(([, w]) => w)),
    directed: true,
    sorted: false,
  };
}

/** The same matrix without weights (every stored entry the semiring's one). */
export const asPattern = (csr: Csr): Csr => ({ ...csr, weight: null });

/** A row of `length` entries in columns first, first + 7, … (mod n), weights in (0, 1.5]. */
export const row = (length: number, first: number, n: number): [number, number][] => Array.from({ length }, (_, j) => [(first + j * 7) % n, ((j % 11) + 1) / 8]);

/** n rows where `long` holds `size` nonzeros and the others one or none. */
export const skewed = (n: number, long: number, size: number) => csrFromRows(Array.from({ length: n }, (_, i) => (i === long ? row(size, 0, n) : i % 3 === 0 ? [] : row(1, i, n))));

/**
 * Matrices at the edges of the load-balanced formats (csr-merge's tiles, csr-stream's row blocks): empty ones,
 * runs of empty rows, n below a workgroup, and one long row first, in the middle or last.
 */
export const SKEWED_EDGE_CASES: readonly (readonly [name: string, csr: Csr])[] = [
  ['n = 0', csrFromRows([])],
  ['n = 1, empty', csrFromRows([[]])],
  ['only empty rows', csrFromRows(Array.from({ length: 37 }, () => []))],
  ['runs of empty rows between full ones', csrFromRows(Array.from({ length: 90 }, (_, i) => (i % 30 === 29 ? row(12, i, 90) : [])))],
  ['n smaller than a workgroup', csrFromRows([row(2, 1, 3), [], row(3, 0, 3)])],
  ['one row holding most nonzeros, over many workgroups', skewed(40, 17, 900)],
  ['the last row long', skewed(25, 24, 300)],
  ['the first row long', skewed(25, 0, 300)],
];

/**
 * A skewed matrix and x for an integer type: i32 with negative weights and entries, min-plus with x's
 * unreachable entries (the semiring's zero) every fourth.
 */
export function integerCase(semiring: 'plus-times' | 'min-plus' | 'max-min', type: ElementType): { readonly csr: Csr; readonly x: number[] } {
  const base = skewed(50, 7, 400);
  const csr = { ...base, weight: Float32Array.from(base.indices, (c) => (c % 5) + (type === 'i32' && c % 2 ? -3 : 0)) };
  const unreachable = getSemiring(semiring).zeroOf(type);
  const x = Array.from({ length: csr.n }, (_, i) => (semiring === 'min-plus' && i % 4 === 0 ? unreachable : (i % 9) - (type === 'i32' ? 4 : 0)));
  return { csr, x };
}
