import { pagerank, verifyPagerank } from '@semiforge/algorithms';
import { csrFromEdges, readEdgeList, type Csr } from '@semiforge/graph-io';
import { expectThat, type BrowserCheck, type CheckContext } from './check.js';

async function snap(context: CheckContext, file: string, directed: boolean): Promise<Csr> {
  return csrFromEdges(readEdgeList(await context.fetchText(file), { directed }), { sortRows: true });
}

async function checkPagerank(context: CheckContext, graph: Csr, personalization?: { vertices: number[]; weights: number[] }): Promise<string> {
  const r = await pagerank(context.device, graph, personalization ? { personalization } : {});
  expectThat(r.converged, `did not converge: residual ${r.residual} after ${r.iterations} iterations`);
  const v = verifyPagerank(graph, r.ranks, r.residual, personalization ? { personalization } : {});
  expectThat(v.ok, `L1 error against the fixed point ${v.error} above the bound ${v.bound}`);
  return `${graph.n} vertices, ${graph.indices.length} arcs, format ${r.format}: ${r.iterations} iterations, L1 error ${v.error.toExponential(2)} ≤ ${v.bound.toExponential(2)}`;
}

/** PageRank and personalized PageRank on SNAP graphs (one with 642 self-loops and dangling vertices). */
export const PAGERANK_CHECKS: readonly BrowserCheck[] = [
  { name: 'pagerank: email-Eu-core.txt (SNAP, directed)', run: async (context) => checkPagerank(context, await snap(context, 'snap/email-Eu-core.txt', true)) },
  {
    name: 'pagerank: facebook_combined.txt (SNAP), personalized',
    run: async (context) => checkPagerank(context, await snap(context, 'snap/facebook_combined.txt', false), { vertices: [0, 107, 1684], weights: [1, 2, 1] }),
  },
];
