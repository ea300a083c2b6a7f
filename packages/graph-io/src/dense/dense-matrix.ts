/** Element type of a dense matrix, named as in WGSL. */
export type DenseElementType = 'f32' | 'i32' | 'u32';

/** Typed array for each {@link DenseElementType}. */
export interface DenseArrayTypes {
  f32: Float32Array;
  i32: Int32Array;
  u32: Uint32Array;
}

/** Any dense matrix storage. */
export type DenseArray = DenseArrayTypes[DenseElementType];

/** An n×n matrix stored row-major: element (i, j) at `data[i * n + j]` (or BDL order after {@link toBdl}). */
export interface DenseMatrix<A extends DenseArray = DenseArray> {
  readonly n: number;
  readonly data: A;
}

/** Default largest element count of a dense matrix: 2^31. */
export const DEFAULT_MAX_DENSE_ELEMENTS = 2 ** 31;

/**
 * Allocates zeroed storage for an n×n matrix of the given element type, refusing more than
 * `maxElements` elements with a `RangeError` that gives both numbers.
 *
 * @example
 * ```ts
 * allocateDense('f32', 4).length; // 16
 * allocateDense('f32', 50_000);   // RangeError: dense 50000×50000 matrix has 2500000000 elements, above the limit 2147483648
 * ```
 */
export function allocateDense<T extends DenseElementType>(
  type: T,
  n: number,
  maxElements: number = DEFAULT_MAX_DENSE_ELEMENTS,
): DenseArrayTypes[T] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`matrix size n = ${n} is not a non-negative integer`);
  const elements = n * n;
  if (elements > maxElements) {
    throw new RangeError(`dense ${n}×${n} matrix has ${elements} elements, above the limit ${maxElements}`);
  }
  switch (type) {
    case 'f32':
      return new Float32Array(elements) as DenseArrayTypes[T];
    case 'i32':
      return new Int32Array(elements) as DenseArrayTypes[T];
    case 'u32':
      return new Uint32Array(elements) as DenseArrayTypes[T];
  }
  throw new RangeError(`unknown element type '${String(type)}' (expected f32, i32 or u32)`);
}

/**
 * The {@link DenseElementType} of a storage array.
 *
 * @example
 * ```ts
 * denseElementType(new Int32Array(4)); // 'i32'
 * ```
 */
export function denseElementType(data: DenseArray): DenseElementType {
  if (data instanceof Float32Array) return 'f32';
  if (data instanceof Int32Array) return 'i32';
  return 'u32';
}

const INTEGER_RANGE: Record<'i32' | 'u32', [number, number]> = {
  i32: [-(2 ** 31), 2 ** 31 - 1],
  u32: [0, 2 ** 32 - 1],
};

/**
 * Whether `value` is stored exactly enough in `type`: not NaN; for f32 not a finite value that
 * overflows to ±Infinity; for i32/u32 an integer in range. Returns the reason when not, else `null`.
 *
 * @example
 * ```ts
 * denseValueProblem('i32', Infinity); // 'Infinity is not an integer in -2147483648..2147483647 (i32)'
 * denseValueProblem('f32', Infinity); // null
 * ```
 */
export function denseValueProblem(type: DenseElementType, value: number): string | null {
  if (type === 'f32') {
    if (Number.isNaN(value)) return 'NaN is not a usable f32 value';
    if (Number.isFinite(value) && !Number.isFinite(Math.fround(value))) return `${value} overflows f32`;
    return null;
  }
  const [lo, hi] = INTEGER_RANGE[type];
  if (Number.isInteger(value) && value >= lo && value <= hi) return null;
  return `${value} is not an integer in ${lo}..${hi} (${type})`;
}
