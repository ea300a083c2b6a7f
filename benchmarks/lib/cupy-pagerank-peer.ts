// Same-run peer for the PageRank suite: power iteration in CuPy with cuSPARSE's SpMV, on the same graph and
// GPU, with the same damping, tolerance, teleport and dangling handling (benchmarks/peers/cupy_pagerank.py).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeGraphBinary, type Csr } from '@semiforge/graph-io';
import { peerScript, runPython } from './python-peer.js';
import { cudaVersion, type BenchResult } from './results.js';

export interface CupyPagerankRun {
  /** The whole loop to tolerance (residual read-backs included), median over runs between CUDA events. */
  readonly time_ms: BenchResult['time_ms'];
  /** One iteration: 20 back to back without read-backs between CUDA events, / 20. */
  readonly perIteration: BenchResult['time_ms'];
  readonly iterations: number;
  readonly residual: number;
  /** The last run's ranks, for the caller to check against its reference. */
  readonly ranks: Float32Array;
  readonly name: string;
}

interface PeerJson {
  median_ms: number;
  min_ms: number;
  max_ms: number;
  runs: number;
  per_iteration_median_ms: number;
  per_iteration_min_ms: number;
  per_iteration_max_ms: number;
  iterations: number;
  residual: number;
  cupy: string;
  cuda_runtime: number;
}

export interface PagerankPeerOptions {
  readonly damping: number;
  readonly tolerance: number;
  readonly maxIterations: number;
  readonly checkEvery: number;
  readonly runs: number;
  readonly warmupMs: number;
}

/** Runs the peer on `graph` (written as `.sfg` to a temporary folder); where python3 or CuPy is absent, the reason instead. */
export async function cupyPagerank(graph: Csr, o: PagerankPeerOptions): Promise<CupyPagerankRun | { unavailable: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'semiforge-cupy-pagerank-'));
  try {
    await writeGraphBinary(join(dir, 'g.sfg'), { ...graph, weight: null });
    const ranksFile = join(dir, 'ranks.f32');
    const flags = ['--damping', String(o.damping), '--tolerance', String(o.tolerance), '--max-iterations', String(o.maxIterations)];
    flags.push('--check-every', String(o.checkEvery), '--runs', String(o.runs), '--warmup-ms', String(o.warmupMs));
    const out = runPython(peerScript('cupy_pagerank.py'), [join(dir, 'g.sfg'), ranksFile, ...flags]) as PeerJson;
    const bytes = readFileSync(ranksFile);
    const cuda = cudaVersion(out.cuda_runtime);
    return {
      time_ms: { median: out.median_ms, min: out.min_ms, max: out.max_ms, runs: out.runs },
      perIteration: { median: out.per_iteration_median_ms, min: out.per_iteration_min_ms, max: out.per_iteration_max_ms, runs: out.runs },
      iterations: out.iterations,
      residual: out.residual,
      ranks: new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4),
      name: `PageRank power iteration in CuPy ${out.cupy} with cuSPARSE SpMV (cupyx.cusparse.spmv, CUDA ${cuda}), same GPU, same run`,
    };
  } catch (e) {
    return { unavailable: `CuPy PageRank peer unavailable: ${(e as Error).message}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
