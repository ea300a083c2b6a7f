import { defineSemiring } from '../semiring/semiring.js';

/** The ordinary (+, ×) ring: SpMV, PageRank, path counting. Integers wrap as they do on the GPU. */
export const plusTimes = defineSemiring({
  name: 'plus-times',
  description: 'arithmetic: ⊕ = +, ⊗ = × (integers wrap)',
  types: ['f32', 'i32', 'u32'],
  idempotent: false,
  zero: 0,
  one: 1,
  wgsl: { add: 'a + b', mul: 'a * b' },
  cuda: { add: 'a + b', mul: 'a * b' },
  host: {
    add: (a, b, type) => (type === 'f32' ? Math.fround(a + b) : type === 'i32' ? (a + b) | 0 : (a + b) >>> 0),
    mul: (a, b, type) =>
      type === 'f32' ? Math.fround(a * b) : type === 'i32' ? Math.imul(a, b) : Math.imul(a, b) >>> 0,
  },
});
