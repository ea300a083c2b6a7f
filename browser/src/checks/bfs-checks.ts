import { bfs, CoreBfs, validateBfs } from '@semiforge/algorithms';
import { coreNumbers, csrFromEdges, generateKronecker, giantComponent, readEdgeList, type Csr } from '@semiforge/graph-io';
import { expectThat, type BrowserCheck } from './check.js';

function checkSearches(graph: Csr, results: readonly { source: number; parent: Int32Array; depth?: Int32Array }[]): string {
  let reached = 0;
  for (const r of results) {
    const v = validateBfs(graph, r.source, r.parent, r.depth);
    expectThat(v.ok, v.ok ? '' : `source ${r.source}: Graph500 rule ${v.rule} broken at ${v.vertices.slice(0, 5).join(', ')}: ${v.message}`);
    reached += v.reached;
  }
  return `${graph.n} vertices, ${graph.indices.length} arcs, ${results.length} sources: ${reached} vertices reached, every tree passes Graph500's rules`;
}

/** Direction-optimising BFS (paper 003) on a SNAP graph and a Graph500 Kronecker graph, validated as Graph500 does. */
export const BFS_CHECKS: readonly BrowserCheck[] = [
  {
    name: 'bfs: facebook_combined.txt (SNAP), 4 sources, depths',
    run: async (context) => {
      const graph = csrFromEdges(readEdgeList(await context.fetchText('snap/facebook_combined.txt')), { symmetrize: true, sortRows: true });
      return checkSearches(graph, await bfs(context.device, graph, [0, 107, 1912, 4038], { depths: true }));
    },
  },
  {
    name: 'bfs: Graph500 Kronecker scale 12',
    run: async (context) => {
      const graph = csrFromEdges(generateKronecker({ scale: 12, seed: 2 }), { symmetrize: true, sortRows: true, dropSelfLoops: true });
      return checkSearches(graph, await bfs(context.device, graph, [0, 1, 2], { depths: true }));
    },
  },
  {
    // CoreBFS (paper 003): the giant component and its 2-core found on the page's thread, a query from a core
    // vertex, one from a tree hanging off the core and one outside the giant component (email-Eu-core has all
    // three), with the m_f approximation.
    name: 'bfs: CoreBFS on email-Eu-core.txt (SNAP), a source of each kind, m_f approximated',
    run: async (context) => {
      const graph = csrFromEdges(readEdgeList(await context.fetchText('snap/email-Eu-core.txt')), { symmetrize: true, sortRows: true, dropSelfLoops: true });
      const core = await CoreBfs.create(context.device, graph, { mfApprox: true });
      try {
        // The kind of each source, found here by graph-io's own functions: CoreBFS must agree.
        const giant = new Set(giantComponent(graph).vertices);
        const coreNumber = coreNumbers(graph);
        const kinds = new Map<string, number>();
        for (let source = 0; source < graph.n && kinds.size < 3; source++) {
          const kind = !giant.has(source) ? 'fallback' : coreNumber[source] >= 2 ? 'core' : 'tree';
          if (!kinds.has(kind)) kinds.set(kind, source);
        }
        expectThat(kinds.size === 3, `expected core, tree and fallback sources in email-Eu-core, found ${[...kinds.keys()].join(', ')}`);
        const results = [];
        for (const [kind, source] of kinds) {
          const result = await core.run(source);
          expectThat(result.mode === kind, `source ${source}: searched as ${result.mode}, expected ${kind}`);
          results.push(result);
        }
        const { coreVertices, giantVertices } = core.stats;
        return `${checkSearches(graph, results)}; core ${coreVertices} of the giant component's ${giantVertices} vertices, sources ${[...kinds].map(([k, v]) => `${v} (${k})`).join(', ')}`;
      } finally {
        core.destroy();
      }
    },
  },
];
