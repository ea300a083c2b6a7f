import type { KernelBinding } from '../render/bindings.js';
import type { KernelSpec } from '../spec/kernel-spec.js';

/** What the generator needs to know about an op besides its template. */
export interface OpInfo<S extends KernelSpec> {
  /** Template path under templates/<target>/, without the extension. */
  readonly template: string;
  bindings(spec: S): KernelBinding[];
  /** Values the template reads, beyond the common ones. */
  view(spec: S): Record<string, unknown>;
  workgroupStorageBytes(spec: S): number;
  /** Workgroups to dispatch for a problem of size n (FW: the padded order; SpMV: the rows). */
  grid(spec: S, n: number): [number, number, number];
  /** Invocations per workgroup [x, y]. */
  workgroupSize(spec: S): [number, number];
}

/** The uniform parameter block every kernel binds first. */
export const PARAMS_BINDING = { name: 'params', kind: 'uniform', element: 'params' } as const;
