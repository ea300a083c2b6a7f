import type { KernelSpec } from '@semiforge/codegen';

/**
 * One dispatch of a product. Its kernel's bindings are filled by name from the arrays, the scratch
 * buffers and the operands x, y, mask; `bind` renames where a binding takes another buffer (a first
 * pass that writes partial sums binds `y` to a scratch buffer).
 */
export interface SpmvStep {
  readonly spec: KernelSpec;
  readonly params: Uint32Array;
  /** Rows (or items) the step covers: the grid comes from codegen's `dispatchGrid(spec, rows)`. */
  readonly rows: number;
  readonly bind?: Readonly<Record<string, string>>;
}

/** The device limit a layout checks before it allocates padded arrays (sell, fold). */
export type BindingLimits = Pick<GPUSupportedLimits, 'maxStorageBufferBindingSize'>;

/**
 * A matrix laid out for one format: what is uploaded once, the scratch space a product needs, and the
 * dispatches of one product in order. Each format has one file in this folder that builds it.
 */
export interface SpmvLayout {
  /** Arrays uploaded once, by buffer name. */
  readonly arrays: Readonly<Record<string, ArrayBufferView>>;
  /** Scratch buffers by name and size in bytes (carries, partial sums), kept on the GPU between products. */
  readonly scratch: Readonly<Record<string, number>>;
  readonly steps: readonly SpmvStep[];
}
