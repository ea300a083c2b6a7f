import { defineSemiring } from '../semiring/semiring.js';

/** Bottleneck semiring (max, min): widest paths / maximum capacity routes. */
export const maxMin = defineSemiring({
  name: 'max-min',
  description: 'widest (bottleneck) paths: ⊕ = max, ⊗ = min',
  types: ['f32', 'i32', 'u32'],
  idempotent: true,
  zero: 'NEG_INF',
  one: 'INF',
  wgsl: { add: 'max(a, b)', mul: 'min(a, b)' },
  cuda: { add: '(a > b ? a : b)', mul: '(a < b ? a : b)' },
  host: { add: (a, b) => (a > b ? a : b), mul: (a, b) => (a < b ? a : b) },
});
