import { apsp, verifyApsp } from '@semiforge/algorithms';
import { defineSemiring, registerSemiring } from '@semiforge/codegen';
import { generateRandom4n, readMatrixMarket, type EdgeList } from '@semiforge/graph-io';
import { expectThat, type BrowserCheck, type CheckContext } from './check.js';

// Minimax paths (the least possible largest edge on a path): a semiring the library does not ship, registered
// by the page as a user would, so its kernels are generated in the browser from the bundled templates.
const MIN_MAX = defineSemiring({
  name: 'min-max',
  description: 'minimax paths: the smallest bottleneck (largest edge) over all paths',
  types: ['f32'],
  idempotent: true,
  zero: 'INF',
  one: 'NEG_INF',
  wgsl: { add: 'min(a, b)', mul: 'max(a, b)' },
  cuda: { add: 'fminf(a, b)', mul: 'fmaxf(a, b)' },
  host: { add: (a, b) => Math.min(a, b), mul: (a, b) => Math.max(a, b) },
});

async function checkApsp(context: CheckContext, graph: EdgeList, options: Parameters<typeof apsp>[1]): Promise<string> {
  const result = await apsp(graph, { ...options, device: context.device });
  const v = verifyApsp(graph, result.dist, result.plan);
  const f = v.first;
  expectThat(v.ok, `${v.mismatches} of ${v.entries} distances differ from the CPU's (${v.method}); first: ${f?.source} → ${f?.target} got ${f?.got}, expected ${f?.expected}`);
  return `n ${graph.n}, ${result.plan.semiring} ${result.plan.type}, method ${result.plan.method}, tile ${result.plan.tile}: ${v.entries} distances = CPU ${v.method}`;
}

/** Blocked Floyd-Warshall (paper 000) on a real file and on generated graphs, in both layouts, with paths and a user semiring. */
export const APSP_CHECKS: readonly BrowserCheck[] = [
  {
    // Zachary's karate club, a pattern file: every edge weighs 1, so distances are hop counts.
    name: 'apsp: karate.mtx (SuiteSparse), f32, method a',
    run: async (context) => checkApsp(context, readMatrixMarket(await context.fetchText('lagraph/karate.mtx')), { method: 'a' }),
  },
  {
    name: 'apsp: random 4n graph, f32, method b (blocked data layout), paths',
    run: async (context) => {
      const graph = generateRandom4n(300, 3);
      const result = await apsp(graph, { device: context.device, method: 'b', successors: true });
      const v = verifyApsp(graph, result.dist, result.plan);
      expectThat(v.ok, `${v.mismatches} of ${v.entries} distances differ from the CPU's`);
      let paths = 0;
      for (let u = 0; u < graph.n; u += 37) {
        for (let t = 0; t < graph.n; t += 41) {
          const path = result.path(u, t);
          const d = result.dist[u * graph.n + t];
          expectThat((path === null) === !Number.isFinite(d), `path ${u} → ${t} is ${path === null ? 'missing' : 'given'} but the distance is ${d}`);
          if (path !== null) paths++;
        }
      }
      return `n ${graph.n}, method b, tile ${result.plan.tile}: ${v.entries} distances = CPU ${v.method}, ${paths} paths followed`;
    },
  },
  {
    // i32's ⊗ saturates at INF; written with || SwiftShader had not compiled it after 358 s (see codegen's
    // SemiringDefinition.wgsl), so this check is also about compile time.
    name: 'apsp: random 4n graph, i32 (min-plus saturating at INF), methods a and b',
    run: async (context) => {
      const graph = generateRandom4n(200, 5);
      const a = await checkApsp(context, graph, { type: 'i32', method: 'a' });
      const b = await checkApsp(context, graph, { type: 'i32', method: 'b' });
      return `${a}; ${b}`;
    },
  },
  {
    name: 'apsp: user-defined semiring min-max (generated in the browser)',
    run: async (context) => {
      registerSemiring(MIN_MAX); // again is fine: the same object
      return checkApsp(context, generateRandom4n(200, 5), { semiring: MIN_MAX.name });
    },
  },
];
