/**
 * The runtime's view of a compiled kernel. It is structural on purpose: the runtime does not import
 * `@semiforge/codegen`, whose generated kernel objects satisfy these interfaces as they are.
 */

/** One `@group(0)` binding of a kernel. */
export interface KernelBinding {
  binding: number;
  name: string;
  /** `uniform` is the per-dispatch parameter block (at most one per kernel). */
  kind: 'uniform' | 'storage' | 'read-only-storage';
}

/**
 * A WGSL compute kernel as the runtime needs it.
 *
 * @example
 * ```ts
 * const addK: ComputeKernel = {
 *   id: 'add_k_u32', name: 'add_k_u32', entryPoint: 'main',
 *   source: `struct P { k: u32, n: u32 }
 *     @group(0) @binding(0) var<uniform> p: P;
 *     @group(0) @binding(1) var<storage, read_write> x: array<u32>;
 *     @compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3u) {
 *       if (g.x < p.n) { x[g.x] += p.k; }
 *     }`,
 *   workgroupSize: [64, 1, 1],
 *   bindings: [{ binding: 0, name: 'params', kind: 'uniform' }, { binding: 1, name: 'x', kind: 'storage' }],
 *   workgroupStorageBytes: 0,
 * };
 * ```
 */
export interface ComputeKernel {
  /** Stable id (a hash of the spec); the pipeline cache key. */
  id: string;
  /** Readable name, e.g. `fw_update__min_plus_f32__row_major__t32u4__ab12cd34`. */
  name: string;
  /** WGSL source. */
  source: string;
  entryPoint: string;
  workgroupSize: readonly [number, number, number];
  /** All in `@group(0)`. */
  bindings: readonly KernelBinding[];
  /** Bytes of `var<workgroup>` storage the kernel declares. */
  workgroupStorageBytes: number;
}
