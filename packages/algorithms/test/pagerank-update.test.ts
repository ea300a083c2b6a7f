import { afterAll, describe, expect, it } from 'vitest';
import { dispatchGrid, type VectorKernelSpec } from '@semiforge/codegen';
import { kernelFor } from '../src/kernels/kernel-source.js';
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
const D = 0.85;
/** The step before's slot in `sums`: its residual, then its dangling mass; the step's own slot follows. */
const SLOT = 2;

const vector = (n: number, seed: number) =>
  Float32Array.from({ length: n }, (_, i) => Math.fround((1 + ((Math.imul(i + seed, 2654435761) >>> 0) % 997)) / (997 * n)));

/** Out-degrees 0 (dangling) to 40. */
const degrees = (n: number) => Uint32Array.from({ length: n }, (_, i) => (Math.imul(i, 2654435761) >>> 0) % 41);

/** Extra pieces of every 7th row: 1 to 4 of them, each holding a small part of y. */
function extraPieces(n: number) {
  const rowExtra = new Uint32Array(n + 1);
  const partial: number[] = [];
  for (let i = 0; i < n; i++) {
    rowExtra[i] = partial.length;
    if (i % 7 === 3) for (let q = 0; q < 1 + (i % 4); q++) partial.push(Math.fround(1 / (1000 * n * (q + 2))));
  }
  rowExtra[n] = partial.length;
  // WebGPU refuses empty bindings: one unused element when no row is folded.
  return { rowExtra, partial: Float32Array.from(partial.length > 0 ? partial : [0]) };
}

/**
 * One step on the GPU as `PagerankStepper` records it: the update (plain, or folded with `extras`; the step
 * before's residual and dangling mass in sums[SLOT], sums[SLOT + 1]), then the pass of two workgroups totalling
 * its 2·W partials into sums[SLOT + 2], sums[SLOT + 3]. Returns next, next / outDegree as the update wrote it,
 * the step's residual and the dangling mass of next.
 */
async function fusedStep(
  y: Float32Array,
  previous: Float32Array,
  teleport: Float32Array,
  before: { residual: number; dangling: number },
  tolerance: number,
  extras?: { rowExtra: Uint32Array; partial: Float32Array },
) {
  const n = y.length;
  const update: VectorKernelSpec = { ...base, op: extras ? 'vec_pagerank_update_folded' : 'vec_pagerank_update' };
  const params = new Uint32Array([n, SLOT, 0, 0]);
  new Float32Array(params.buffer).set([D, tolerance], 2);
  const buffers = {
    next: await device!.createStorage('next', y),
    previous: await device!.createStorage('previous', previous),
    teleport: await device!.createStorage('teleport', teleport),
    sums: await device!.createStorage('sums', Float32Array.of(0, 0, before.residual, before.dangling, -1, -1)),
    deltaParts: await device!.createStorage('deltaParts', new Float32Array(2 * W)),
    outDegree: await device!.createStorage('outDegree', degrees(n)),
    scaled: await device!.createStorage('scaled', new Float32Array(n).fill(-1)),
    ...(extras && { rowExtra: await device!.createStorage('rowExtra', extras.rowExtra), partial: await device!.createStorage('partial', extras.partial) }),
  };
  try {
    const batch = device!.batch();
    batch.dispatch(kernelFor(update), { buffers, params, workgroups: dispatchGrid(update, n) });
    batch.dispatch(kernelFor(sum), {
      buffers: { src: buffers.deltaParts, dst: buffers.sums },
      params: new Uint32Array([2 * W, SLOT + 2]),
      workgroups: dispatchGrid(sum, 2 * W),
    });
    await batch.submit();
    const [residual, dangling] = await device!.read(buffers.sums, Float32Array, 4 * (SLOT + 2), 2);
    return {
      next: await device!.read(buffers.next, Float32Array, 0, n),
      scaled: await device!.read(buffers.scaled, Float32Array, 0, n),
      residual,
      dangling,
    };
  } finally {
    for (const b of Object.values(buffers)) b.destroy();
  }
}

describe.skipIf(!device)('vec_pagerank_update and its totals pass (WGSL)', () => {
  it.each([
    [1, false],
    [63, false],
    [W * W + 5, false],
    [100_003, false],
    [1, true],
    [W * W + 5, true],
    [100_003, true],
  ])('n = %i, folded %s: next = d·y + ((1 − d) + d·D)·teleport, scaled = next / outdeg, the L1 residual and the dangling mass, against the CPU', async (n, folded) => {
    const extras = folded ? extraPieces(n) : undefined;
    const y = vector(n, 1);
    const previous = vector(n, 7);
    const teleport = Float32Array.from({ length: n }, () => 1 / n);
    const danglingBefore = 0.07;
    const { next, scaled, residual, dangling } = await fusedStep(y, previous, teleport, { residual: 1, dangling: danglingBefore }, 1e-9, extras);
    const outDegree = degrees(n);
    let want = 0;
    let wantDangling = 0;
    let worst = 0;
    for (let i = 0; i < n; i++) {
      let yi = y[i];
      if (extras) for (let q = extras.rowExtra[i]; q < extras.rowExtra[i + 1]; q++) yi += extras.partial[q];
      const r = D * yi + (1 - D + D * Math.fround(danglingBefore)) * teleport[i];
      want += Math.abs(r - previous[i]);
      if (outDegree[i] === 0) wantDangling += r;
      worst = Math.max(worst, Math.abs(next[i] - r) / r);
      // The division of the f32 rank it wrote, within WGSL's 2.5 ulp; exactly 0 where the vertex dangles.
      if (outDegree[i] === 0) expect(scaled[i]).toBe(0);
      else worst = Math.max(worst, Math.abs(scaled[i] - next[i] / outDegree[i]) / (next[i] / outDegree[i]));
    }
    expect(worst).toBeLessThan(1e-5);
    expect(Math.abs(residual - want) / want).toBeLessThan(1e-4);
    if (wantDangling === 0) expect(dangling).toBe(0);
    else expect(Math.abs(dangling - wantDangling) / wantDangling).toBeLessThan(1e-5);
  });

  it.each([false, true])('folded %s: after a converged step keeps the ranks (scaled by the out-degrees again, their dangling mass totalled), and its residual is exactly 0', async (folded) => {
    const n = W * W + 5;
    const previous = vector(n, 3);
    const { next, scaled, residual, dangling } = await fusedStep(
      vector(n, 5),
      previous,
      Float32Array.from({ length: n }, () => 1 / n),
      { residual: 1e-8, dangling: 0.1 },
      1e-6,
      folded ? extraPieces(n) : undefined,
    );
    expect(next).toEqual(previous);
    const outDegree = degrees(n);
    let wantDangling = 0;
    for (let i = 0; i < n; i++) {
      expect(Math.abs(scaled[i] - (outDegree[i] === 0 ? 0 : previous[i] / outDegree[i]))).toBeLessThanOrEqual(2 ** -21 * scaled[i]);
      if (outDegree[i] === 0) wantDangling += previous[i];
    }
    expect(residual).toBe(0);
    expect(Math.abs(dangling - wantDangling) / wantDangling).toBeLessThan(1e-5);
  });
});
