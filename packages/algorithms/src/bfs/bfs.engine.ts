import type { Csr } from '@semiforge/graph-io';
import { isCudaDevice, type AnyDevice } from '../kernels/backend.js';
import { CudaBfsRunner } from './bfs.cuda.js';
import type { BfsOptions } from './bfs.plan.js';
import { BfsRunner, type BfsGpuCheck, type BfsMultiResult, type BfsResult, type BfsRunnerPlan } from './bfs.runner.js';

/** A device BFS runs on: a WebGPU {@link Device} or a {@link CudaDevice}. */
export type BfsDevice = AnyDevice;

/** What every BFS runner offers, whatever its backend ({@link BfsRunner} on WebGPU, {@link CudaBfsRunner} on CUDA). */
export interface BfsEngine {
  readonly n: number;
  readonly plan: BfsRunnerPlan;
  /** The graph searched, in the caller's ids (symmetrised if asked). */
  readonly graph: Csr;
  run(source: number, options?: { readonly depths?: boolean; readonly check?: boolean; readonly profile?: boolean }): Promise<BfsResult>;
  check(source: number, parent: Int32Array, depth: Int32Array): Promise<BfsGpuCheck>;
  runMulti(sources: readonly number[]): Promise<BfsMultiResult>;
  destroy(): void;
}

/**
 * A BFS runner on the device's backend: {@link CudaBfsRunner} for a CUDA device, {@link BfsRunner} for a
 * WebGPU one; both take the same options and give the same answers.
 *
 * @example
 * const runner = await createBfsEngine(cudaDevice, csr, { mfApprox: true });
 * const { parent } = await runner.run(0);
 * runner.destroy();
 */
export function createBfsEngine(device: BfsDevice, csr: Csr, options: BfsOptions = {}): Promise<BfsEngine> {
  return isCudaDevice(device) ? CudaBfsRunner.create(device, csr, options) : BfsRunner.create(device, csr, options);
}
