import type { KernelOp, KernelSpec } from '../spec/kernel-spec.js';
import { BFS_FAMILY } from './bfs-family.js';
import { FW_FAMILY } from './fw-family.js';
import type { KernelFamily } from './kernel-family.js';
import { SPMV_FAMILY } from './spmv-family.js';
import { SSSP_FAMILY } from './sssp-family.js';
import { VECTOR_FAMILY } from './vector-family.js';

/** Every kernel family codegen knows; a new family adds its file and one entry here. */
const FAMILIES: readonly KernelFamily[] = [FW_FAMILY, SPMV_FAMILY, VECTOR_FAMILY, BFS_FAMILY, SSSP_FAMILY] as unknown as readonly KernelFamily[];

const BY_OP = new Map<string, KernelFamily>(FAMILIES.flatMap((f) => f.ops.map((op) => [op, f] as const)));

/** Every op of every family. */
export const KERNEL_OPS: readonly KernelOp[] = FAMILIES.flatMap((f) => f.ops);

/** The family an op belongs to, or undefined for an unknown op. */
export function familyOfOp(op: string): KernelFamily | undefined {
  return BY_OP.get(op);
}

/** The family of a spec whose op `validateSpec` has checked. */
export function familyOf(spec: KernelSpec): KernelFamily {
  const family = BY_OP.get(spec.op);
  if (!family) throw new Error(`codegen: no kernel family has op '${spec.op}'`);
  return family;
}
