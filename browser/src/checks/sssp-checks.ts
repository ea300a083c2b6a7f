import { ssspReference, sssp, toIntegerWeights, validateSssp, type SsspMethod, type SsspWeightType } from '@semiforge/algorithms';
import { csrFromEdges, generateGrid, generateKronecker, type Csr } from '@semiforge/graph-io';
import { expectThat, type BrowserCheck } from './check.js';

const kronecker = (): Csr => csrFromEdges(generateKronecker({ scale: 11, seed: 4, weights: true }), { symmetrize: true, sortRows: true, dropSelfLoops: true, duplicates: 'min' });
const roadGrid = (): Csr => csrFromEdges(generateGrid({ rows: 48, cols: 48, weights: { min: 1, max: 100 }, seed: 4, roadLike: true }).graph, { sortRows: true });

interface Variant {
  readonly method: SsspMethod | 'auto';
  readonly heavyArcs?: 'inline' | 'settle';
  readonly hubDegree?: number;
  readonly relabel?: 'degree';
  readonly fuseAdvance?: boolean;
}
// The frontier pass binds 11 storage buffers unpacked (12 with hubs or heavy arcs settled), more than browsers
// offer (SwiftShader: 10): the plan packs its queues as (vertex, chunk) pairs (9; 10), so every method runs here
// ('auto' plans Bellman-Ford on these graphs of fewer than 2^20 arcs).
const VARIANTS: readonly Variant[] = [
  { method: 'auto' },
  { method: 'bellman-ford' },
  { method: 'frontier' },
  { method: 'near-far', heavyArcs: 'settle' },
  { method: 'near-far', hubDegree: 16 },
  // Renumbered on the page's thread: a browser has no worker threads of Node's to relabel in.
  { method: 'near-far', relabel: 'degree' },
  // Each pass decides the advance step itself, on a fixed grid (the page's software adapter would go indirect).
  { method: 'near-far', fuseAdvance: true, hubDegree: 16 },
];
const label = (v: Variant) =>
  v.method + (v.heavyArcs ? ` (heavy arcs: ${v.heavyArcs})` : '') + (v.hubDegree ? ` (hubs from degree ${v.hubDegree})` : '') + (v.relabel ? ' (degree order)' : '') + (v.fuseAdvance ? ' (advance fused)' : '');

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
    const ran = new Set<string>();
    for (const source of sources) {
      const expected = ssspReference(graph, source, { weights: type }).dist;
      for (const variant of VARIANTS) {
        const r = await sssp(context.device, graph, source, { ...variant, weights: type, parents: true });
        ran.add(r.method);
        const v = validateSssp(graph, source, r, { weights: type });
        expectThat(v.valid, `${label(variant)} from ${source}: ${JSON.stringify(v.violation)}`);
        const wrong = r.dist.findIndex((d, i) => d !== expected[i]);
        expectThat(wrong < 0, `${label(variant)} from ${source}: dist[${wrong}] = ${r.dist[wrong]}, Dijkstra's ${expected[wrong]}`);
      }
    }
    return `${graph.n} vertices, ${graph.indices.length} arcs, ${type}, sources ${sources.join(', ')}, ran ${[...ran].join(', ')}: every result = Dijkstra, trees valid`;
  },
}));

/** Near-far asked for by name: it runs packed where the device binds 9 storage buffers or more, else stops naming both counts. */
export const NEAR_FAR_CHECK: BrowserCheck = {
  name: 'sssp: near-far by name (packed queues where the device offers fewer than 11 storage buffers; a LimitError below 9)',
  run: async (context) => {
    const graph = roadGrid();
    const offered = context.device.limits.maxStorageBuffersPerShaderStage;
    try {
      const r = await sssp(context.device, graph, 0, { method: 'near-far', parents: true });
      expectThat(r.method === 'near-far', `ran ${r.method}, not near-far`);
      const v = validateSssp(graph, 0, r);
      expectThat(v.valid, `near-far from 0: ${JSON.stringify(v.violation)}`);
      return `ran on a device offering ${offered} storage buffers: valid tree`;
    } catch (error) {
      const message = String(error);
      expectThat(offered < 9, `near-far failed although the device offers ${offered} storage buffers (packed, it needs 9): ${message}`);
      expectThat(/needs \d+ for maxStorageBuffersPerShaderStage, but this device allows \d+/.test(message), `unexpected error: ${message}`);
      return `refused before running: ${message}`;
    }
  },
};
