import { CONSTANTS } from '../semiring/constants.js';
import { defineSemiring } from '../semiring/semiring.js';

const { i32: I, u32: U } = CONSTANTS;

/**
 * Tropical semiring (min, +): shortest paths. ⊗ saturates at the finite INF for every element type.
 * For f32 a plain add does it: INF = 2^126, and inputs are limited to |w| ≤ 2^100 (see the APSP input
 * checks), so INF + w rounds back to INF, and a sum past INF (INF + INF) is clamped by the ⊕ with the
 * entry it updates, which never exceeds INF. That keeps a relaxation at two instructions (add, min).
 */
export const minPlus = defineSemiring({
  name: 'min-plus',
  description: 'shortest paths: ⊕ = min, ⊗ = + saturating at INF',
  types: ['f32', 'i32', 'u32'],
  idempotent: true,
  zero: 'INF',
  one: 0,
  wgsl: {
    add: 'min(a, b)',
    mul: {
      f32: 'a + b',
      i32: 'select(a + b, INF, (a == INF) | (b == INF) | ((b > 0i) & (a > INF - b)))',
      u32: 'select(a + b, INF, a + b < a)',
    },
  },
  cuda: {
    add: '(a < b ? a : b)',
    mul: {
      f32: 'a + b',
      i32: '((a == INF || b == INF || (b > 0 && a > INF - b)) ? INF : a + b)',
      u32: '((a + b < a) ? INF : a + b)',
    },
  },
  host: {
    add: (a, b) => (a < b ? a : b),
    mul: (a, b, type) => {
      switch (type) {
        case 'f32':
          return Math.fround(a + b);
        case 'i32':
          return a === I.INF || b === I.INF || (b > 0 && a > I.INF - b) ? I.INF : (a + b) | 0;
        case 'u32': {
          const s = (a + b) >>> 0;
          return s < a ? U.INF : s;
        }
      }
    },
  },
});
