import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_SEMIRINGS, CONSTANTS, defineSemiring, SemiringError, type ElementType, type Semiring } from '../src/index.js';

/** Values that exercise each type, the semiring's constants included. */
function sample(s: Semiring, type: ElementType): fc.Arbitrary<number> {
  const special = fc.constantFrom(s.zeroOf(type), s.oneOf(type), CONSTANTS[type].INF);
  if (s.name === 'or-and') return fc.constantFrom(0, 1);
  const plain =
    type === 'f32'
      ? fc.integer({ min: -1000, max: 1000 }).map(Math.fround)
      : type === 'i32'
        ? fc.integer({ min: -100000, max: 100000 })
        : fc.integer({ min: 0, max: 200000 });
  return fc.oneof(special, plain);
}

const cases = BUILTIN_SEMIRINGS.flatMap((s) => s.types.map((t) => [s.name, t, s] as const));

describe.each(cases)('%s over %s', (_name, type, s) => {
  const add = (a: number, b: number) => s.host.add(a, b, type);
  const mul = (a: number, b: number) => s.host.mul(a, b, type);
  const zero = s.zeroOf(type);
  const one = s.oneOf(type);
  const x = sample(s, type);

  it('⊕ is commutative and associative, zero its identity', () => {
    fc.assert(
      fc.property(x, x, x, (a, b, c) => {
        expect(add(a, b)).toBe(add(b, a));
        if (s.name !== 'plus-times' || type !== 'f32') expect(add(add(a, b), c)).toBe(add(a, add(b, c)));
        if (s.name !== 'min-plus' || a !== CONSTANTS[type].INF) expect(add(a, zero)).toBe(a);
      }),
    );
  });

  // Annihilation is checked through ⊕ with zero, which is how kernels use a product: f32 min-plus lets
  // INF ⊗ INF pass INF (a plain add) and relies on the ⊕ with the entry it updates to clamp it.
  it('one is the ⊗ identity and zero annihilates (saturating at INF)', () => {
    fc.assert(
      fc.property(x, (a) => {
        expect(mul(a, one)).toBe(a);
        expect(mul(one, a)).toBe(a);
        if (s.name !== 'plus-times') expect(add(zero, mul(a, zero))).toBe(zero);
      }),
    );
  });

  it('idempotent semirings absorb: a ⊕ a = a', () => {
    if (!s.idempotent) return;
    fc.assert(
      fc.property(x, (a) => {
        expect(add(a, a)).toBe(a);
      }),
    );
  });
});

describe('min-plus saturation', () => {
  it('INF ⊗ w stays INF for negative w, and sums never pass INF', () => {
    const s = BUILTIN_SEMIRINGS[0];
    for (const type of ['f32', 'i32', 'u32'] as const) {
      const INF = CONSTANTS[type].INF;
      expect(s.host.mul(INF, type === 'u32' ? 5 : -5, type)).toBe(INF);
      expect(s.host.mul(INF - 1, 10, type)).toBe(INF);
    }
  });
});

describe('WGSL ⊕ and ⊗ of the builtin semirings', () => {
  // || and && short-circuit: each ⊗ of an unrolled product loop would be a branch, which SwiftShader did not
  // finish compiling for i32 APSP in 358 s (see SemiringDefinition.wgsl).
  it.each(cases)('%s over %s joins conditions without short-circuit operators', (_name, type, s) => {
    for (const op of ['add', 'mul'] as const) expect(s.expr('wgsl', op, type)).not.toMatch(/\|\||&&/);
  });
});

describe('defineSemiring', () => {
  const ok = {
    name: 'max-plus',
    description: 'longest paths',
    types: ['f32'] as const,
    idempotent: true,
    zero: 'NEG_INF' as const,
    one: 0,
    wgsl: { add: 'max(a, b)', mul: 'a + b' },
    cuda: { add: 'fmaxf(a, b)', mul: 'a + b' },
    host: { add: (a: number, b: number) => Math.max(a, b), mul: (a: number, b: number) => Math.fround(a + b) },
  };
  it('accepts a user semiring and resolves its constants', () => {
    const s = defineSemiring(ok);
    expect(s.id).toBe('max_plus');
    expect(s.zeroOf('f32')).toBe(-(2 ** 126));
    expect(s.literal('wgsl', s.zero, 'f32')).toBe('-0x1p126f');
  });
  it.each([
    [{ name: 'Max Plus' }, /kebab-case/],
    [{ types: [] }, /at least one element type/],
    [{ types: ['f64'] }, /unknown element type 'f64'/],
    [{ wgsl: { add: 'max(x, y)', mul: 'a + b' } }, /wgsl.add for f32 must be an expression in a and b/],
    [{ host: { add: Math.max } }, /host.mul must be a function/],
  ])('rejects %j', (patch, message) => {
    expect(() => defineSemiring({ ...ok, ...patch } as never)).toThrow(SemiringError);
    expect(() => defineSemiring({ ...ok, ...patch } as never)).toThrow(message);
  });
});
