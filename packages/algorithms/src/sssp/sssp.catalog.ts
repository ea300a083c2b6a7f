import { kernelIdentity, type SsspKernelSpec } from '@semiforge/codegen';
import { planSssp, type SsspKernelOptions } from './sssp.plan.js';

const STATS = { n: 1, arcs: 1, minWeight: 0, meanWeight: 1 };

/**
 * The SSSP kernels generated ahead of time (`nx run codegen`): for f32 and u32 weights, paper 001's pass on
 * undirected pairs and directed arcs (atomic reads, the default) with its parent pass, and the frontier
 * pass at 2 lanes (road-like degrees) and 16 (R-MAT and Kronecker) with its sizing step and
 * the parent steps (the tree, its scan and pull passes), the 16-lane pass that settles heavy arcs once a bucket and
 * the 16-lane pass and sizing step that defer hubs;
 * each in WGSL and as the CUDA runner's twin; and in WGSL the fused pass and sizing step that pull released hubs' arcs,
 * and the 16-lane passes that defer hubs reading arcs packed with 8-bit weights (in WGSL also fused and pulling; in CUDA too).
 */
type Config = { options: SsspKernelOptions; directed: boolean; maxWeight?: number };

const CONFIGS: Config[] = [
  ...(['wgsl', 'cuda'] as const).flatMap((kernelTarget) =>
    (['f32', 'u32'] as const).flatMap((weights): Config[] => [
      { options: { kernelTarget, weights, method: 'bellman-ford' }, directed: false },
      { options: { kernelTarget, weights, method: 'bellman-ford' }, directed: true },
      { options: { kernelTarget, weights, method: 'near-far', lanesPerVertex: 2 }, directed: false },
      { options: { kernelTarget, weights, method: 'near-far', lanesPerVertex: 16 }, directed: false },
      { options: { kernelTarget, weights, method: 'near-far', lanesPerVertex: 16, heavyArcs: 'settle' }, directed: false },
      { options: { kernelTarget, weights, method: 'near-far', lanesPerVertex: 16, hubDegree: 256 }, directed: false },
    ]),
  ),
  ...(['f32', 'u32'] as const).map((weights): Config => ({
    options: { weights, method: 'near-far', lanesPerVertex: 16, hubDegree: 256, relabel: 'degree', fuseAdvance: true, pullHubs: true },
    directed: false,
  })),
  // Graph500's integer weights 1–255 packed beside the heads (the default where the largest weight is known).
  ...(['wgsl', 'cuda'] as const).map((kernelTarget): Config => ({ options: { kernelTarget, weights: 'u32', method: 'near-far', lanesPerVertex: 16, hubDegree: 256 }, directed: false, maxWeight: 255 })),
  { options: { weights: 'u32', method: 'near-far', lanesPerVertex: 16, hubDegree: 256, relabel: 'degree', fuseAdvance: true, pullHubs: true }, directed: false, maxWeight: 255 },
];

const specs = CONFIGS.flatMap(({ options, directed, maxWeight }) => {
  const plan = planSssp(options, { ...STATS, maxWeight }, directed);
  return [plan.relax, plan.parents, ...[plan.advance, plan.tree, plan.treeScan].filter((k) => k !== undefined)];
});

/** Each kernel once (the near-far configurations share their parent kernels). */
export const SSSP_CATALOG_SPECS: readonly SsspKernelSpec[] = [...new Map(specs.map((s) => [kernelIdentity(s).id, s])).values()];
