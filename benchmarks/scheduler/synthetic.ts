// Paper 004's dummy programs (§4.1): a task downloads an integer array, runs a kernel whose time does not depend
// on the array's length, and reads the array back, so that the array's length sets r_T = (T_D + T_R) / T_K.
// The compute-bound kernel spins on FMAs; the memory-bound one streams a fixed scratch buffer per device. Both
// add 1 to every element of the array, which is what the readback is checked against.
import type { ComputeKernel } from '@semiforge/runtime';
import { portableTask, registerExecutor, taskExecutor, type ExecutorDevice, type Task, type WebGpuDevice } from '@semiforge/scheduler';

export type SyntheticKind = 'compute' | 'memory';

const WORKGROUP = 256;

const kernel: ComputeKernel = {
  id: 'bench_scheduler_synthetic',
  name: 'bench_scheduler_synthetic',
  entryPoint: 'main',
  source: `struct P { n: u32, iters: u32, scratch_len: u32, passes: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;
@group(0) @binding(2) var<storage, read_write> scratch: array<u32>;
@compute @workgroup_size(${WORKGROUP}) fn main(@builtin(global_invocation_id) g: vec3u, @builtin(num_workgroups) nw: vec3u) {
  let threads = nw.x * ${WORKGROUP}u;
  var x = f32(g.x);
  for (var k = 0u; k < p.iters; k++) { x = fma(x, 0.999999f, 1.0f); }
  for (var r = 0u; r < p.passes; r++) {
    for (var j = g.x; j < p.scratch_len; j += threads) { scratch[j] = scratch[j] * 3u + 1u; }
  }
  for (var i = g.x; i < p.n; i += threads) { data[i] = data[i] + 1u; }
  // x stays positive: never taken, but the compiler cannot drop the loop.
  if (x == -1.0f) { data[0] = 0u; }
}`,
  workgroupSize: [WORKGROUP, 1, 1],
  bindings: [
    { binding: 0, name: 'params', kind: 'uniform' },
    { binding: 1, name: 'data', kind: 'storage' },
    { binding: 2, name: 'scratch', kind: 'storage' },
  ],
  workgroupStorageBytes: 0,
};

/** How heavy the kernel is: FMA iterations per thread, or passes over the scratch buffer. */
export interface KernelLoad {
  kind: SyntheticKind;
  workgroups: number;
  /** compute: FMAs per thread. */
  iters: number;
  /** memory: passes over the scratch buffer. */
  passes: number;
  scratchBytes: number;
}

/** The input every task of one length uploads: element i is a hash of i. */
export function syntheticInput(elements: number): Uint32Array {
  const a = new Uint32Array(elements);
  for (let i = 0; i < elements; i++) a[i] = Math.imul(i, 2654435761) >>> 0;
  return a;
}

/** Index of the first element that is not input + 1, or -1. */
export function firstWrong(input: Uint32Array, output: Uint32Array): number {
  if (output.length !== input.length) return 0;
  for (let i = 0; i < input.length; i++) if (output[i] !== (input[i] + 1) >>> 0) return i;
  return -1;
}

const scratches = new WeakMap<WebGpuDevice, Promise<GPUBuffer>>();

function scratchOf(device: WebGpuDevice, bytes: number): Promise<GPUBuffer> {
  let s = scratches.get(device);
  if (s === undefined) {
    s = device.runtime.createBuffer('synthetic scratch', bytes, 'storage');
    scratches.set(device, s);
  }
  return s;
}

/** One synthetic task: download `input` (until it is on the device), run the kernel, read the array back. */
export function syntheticTask(input: Uint32Array, load: KernelLoad): Task<WebGpuDevice, GPUBuffer, Uint32Array> {
  const params = new Uint32Array([input.length, load.kind === 'compute' ? load.iters : 0, load.scratchBytes / 4, load.kind === 'memory' ? load.passes : 0]);
  return {
    download: async (device) => {
      const data = await device.upload('synthetic data', input);
      await device.flush();
      return data;
    },
    kernel: async (device, data) => {
      const scratch = await scratchOf(device, load.scratchBytes);
      await device.run((batch) => batch.dispatch(kernel, { buffers: { data, scratch }, params, workgroups: [load.workgroups] }), `synthetic ${load.kind}`);
    },
    readback: (device, data) => device.readback(data, Uint32Array),
    release: (_device, data) => data.destroy(),
  };
}

/** Input of the 'bench-synthetic' executors: the array, the kernel's load, and the task's slot in its pass. */
export interface SyntheticInput {
  readonly input: Uint32Array;
  readonly load: KernelLoad;
  /** The task's index in its pass: on CUDA, the pinned host array its result is read into. */
  readonly slot: number;
}

registerExecutor(
  'bench-synthetic',
  taskExecutor(({ input, load }: SyntheticInput) => syntheticTask(input, load)),
);

/**
 * {@link syntheticTask} on any device — a worker process's GPU (the array crosses the process boundary), or a
 * CUDA device (synthetic-cuda.ts) — as task `slot` of its pass.
 */
export function portableSyntheticTask(input: Uint32Array, load: KernelLoad, slot = 0): Task<ExecutorDevice, number, Uint32Array> {
  return portableTask<Uint32Array>('bench-synthetic', { input, load, slot } satisfies SyntheticInput);
}
