import { describe, expect, it } from 'vitest';
import { sharedArray, type Csr } from '@semiforge/graph-io';
import { renumberedWeights, ssspWeights, toIntegerWeights } from '../src/sssp/sssp.input.js';
import { renumberedWeightsParallel, ssspWeightsParallel } from '../src/sssp/sssp.weights-parallel.js';
import { WEIGHT_BLOCK } from '../src/sssp/sssp.weights-range.js';

/** Workers on any graph, however small. */
const WORKERS = { threads: 3, minParallelArcs: 1 };

/** A one-row graph of `m` arcs with these weights: the weights' pass reads only their count and values. */
function arcsWeighing(weight: Float32Array | Float64Array | null, m = weight?.length ?? 0): Csr {
  return { n: 1, indptr: Uint32Array.of(0, m), indices: new Uint32Array(m), weight, directed: true, sorted: false };
}

// Three blocks and a part: the workers' ranges end inside none of them but the last.
const M = 3 * WEIGHT_BLOCK + 123;
const integers = Float64Array.from({ length: M }, (_, e) => (e * 2654435761) % 255);
// Magnitudes from 2^-20 to 2^20: sums that round, so a sum taken in another order would differ.
const reals = Float64Array.from({ length: M }, (_, e) => Math.sin(e) * 2 ** ((e % 41) - 20));

describe('ssspWeightsParallel', () => {
  it('gives the values, min, max and mean of the one-thread pass, for any thread count', async () => {
    for (const [type, weights] of [['u32', integers], ['f32', reals]] as const) {
      const one = ssspWeights(arcsWeighing(weights), type);
      for (const threads of [2, 7]) {
        const many = await ssspWeightsParallel(arcsWeighing(weights), type, { threads, minParallelArcs: 1 });
        expect(many.values, `${type}, ${threads} threads`).toEqual(one.values);
        expect({ min: many.min, max: many.max, mean: many.mean }).toEqual({ min: one.min, max: one.max, mean: one.mean });
      }
    }
  });

  it('refuses the first arc a one-thread pass refuses, with its message, wherever the workers split', async () => {
    for (const at of [5, WEIGHT_BLOCK + 1, M - 1]) {
      const weights = integers.slice();
      weights[at] = 2.5;
      // A later bad arc, in another worker's range, must not be the one named.
      if (at < M - 1) weights[M - 1] = -1;
      const message = `sssp: arc ${at} has weight 2.5; u32 weights must be integers 0..4294967294 (use weights: 'f32')`;
      expect(() => ssspWeights(arcsWeighing(weights), 'u32')).toThrow(message);
      await expect(ssspWeightsParallel(arcsWeighing(weights), 'u32', WORKERS)).rejects.toThrow(message);
    }
    const infinite = reals.slice();
    infinite[2 * WEIGHT_BLOCK] = Infinity;
    await expect(ssspWeightsParallel(arcsWeighing(infinite), 'f32', WORKERS)).rejects.toThrow(`sssp: arc ${2 * WEIGHT_BLOCK} has weight Infinity; f32 weights must be finite and within ±2^100`);
    await expect(ssspWeightsParallel(arcsWeighing(integers), 'i32' as never, WORKERS)).rejects.toThrow(/weights must be 'f32' or 'u32', got 'i32'/);
  });

  it('weighs each arc 1 on a graph without weights, and leaves small graphs to the calling thread', async () => {
    const unweighted = await ssspWeightsParallel(arcsWeighing(null, M), 'u32', WORKERS);
    expect(unweighted).toMatchObject({ min: 1, max: 1, mean: 1 });
    expect(unweighted.values.every((w) => w === 1)).toBe(true);
    const small = await ssspWeightsParallel(arcsWeighing(integers), 'u32', { threads: 3 });
    expect(small.values.buffer).toBeInstanceOf(ArrayBuffer);
    expect((await ssspWeightsParallel(arcsWeighing(integers), 'u32', WORKERS)).values.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('converts a renumbered graph as renumberedWeights does, keeping the checked statistics', async () => {
    const checked = ssspWeights(arcsWeighing(integers), 'u32');
    const moved = integers.slice().reverse();
    const many = await renumberedWeightsParallel(arcsWeighing(moved), checked, WORKERS);
    expect(many).toEqual(renumberedWeights(arcsWeighing(moved), checked));
    const f32 = ssspWeights(arcsWeighing(reals), 'f32');
    const stored = Float32Array.from(reals).reverse();
    expect((await renumberedWeightsParallel(arcsWeighing(stored), f32, WORKERS)).values).toBe(stored);
  });
});

describe('toIntegerWeights', () => {
  it("keeps a graph in shared memory there, so that its checks still run in workers", () => {
    const shared = { ...arcsWeighing(Float32Array.of(0.5, 0.25)), indices: sharedArray(Uint32Array, 2) };
    const weight = toIntegerWeights(shared, 255).weight!;
    expect(weight.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([...weight]).toEqual([128, 64]);
    expect(toIntegerWeights(arcsWeighing(Float32Array.of(0.5)), 255).weight!.buffer).toBeInstanceOf(ArrayBuffer);
  });
});
