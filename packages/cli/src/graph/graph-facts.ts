import type { Csr } from '@semiforge/graph-io';

/** What every graph command reports about the graph it read or wrote. */
export interface GraphFacts {
  readonly vertices: number;
  readonly arcs: number;
  readonly directed: boolean;
  /** Weight storage: `none` for a pattern graph. */
  readonly weight: 'none' | 'f32' | 'f64';
  readonly sorted: boolean;
  /** Whether vertices carry the user's labels (`Csr.ids`, e.g. after `--relabel degree`). */
  readonly ids: boolean;
}

/**
 * The {@link GraphFacts} of a CSR.
 *
 * @example
 * ```ts
 * graphFacts(csr); // { vertices: 34, arcs: 156, directed: false, weight: 'none', sorted: true, ids: false }
 * ```
 */
export function graphFacts(csr: Csr): GraphFacts {
  return {
    vertices: csr.n,
    arcs: csr.indices.length,
    directed: csr.directed,
    weight: csr.weight === null ? 'none' : csr.weight instanceof Float32Array ? 'f32' : 'f64',
    sorted: csr.sorted,
    ids: csr.ids !== undefined,
  };
}

/** `34 vertices, 156 arcs (undirected, f64 weights)` for summaries on stderr. */
export function describeGraph(facts: GraphFacts): string {
  const weights = facts.weight === 'none' ? 'no weights' : `${facts.weight} weights`;
  return `${facts.vertices} vertices, ${facts.arcs} arcs (${facts.directed ? 'directed' : 'undirected'}, ${weights})`;
}
