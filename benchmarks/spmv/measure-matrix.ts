// Every variant of the suite on one matrix: plan, time on the GPU, validate against the CPU. A variant the
// device or the matrix rules out (no subgroups, ELL padding, a binding too small) is skipped with its reason.
// With several rounds, each round times the peer and then every variant again, their runners kept from the
// first round (built and validated once), and each figure pools its rounds (pool-rounds.ts says why).
import { rowStats, spmvChecker, SpmvRunner, type RowStats, type SpmvChecker } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import type { Device } from '@semiforge/runtime';
import type { CusparseRun } from '../lib/cusparse-peer.js';
import type { MatrixCase } from './matrices.js';
import { poolRounds } from './pool-rounds.js';
import type { Measured, PooledPeer } from './report.js';
import { timeProducts } from './time-products.js';
import { variantKnobs, variantLabel, type SpmvVariant } from './variants.js';

export interface MeasureOptions {
  readonly runs: number;
  readonly warmupMs: number;
  /**
   * Warm-up before a matrix's first variant, longer: the GPU sat idle while the CPU built the matrix, and an
   * idle H100 takes over a second to regain its clocks. With 1 s, the first variant (`auto`) timed 26–100%
   * slower than the same kernel timed later in the first H100 run.
   */
  readonly firstWarmupMs: number;
  readonly batchMs: number;
  /** ELL is not run beyond this many stored slots per nonzero. */
  readonly ellMaxPadding: number;
  /** `performance.now()` after which no further variant (or round) starts (a device command has a time limit). */
  readonly deadline: number;
  /** Times the peer and every variant this many times in turn (1: once, each runner freed as soon as timed). */
  readonly rounds: number;
}

/** A variant measured in one round or more: its runner stays while rounds remain. */
interface Timed {
  readonly runner: SpmvRunner;
  readonly first: Measured;
  readonly rounds: (readonly number[])[];
}

export async function measureMatrix(
  device: Device,
  matrix: MatrixCase,
  csr: Csr,
  x: Float32Array,
  variants: readonly SpmvVariant[],
  options: MeasureOptions,
  /** Called as each variant is measured (again in each round, pooled so far), so that a run cut short keeps it. */
  onMeasured: (m: Measured, peer: PooledPeer | undefined) => void,
  /** The peer's run at the start of each round (undefined where there is none). */
  peerRound: () => CusparseRun | undefined = () => undefined,
): Promise<{ skipped: string[]; stats: RowStats }> {
  const stats = rowStats(csr);
  const shape = { n: csr.n, nnz: csr.indices.length, maxRow: stats.max };
  const skipped: string[] = [];
  const buffers = { x: await device.createStorage('bench.spmv.x', x), y: await device.createBuffer('bench.spmv.y', 4 * csr.n, 'storage') };
  // The CPU reference once per semiring, not once per variant: it cost 15–25 s a variant at 1.3·10^8 nonzeros.
  const checkers = new Map<string, SpmvChecker>();
  const checkerFor = (semiring: SpmvVariant['semiring']): SpmvChecker => {
    const made = checkers.get(semiring) ?? spmvChecker(csr, x, { semiring });
    checkers.set(semiring, made);
    return made;
  };
  const timed = new Map<SpmvVariant, Timed>();
  const peerRuns: CusparseRun[] = [];
  const pooled = (t: Timed): Measured => {
    const { time_ms, medians } = poolRounds(t.rounds);
    return { ...t.first, timing: { ...t.first.timing, time_ms, times: t.rounds.flat() }, ...(t.rounds.length > 1 ? { roundMedians: medians } : {}) };
  };
  try {
    for (let round = 0; round < options.rounds; round++) {
      if (round > 0 && performance.now() > options.deadline) {
        skipped.push(`${matrix.name}: rounds ${round + 1}–${options.rounds} past the run's time budget (--budget-s)`);
        break;
      }
      const peerRun = peerRound();
      if (peerRun?.validated) peerRuns.push(peerRun);
      const peer = peerRuns.length ? poolPeer(peerRuns) : undefined;
      for (const [index, variant] of variants.entries()) {
        // Every round's first variant follows the CPU's work (the matrix, the peer's check) on an idle GPU.
        const warmupMs = index === 0 ? options.firstWarmupMs : options.warmupMs;
        const again = timed.get(variant);
        if (round > 0) {
          if (!again) continue;
          again.rounds.push((await timeProducts(device, again.runner, buffers, { ...options, warmupMs })).times);
          onMeasured(pooled(again), peer);
          continue;
        }
        const label = `${matrix.name} ${variantLabel(variant)} ${variant.semiring}`;
        if (performance.now() > options.deadline) {
          skipped.push(`${label}: past the run's time budget (--budget-s)`);
          continue;
        }
        if (variant.format === 'ell' && stats.paddingRatio > options.ellMaxPadding) {
          skipped.push(`${label}: ELL would store ${stats.paddingRatio.toFixed(1)} slots per nonzero (limit ${options.ellMaxPadding})`);
          continue;
        }
        let runner: SpmvRunner | undefined;
        try {
          runner = await SpmvRunner.create(device, csr, { ...variantKnobs(variant), semiring: variant.semiring, format: variant.format });
          const timing = await timeProducts(device, runner, buffers, { ...options, warmupMs });
          // The product read back is the timed kernel's on the same matrix and x, y in the user's order (also when
          // the columns were renumbered), checked against the CPU product of the matrix as given.
          const { y } = await runner.run(x);
          const check = checkerFor(variant.semiring).check(y);
          const validation = check.ok ? 'whole y vs the CPU reference' : `row ${check.row}: ${check.got} vs ${check.expected} (bound ${check.bound})`;
          const reorder = { reordered: runner.plan.reorder, ...(runner.reorderMs === undefined ? {} : { reorderMs: runner.reorderMs }) };
          const first: Measured = { matrix, shape, variant, format: runner.plan.format, ...reorder, timing, validated: check.ok, validation };
          onMeasured(first, peer);
          if (options.rounds > 1) {
            timed.set(variant, { runner, first, rounds: [timing.times] });
            runner = undefined;
          }
        } catch (error) {
          skipped.push(`${label}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        } finally {
          runner?.destroy();
        }
      }
    }
  } finally {
    for (const { runner } of timed.values()) runner.destroy();
    buffers.x.destroy();
    buffers.y.destroy();
  }
  return { skipped, stats };
}

/** The peer's rounds pooled as one run, with each round's median. */
function poolPeer(runs: readonly CusparseRun[]): PooledPeer {
  const { time_ms, medians } = poolRounds(runs.map((r) => r.times));
  return { ...runs[0], time_ms, times: runs.flatMap((r) => r.times), medians };
}
