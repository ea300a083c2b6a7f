import { CATALOG, planApsp } from '@semiforge/algorithms';
import { generateKernel, getSemiring, kernelIdentity, type ElementType, type FwKernelSpec, type FwOp, type Layout, type Target } from '@semiforge/codegen';
import type { CliIo } from '../io.js';

/** `semiforge codegen` flags after parsing. */
export interface CodegenFlags {
  readonly op: FwOp;
  readonly target: Target;
  readonly semiring: string;
  readonly type: ElementType;
  readonly tile: number;
  readonly unroll?: number;
  readonly layout: Layout;
  readonly workgroup?: readonly [number, number];
  readonly successors?: boolean;
  readonly name?: boolean;
  readonly list?: boolean;
  readonly json?: boolean;
}

/**
 * The spec the flags describe. Unset shape flags (unroll, workgroup) take the values `apsp` would use for the
 * same tile, so `semiforge codegen --op fw_update --tile 32` prints the kernel `semiforge apsp --tile 32` runs.
 */
export function specFromFlags(flags: CodegenFlags): FwKernelSpec {
  getSemiring(flags.semiring); // SemiringError listing the known ones
  // The shape heuristics do not depend on the semiring, so plan with min-plus (plus-times has no FW plan).
  const plan = planApsp({
    method: flags.op === 'fw_plain' ? 'plain' : flags.layout === 'bdl' ? 'b' : 'a',
    tile: flags.tile,
    unroll: flags.unroll,
    successors: flags.successors === true,
  });
  const shapes: Partial<Record<FwOp, FwKernelSpec>> = plan.plain
    ? { fw_plain: plan.plain }
    : { fw_pivot: plan.blocked!.pivot, fw_panel_row: plan.blocked!.panelRow, fw_panel_col: plan.blocked!.panelCol, fw_update: plan.blocked!.update };
  const shape = shapes[flags.op]!;
  return {
    ...shape,
    op: flags.op,
    semiring: flags.semiring,
    type: flags.type,
    layout: flags.layout,
    target: flags.target,
    tile: flags.tile,
    workgroup: flags.workgroup ?? shape.workgroup,
  };
}

function listCatalog(flags: CodegenFlags, io: CliIo): number {
  const kernels = Object.values(CATALOG).sort((a, b) => a.name.localeCompare(b.name));
  if (flags.json) {
    io.stdout.write(`${JSON.stringify(kernels.map(({ id, name, spec }) => ({ id, name, spec })), null, 2)}\n`);
  } else {
    io.stdout.write(kernels.map((k) => `${k.name}\n`).join(''));
    io.stderr.write(`${kernels.length} kernels in the ahead-of-time catalog; other specs are generated when used\n`);
  }
  return 0;
}

/** `semiforge codegen`: prints a kernel's source (or name, or the catalog) to stdout. */
export function runCodegen(flags: CodegenFlags, io: CliIo): number {
  if (flags.list) return listCatalog(flags, io);
  const spec = specFromFlags(flags);
  if (flags.name) {
    const { name } = kernelIdentity(spec);
    io.stdout.write(`${name}\n`);
    return 0;
  }
  const kernel = generateKernel(spec);
  if (flags.json) {
    const { source, ...rest } = kernel;
    io.stdout.write(`${JSON.stringify({ ...rest, inCatalog: kernel.id in CATALOG, source }, null, 2)}\n`);
    return 0;
  }
  io.stdout.write(kernel.source.endsWith('\n') ? kernel.source : `${kernel.source}\n`);
  const where = kernel.id in CATALOG ? 'in the catalog' : 'generated now';
  io.stderr.write(`${kernel.name}: workgroup ${kernel.workgroupSize.join('×')}, ${kernel.workgroupStorageBytes} bytes of workgroup memory, ${where}\n`);
  return 0;
}
