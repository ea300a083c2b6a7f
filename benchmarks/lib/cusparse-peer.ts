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
  readonly name: string;
  /** y checked against SciPy's product on the CPU, with verifySpmv's f32 bound. */
  readonly validated: boolean;
}

interface PeerJson {
  median_ms: number;
  min_ms: number;
  max_ms: number;
  runs: number;
  validated: boolean;
  first_bad_row: number | null;
  cupy: string;
  cuda_runtime: number;
}

/**
 * Writes the matrix (`.sfg`, f32 weights) and x to a temporary folder and runs benchmarks/peers/cusparse_spmv.py
 * on them; where python3 or CuPy is absent, the reason instead.
 */
export async function cusparseSpmv(matrix: Csr, x: Float32Array, options: { runs: number; batch: number; warmupMs: number }): Promise<CusparseRun | { unavailable: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'semiforge-cusparse-'));
  try {
    await writeGraphBinary(join(dir, 'a.sfg'), matrix);
    writeFileSync(join(dir, 'x.f32'), x);
    const flags = ['--runs', String(options.runs), '--batch', String(options.batch), '--warmup-ms', String(options.warmupMs)];
    const out = runPython(peerScript('cusparse_spmv.py'), [join(dir, 'a.sfg'), join(dir, 'x.f32'), ...flags]) as PeerJson;
    if (!out.validated) console.error(`  cuSPARSE result differs from SciPy's at row ${out.first_bad_row}`);
    const cuda = cudaVersion(out.cuda_runtime);
    return {
      time_ms: { median: out.median_ms, min: out.min_ms, max: out.max_ms, runs: out.runs },
      name: `cuSPARSE SpMV (cupyx.cusparse.spmv, CuPy ${out.cupy}, CUDA ${cuda}), same GPU, same run`,
      validated: out.validated,
    };
  } catch (e) {
    return { unavailable: `cuSPARSE peer unavailable: ${(e as Error).message}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
