import type { VectorKernelSpec } from '@semiforge/codegen';
import { pagerankSpecs } from './pagerank.specs.js';

/** PageRank's vector kernels generated ahead of time (`nx run codegen`), and their CUDA twins. */
export const PAGERANK_CATALOG_SPECS: readonly VectorKernelSpec[] = (['wgsl', 'cuda'] as const).flatMap((target) => Object.values(pagerankSpecs(target)));
