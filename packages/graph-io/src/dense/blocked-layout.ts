import type { DenseArray } from './dense-matrix.js';

/** Storage that the blocked layout functions rearrange. */
export type BlockedArray = DenseArray | Float64Array;

/**
 * Smallest multiple of the tile size `t` that is ≥ n: ceil(n / t) · t.
 *
 * @example
 * ```ts
 * paddedSize(1000, 32); // 1024
 * paddedSize(0, 32);    // 0
 * ```
 */
export function paddedSize(n: number, t: number): number {
  checkTile(t);
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n = ${n} is not a non-negative integer`);
  return Math.ceil(n / t) * t;
}

/**
 * Index of element (i, j) of an N×N matrix in blocked data layout (BDL) with t×t tiles: tiles in
 * row-major order of tiles, each tile contiguous and row-major inside. N must be a multiple of t.
 *
 * @example
 * ```ts
 * bdlIndex(0, 2, 4, 2); // 4: first element of tile (0, 1)
 * bdlIndex(3, 3, 4, 2); // 15
 * ```
 */
export function bdlIndex(i: number, j: number, N: number, t: number): number {
  const tilesPerRow = N / t;
  const ti = Math.floor(i / t);
  const tj = Math.floor(j / t);
  return ((ti * tilesPerRow + tj) * t + (i - ti * t)) * t + (j - tj * t);
}

/**
 * Rearranges an N×N row-major matrix into blocked data layout with t×t tiles ({@link bdlIndex}).
 * Returns a new array of the same type.
 *
 * @example
 * ```ts
 * toBdl(Float32Array.of(0, 1, 2, 3,  4, 5, 6, 7,  8, 9, 10, 11,  12, 13, 14, 15), 4, 2);
 * // [0, 1, 4, 5,  2, 3, 6, 7,  8, 9, 12, 13,  10, 11, 14, 15]
 * ```
 */
export function toBdl<A extends BlockedArray>(data: A, N: number, t: number): A {
  return rearrange(data, N, t, true);
}

/**
 * Inverse of {@link toBdl}: blocked data layout back to row-major. Returns a new array of the same type.
 *
 * @example
 * ```ts
 * const rowMajor = fromBdl(toBdl(x, 64, 16), 64, 16); // equal to x
 * ```
 */
export function fromBdl<A extends BlockedArray>(data: A, N: number, t: number): A {
  return rearrange(data, N, t, false);
}

function rearrange<A extends BlockedArray>(data: A, N: number, t: number, toBlocked: boolean): A {
  checkTile(t);
  if (!Number.isInteger(N) || N < 0) throw new RangeError(`N = ${N} is not a non-negative integer`);
  if (N % t !== 0) throw new RangeError(`N = ${N} is not a multiple of the tile size t = ${t}; pad to paddedSize(n, t) = ${paddedSize(N, t)} first`);
  if (data.length !== N * N) throw new RangeError(`data has ${data.length} elements, expected N·N = ${N * N}`);
  const Ctor = data.constructor as new (length: number) => A;
  const out = new Ctor(data.length);
  const tiles = N / t;
  let blocked = 0;
  for (let ti = 0; ti < tiles; ti++) {
    for (let tj = 0; tj < tiles; tj++) {
      for (let r = 0; r < t; r++) {
        const row = (ti * t + r) * N + tj * t;
        if (toBlocked) out.set(data.subarray(row, row + t), blocked);
        else out.set(data.subarray(blocked, blocked + t), row);
        blocked += t;
      }
    }
  }
  return out;
}

function checkTile(t: number): void {
  if (!Number.isInteger(t) || t < 1) throw new RangeError(`tile size t = ${t} is not a positive integer`);
}
