import { allocateDense, denseElementType, denseValueProblem, type DenseArray, type DenseMatrix } from './dense-matrix.js';

/**
 * Copies an n×n row-major matrix into the top-left corner of a larger N×N one (e.g. N =
 * {@link paddedSize}(n, t) for tiling). New cells hold `fill`, new diagonal cells `diagonal`, so
 * padding vertices are isolated and do not change shortest paths. Same element type; always a copy.
 *
 * @example
 * ```ts
 * const p = padDense({ n: 2, data: Float32Array.of(0, 1, 2, 0) }, 3, Infinity, 0);
 * // p.data = [0, 1, ∞,  2, 0, ∞,  ∞, ∞, 0]
 * ```
 */
export function padDense<A extends DenseArray>(
  dense: DenseMatrix<A>,
  N: number,
  fill: number,
  diagonal: number,
  maxElements?: number,
): DenseMatrix<A> {
  const { n, data } = dense;
  if (data.length !== n * n) throw new RangeError(`matrix data has ${data.length} elements, expected n·n = ${n * n}`);
  if (!Number.isInteger(N) || N < n) throw new RangeError(`padded size N = ${N} must be an integer ≥ n = ${n}`);
  const type = denseElementType(data);
  for (const [name, value] of [['fill', fill], ['diagonal', diagonal]] as const) {
    const problem = denseValueProblem(type, value);
    if (problem !== null) throw new RangeError(`${name}: ${problem}`);
  }
  const out = allocateDense(type, N, maxElements) as A;
  out.fill(fill);
  for (let i = 0; i < n; i++) out.set(data.subarray(i * n, i * n + n), i * N);
  for (let i = n; i < N; i++) out[i * N + i] = diagonal;
  return { n: N, data: out };
}
