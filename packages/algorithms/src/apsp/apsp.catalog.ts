import type { KernelSpec } from '@semiforge/codegen';
import { planApsp, planSpecs, type ApspKernelOptions } from './apsp.plan.js';

/**
 * The APSP configurations generated ahead of time (`nx run codegen`); anything else is generated at run
 * time. Defaults for every shipped idempotent semiring and type, both layouts for min-plus f32, the
 * large-tile variant the benchmark favours, and the CUDA twins of the default.
 */
const CONFIGS: ApspKernelOptions[] = [
  { semiring: 'min-plus', type: 'f32' },
  { semiring: 'min-plus', type: 'f32', method: 'b' },
  { semiring: 'min-plus', type: 'f32', successors: true },
  { semiring: 'min-plus', type: 'f32', tile: 128 },
  { semiring: 'min-plus', type: 'f32', method: 'plain' },
  { semiring: 'min-plus', type: 'i32' },
  { semiring: 'min-plus', type: 'u32' },
  { semiring: 'max-min', type: 'f32' },
  { semiring: 'or-and', type: 'u32' },
  { semiring: 'min-plus', type: 'f32', target: 'cuda' },
];

export const APSP_CATALOG_SPECS: readonly KernelSpec[] = CONFIGS.flatMap((c) => planSpecs(planApsp(c)));
