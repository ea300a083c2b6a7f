// Same-run peer for the SpMV suite: cuSPARSE's SpMV through CuPy on the same matrix and x, on the same GPU.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeGraphBinary, type Csr } from '@semiforge/graph-io';
import { peerScript, runPython } from './python-peer.js';
import { cudaVersion, type BenchResult } from './results.js';

export interface CusparseRun {
  /** Per product, the median over runs of (K products between CUDA events) / K. */
  readonly time_ms: BenchResult['time_ms'];
  /** Each run's time per product (sorted): to pool several rounds. */
  readonly times: readonly number[];
  readonly name: string;
  /** y checked against SciPy's product on the CPU, with verifySpmv's f32 bound. */
  readonly validated: boolean;
}

export type CusparseTry = CusparseRun | { unavailable: string };

interface PeerJson {
  median_ms: number;
  min_ms: number;
  max_ms: number;
  runs: number;
  times_ms: number[];
  validated: boolean;
  first_bad_row: number | null;
  cupy: string;
  cuda_runtime: number;
}

/** The peer on one matrix: its files written once, timed as often as asked (each time a fresh process and check). */
export interface CusparsePeer {
  time(): CusparseTry;
  /** Removes the matrix's files. */
  close(): void;
}

/**
 * Writes the matrix (`.sfg`, f32 weights) and x to a temporary folder; each `time()` runs
 * benchmarks/peers/cusparse_spmv.py on them, or gives the reason it could not (no python3 or CuPy).
 */
export async function cusparsePeer(matrix: Csr, x: Float32Array, options: { runs: number; batch: number; warmupMs: number }): Promise<CusparsePeer> {
  const dir = mkdtempSync(join(tmpdir(), 'semiforge-cusparse-'));
  await writeGraphBinary(join(dir, 'a.sfg'), matrix);
  writeFileSync(join(dir, 'x.f32'), x);
  const flags = ['--runs', String(options.runs), '--batch', String(options.batch), '--warmup-ms', String(options.warmupMs)];
  return {
    time() {
      try {
        const out = runPython(peerScript('cusparse_spmv.py'), [join(dir, 'a.sfg'), join(dir, 'x.f32'), ...flags]) as PeerJson;
        if (!out.validated) console.error(`  cuSPARSE result differs from SciPy's at row ${out.first_bad_row}`);
        const cuda = cudaVersion(out.cuda_runtime);
        return {
          time_ms: { median: out.median_ms, min: out.min_ms, max: out.max_ms, runs: out.runs },
          times: out.times_ms,
          name: `cuSPARSE SpMV (cupyx.cusparse.spmv, CuPy ${out.cupy}, CUDA ${cuda}), same GPU, same run`,
          validated: out.validated,
        };
      } catch (e) {
        return { unavailable: `cuSPARSE peer unavailable: ${(e as Error).message}` };
      }
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** One timing of the peer ({@link cusparsePeer}, its files removed after). */
export async function cusparseSpmv(matrix: Csr, x: Float32Array, options: { runs: number; batch: number; warmupMs: number }): Promise<CusparseTry> {
  const peer = await cusparsePeer(matrix, x, options);
  try {
    return peer.time();
  } finally {
    peer.close();
  }
}
