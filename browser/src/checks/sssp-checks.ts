import { ssspReference, sssp, toIntegerWeights, validateSssp, type SsspMethod, type SsspWeightType } from '@semiforge/algorithms';
import { csrFromEdges, generateGrid, generateKronecker, type Csr } from '@semiforge/graph-io';
import { expectThat, type BrowserCheck } from './check.js';

const kronecker = (): Csr => csrFromEdges(generateKronecker({ scale: 11, seed: 4, weights: true }), { symmetrize: true, sortRows: true, dropSelfLoops: true, duplicates: 'min' });
const roadGrid = (): Csr => csrFromEdges(generateGrid({ rows: 48, cols: 48, weights: { min: 1, max: 100 }, seed: 4, roadLike: true }).graph, { sortRows: true });

interface Variant {
  readonly method: SsspMethod;
  readonly heavyArcs?: 'inline' | 'settle';
}
const VARIANTS: readonly Variant[] = [{ method: 'bellman-ford' }];
const label = (v: Variant) => v.method + (v.heavyArcs ? ` (heavy arcs: ${v.heavyArcs})` : '');

/** Every SSSP method of paper 001 and after, f32 and u32, validated (Graph500's rules) and equal to Dijkstra's distances. */
export const SSSP_CHECKS: readonly BrowserCheck[] = [
  ['Kronecker scale 11, f32 weights', kronecker, 'f32'],
  ['Kronecker scale 11, integer weights 1..255', () => toIntegerWeights(kronecker(), 255), 'u32'],
  ['road-like grid 48×48', roadGrid, 'f32'],
].map(([what, make, weights]) => ({
  name: `sssp: ${what as string}, ${VARIANTS.map(label).join(' / ')}`,
  run: async (context) => {
    const graph = (make as () => Csr)();
    const type = weights as SsspWeightType;
    const sources = [0, Math.floor(graph.n / 2)];
    for (const source of sources) {
      const expected = ssspReference(graph, source, { weights: type }).dist;
      for (const variant of VARIANTS) {
        const r = await sssp(context.device, graph, source, { ...variant, weights: type, parents: true });
        const v = validateSssp(graph, source, r, { weights: type });
        expectThat(v.valid, `${label(variant)} from ${source}: ${JSON.stringify(v.violation)}`);
        const wrong = r.dist.findIndex((d, i) => d !== expected[i]);
        expectThat(wrong < 0, `${label(variant)} from ${source}: dist[${wrong}] = ${r.dist[wrong]}, Dijkstra's ${expected[wrong]}`);
      }
    }
    return `${graph.n} vertices, ${graph.indices.length} arcs, ${type}, sources ${sources.join(', ')}: every method = Dijkstra, trees valid`;
  },
}));
