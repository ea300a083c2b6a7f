import type { ComputeKernel } from '@semiforge/runtime';
import type { Task } from '../src/backend.js';
import { taskExecutor } from '../src/executor.js';
import type { WebGpuDevice } from '../src/webgpu-backend.js';

/** c = a + b over u32, a small kernel for scheduler tests. */
export const vectorAdd: ComputeKernel = {
  id: 'scheduler_test_vector_add_u32',
  name: 'scheduler_test_vector_add_u32',
  entryPoint: 'main',
  source: `struct P { n: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> a: array<u32>;
@group(0) @binding(2) var<storage, read> b: array<u32>;
@group(0) @binding(3) var<storage, read_write> c: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3u) {
  if (g.x < p.n) { c[g.x] = a[g.x] + b[g.x]; }
}`,
  workgroupSize: [64, 1, 1],
  bindings: [
    { binding: 0, name: 'params', kind: 'uniform' },
    { binding: 1, name: 'a', kind: 'read-only-storage' },
    { binding: 2, name: 'b', kind: 'read-only-storage' },
    { binding: 3, name: 'c', kind: 'storage' },
  ],
  workgroupStorageBytes: 0,
};

/** The same kernel with a WGSL type error: it fails shader validation. */
export const brokenAdd: ComputeKernel = {
  ...vectorAdd,
  id: 'scheduler_test_broken_add',
  name: 'scheduler_test_broken_add',
  source: vectorAdd.source.replace('a[g.x] + b[g.x]', 'a[g.x] + 1.5f'),
};

export interface AddInput {
  a: Uint32Array;
  b: Uint32Array;
}

interface AddState {
  a: GPUBuffer;
  b: GPUBuffer;
  c: GPUBuffer;
  n: number;
}

export function addInput(seed: number, n: number): AddInput {
  const a = new Uint32Array(n);
  const b = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    a[i] = (seed * 7919 + i * 31) % 100_003;
    b[i] = (seed * 104_729 + i * 17) % 99_991;
  }
  return { a, b };
}

export function addReference({ a, b }: AddInput): Uint32Array {
  return a.map((x, i) => (x + b[i]) >>> 0);
}

export function addTask(input: AddInput, kernel: ComputeKernel = vectorAdd): Task<WebGpuDevice, AddState, Uint32Array> {
  const n = input.a.length;
  return {
    download: async (device) => ({
      a: await device.upload('a', input.a),
      b: await device.upload('b', input.b),
      c: await device.runtime.createBuffer('c', n * 4, 'storage'),
      n,
    }),
    kernel: async (device, s) => {
      await device.run((batch) =>
        batch.dispatch(kernel, { buffers: { a: s.a, b: s.b, c: s.c }, params: new Uint32Array([n]), workgroups: [Math.ceil(n / 64)] }),
      );
    },
    readback: (device, s) => device.readback(s.c, Uint32Array),
    release: (_device, s) => {
      for (const buffer of [s.a, s.b, s.c]) buffer.destroy();
    },
  };
}

/** The vector add as an executor, for tasks that run in worker processes (registered by `worker-entry.ts`). */
export const addExecutor = taskExecutor((input: AddInput) => addTask(input));
