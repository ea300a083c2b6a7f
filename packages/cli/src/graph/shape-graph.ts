import {
  combineDuplicates, csrFromEdgesParallel, edgesFromCsr, relabelByDegreeParallel, type ArcCombine, type Csr, type EdgeList,
} from '@semiforge/graph-io';
import { CliError } from '../errors.js';

/** Duplicate policies of `--duplicates`. */
export const DUPLICATE_CHOICES = ['keep', 'sum', 'min', 'last', 'error'] as const;

/** What `convert` and `generate` do to a graph before writing it. */
export interface GraphShape {
  readonly symmetrize?: boolean;
  readonly dropSelfLoops?: boolean;
  readonly duplicates?: (typeof DUPLICATE_CHOICES)[number];
  readonly relabel?: 'degree';
}

const isCsr = (g: Csr | EdgeList): g is Csr => 'indptr' in g;

/**
 * The CSR to write: rows sorted, then symmetrised, without self-loops, duplicates merged, relabelled by
 * degree, as asked (rows sorted and renumbered in worker threads on large graphs). A CSR asked for nothing is
 * returned as read (no copy of a large binary graph).
 * `--duplicates error` checks the arcs as given (before mirroring), naming the first repeat.
 *
 * @example
 * ```ts
 * await shapeGraph(edges, { symmetrize: true, duplicates: 'min' }, 'roads.gr');
 * ```
 */
export async function shapeGraph(graph: Csr | EdgeList, shape: GraphShape, file: string): Promise<Csr> {
  try {
    return await shapeGraphAsAsked(graph, shape, file);
  } catch (error) {
    // V8 names neither the array nor its size; a declared vertex count far above what the arcs use is the usual cause.
    if (!(error instanceof RangeError && error.message === 'Array buffer allocation failed')) throw error;
    const arcs = isCsr(graph) ? graph.indices.length : graph.src.length;
    throw new CliError(
      `${file}: out of memory building the graph of ${graph.n} vertices and ${arcs} arcs (its row offsets alone take ${4 * (graph.n + 1)} bytes)`,
      'every vertex takes memory, arcs or not: check the vertex count (a size line, p line or SNAP header, or -n)',
    );
  }
}

async function shapeGraphAsAsked(graph: Csr | EdgeList, shape: GraphShape, file: string): Promise<Csr> {
  const { symmetrize = false, dropSelfLoops = false, duplicates = 'keep', relabel } = shape;
  let csr: Csr;
  if (isCsr(graph) && !symmetrize && !dropSelfLoops && duplicates === 'keep') {
    csr = graph;
  } else {
    let edges = isCsr(graph) ? edgesFromCsr(graph) : graph;
    if (duplicates === 'error') edges = combineDuplicates(edges, 'error', { file });
    const combine: 'keep' | ArcCombine = duplicates === 'error' ? 'keep' : duplicates;
    csr = await csrFromEdgesParallel(edges, { sortRows: true, symmetrize, dropSelfLoops, duplicates: combine });
  }
  return relabel === 'degree' ? relabelByDegreeParallel(csr) : csr;
}
