import type { EdgeList } from '../edge-list.js';
import {
  allocateDense,
  denseValueProblem,
  type DenseArrayTypes,
  type DenseElementType,
  type DenseMatrix,
} from './dense-matrix.js';

/** Options of {@link denseFromEdges}. */
export interface DenseFromEdgesOptions<T extends DenseElementType> {
  /** Element type of the result. */
  readonly type: T;
  /** Value of cells with no arc (the semiring's zero: +∞ for min-plus, 0 or −∞ for max-min). */
  readonly fill: number;
  /** Value on the diagonal before self-loops are combined in (0 for min-plus). */
  readonly diagonal: number;
  /** Combines parallel arcs, and the diagonal with a self-loop: min for min-plus, max for max-min. */
  readonly combine: (a: number, b: number) => number;
  /** Maps each stored weight before use (not applied to `patternWeight`). */
  readonly weight?: (w: number) => number;
  /** Weight of every arc when the edge list has no weights (pattern graph); required then. */
  readonly patternWeight?: number;
  /** Largest n·n accepted. Default 2^31. */
  readonly maxElements?: number;
}

/**
 * Builds the dense n×n row-major matrix of a graph: cell (u, v) holds the arc weight, parallel
 * arcs are merged with `combine`, cells without an arc hold `fill`, and diagonal cells start at
 * `diagonal` and take `combine(diagonal, w)` for each self-loop. Values that the element type
 * cannot hold (NaN, non-integers or out-of-range numbers for i32/u32, f32 overflow) throw a
 * `RangeError` naming the arc.
 *
 * @example
 * ```ts
 * const g = readDimacsGr('p sp 3 3\na 1 2 5\na 1 2 3\na 2 3 1\n');
 * const d = denseFromEdges(g, { type: 'f32', fill: Infinity, diagonal: 0, combine: Math.min });
 * // d.data = [0, 3, ∞,  ∞, 0, 1,  ∞, ∞, 0]
 * ```
 */
export function denseFromEdges<T extends DenseElementType>(
  edges: EdgeList,
  options: DenseFromEdgesOptions<T>,
): DenseMatrix<DenseArrayTypes[T]> {
  const { type, fill, diagonal, combine, weight: transform, patternWeight, maxElements } = options;
  const { n, src, dst, weight } = edges;
  checkSetting(type, 'fill', fill);
  checkSetting(type, 'diagonal', diagonal);
  if (weight === null) {
    if (patternWeight === undefined) {
      throw new TypeError('edge list has no weights (pattern graph); pass options.patternWeight');
    }
    checkSetting(type, 'patternWeight', patternWeight);
  }
  const data = allocateDense(type, n, maxElements);
  data.fill(fill);
  for (let i = 0; i < n; i++) data[i * n + i] = diagonal;
  const seen = new Uint8Array(Math.ceil((n * n) / 8));

  for (let k = 0; k < src.length; k++) {
    const u = src[k];
    const v = dst[k];
    if (u >= n || v >= n) throw new RangeError(`arc ${k} (${u} → ${v}) has an id out of range 0..${n - 1} (n = ${n})`);
    let w: number;
    if (weight === null) w = patternWeight as number;
    else w = transform === undefined ? weight[k] : transform(weight[k]);
    const cell = u * n + v;
    let value: number;
    if (u === v) {
      value = combine(data[cell], w);
    } else {
      const byte = cell >>> 3;
      const bit = 1 << (cell & 7);
      if ((seen[byte] & bit) === 0) {
        seen[byte] |= bit;
        value = w;
      } else {
        value = combine(data[cell], w);
      }
    }
    const problem = denseValueProblem(type, value);
    if (problem !== null) throw new RangeError(`arc ${k} (${u} → ${v}, weight ${w}): cell value ${problem}`);
    data[cell] = value;
  }
  return { n, data };
}

function checkSetting(type: DenseElementType, name: string, value: number): void {
  const problem = denseValueProblem(type, value);
  if (problem !== null) throw new RangeError(`${name}: ${problem}`);
}
