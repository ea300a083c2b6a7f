import { dispatchGrid, type GeneratedKernel, type VectorKernelSpec } from '@semiforge/codegen';
import type { Device, DispatchBatch } from '@semiforge/runtime';
import { kernelFor } from './kernel-source.js';

/** One pass of a reduction: which buffer it reads and writes (the caller's source and target, or the partials). */
export interface ReductionPass {
  readonly src: 'source' | 'partials';
  readonly dst: 'partials' | 'target';
  readonly params: Uint32Array;
  readonly grid: [number, number, number];
}

/**
 * The two passes of target[index] = ⊕ source[0..n) with a `vec_reduce` kernel, for either backend: workgroup
 * partials (at most workgroupSize of them), then one workgroup over them.
 *
 * @example
 * reductionPasses(spec, 1000, 3).map((p) => p.grid); // [[4, 1, 1], [1, 1, 1]] at 256 invocations a workgroup
 */
export function reductionPasses(spec: VectorKernelSpec, n: number, index: number): [ReductionPass, ReductionPass] {
  const [groups] = dispatchGrid(spec, n);
  return [
    { src: 'source', dst: 'partials', params: new Uint32Array([n, 0]), grid: [groups, 1, 1] },
    { src: 'partials', dst: 'target', params: new Uint32Array([groups, index]), grid: dispatchGrid(spec, groups) },
  ];
}

/**
 * ⊕ of a vector on the GPU into one element of another buffer, in two dispatches of a generated
 * `vec_reduce`: at most `workgroupSize` workgroup partials (each workgroup strides over its share), then one
 * workgroup over them. Fixed order, so the same input always gives the same bits. Any semiring and type
 * the kernel takes: totals (plus-times), counts of 0/1 flags (plus-times u32), "any set" (or-and), minima.
 *
 * @example
 * const sum = await VectorReduction.create(device, { op: 'vec_reduce', semiring: 'plus-times', type: 'f32', target: 'wgsl', workgroupSize: 256 });
 * const batch = device.batch();
 * sum.encode(batch, delta, n, sums, 1); // sums[1] = Σ delta[0..n)
 * await batch.submit();
 * sum.destroy();
 */
export class VectorReduction {
  readonly #kernel: GeneratedKernel;
  readonly #partials: GPUBuffer;

  private constructor(kernel: GeneratedKernel, partials: GPUBuffer) {
    this.#kernel = kernel;
    this.#partials = partials;
  }

  /** Compiles nothing yet: takes the kernel (catalog or generated) and allocates its partials. */
  static async create(device: Device, spec: VectorKernelSpec): Promise<VectorReduction> {
    if (spec.op !== 'vec_reduce') throw new Error(`VectorReduction: needs a vec_reduce spec, got op '${spec.op}'`);
    const kernel = kernelFor(spec);
    const partials = await device.createBuffer(`reduce.partials.${spec.semiring}.${spec.type}`, spec.workgroupSize * 4, 'storage');
    return new VectorReduction(kernel, partials);
  }

  /** Records target[index] = ⊕ source[0..n). */
  encode(batch: DispatchBatch, source: GPUBuffer, n: number, target: GPUBuffer, index: number): void {
    const buffers = { source, partials: this.#partials, target };
    for (const pass of reductionPasses(this.#kernel.spec as VectorKernelSpec, n, index)) {
      batch.dispatch(this.#kernel, { buffers: { src: buffers[pass.src], dst: buffers[pass.dst] }, params: pass.params, workgroups: pass.grid });
    }
  }

  destroy(): void {
    this.#partials.destroy();
  }
}
