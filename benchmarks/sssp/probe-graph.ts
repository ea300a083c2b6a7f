// The graph of an SSSP probe (the pass profile, the dispatch-cost probe): one Kronecker or R-MAT graph of the
// suite's, weighted as asked, from the flags both probes take.
import { ssspWeights, type SsspWeights, type SsspWeightType } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import { kroneckerGraph, rmatGraph, type SsspGraph, type Weighting } from './graphs.js';

/** parseArgs options of the probes' graph: `--kron S` or `--rmat S` (`--quick`: Kronecker 10), `--weights`, `--threads`, `--cache`. */
export const PROBE_GRAPH_OPTIONS = {
  quick: { type: 'boolean', default: false },
  kron: { type: 'string' },
  rmat: { type: 'string' },
  weights: { type: 'string', default: 'u32' },
  threads: { type: 'string' },
  cache: { type: 'string' },
} as const;

/** The probe's graph, weighted. */
export interface ProbeGraph {
  readonly graph: SsspGraph;
  readonly weighting: Weighting;
  readonly type: SsspWeightType;
  readonly csr: Csr;
  readonly weights: SsspWeights;
}

/**
 * Makes (or reads from `--cache`) the graph the flags name, weighted by `--weights`; refuses a weight type the
 * graph is not run with.
 *
 * @example
 * const { csr, weights } = await probeGraph({ kron: '22', weights: 'u32', quick: false });
 */
export async function probeGraph(args: { quick?: boolean; kron?: string; rmat?: string; weights: string; threads?: string; cache?: string }): Promise<ProbeGraph> {
  const type = args.weights as SsspWeightType;
  if (type !== 'u32' && type !== 'f32') throw new Error(`--weights: expected u32 or f32, got '${args.weights}'`);
  const graph = args.rmat ? rmatGraph(Number(args.rmat)) : kroneckerGraph(Number(args.kron ?? (args.quick ? 10 : 22)));
  const base = await graph.make({ ...(args.threads === undefined ? {} : { threads: Number(args.threads) }), ...(args.cache === undefined ? {} : { cacheDir: args.cache }) });
  const weighting = graph.weightings.find((w) => w.type === type);
  if (!weighting) throw new Error(`--weights ${type}: ${graph.name} is run with ${graph.weightings.map((w) => w.type).join(', ')}`);
  const csr = weighting.apply(base);
  return { graph, weighting, type, csr, weights: ssspWeights(csr, type) };
}
