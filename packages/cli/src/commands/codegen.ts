import { CATALOG } from '@semiforge/algorithms';
import { generateKernel, getSemiring, kernelIdentity, type ElementType, type KernelOp, type KernelSpec, type Target } from '@semiforge/codegen';
import { UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { defaultType, familyFlagsOf, SHAPE_FLAGS, type FamilyShapeFlags } from './codegen-families.js';

/** `semiforge codegen` flags after parsing. */
export interface CodegenFlags extends FamilyShapeFlags {
  readonly op: KernelOp;
  readonly target: Target;
  /** Default: the family's (min-plus for FW, plus-times otherwise). */
  readonly semiring?: string;
  /** Default: f32 where the semiring has it, else its first type. */
  readonly type?: ElementType;
  /** Spec fields set by `--set FIELD=VALUE`, applied last. */
  readonly set?: readonly SetField[];
  readonly name?: boolean;
  readonly list?: boolean;
  readonly json?: boolean;
}

/** One `--set FIELD=VALUE`. */
export type SetField = readonly [field: string, value: unknown];

const CMD = 'codegen';
const COMMON_FIELDS = ['op', 'semiring', 'type', 'target'];
const flagName = (key: string): string => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * Parses `--set FIELD=VALUE` (`sliceHeight=32`, `permuted=true`, `workgroup=[8,8]`): JSON where the value
 * reads as JSON (numbers, booleans, arrays), else the text.
 */
export function parseSetField(text: string, previous: readonly SetField[] = []): SetField[] {
  const m = /^([A-Za-z][A-Za-z0-9]*)=(.+)$/.exec(text.trim());
  if (!m) throw new UsageError(`--set ${text}: must be FIELD=VALUE, e.g. --set sliceHeight=32`, CMD);
  if (COMMON_FIELDS.includes(m[1])) throw new UsageError(`--set ${text}: give ${m[1]} with --${m[1]}`, CMD);
  let value: unknown;
  try {
    value = JSON.parse(m[2]);
  } catch {
    value = m[2];
  }
  return [...previous, [m[1], value]];
}

/**
 * The spec the flags describe: the family's flags over its defaults, then `--set` fields. Flags of another
 * family are refused, and so is a `--set` field the op's spec does not have, so that a typo never prints
 * some other kernel.
 */
export function specFromFlags(flags: CodegenFlags): KernelSpec {
  const family = familyFlagsOf(flags.op);
  const stray = SHAPE_FLAGS.find((k) => flags[k] !== undefined && !family.flags.includes(k));
  if (stray !== undefined) {
    const takes = family.flags.length ? `it takes ${family.flags.map(flagName).join(', ')}` : 'use --set FIELD=VALUE for its fields';
    throw new UsageError(`${flagName(stray)} does not apply to ${flags.op} (${takes})`, CMD);
  }
  const fixed = family.fixed?.[flags.op];
  const semiring = flags.semiring ?? fixed?.semiring ?? family.semiring;
  getSemiring(semiring); // SemiringError listing the known ones
  const built = family.spec(flags.op, flags, { semiring, type: flags.type ?? fixed?.type ?? defaultType(semiring), target: flags.target });
  const spec = { ...built, ...Object.fromEntries(flags.set ?? []) } as KernelSpec;
  const normal = kernelIdentity(spec).spec as unknown as Record<string, unknown>;
  for (const [field] of flags.set ?? []) {
    if (!(field in normal)) {
      throw new UsageError(`--set ${field}: ${flags.op} has no field '${field}' (its fields: ${Object.keys(normal).filter((k) => !COMMON_FIELDS.includes(k)).join(', ')})`, CMD);
    }
  }
  return spec;
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
