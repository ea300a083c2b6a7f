import type { ComputeKernel } from '@semiforge/runtime';

/**
 * PageRank's two small kernels besides the SpMV product. They are fixed WGSL rather than codegen specs:
 * they are f32-only and semiring-free (a sum and an affine update), so a template family would add a spec
 * type, templates and catalog entries for two sources that never vary. Move them into codegen when a
 * second algorithm needs a generic reduction.
 */

/** Invocations per workgroup of both kernels, and the most workgroups a sum pass uses (so pass 2 is one workgroup). */
export const PAGERANK_WORKGROUP = 256;

/**
 * dst[out_index + workgroup] = Σ src[i] over the workgroup's grid-stride share of 0..n.
 * The residual is a two-pass reduction (≤ 256 workgroup partials, then one workgroup over them) rather than
 * atomics on u32 fixed point: f32 partials keep the full relative precision of tiny residuals (fixed point
 * would need a scale that fits both the first step's L1 ≈ 1 and 1e-7), and the fixed order of the sums
 * makes runs bit-reproducible.
 */
export const SUM_KERNEL: ComputeKernel = {
  id: 'pagerank_sum_f32_w256',
  name: 'pagerank_sum_f32_w256',
  entryPoint: 'main',
  source: /* wgsl */ `// pagerank_sum_f32_w256: written by hand in packages/algorithms/src/pagerank/pagerank.kernels.ts
struct Params { n: u32, out_index: u32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> src: array<f32>;
@group(0) @binding(2) var<storage, read_write> dst: array<f32>;
var<workgroup> part: array<f32, 256>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) groups: vec3u) {
  var acc = 0.0;
  for (var i = wid.x * 256u + lid; i < params.n; i += groups.x * 256u) {
    acc += src[i];
  }
  part[lid] = acc;
  workgroupBarrier();
  for (var s = 128u; s > 0u; s >>= 1u) {
    if (lid < s) {
      part[lid] += part[lid + s];
    }
    workgroupBarrier();
  }
  if (lid == 0u) {
    dst[params.out_index + wid.x] = part[0];
  }
}
`,
  workgroupSize: [PAGERANK_WORKGROUP, 1, 1],
  bindings: [
    { binding: 0, name: 'params', kind: 'uniform' },
    { binding: 1, name: 'src', kind: 'read-only-storage' },
    { binding: 2, name: 'dst', kind: 'storage' },
  ],
  workgroupStorageBytes: PAGERANK_WORKGROUP * 4,
};

/**
 * next = d · next + (1 − d · Σ next) · teleport, and delta = |next − previous|, where `next` enters holding
 * y = Pᵀ · previous and sums[0] = Σ y. With Σ previous = 1, 1 − d·Σy = (1 − d) + d · (dangling mass), so one
 * sum covers both the teleport and the dangling vertices, and it renormalises: Σ next = 1 whatever the
 * rounding of previous steps.
 */
export const UPDATE_KERNEL: ComputeKernel = {
  id: 'pagerank_update_f32_w256',
  name: 'pagerank_update_f32_w256',
  entryPoint: 'main',
  source: /* wgsl */ `// pagerank_update_f32_w256: written by hand in packages/algorithms/src/pagerank/pagerank.kernels.ts
struct Params { n: u32, damping: f32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> teleport: array<f32>;
@group(0) @binding(2) var<storage, read> previous: array<f32>;
@group(0) @binding(3) var<storage, read> sums: array<f32>;
@group(0) @binding(4) var<storage, read_write> next: array<f32>;
@group(0) @binding(5) var<storage, read_write> delta: array<f32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(num_workgroups) groups: vec3u) {
  let base = 1.0 - params.damping * sums[0];
  for (var i = gid.x; i < params.n; i += groups.x * 256u) {
    let r = params.damping * next[i] + base * teleport[i];
    delta[i] = abs(r - previous[i]);
    next[i] = r;
  }
}
`,
  workgroupSize: [PAGERANK_WORKGROUP, 1, 1],
  bindings: [
    { binding: 0, name: 'params', kind: 'uniform' },
    { binding: 1, name: 'teleport', kind: 'read-only-storage' },
    { binding: 2, name: 'previous', kind: 'read-only-storage' },
    { binding: 3, name: 'sums', kind: 'read-only-storage' },
    { binding: 4, name: 'next', kind: 'storage' },
    { binding: 5, name: 'delta', kind: 'storage' },
  ],
  workgroupStorageBytes: 0,
};
