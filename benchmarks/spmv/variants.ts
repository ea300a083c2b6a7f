// What runs on each matrix: every kernel format under plus-times (the metric), the automatic choice under
// plus-times and min-plus (the same kernels under an idempotent semiring, as SSSP uses them), and with
// `--sweep` the tuning knobs of the load-balanced formats, so that the defaults come from measurements;
// `--reorder` runs the automatic choice once per column-renumbering setting (auto, degree, none).
import { SPMV_FORMATS, type SpmvFormat, type SpmvKernelOptions, type SpmvReorder } from '@semiforge/algorithms';

/** Knobs a variant may set beyond the format. */
export type SpmvKnobs = Pick<
  SpmvKernelOptions,
  'reduction' | 'lanesPerRow' | 'threadsPerWorkgroup' | 'itemsPerThread' | 'sliceHeight' | 'sigma' | 'foldWidth' | 'unroll' | 'rowsPerInvocation' | 'reorder' | 'hotColumns' | 'localFold'
>;

export interface SpmvVariant extends SpmvKnobs {
  readonly semiring: 'plus-times' | 'min-plus';
  readonly format: SpmvFormat | 'auto';
}

const SHORT: Record<keyof SpmvKnobs, string> = {
  reduction: '',
  lanesPerRow: 'lanes',
  threadsPerWorkgroup: 'threads',
  itemsPerThread: 'items',
  sliceHeight: 'C',
  sigma: 'sigma',
  foldWidth: 'w',
  unroll: 'u',
  rowsPerInvocation: 'x',
  reorder: 'reorder',
  hotColumns: 'hot',
  localFold: 'local',
};

/** `csr-vector/subgroup`, `sell/C=64,sigma=1`: the format and the knobs it sets. */
export function variantLabel(v: SpmvVariant): string {
  const knobs = (Object.keys(SHORT) as (keyof SpmvKnobs)[]).filter((k) => k !== 'reduction' && v[k] !== undefined).map((k) => `${SHORT[k]}=${v[k]}`);
  return `${v.format}${v.reduction ? `/${v.reduction}` : ''}${knobs.length ? `/${knobs.join(',')}` : ''}`;
}

const plus = 'plus-times' as const;

/**
 * The variant a label names (the inverse of {@link variantLabel}), under plus-times: `--variant` runs just these.
 *
 * @example
 * parseVariantLabel('fold/w=128,u=4'); // { semiring: 'plus-times', format: 'fold', foldWidth: 128, unroll: 4 }
 */
export function parseVariantLabel(label: string): SpmvVariant {
  const slash = label.indexOf('/');
  const head = slash < 0 ? label : label.slice(0, slash);
  const knobs = slash < 0 ? '' : label.slice(slash + 1);
  if (!(SPMV_FORMATS as readonly string[]).includes(head) && head !== 'auto') throw new Error(`--variant ${label}: unknown format '${head}' (expected auto or one of ${SPMV_FORMATS.join(', ')})`);
  const variant: Record<string, unknown> = { semiring: plus, format: head };
  for (const part of knobs ? knobs.split(/[/,]/) : []) {
    if (part === 'subgroup' || part === 'workgroup') {
      variant.reduction = part;
      continue;
    }
    const [short, value] = part.split('=');
    const knob = (Object.keys(SHORT) as (keyof SpmvKnobs)[]).find((k) => k !== 'reduction' && SHORT[k] === short);
    if (!knob || value === undefined) throw new Error(`--variant ${label}: unknown knob '${part}' (expected one of ${Object.values(SHORT).filter(Boolean).map((k) => `${k}=…`).join(', ')})`);
    if (knob === 'reorder') variant.reorder = value;
    else if (knob === 'localFold') {
      if (value !== 'true' && value !== 'false') throw new Error(`--variant ${label}: ${short}=${value} is not true or false`);
      variant.localFold = value === 'true';
    } else {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`--variant ${label}: ${short}=${value} is not a positive integer`);
      variant[knob] = n;
    }
  }
  return variant as unknown as SpmvVariant;
}

/** The knobs of a variant, as `SpmvRunner.create` takes them. */
export function variantKnobs(v: SpmvVariant): SpmvKnobs {
  const { semiring: _semiring, format: _format, ...knobs } = v;
  return knobs;
}


/**
 * The knob values `--sweep` adds: the candidates around what the first H100 sweep (rmat-s22) favoured — fold
 * with pieces of 64 (188 GFLOP/s against 161 at the mean, 32), csr-vector with 8–16 lanes rather than 32 (178
 * against 152), merge with 512 invocations (168) — plus the regular formats' workgroup sizes, and ELL and fold
 * with 2–8 slots a loop step (`unroll`), and fold with 4 rows an invocation (vec4 loads, `rowsPerInvocation`).
 */
const SWEEP: SpmvVariant[] = [
  { semiring: plus, format: 'csr-vector', reduction: 'subgroup', lanesPerRow: 4 },
  { semiring: plus, format: 'csr-vector', reduction: 'subgroup', lanesPerRow: 8 },
  { semiring: plus, format: 'csr-vector', reduction: 'subgroup', lanesPerRow: 16 },
  { semiring: plus, format: 'csr-merge', itemsPerThread: 5 },
  { semiring: plus, format: 'csr-merge', itemsPerThread: 9, threadsPerWorkgroup: 512 },
  { semiring: plus, format: 'csr-merge', reduction: 'workgroup' },
  { semiring: plus, format: 'fold', foldWidth: 64 },
  { semiring: plus, format: 'fold', foldWidth: 128 },
  { semiring: plus, format: 'fold', foldWidth: 256 },
  // Longer pieces: on the H200 (R-MAT s22) 256 beat 128 (1.065 against 1.087 ms), on the H100 it lost by 8%.
  { semiring: plus, format: 'fold', foldWidth: 512 },
  { semiring: plus, format: 'fold', foldWidth: 1024 },
  { semiring: plus, format: 'fold', foldWidth: 128, sliceHeight: 64 },
  { semiring: plus, format: 'fold', foldWidth: 128, sigma: 65536 },
  { semiring: plus, format: 'sell', sigma: 1 },
  { semiring: plus, format: 'sell', sliceHeight: 64 },
  { semiring: plus, format: 'csr-scalar', threadsPerWorkgroup: 128 },
  { semiring: plus, format: 'ell', threadsPerWorkgroup: 128 },
  // Several slots a loop step: a step's index and value loads in flight together (same bits as one a step).
  { semiring: plus, format: 'ell', unroll: 2 },
  { semiring: plus, format: 'ell', unroll: 4 },
  { semiring: plus, format: 'fold', unroll: 2 },
  { semiring: plus, format: 'fold', unroll: 4 },
  { semiring: plus, format: 'fold', foldWidth: 64, unroll: 4 },
  { semiring: plus, format: 'fold', foldWidth: 128, unroll: 8 },
  // Rows in degree order over windows of 2^20 (nearly the whole of R-MAT s22's 4M), or in their own order.
  { semiring: plus, format: 'fold', foldWidth: 64, sigma: 2 ** 20, unroll: 4 },
  { semiring: plus, format: 'fold', sigma: 1, unroll: 4 },
  // Columns renumbered by degree (what auto does on power-law rows), and with the rows in length order over the
  // whole matrix as well (σ = 2^22, R-MAT s22's rows): how much of rmat-s22-by-degree's gain the columns alone give.
  { semiring: plus, format: 'fold', reorder: 'degree' },
  { semiring: plus, format: 'fold', sigma: 2 ** 20, reorder: 'degree' },
  // Only the hottest columns' x entries copied together before each product (x read in sequence otherwise).
  { semiring: plus, format: 'fold', reorder: 'hot', hotColumns: 2 ** 13 },
  { semiring: plus, format: 'fold', reorder: 'hot', hotColumns: 2 ** 15 },
  { semiring: plus, format: 'fold', reorder: 'hot', hotColumns: 2 ** 17 },
  { semiring: plus, format: 'fold', sigma: 2 ** 20, reorder: 'hot', hotColumns: 2 ** 15 },
  { semiring: plus, format: 'fold', threadsPerWorkgroup: 128, unroll: 4 },
  // Four stored rows an invocation, a slot of theirs one 16-byte load of indices and one of values.
  { semiring: plus, format: 'fold', rowsPerInvocation: 4 },
  { semiring: plus, format: 'fold', foldWidth: 64, rowsPerInvocation: 4, threadsPerWorkgroup: 128 },
  { semiring: plus, format: 'fold', sliceHeight: 128, rowsPerInvocation: 4 },
];

/** The reorder settings `--reorder` accepts. */
export const REORDERS: readonly SpmvReorder[] = ['auto', 'degree', 'hot', 'none'];

/**
 * csr-stream once per row-block shape: each of `threads` (invocations a workgroup) with each of `items` (nonzeros
 * an invocation), the library's default where a list is absent; a shape whose workgroup memory codegen refuses
 * fails when its runner is created and is skipped with the reason.
 *
 * @example
 * streamVariants([8, 16], undefined); // csr-stream/items=8, csr-stream/items=16 (256 invocations each)
 */
export function streamVariants(items: readonly number[] | undefined, threads: readonly number[] | undefined): SpmvVariant[] {
  for (const [flag, list] of [['--stream-items', items], ['--stream-threads', threads]] as const) {
    for (const k of list ?? []) if (!(Number.isInteger(k) && k >= 1)) throw new Error(`${flag}: ${k} is not a positive integer`);
  }
  return (threads ?? [undefined]).flatMap((t) =>
    (items ?? [undefined]).map((i): SpmvVariant => ({ semiring: plus, format: 'csr-stream', ...(t === undefined ? {} : { threadsPerWorkgroup: t }), ...(i === undefined ? {} : { itemsPerThread: i }) })),
  );
}

/**
 * The suite's variants. `reorders`: the automatic choice under plus-times once per setting (default just
 * 'none', the library's default; `auto,none` times the same product with and without renumbered columns);
 * 'hot' once per count of `hotColumns` (default: the library's). `streamItems`, `streamThreads`: the csr-stream
 * shapes ({@link streamVariants}).
 */
export function spmvVariants(options: {
  minPlus: boolean;
  sweep: boolean;
  reorders?: readonly SpmvReorder[];
  hotColumns?: readonly number[];
  streamItems?: readonly number[];
  streamThreads?: readonly number[];
}): SpmvVariant[] {
  const reorders = options.reorders ?? ['none'];
  for (const r of reorders) if (!REORDERS.includes(r)) throw new Error(`--reorder: unknown setting '${r}' (expected ${REORDERS.join(', ')})`);
  const hot = options.hotColumns ?? [undefined];
  for (const k of hot) if (k !== undefined && !(Number.isInteger(k) && k >= 1)) throw new Error(`--hot-columns: ${k} is not a positive integer`);
  const auto = (reorder: SpmvReorder): SpmvVariant[] =>
    reorder === 'none'
      ? [{ semiring: plus, format: 'auto' }]
      : reorder === 'hot'
        ? hot.map((k): SpmvVariant => ({ semiring: plus, format: 'auto', reorder, ...(k === undefined ? {} : { hotColumns: k }) }))
        : [{ semiring: plus, format: 'auto', reorder }];
  return [
    ...reorders.flatMap(auto),
    { semiring: plus, format: 'csr-scalar' },
    { semiring: plus, format: 'csr-vector', reduction: 'subgroup' },
    { semiring: plus, format: 'csr-vector', reduction: 'workgroup' },
    { semiring: plus, format: 'ell' },
    { semiring: plus, format: 'csr-merge' },
    { semiring: plus, format: 'sell' },
    { semiring: plus, format: 'fold' },
    ...streamVariants(options.streamItems, options.streamThreads),
    ...(options.sweep ? SWEEP : []),
    ...(options.minPlus ? [{ semiring: 'min-plus' as const, format: 'auto' as const }] : []),
  ];
}
