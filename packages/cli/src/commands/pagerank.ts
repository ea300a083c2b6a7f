import { pagerank, verifyPagerank, type PagerankRelabel, type PagerankVerification, type SpmvFormat } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import { openCommandDevice, thenDestroy, type BackendFlags } from '../command-device.js';
import { EXIT, UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { loadGraphInput, vertexRange, type GraphInputFlags } from '../graph/graph-input.js';
import { formatMs, table } from '../output/format.js';

/** `semiforge pagerank` flags after parsing (commander's camelCase keys). */
export interface PagerankFlags extends GraphInputFlags, BackendFlags {
  readonly damping: number;
  readonly tolerance: number;
  readonly maxIterations: number;
  /** Vertices to restart at, in the user's ids. */
  readonly personalize?: readonly number[];
  readonly top: number;
  /** `degree`: the steps run on the graph relabelled by out-degree (the ranks still in the graph's ids). */
  readonly relabel: PagerankRelabel;
  /** FILE as an undirected graph: every arc's mirror added, parallel arcs merged. */
  readonly symmetrize?: boolean;
  readonly verify?: boolean;
  readonly json?: boolean;
}

/** One of the highest-ranked vertices, in the user's ids. */
export interface RankedVertex {
  readonly vertex: number;
  readonly rank: number;
}

/** The `--json` object of `semiforge pagerank`. */
export interface PagerankSummary {
  readonly command: 'pagerank';
  readonly graph: string;
  readonly vertices: number;
  readonly arcs: number;
  readonly damping: number;
  readonly tolerance: number;
  readonly maxIterations: number;
  /** Restart vertices (user ids), or null for the uniform teleport. */
  readonly personalize: readonly number[] | null;
  /** The order the steps ran in (`--relabel`), and the host time of relabelling when it was done. */
  readonly relabel: PagerankRelabel;
  readonly relabelMs: number | null;
  readonly device: string;
  /** The SpMV format of the product with Pᵀ (null for an empty graph). */
  readonly format: SpmvFormat | null;
  readonly iterations: number;
  readonly converged: boolean;
  /** ‖r_k − r_{k−1}‖₁ of the last step, as the GPU summed it. */
  readonly residual: number;
  /** GPU timestamps when the device has them, else the host's wall time of the loop. */
  readonly timeSource: 'gpu' | 'wall';
  readonly timePerIterationMs: number;
  readonly gpuTimeMs: number | null;
  readonly wallTimeMs: number;
  readonly top: readonly RankedVertex[];
  readonly verified: boolean | null;
  readonly verification: PagerankVerification | null;
}

const CMD = 'pagerank';


/** Internal vertex of each user id given, refusing ids the graph does not have. */
function restartVertices(csr: Csr, users: readonly number[]): number[] {
  const internal = new Map<number, number>();
  if (csr.ids) csr.ids.forEach((id, v) => internal.set(id, v));
  return users.map((u) => {
    const v = csr.ids ? internal.get(u) : u < csr.n ? u : undefined;
    if (v === undefined) {
      throw new UsageError(`--personalize ${u}: not a vertex of the graph; ${vertexRange(csr)}`, CMD);
    }
    return v;
  });
}

/** The k highest ranks, ties to the lower vertex, in the user's ids. */
function topRanks(csr: Csr, ranks: Float32Array, k: number): RankedVertex[] {
  const order = Array.from({ length: ranks.length }, (_, v) => v).sort((a, b) => ranks[b] - ranks[a] || a - b);
  return order.slice(0, k).map((v) => ({ vertex: csr.ids ? csr.ids[v] : v, rank: ranks[v] }));
}

function summaryText(s: PagerankSummary): string {
  const status = s.converged ? `converged in ${s.iterations} iterations` : `NOT converged: stopped at --max-iterations ${s.maxIterations}`;
  const verified = s.verification === null ? '' : `verified: ${s.verification.ok ? 'yes' : 'NO'} (L1 error ${s.verification.error.toExponential(2)} ≤ bound ${s.verification.bound.toExponential(2)})\n`;
  return (
    `pagerank ${s.graph}: ${s.vertices} vertices, ${s.arcs} arcs on ${s.device}\n` +
    `${status}, residual ${s.residual.toExponential(2)} (tolerance ${s.tolerance}), SpMV ${s.format ?? '—'}` +
    `${s.relabel === 'degree' && s.relabelMs !== null ? `, relabelled by out-degree in ${formatMs(s.relabelMs)}` : ''}\n` +
    `${formatMs(s.timePerIterationMs)} per iteration (${s.timeSource === 'gpu' ? 'GPU timestamps' : 'host wall time'}), ${formatMs(s.wallTimeMs)} in all\n` +
    verified
  );
}

/**
 * `semiforge pagerank [FILE]`: PageRank (personalized with --personalize) on the GPU by power iteration on
 * the SpMV kernels. The top ranks go to stdout (or one JSON object with --json), the summary to stderr.
 * Returns 0, or {@link EXIT.verifyFailed} when --verify finds ranks beyond the error bound.
 */
export async function runPagerank(file: string | undefined, flags: PagerankFlags, io: CliIo): Promise<number> {
  const { csr, name } = await loadGraphInput(CMD, file, flags, io, { symmetrize: flags.symmetrize });
  const personalize = flags.personalize && restartVertices(csr, flags.personalize);
  const options = {
    damping: flags.damping,
    tolerance: flags.tolerance,
    maxIterations: flags.maxIterations,
    ...(personalize ? { personalization: { vertices: personalize, weights: personalize.map(() => 1) } } : {}),
  };
  const opened = await openCommandDevice('pagerank', flags, io);
  const { device, name: deviceName } = opened;
  const result = await thenDestroy(opened, () => pagerank(device, csr, { ...options, relabel: flags.relabel }));
  const verification = flags.verify ? verifyPagerank(csr, result.ranks, result.residual, options) : null;
  const summary: PagerankSummary = {
    command: 'pagerank',
    graph: name,
    vertices: csr.n,
    arcs: csr.indices.length,
    damping: flags.damping,
    tolerance: flags.tolerance,
    maxIterations: flags.maxIterations,
    personalize: flags.personalize ?? null,
    relabel: flags.relabel,
    relabelMs: result.relabelMs ?? null,
    device: deviceName,
    format: result.format ?? null,
    iterations: result.iterations,
    converged: result.converged,
    residual: result.residual,
    timeSource: result.gpuTimeMs === undefined ? 'wall' : 'gpu',
    timePerIterationMs: result.timePerIterationMs,
    gpuTimeMs: result.gpuTimeMs ?? null,
    wallTimeMs: result.wallTimeMs,
    top: topRanks(csr, result.ranks, flags.top),
    verified: verification === null ? null : verification.ok,
    verification,
  };
  io.stderr.write(summaryText(summary));
  if (!summary.converged) io.stderr.write(`note: the residual is still above --tolerance: raise --max-iterations (or loosen --tolerance)\n`);
  if (flags.json) io.stdout.write(`${JSON.stringify(summary)}\n`);
  else io.stdout.write(table(['vertex', 'rank'], summary.top.map((t) => [String(t.vertex), t.rank.toExponential(6)])));
  return verification !== null && !verification.ok ? EXIT.verifyFailed : EXIT.ok;
}
