import { afterAll, describe, expect, it } from 'vitest';
import { allocElements, getSemiring, type ElementType, type VectorKernelSpec } from '@semiforge/codegen';
import { VectorReduction } from '../src/index.js';
import { testDevice } from './gpu-device.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const W = 64;
const spec = (semiring: string, type: ElementType): VectorKernelSpec => ({ op: 'vec_reduce', semiring, type, target: 'wgsl', workgroupSize: W });

/** Deterministic test data: small integers, so that every ⊕ here is exact in any order (sums stay below 2^24). */
function data(type: ElementType, n: number, seed: number) {
  const a = allocElements(type, n);
  for (let i = 0; i < n; i++) a[i] = (Math.imul(i + seed, 2654435761) >>> 0) % 1000;
  return a;
}

/** Runs the reduction into element `index` of a 4-element target and reads that element. */
async function reduceOnGpu(s: VectorKernelSpec, values: ArrayBufferView & ArrayLike<number>, n: number, index = 2): Promise<number> {
  const reduction = await VectorReduction.create(device!, s);
  const source = await device!.createStorage('src', values.byteLength ? values : new Uint32Array(1));
  const target = await device!.createStorage('dst', new Uint32Array(4));
  try {
    const batch = device!.batch();
    reduction.encode(batch, source, n, target, index);
    await batch.submit();
    if (values instanceof Float32Array) return (await device!.read(target, Float32Array, index * 4, 1))[0];
    if (values instanceof Int32Array) return (await device!.read(target, Int32Array, index * 4, 1))[0];
    return (await device!.read(target, Uint32Array, index * 4, 1))[0];
  } finally {
    reduction.destroy();
    source.destroy();
    target.destroy();
  }
}

const CASES: [string, ElementType][] = [
  ['plus-times', 'f32'],
  ['plus-times', 'u32'],
  ['min-plus', 'i32'],
  ['max-min', 'u32'],
  ['or-and', 'u32'],
];

describe.skipIf(!device)('vec_reduce over any semiring, two passes', () => {
  describe.each(CASES)('%s %s', (semiring, type) => {
    const s = getSemiring(semiring);
    it.each([0, 1, 63, 64 * 64 + 5, 20_000])('n = %i against a CPU fold', async (n) => {
      const values = data(type, n, n);
      const want = Array.from(values).reduce((acc, v) => s.host.add(acc, v, type), s.zeroOf(type));
      expect(await reduceOnGpu(spec(semiring, type), values, n)).toBe(want);
    });
  });

  it('sums f32 in a fixed order: bit for bit the host model of the two passes', async () => {
    const n = 100_003; // more than W × W elements: each invocation strides
    const values = Float32Array.from({ length: n }, (_, i) => Math.fround(1 / (1 + (i % 977))));
    const pass = (x: Float32Array, len: number): Float32Array => {
      const groups = Math.min(W, Math.max(1, Math.ceil(len / W)));
      const out = new Float32Array(groups);
      for (let g = 0; g < groups; g++) {
        const part = new Float32Array(W);
        for (let l = 0; l < W; l++) for (let i = g * W + l; i < len; i += groups * W) part[l] = Math.fround(part[l] + x[i]);
        for (let step = W / 2; step > 0; step >>= 1) for (let l = 0; l < step; l++) part[l] = Math.fround(part[l] + part[l + step]);
        out[g] = part[0];
      }
      return out;
    };
    const partials = pass(values, n);
    expect(await reduceOnGpu(spec('plus-times', 'f32'), values, n, 1)).toBe(pass(partials, partials.length)[0]);
  });

  it('refuses a spec that is not a reduction', async () => {
    await expect(VectorReduction.create(device!, { ...spec('plus-times', 'f32'), op: 'vec_pagerank_update' })).rejects.toThrow(/needs a vec_reduce spec, got op 'vec_pagerank_update'/);
  });
});
