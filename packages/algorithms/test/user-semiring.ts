// The user-defined semiring of the SpMV tests (spmv-cases.ts) and the CUDA suite's self-test
// (benchmarks/cuda/spmv-selftest.ts, which imports this file by path): defined here, registered by each under its own name.
import { defineSemiring } from '@semiforge/codegen';

/**
 * (max, ×) on non-negative f32, most reliable paths, under `name` (not registered: the caller registers it).
 *
 * @example
 * registerSemiring(maxTimesSemiring('max-times'));
 */
export function maxTimesSemiring(name: string, note = ''): ReturnType<typeof defineSemiring> {
  return defineSemiring({
    name,
    description: `most reliable paths: ⊕ = max, ⊗ = × on [0, 1]${note}`,
    types: ['f32'],
    idempotent: true,
    zero: 0,
    one: 1,
    wgsl: { add: 'max(a, b)', mul: 'a * b' },
    cuda: { add: 'fmaxf(a, b)', mul: 'a * b' },
    host: { add: (a, b) => Math.max(a, b), mul: (a, b) => Math.fround(a * b) },
  });
}
