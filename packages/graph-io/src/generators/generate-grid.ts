import type { EdgeList } from '../edge-list.js';
import { checkArcCount, checkVertexCount } from '../graph-limits.js';
import { Xoshiro128ss } from '../random/xoshiro128ss.js';
import { checkIntegerOption, checkNumberOption } from './check-option.js';
import { weightSampler } from './weight-spec.js';

/** Options of {@link generateGrid}. */
export interface GridOptions {
  readonly rows: number;
  readonly cols: number;
  /** Integer weights uniform in `min..max` (both included). */
  readonly weights: { readonly min: number; readonly max: number };
  readonly seed: number;
  /** Thin the grid and add shortcuts, keeping it connected. Default false. */
  readonly roadLike?: boolean;
  /** Road-like: share of the edges outside a random spanning tree that are removed, in [0, 1]. Default 0.5. */
  readonly removeFraction?: number;
  /** Road-like: number of straight shortcuts of 2..shortcutLength grid steps. Default ⌊rows·cols / 64⌋. */
  readonly shortcuts?: number;
  /** Road-like: longest shortcut in grid steps, at least 2. Default ⌈√min(rows, cols)⌉, at least 2. */
  readonly shortcutLength?: number;
}

/** A grid graph and its vertices' positions (`x` = column, `y` = row), as a DIMACS `.co` file holds them. */
export interface GridGraph {
  readonly graph: EdgeList;
  readonly x: Float64Array;
  readonly y: Float64Array;
}

/**
 * Undirected rows × cols grid, vertex `r·cols + c` at (x, y) = (c, r), each vertex joined to its four
 * neighbours, integer weights uniform in `min..max`, mirrors listed (`directed: false`, each edge's two
 * arcs share a weight).
 *
 * `roadLike` makes it look more like a road network: a random spanning tree (Kruskal over a seeded
 * shuffle) is always kept, so the graph stays connected, and `removeFraction` of the other edges are
 * dropped; then `shortcuts` straight horizontal or vertical edges spanning L = 2..shortcutLength steps
 * are added with weight L·w (w uniform in `min..max`), fewer hops for the same distance, as highways
 * (none when both sides are under 3 vertices).
 *
 * @example
 * ```ts
 * const { graph, x, y } = generateGrid({ rows: 100, cols: 100, weights: { min: 1, max: 100 }, seed: 1 });
 * const road = generateGrid({ rows: 256, cols: 256, weights: { min: 1, max: 1000 }, seed: 2, roadLike: true });
 * ```
 */
export function generateGrid(options: GridOptions): GridGraph {
  const { rows, cols, seed, roadLike = false, removeFraction = 0.5 } = options;
  checkIntegerOption('rows', rows, 1, 0xffffffff);
  checkIntegerOption('cols', cols, 1, 0xffffffff);
  const n = rows * cols;
  checkVertexCount(n, `grid ${rows} × ${cols}`);
  const { shortcuts = Math.floor(n / 64), shortcutLength = Math.max(2, Math.ceil(Math.sqrt(Math.min(rows, cols)))) } = options;
  checkNumberOption('removeFraction', removeFraction, 0, 1);
  checkIntegerOption('shortcuts', shortcuts, 0, 0xffffffff);
  checkIntegerOption('shortcutLength', shortcutLength, 2, 0xffffffff);
  const sampler = weightSampler({ ...options.weights, integer: true }, 'weights');
  const gridEdges = rows * (cols - 1) + (rows - 1) * cols;
  checkArcCount(2 * (gridEdges + (roadLike ? shortcuts : 0)), `grid ${rows} × ${cols}`);
  const rng = Xoshiro128ss.fromSeed(seed);

  // Grid edge e joins tail[e] to tail[e] + 1 (horizontal, e below rows·(cols − 1)) or tail[e] + cols.
  const horizontal = rows * (cols - 1);
  const tail = new Uint32Array(gridEdges);
  for (let e = 0; e < gridEdges; e++) {
    tail[e] = e < horizontal ? Math.floor(e / (cols - 1)) * cols + (e % (cols - 1)) : e - horizontal;
  }
  const head = (e: number): number => tail[e] + (e < horizontal ? 1 : cols);
  const keep = roadLike ? thinKeepingConnected(n, tail, head, removeFraction, rng) : null;

  const kept = keep === null ? gridEdges : keep.reduce((s, x) => s + x, 0);
  // A shortcut spans at least 2 steps, so it needs a side of 3 vertices or more.
  const extra = roadLike && Math.max(rows, cols) >= 3 ? shortcuts : 0;
  const arcs = 2 * (kept + extra);
  const src = new Uint32Array(arcs);
  const dst = new Uint32Array(arcs);
  const weight = new Float64Array(arcs);
  let k = 0;
  const emit = (u: number, v: number, w: number): void => {
    src[k] = u;
    dst[k] = v;
    weight[k++] = w;
    src[k] = v;
    dst[k] = u;
    weight[k++] = w;
  };
  for (let e = 0; e < gridEdges; e++) if (keep === null || keep[e] === 1) emit(tail[e], head(e), sampler.draw(rng));
  for (let s = 0; s < extra; s++) {
    // A straight run of L steps from a random vertex, redrawn until it fits in the grid.
    for (;;) {
      const r = rng.nextBelow(rows);
      const c = rng.nextBelow(cols);
      const length = 2 + rng.nextBelow(shortcutLength - 1);
      const vertical = rng.nextBelow(2) === 1;
      if (vertical ? r + length >= rows : c + length >= cols) continue;
      const u = r * cols + c;
      emit(u, vertical ? u + length * cols : u + length, length * sampler.draw(rng));
      break;
    }
  }

  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    x[v] = v % cols;
    y[v] = Math.floor(v / cols);
  }
  return { graph: { n, src, dst, weight, directed: false }, x, y };
}

/**
 * Marks which grid edges to keep: a random spanning tree (Kruskal over a seeded shuffle, union–find with
 * path halving) plus each other edge with probability 1 − removeFraction.
 */
function thinKeepingConnected(
  n: number,
  tail: Uint32Array,
  head: (e: number) => number,
  removeFraction: number,
  rng: Xoshiro128ss,
): Uint8Array {
  const order = new Uint32Array(tail.length);
  for (let e = 0; e < order.length; e++) order[e] = e;
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.nextBelow(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const parent = new Uint32Array(n);
  for (let v = 0; v < n; v++) parent[v] = v;
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  };
  const keep = new Uint8Array(tail.length);
  for (const e of order) {
    const ru = find(tail[e]);
    const rv = find(head(e));
    if (ru !== rv) {
      parent[ru] = rv;
      keep[e] = 1;
    } else if (rng.nextFloat() >= removeFraction) {
      keep[e] = 1;
    }
  }
  return keep;
}
