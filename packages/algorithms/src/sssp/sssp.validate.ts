import type { Csr } from '@semiforge/graph-io';
import { ssspWeights, type SsspWeightType } from './sssp.input.js';
import { NO_PARENT, pathAdd } from './sssp.reference.js';

/** The Graph500 SSSP rule a result broke. */
export type SsspRule = 'length' | 'source' | 'unreached' | 'parent-edge' | 'tree' | 'relaxes';

/** The first rule broken, at which vertex, in words. */
export interface SsspViolation {
  readonly rule: SsspRule;
  readonly vertex: number;
  readonly message: string;
}

export interface SsspValidation {
  readonly valid: boolean;
  /** Set when `valid` is false. */
  readonly violation?: SsspViolation;
  /** Vertices with a finite distance. */
  readonly reached: number;
}

export interface SsspValidateOptions {
  /** How sums were formed (default f32: each d + w rounded to f32, as the kernels do). */
  readonly weights?: SsspWeightType;
  /** The arcs' weights in that type, when the caller has them already (saves converting again). */
  readonly arcWeights?: Float32Array | Uint32Array;
  /** Distances beyond this were not searched: an arc whose sum exceeds it may stay unrelaxed. */
  readonly maxDistance?: number;
}

/**
 * Checks a shortest-path result by the Graph500 SSSP rules, with sums formed exactly as the kernels form
 * them (f32-rounded or exact u32): the source has distance 0 and is its own parent; a vertex is unreached
 * (Infinity) exactly when it has no parent; each parent arc exists and is tight (dist[p] + w == dist[v]);
 * the parents form a tree rooted at the source; and no arc can lower a distance further. Runs in O(n + m),
 * one sweep over the arcs.
 *
 * @example
 * const check = validateSssp(csr, 0, { dist, parent }, { weights: 'f32' });
 * if (!check.valid) console.error(check.violation!.message);
 */
export function validateSssp(graph: Csr, source: number, result: { dist: ArrayLike<number>; parent?: Uint32Array }, options: SsspValidateOptions = {}): SsspValidation {
  const { n, indices } = graph;
  const { dist, parent } = result;
  const type = options.weights ?? 'f32';
  const w = options.arcWeights ?? ssspWeights(graph, type).values;
  const add = pathAdd(type);
  const limit = options.maxDistance ?? Infinity;
  let reached = 0;
  for (let v = 0; v < dist.length; v++) if (dist[v] !== Infinity) reached++;
  const fail = (rule: SsspRule, vertex: number, message: string): SsspValidation => ({ valid: false, violation: { rule, vertex, message }, reached });

  if (dist.length !== n || (parent && parent.length !== n)) {
    return fail('length', -1, `dist has ${dist.length} entries${parent ? `, parent ${parent.length}` : ''}; the graph has ${n} vertices`);
  }
  if (dist[source] !== 0) return fail('source', source, `dist[source ${source}] = ${dist[source]}, not 0`);
  if (parent) {
    if (parent[source] !== source) return fail('source', source, `parent[source ${source}] = ${parent[source]}, not the source itself`);
    for (let v = 0; v < n; v++) {
      const unreached = dist[v] === Infinity;
      if (unreached !== (parent[v] === NO_PARENT)) {
        return fail('unreached', v, unreached ? `vertex ${v} is unreached but has parent ${parent[v]}` : `vertex ${v} has distance ${dist[v]} but no parent`);
      }
      if (unreached || v === source) continue;
      const p = parent[v];
      if (p >= n || dist[p] === Infinity) return fail('parent-edge', v, `parent ${p} of vertex ${v} is ${p >= n ? 'not a vertex' : 'unreached'}`);
    }
    const loop = parentLoop(parent, source, n);
    if (loop !== undefined) return fail('tree', loop, `the parents of vertex ${loop} lead back to it instead of to source ${source}`);
  }
  const sweep = sweepArcs(graph, dist, parent, w, type === 'f32', limit);
  if (parent) {
    for (let v = 0; v < n; v++) {
      if (v === source || dist[v] === Infinity || sweep.tight[v]) continue;
      const p = parent[v];
      return fail('parent-edge', v, `no arc ${p} → ${v} with dist[${p}] + w = dist[${v}] = ${dist[v]} (dist[${p}] = ${dist[p]})`);
    }
  }
  if (sweep.relaxes >= 0) {
    const e = sweep.relaxes;
    const u = sweep.tail;
    const v = indices[e];
    return fail('relaxes', v, `arc ${u} → ${v} (weight ${w[e]}) gives ${add(dist[u], w[e])} < dist[${v}] = ${dist[v]}`);
  }
  return { valid: true, reached };
}

/**
 * One pass over the arcs (the costly part, so f32 rounding is inlined rather than called): which vertices
 * have a tight arc from their parent, and the first arc that would still lower a distance (−1 if none).
 */
function sweepArcs(graph: Csr, dist: ArrayLike<number>, parent: Uint32Array | undefined, w: Float32Array | Uint32Array, f32: boolean, limit: number) {
  const { n, indptr, indices } = graph;
  const tight = new Uint8Array(parent ? n : 0);
  let relaxes = -1;
  let tail = -1;
  for (let u = 0; u < n; u++) {
    const du = dist[u];
    if (du === Infinity) continue;
    const end = indptr[u + 1];
    for (let e = indptr[u]; e < end; e++) {
      const v = indices[e];
      const c = f32 ? Math.fround(du + w[e]) : du + w[e];
      const dv = dist[v];
      if (c === dv) {
        if (parent && parent[v] === u) tight[v] = 1;
      } else if (c < dv && c <= limit && relaxes < 0) {
        relaxes = e;
        tail = u;
      }
    }
  }
  return { tight, relaxes, tail };
}

/** A vertex whose parent chain cycles without reaching the source, or undefined: each vertex walked once. */
function parentLoop(parent: Uint32Array, source: number, n: number): number | undefined {
  // 0 unvisited, 1 on the current walk, 2 known to reach the source.
  const state = new Uint8Array(n);
  state[source] = 2;
  const path: number[] = [];
  for (let start = 0; start < n; start++) {
    if (state[start] !== 0 || parent[start] === NO_PARENT) continue;
    let x = start;
    while (state[x] === 0) {
      state[x] = 1;
      path.push(x);
      x = parent[x];
    }
    if (state[x] === 1) return x;
    for (const y of path) state[y] = 2;
    path.length = 0;
  }
  return undefined;
}
