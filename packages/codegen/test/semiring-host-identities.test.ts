import { describe, expect, it } from 'vitest';
import { defineSemiring, listSemirings } from '../src/index.js';

type Host = Parameters<typeof defineSemiring>[0]['host'];
// Math.max passed as is: TypeScript refuses it (its third parameter is a number), JavaScript does not.
const mathMax = Math.max as unknown as Host['add'];

const maxTimes = (host: Host) =>
  defineSemiring({
    name: 'max-times', description: 'most reliable paths', types: ['f32'], idempotent: true, zero: 0, one: 1,
    wgsl: { add: 'max(a, b)', mul: 'a * b' }, cuda: { add: 'fmaxf(a, b)', mul: 'a * b' }, host,
  });

describe("defineSemiring checks the host ops against the semiring's identities", () => {
  it('passes every shipped semiring and a correct definition', () => {
    expect(listSemirings().length).toBeGreaterThan(0);
    expect(() => maxTimes({ add: (a, b) => Math.max(a, b), mul: (a, b) => a * b })).not.toThrow();
  });

  it('refuses Math.max passed as is (called with the type as a third argument, it gave NaN and every reference was wrong)', () => {
    expect(() => maxTimes({ add: mathMax, mul: (a, b) => a * b })).toThrow("semiring 'max-times': host.add(0, 1, 'f32') gave NaN, but 0 ⊕ 1 must be 1");
    expect(() => maxTimes({ add: mathMax, mul: (a, b) => a * b })).toThrow('wrap Math.max and the like, (a, b) => Math.max(a, b)');
  });

  it('refuses ops that swap the identities', () => {
    expect(() => maxTimes({ add: (a, b) => Math.min(a, b), mul: (a, b) => a * b })).toThrow("host.add(0, 1, 'f32') gave 0, but 0 ⊕ 1 must be 1");
    expect(() => maxTimes({ add: (a, b) => Math.max(a, b), mul: (a, b) => a + b })).toThrow("host.mul(1, 1, 'f32') gave 2, but 1 ⊗ 1 must be 1");
  });
});
