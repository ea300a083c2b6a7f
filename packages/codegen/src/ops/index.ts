import { isSpmvSpec, type KernelSpec } from '../spec/kernel-spec.js';
import { FW_OPS } from './fw-ops.js';
import type { OpInfo } from './op-info.js';
import { SPMV_OPS } from './spmv-ops.js';

/** The op table entry of a spec, typed for its family. */
export function opInfo(spec: KernelSpec): OpInfo<KernelSpec> {
  return (isSpmvSpec(spec) ? SPMV_OPS[spec.op] : FW_OPS[spec.op]) as OpInfo<KernelSpec>;
}
