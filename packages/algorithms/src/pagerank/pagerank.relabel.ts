import { relabelByDegree, toUserOrder, type Csr } from '@semiforge/graph-io';
import type { PagerankSettings } from './pagerank.input.js';

/**
 * Whether PageRank runs on the graph relabelled by descending out-degree ('degree') or as given ('none',
 * the default). Relabelled, Pᵀ's hot columns (the vertices of most out-arcs) share cache lines of the ranks, and
 * its rows come in degree order: the product of R-MAT scale 22 relabelled so ran at 0.98–1.01× cuSPARSE on the
 * H100 against 0.93–0.95× as generated (`benchmarks/results/cuda-spmv-h100-20261122.json`). Unlike the product's
 * own `reorder`, which gathers x into the columns' order before every product, every step here stays in the
 * new order (the update is elementwise): the cost is the relabelling once (`relabelMs`) and a scatter of the
 * ranks back into the graph's order at the end.
 */
export type PagerankRelabel = (typeof PAGERANK_RELABELS)[number];

/** The values of {@link PagerankRelabel}, for option parsers. */
export const PAGERANK_RELABELS = ['none', 'degree'] as const;

/** A graph as PageRank's steps run on it: relabelled or not, with the settings in that order. */
export interface PagerankOrder {
  readonly graph: Csr;
  readonly settings: PagerankSettings;
  /** `oldOf[k]`: the graph's vertex now numbered k; absent when not relabelled. */
  readonly oldOf?: Uint32Array;
  /** Host milliseconds of the relabelling (preprocessing, apart from the iterations), when relabelled. */
  readonly relabelMs?: number;
}

/**
 * The graph and settings in the order PageRank's steps run in: by descending out-degree for 'degree' (the
 * teleport vector moved with the vertices), as given for 'none'. Parallel arcs and self-loops are kept, so
 * the ranks are those of the graph as given, up to f32 rounding.
 *
 * @example
 * const { graph, oldOf } = pagerankOrder(g, settings, 'degree'); // then ranks in g's order: inGraphOrder(r, oldOf)
 */
export function pagerankOrder(graph: Csr, settings: PagerankSettings, relabel: PagerankRelabel): PagerankOrder {
  if (!PAGERANK_RELABELS.includes(relabel)) throw new RangeError(`pagerank: relabel = ${String(relabel)} (expected 'degree' or 'none')`);
  if (relabel === 'none' || graph.n === 0) return { graph, settings };
  const started = performance.now();
  // Without the graph's own ids, the relabelled ids are exactly the old vertex of each new one; PageRank reads no weights.
  const relabelled = relabelByDegree({
    ...graph,
    ids: undefined,
    weight: null,
  });
  const oldOf = relabelled.ids!;
  const teleport = Float64Array.from(oldOf, (v) => settings.teleport[v]);
  return {
    graph: relabelled,
    settings: { ...settings, teleport },
    oldOf,
    relabelMs: performance.now() - started,
  };
}

/** Ranks computed in the order of {@link pagerankOrder}, put back into the graph's order (unchanged without `oldOf`). */
export function inGraphOrder(ranks: Float32Array, oldOf: Uint32Array | undefined): Float32Array {
  return oldOf === undefined ? ranks : toUserOrder(ranks, oldOf);
}
