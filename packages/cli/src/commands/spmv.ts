import { CudaSpmvRunner, isCudaDevice, SpmvRunner, spmvChecker, type AnyDevice, type SpmvFormat, type SpmvResult, type SpmvVerification } from '@semiforge/algorithms';
import type { ElementType } from '@semiforge/codegen';
import { writeTextFile, Xoshiro128ss, type Csr } from '@semiforge/graph-io';
import { openCommandDevice, thenDestroy, type BackendFlags } from '../command-device.js';
import { EXIT, writeFailure } from '../errors.js';
import type { CliIo } from '../io.js';
import { loadGraphInput, type GraphInputFlags } from '../graph/graph-input.js';
import { formatMs, table } from '../output/format.js';
import { checkOutputPath } from '../output/output-path.js';

/** What x holds: every entry 1, or uniform draws from `--seed` (f32 in [0, 1), integers 0..99). */
export const SPMV_X_KINDS = ['ones', 'random'] as const;

/** `semiforge spmv` flags after parsing (commander's camelCase keys). */
export interface SpmvFlags extends GraphInputFlags, BackendFlags {
  readonly semiring: string;
  readonly type?: ElementType;
  readonly format: SpmvFormat | 'auto';
  readonly x: (typeof SPMV_X_KINDS)[number];
  readonly runs: number;
  /** Where to write y, one row a line. */
  readonly output?: string;
  readonly verify?: boolean;
  readonly json?: boolean;
}

/** One timed product. */
export interface SpmvRun {
  /** GPU time (timestamps or CUDA events), or null where the device has none. */
  readonly gpuTimeMs: number | null;
  readonly wallTimeMs: number;
  /** 2 · nonzeros / time (GPU time when measured, else wall): one ⊗ and one ⊕ a nonzero. */
  readonly gflops: number;
}

/** The `--json` object of `semiforge spmv`. */
export interface SpmvSummary {
  readonly command: 'spmv';
  readonly matrix: string;
  readonly rows: number;
  readonly nonzeros: number;
  readonly semiring: string;
  readonly type: ElementType;
  /** The format that ran, and whether `auto` chose it. */
  readonly format: SpmvFormat;
  readonly chosen: boolean;
  readonly x: SpmvFlags['x'];
  readonly device: string;
  readonly runs: readonly SpmvRun[];
  /** Every product against the CPU reference (`--verify`), else null; the first row outside its bound when not ok. */
  readonly verification: SpmvVerification | null;
  readonly output: string | null;
}

const CMD = 'spmv';

/** x of `kind` for n columns, in the plan's element type. */
function vectorX(n: number, kind: SpmvFlags['x'], type: ElementType, seed: number): Float64Array {
  if (kind === 'ones') return new Float64Array(n).fill(1);
  const rng = Xoshiro128ss.fromSeed(seed);
  return Float64Array.from({ length: n }, () => (type === 'f32' ? Math.fround(rng.nextFloat()) : rng.nextBelow(100)));
}

/** One ⊗ and one ⊕ a nonzero, over `ms` (0 when nothing was timed). */
const gflopsOf = (nonzeros: number, ms: number) => (ms > 0 ? (2 * nonzeros) / (ms * 1e6) : 0);

function runOf(r: SpmvResult, nonzeros: number): SpmvRun {
  return { gpuTimeMs: r.gpuTimeMs ?? null, wallTimeMs: r.wallTimeMs, gflops: gflopsOf(nonzeros, r.gpuTimeMs ?? r.wallTimeMs) };
}

function summaryText(s: SpmvSummary): string {
  const gpu = s.runs.every((r) => r.gpuTimeMs !== null);
  const times = s.runs.map((r) => (gpu ? r.gpuTimeMs! : r.wallTimeMs)).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const rate = median > 0 ? `, ${gflopsOf(s.nonzeros, median).toFixed(1)} GFLOP/s` : '';
  const v = s.verification;
  const verified = v === null ? '' : `verified against the CPU: ${v.ok ? 'yes' : `NO: row ${v.row} is ${v.got}, the CPU has ${v.expected} (allowed difference ${v.bound})`}\n`;
  return (
    `spmv ${s.matrix}: ${s.rows} rows, ${s.nonzeros} nonzeros on ${s.device}\n` +
    `${s.format}${s.chosen ? ' (auto)' : ''}, ${s.semiring} ${s.type}, x ${s.x}, ${s.runs.length} product(s): median ${formatMs(median)} ${gpu ? 'GPU' : 'wall'} time${rate}\n` +
    verified +
    (s.output === null ? '' : `y written to ${s.output}\n`)
  );
}

async function multiplyRuns(device: AnyDevice, csr: Csr, flags: SpmvFlags) {
  const options = { semiring: flags.semiring, type: flags.type, format: flags.format };
  const runner = isCudaDevice(device) ? await CudaSpmvRunner.create(device, csr, options) : await SpmvRunner.create(device, csr, options);
  try {
    const x = vectorX(csr.n, flags.x, runner.plan.type, flags.seed);
    const results: SpmvResult[] = [];
    for (let k = 0; k < flags.runs; k++) results.push(await runner.run(x));
    return { x, results, plan: runner.plan };
  } finally {
    runner.destroy();
  }
}

/**
 * `semiforge spmv [FILE]`: y = A ⊗ x over a semiring on the GPU, --runs products with one upload of the matrix,
 * in the format `auto` picks from the rows (or --format). The runs go to stdout as a table (or one JSON object
 * with --json), the summary to stderr, y to --output. Returns 0, or {@link EXIT.verifyFailed} when --verify finds
 * a row outside its bound.
 */
export async function runSpmv(file: string | undefined, flags: SpmvFlags, io: CliIo): Promise<number> {
  const output = flags.output;
  if (output !== undefined) await checkOutputPath(output);
  const { csr, name } = await loadGraphInput(CMD, file, flags, io, { weights: true });
  const opened = await openCommandDevice(CMD, flags, io);
  const { x, results, plan } = await thenDestroy(opened, () => multiplyRuns(opened.device, csr, flags));
  const nonzeros = csr.indices.length;
  let verification: SpmvVerification | null = null;
  if (flags.verify) {
    const checker = spmvChecker(csr, x, { semiring: plan.semiring, type: plan.type });
    verification = results.map((r) => checker.check(r.y)).find((v) => !v.ok) ?? { ok: true };
  }
  const y = results.at(-1)?.y;
  if (output !== undefined && y !== undefined) {
    // Through a temporary file: a failed write leaves an earlier y file as it was.
    await writeTextFile(output, [new TextEncoder().encode(Array.from(y, String).join('\n') + '\n')], { gzip: false }).catch((error: unknown) => {
      throw writeFailure(error, output);
    });
  }
  const summary: SpmvSummary = {
    command: 'spmv',
    matrix: name,
    rows: csr.n,
    nonzeros,
    semiring: plan.semiring,
    type: plan.type,
    format: plan.format,
    chosen: flags.format === 'auto',
    x: flags.x,
    device: opened.name,
    runs: results.map((r) => runOf(r, nonzeros)),
    verification,
    output: flags.output ?? null,
  };
  io.stderr.write(summaryText(summary));
  if (flags.json) io.stdout.write(`${JSON.stringify(summary)}\n`);
  else io.stdout.write(table(['run', 'time', 'GFLOP/s'], summary.runs.map((r, k) => [String(k + 1), formatMs(r.gpuTimeMs ?? r.wallTimeMs), r.gflops.toFixed(2)])));
  return verification?.ok === false ? EXIT.verifyFailed : EXIT.ok;
}
