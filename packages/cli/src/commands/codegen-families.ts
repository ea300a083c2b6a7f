import { planApsp } from '@semiforge/algorithms';
import {
  FW_KERNEL_OPS, getSemiring, SPMV_KERNEL_OPS, VECTOR_KERNEL_OPS, type ElementType, type FwKernelSpec, type FwOp, type KernelOp, type KernelSpec,
  type Layout, type SpmvKernelSpec, type SpmvReduction, type Target, type VectorKernelSpec,
} from '@semiforge/codegen';

/** The shape flags of `semiforge codegen`, each read by one family (commander's camelCase keys). */
export interface FamilyShapeFlags {
  /** FW */
  readonly tile?: number;
  readonly unroll?: number;
  readonly layout?: Layout;
  readonly workgroup?: readonly [number, number];
  readonly successors?: boolean;
  /** SpMV */
  readonly rows?: number;
  readonly lanes?: number;
  readonly reduction?: SpmvReduction;
  readonly accumulate?: boolean;
  readonly masked?: boolean;
  /** vector */
  readonly workgroupSize?: number;
}

/** The fields every spec has, as the flags (or the family's defaults) give them. */
export interface CommonFields {
  readonly semiring: string;
  readonly type: ElementType;
  readonly target: Target;
}

/**
 * How `semiforge codegen` builds the spec of one family's op from flags: the flags it reads and the defaults
 * of the rest. A family without an entry still prints, from `--set FIELD=VALUE` alone.
 */
export interface FamilyFlags {
  readonly ops: readonly KernelOp[];
  /** Its flags; the other families' are refused rather than ignored. */
  readonly flags: readonly (keyof FamilyShapeFlags)[];
  /** The semiring when `--semiring` is not given. */
  readonly semiring: string;
  /** Ops whose spec fixes semiring and type (the defaults then, so that `--op X` alone works). */
  readonly fixed?: Partial<Record<KernelOp, { readonly semiring: string; readonly type: ElementType }>>;
  spec(op: KernelOp, flags: FamilyShapeFlags, common: CommonFields): KernelSpec;
}

const FW: FamilyFlags = {
  ops: FW_KERNEL_OPS,
  flags: ['tile', 'unroll', 'layout', 'workgroup', 'successors'],
  semiring: 'min-plus',
  // Unset shapes take the values `apsp` uses for the same tile, so that `codegen --op fw_update --tile 32`
  // prints the kernel `apsp --tile 32` runs (the heuristics do not depend on the semiring).
  spec(op, flags, common) {
    const fwOp = op as FwOp;
    const layout = flags.layout ?? 'row-major';
    const tile = flags.tile ?? 64;
    const plan = planApsp({ method: fwOp === 'fw_plain' ? 'plain' : layout === 'bdl' ? 'b' : 'a', tile, unroll: flags.unroll, successors: flags.successors === true });
    const shapes: Partial<Record<FwOp, FwKernelSpec>> = plan.plain
      ? { fw_plain: plan.plain }
      : { fw_pivot: plan.blocked!.pivot, fw_panel_row: plan.blocked!.panelRow, fw_panel_col: plan.blocked!.panelCol, fw_update: plan.blocked!.update };
    const shape = shapes[fwOp]!;
    return { ...shape, ...common, op: fwOp, layout, tile, workgroup: flags.workgroup ?? shape.workgroup };
  },
};

const SPMV: FamilyFlags = {
  ops: SPMV_KERNEL_OPS,
  flags: ['rows', 'lanes', 'reduction', 'accumulate', 'masked'],
  semiring: 'plus-times',
  // 256 invocations a workgroup as the SpMV plans use; 8 lanes a row for the vector kernel (lavapipe's subgroup).
  spec(op, flags, common) {
    const lanes = flags.lanes ?? (op === 'spmv_csr_vector' ? 8 : 1);
    return {
      ...common,
      op: op as SpmvKernelSpec['op'],
      rowsPerWorkgroup: flags.rows ?? Math.max(1, 256 / lanes),
      lanesPerRow: lanes,
      ...(flags.reduction === undefined ? {} : { reduction: flags.reduction }),
      accumulate: flags.accumulate === true,
      masked: flags.masked === true,
    } as SpmvKernelSpec;
  },
};

const VECTOR: FamilyFlags = {
  ops: VECTOR_KERNEL_OPS,
  flags: ['workgroupSize'],
  semiring: 'plus-times',
  fixed: { vec_gather: { semiring: 'or-and', type: 'u32' } },
  spec: (op, flags, common): VectorKernelSpec => ({ ...common, op: op as VectorKernelSpec['op'], workgroupSize: flags.workgroupSize ?? 256 }),
};

/** The families the CLI has flags for. A new family adds an entry here (and its flags in main.ts), or relies on --set. */
export const FAMILY_FLAGS: readonly FamilyFlags[] = [FW, SPMV, VECTOR];

/** Any other family: the common fields only; `--set` gives the rest. */
const GENERIC: FamilyFlags = { ops: [], flags: [], semiring: 'plus-times', spec: (op, _flags, common) => ({ ...common, op }) as KernelSpec };

/** The CLI entry of an op's family. */
export function familyFlagsOf(op: KernelOp): FamilyFlags {
  return FAMILY_FLAGS.find((f) => f.ops.includes(op)) ?? GENERIC;
}

/** The element type when `--type` is not given: f32 where the semiring has it, else its first (u32 for or-and). */
export function defaultType(semiring: string): ElementType {
  const types = getSemiring(semiring).types;
  return types.includes('f32') ? 'f32' : types[0];
}

/** Every family's shape flags, for refusing those of other families. */
export const SHAPE_FLAGS: readonly (keyof FamilyShapeFlags)[] = [...new Set(FAMILY_FLAGS.flatMap((f) => f.flags))];
