import { afterAll, describe, expect, it } from 'vitest';
import type { VectorKernelSpec } from '@semiforge/codegen';
import { kernelFor } from '../src/kernels/kernel-source.js';
import { reductionPasses } from '../src/kernels/vector-reduction.js';
import { testDevice } from './gpu-device.js';

const device = await testDevice();
afterAll(() => device?.destroy());

// Small workgroups, so that a few thousand elements already give several partials and a strided loop.
const W = 64;
const base = {
  semiring: 'plus-times',
  type: 'f32',
  target: 'wgsl',
  workgroupSize: W,
} as const;
const sum: VectorKernelSpec = { ...base, op: 'vec_reduce' };
const update: VectorKernelSpec = { ...base, op: 'vec_pagerank_update' };
const D = 0.85;

const vector = (n: number, seed: number) =>
  Float32Array.from({ length: n }, (_, i) => Math.fround((1 + ((Math.imul(i + seed, 2654435761) >>> 0) % 997)) / (997 * n)));

/** Out-degrees 0 (dangling) to 40. */
const degrees = (n: number) => Uint32Array.from({ length: n }, (_, i) => (Math.imul(i, 2654435761) >>> 0) % 41);

/**
 * One fused step on the GPU as `PagerankStepper` records it: Σy's partials, the update (with the step before's
 * residual `previousResidual` in sums[1]), the total of |Δ| into sums[2]. Returns next, next / outDegree as the
 * update wrote it, and that residual.
 */
async function fusedStep(y: Float32Array, previous: Float32Array, teleport: Float32Array, previousResidual: number, tolerance: number) {
  const n = y.length;
  const [partials, total] = reductionPasses(sum, n, 2);
  const params = new Uint32Array([n, 1, 0, 0]);
  new Float32Array(params.buffer).set([D, tolerance], 2);
  const buffers = {
    next: await device!.createStorage('next', y),
    previous: await device!.createStorage('previous', previous),
    teleport: await device!.createStorage('teleport', teleport),
    sums: await device!.createStorage('sums', Float32Array.of(0, previousResidual, 0)),
    sumParts: await device!.createStorage('sumParts', new Float32Array(W)),
    deltaParts: await device!.createStorage('deltaParts', new Float32Array(W)),
    outDegree: await device!.createStorage('outDegree', degrees(n)),
    scaled: await device!.createStorage('scaled', new Float32Array(n).fill(-1)),
  };
  try {
    const batch = device!.batch();
    batch.dispatch(kernelFor(sum), {
      buffers: { src: buffers.next, dst: buffers.sumParts },
      params: partials.params,
      workgroups: partials.grid,
    });
    batch.dispatch(kernelFor(update), {
      buffers,
      params,
      workgroups: partials.grid,
    });
    batch.dispatch(kernelFor(sum), {
      buffers: { src: buffers.deltaParts, dst: buffers.sums },
      params: total.params,
      workgroups: total.grid,
    });
    await batch.submit();
    return {
      next: await device!.read(buffers.next, Float32Array, 0, n),
      scaled: await device!.read(buffers.scaled, Float32Array, 0, n),
      residual: (await device!.read(buffers.sums, Float32Array, 8, 1))[0],
    };
  } finally {
    for (const b of Object.values(buffers)) b.destroy();
  }
}

describe.skipIf(!device)('vec_pagerank_update fused with the sums (WGSL)', () => {
  it.each([1, 63, W * W + 5, 100_003])('n = %i: next = d·y + (1 − d·Σy)·teleport, scaled = next / outdeg and the L1 residual, against the CPU', async (n) => {
    const y = vector(n, 1);
    const previous = vector(n, 7);
    const teleport = Float32Array.from({ length: n }, () => 1 / n);
    const { next, scaled, residual } = await fusedStep(y, previous, teleport, 1, 1e-9);
    const outDegree = degrees(n);
    const sumY = y.reduce((a, v) => a + v, 0);
    let want = 0;
    let worst = 0;
    for (let i = 0; i < n; i++) {
      const r = D * y[i] + (1 - D * sumY) * teleport[i];
      want += Math.abs(r - previous[i]);
      worst = Math.max(worst, Math.abs(next[i] - r) / r);
      // The division of the f32 rank it wrote, within WGSL's 2.5 ulp; exactly 0 where the vertex dangles.
      if (outDegree[i] === 0) expect(scaled[i]).toBe(0);
      else worst = Math.max(worst, Math.abs(scaled[i] - next[i] / outDegree[i]) / (next[i] / outDegree[i]));
    }
    expect(worst).toBeLessThan(1e-5);
    expect(Math.abs(residual - want) / want).toBeLessThan(1e-4);
  });

  it('after a converged step keeps the ranks (scaled by the out-degrees again), and its residual is exactly 0', async () => {
    const n = W * W + 5;
    const previous = vector(n, 3);
    const { next, scaled, residual } = await fusedStep(
      vector(n, 5),
      previous,
      Float32Array.from({ length: n }, () => 1 / n),
      1e-8,
      1e-6,
    );
    expect(next).toEqual(previous);
    const outDegree = degrees(n);
    for (let i = 0; i < n; i++) expect(Math.abs(scaled[i] - (outDegree[i] === 0 ? 0 : previous[i] / outDegree[i]))).toBeLessThanOrEqual(2 ** -21 * scaled[i]);
    expect(residual).toBe(0);
  });
});
