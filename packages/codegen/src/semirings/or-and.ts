import { defineSemiring } from '../semiring/semiring.js';

/** Boolean semiring (or, and) on 0/1 words: reachability and transitive closure. */
export const orAnd = defineSemiring({
  name: 'or-and',
  description: 'reachability: ⊕ = or, ⊗ = and, on 0/1',
  types: ['u32'],
  idempotent: true,
  zero: 0,
  one: 1,
  wgsl: { add: 'a | b', mul: 'a & b' },
  cuda: { add: '(a | b)', mul: '(a & b)' },
  host: { add: (a, b) => (a | b) >>> 0, mul: (a, b) => (a & b) >>> 0 },
});
