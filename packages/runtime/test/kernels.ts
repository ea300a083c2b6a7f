import type { ComputeKernel } from '../src/index.js';

/** Adds `params.k` to the first `params.n` elements of `x`. */
export function addK(id = 'test_add_k_u32'): ComputeKernel {
  return {
    id,
    name: `add_k_u32__${id}`,
    entryPoint: 'main',
    source: `struct Params { k: u32, n: u32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> x: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  if (gid.x < params.n) {
    x[gid.x] = x[gid.x] + params.k;
  }
}
`,
    workgroupSize: [64, 1, 1],
    bindings: [
      { binding: 0, name: 'params', kind: 'uniform' },
      { binding: 1, name: 'x', kind: 'storage' },
    ],
    workgroupStorageBytes: 0,
  };
}

/** `out[i] = a[i] * 2` with no parameter block: binding order differs from declaration order on purpose. */
export const doubleInto: ComputeKernel = {
  id: 'test_double_into_f32',
  name: 'double_into_f32',
  entryPoint: 'main',
  source: `@group(0) @binding(1) var<storage, read_write> out: array<f32>;
@group(0) @binding(0) var<storage, read> a: array<f32>;

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  if (gid.x < arrayLength(&a)) {
    out[gid.x] = a[gid.x] * 2.0;
  }
}
`,
  workgroupSize: [32, 1, 1],
  bindings: [
    { binding: 0, name: 'a', kind: 'read-only-storage' },
    { binding: 1, name: 'out', kind: 'storage' },
  ],
  workgroupStorageBytes: 0,
};

/** A kernel whose WGSL has a syntax error on line 3. */
export const brokenSyntax: ComputeKernel = {
  id: 'test_broken_syntax',
  name: 'broken__syntax',
  entryPoint: 'main',
  source: `@group(0) @binding(0) var<storage, read_write> x: array<u32>;
@compute @workgroup_size(1)
fn main( {
  x[0] = 1u;
}
`,
  workgroupSize: [1, 1, 1],
  bindings: [{ binding: 0, name: 'x', kind: 'storage' }],
  workgroupStorageBytes: 0,
};
