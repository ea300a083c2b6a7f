import { CONSTANTS, type ElementArray, type ElementType } from '@semiforge/codegen';
import type { EdgeList } from '@semiforge/graph-io';
import { apspReference } from './apsp.reference.js';
import type { ApspPlan } from './apsp.plan.js';
import { dijkstra } from './apsp.dijkstra.js';

/** Up to this n, `--verify` compares the whole matrix with the CPU reference. */
export const FULL_REFERENCE_MAX_N = 256;
/** Rows checked against Dijkstra above {@link FULL_REFERENCE_MAX_N}, unless asked otherwise. */
export const DIJKSTRA_ROWS = 16;

/** What `--verify` did and found. */
export interface Verification {
  readonly method: 'reference' | 'dijkstra';
  /** Source rows compared. */
  readonly rows: number;
  readonly entries: number;
  readonly mismatches: number;
  /** The first mismatch, 0-based. */
  readonly first?: { readonly source: number; readonly target: number; readonly got: number; readonly expected: number };
  readonly ok: boolean;
}

/** Sources spread evenly over 0..n-1, first and last included. */
export function sampleSources(n: number, count: number): number[] {
  if (n <= count) return Array.from({ length: n }, (_, i) => i);
  return Array.from({ length: count }, (_, k) => Math.round((k * (n - 1)) / (count - 1)));
}

/** f32 paths sum in another order on the GPU: allow n rounding steps when weights are not integers. */
function tolerance(graph: EdgeList, type: ElementType): number {
  if (type !== 'f32' || graph.weight === null || graph.weight.every(Number.isInteger)) return 0;
  return Math.min(1e-3, Math.max(graph.n, 8) * 2 ** -24);
}

/** Dijkstra's f64 distance in the result's encoding (the integer types' saturating infinity). */
function encode(value: number, type: ElementType): number {
  if (type === 'f32' || Number.isFinite(value)) return value;
  return value > 0 ? CONSTANTS[type].INF : CONSTANTS[type].NEG_INF;
}

function canUseDijkstra(graph: EdgeList, plan: ApspPlan): boolean {
  if (plan.semiring !== 'min-plus') return false;
  return graph.weight === null || graph.weight.every((w) => w >= 0);
}

/** How {@link verifyApsp} will check a result: whole matrix against the CPU reference, or sampled rows. */
export function verifyMethod(graph: EdgeList, plan: ApspPlan): Verification['method'] {
  return graph.n > FULL_REFERENCE_MAX_N && canUseDijkstra(graph, plan) ? 'dijkstra' : 'reference';
}

/**
 * Checks the GPU's distances: against the CPU Floyd-Warshall reference (whole matrix) for small n or where
 * Dijkstra does not apply (other semirings, negative weights), else against Dijkstra on sampled rows.
 */
export function verifyApsp(graph: EdgeList, dist: ElementArray, plan: ApspPlan, rows = DIJKSTRA_ROWS): Verification {
  const n = graph.n;
  // A matrix of another size reads as mismatches (or undefined entries) rather than as a wrong call.
  if (dist.length !== n * n) throw new RangeError(`verifyApsp: dist has ${dist.length} elements but the graph has n = ${n} vertices; it needs n × n = ${n * n}`);
  const relTol = tolerance(graph, plan.type);
  let mismatches = 0;
  let first: Verification['first'];
  const compare = (source: number, target: number, got: number, expected: number) => {
    if (got === expected || Math.abs(got - expected) <= relTol * Math.abs(expected)) return;
    mismatches++;
    first ??= { source, target, got, expected };
  };
  const useDijkstra = verifyMethod(graph, plan) === 'dijkstra';
  let sources: number[];
  if (useDijkstra) {
    sources = sampleSources(n, rows);
    for (const s of sources) {
      const row = dijkstra(graph, s);
      for (let t = 0; t < n; t++) compare(s, t, dist[s * n + t], encode(row[t], plan.type));
    }
  } else {
    const ref = apspReference(graph, { semiring: plan.semiring, type: plan.type }).dist;
    sources = Array.from({ length: n }, (_, i) => i);
    for (let s = 0; s < n; s++) for (let t = 0; t < n; t++) compare(s, t, dist[s * n + t], ref[s * n + t]);
  }
  return {
    method: useDijkstra ? 'dijkstra' : 'reference',
    rows: sources.length,
    entries: sources.length * n,
    mismatches,
    first,
    ok: mismatches === 0,
  };
}
