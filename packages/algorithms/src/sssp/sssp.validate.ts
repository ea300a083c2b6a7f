import type { Csr } from '@semiforge/graph-io';
import { ssspWeights, type SsspWeightType } from './sssp.input.js';
import { NO_PARENT, pathAdd } from './sssp.reference.js';
import { sweepArcRows, type SweepFinding } from './sssp.validate-sweep.js';

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
export function validateSssp(graph: Csr, source: number, result: SsspResultToCheck, options: SsspValidateOptions = {}): SsspValidation {
  const check = beginSsspCheck(graph, source, result, options);
  if ('verdict' in check) return check.verdict;
  const tight = new Uint8Array(result.parent ? graph.n : 0);
  const sweep = sweepArcRows(graph, result.dist, result.parent, tight, check.w, check.f32, check.limit, 0, graph.n);
  return finishSsspCheck(graph, source, result, check, tight, sweep);
}

/** The distances (Infinity where unreached) and, optionally, the parents of one source's search. */
export interface SsspResultToCheck {
  readonly dist: ArrayLike<number>;
  readonly parent?: Uint32Array;
}

/** What the sweep over the arcs needs, once the O(n) rules held; or the verdict when one failed. */
export type SsspCheckStart =
  | { readonly verdict: SsspValidation }
  | { readonly w: Float32Array | Uint32Array; readonly f32: boolean; readonly limit: number; readonly reached: number };

function violation(reached: number, rule: SsspRule, vertex: number, message: string): SsspValidation {
  return { valid: false, violation: { rule, vertex, message }, reached };
}

/** The rules checked before the sweep over the arcs, in O(n): lengths, the source, unreached ⇔ no parent, the tree. */
export function beginSsspCheck(graph: Csr, source: number, result: SsspResultToCheck, options: SsspValidateOptions): SsspCheckStart {
  const { n } = graph;
  const { dist, parent } = result;
  const type = options.weights ?? 'f32';
  let reached = 0;
  for (let v = 0; v < dist.length; v++) if (dist[v] !== Infinity) reached++;
  const fail = (rule: SsspRule, vertex: number, message: string) => ({ verdict: violation(reached, rule, vertex, message) });

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
  const w = options.arcWeights ?? ssspWeights(graph, type).values;
  return { w, f32: type === 'f32', limit: options.maxDistance ?? Infinity, reached };
}

/** The rules the sweep decides: every reached vertex's parent arc tight, no arc left that lowers a distance. */
export function finishSsspCheck(graph: Csr, source: number, result: SsspResultToCheck, check: Exclude<SsspCheckStart, { verdict: SsspValidation }>, tight: Uint8Array, sweep: SweepFinding): SsspValidation {
  const { dist, parent } = result;
  const { w, reached } = check;
  if (parent) {
    for (let v = 0; v < graph.n; v++) {
      if (v === source || dist[v] === Infinity || tight[v]) continue;
      const p = parent[v];
      return violation(reached, 'parent-edge', v, `no arc ${p} → ${v} with dist[${p}] + w = dist[${v}] = ${dist[v]} (dist[${p}] = ${dist[p]})`);
    }
  }
  if (sweep.relaxes >= 0) {
    const e = sweep.relaxes;
    const u = sweep.tail;
    const v = graph.indices[e];
    const add = pathAdd(check.f32 ? 'f32' : 'u32');
    return violation(reached, 'relaxes', v, `arc ${u} → ${v} (weight ${w[e]}) gives ${add(dist[u], w[e])} < dist[${v}] = ${dist[v]}`);
  }
  return { valid: true, reached };
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
