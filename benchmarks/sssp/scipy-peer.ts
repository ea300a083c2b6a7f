// SciPy's Dijkstra on the same graph and sources, in the same run (benchmarks/peers/scipy_sssp.py).
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Csr } from '@semiforge/graph-io';
import { peerScript, runPython } from '../lib/python-peer.js';

/** One SciPy query: its time, and the reached count and distance sum our result is checked against. */
export interface ScipyQuery {
  readonly source: number;
  readonly seconds: number;
  readonly reached: number;
  readonly sum: number;
}

export interface ScipyDijkstra {
  readonly version: string;
  readonly runs: readonly ScipyQuery[];
}

/**
 * Runs scipy.sparse.csgraph.dijkstra from each source on the CSR with f32 weights, starting no source once
 * `budgetSeconds` of calls have run (the first always runs); the reason when it cannot run.
 */
export function scipyDijkstra(graph: Csr, weights: Float32Array, sources: readonly number[], budgetSeconds = Infinity): ScipyDijkstra | { unavailable: string } {
  const dir = mkdtempSync(join(tmpdir(), 'semiforge-sssp-'));
  try {
    const file = join(dir, 'csr.bin');
    writeArrays(file, [Uint32Array.of(graph.n, graph.indices.length), graph.indptr, graph.indices, weights]);
    const out = runPython(peerScript('scipy_sssp.py'), [file, sources.join(','), ...(Number.isFinite(budgetSeconds) ? [String(budgetSeconds)] : [])]) as { scipy: string; runs: ScipyQuery[] };
    return { version: out.scipy, runs: out.runs };
  } catch (e) {
    return { unavailable: `scipy peer unavailable: ${(e as Error).message}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether our distances agree with SciPy's float64 ones: the same vertices reached, sums within f32 rounding. */
export function agreesWithScipy(dist: Float64Array, peer: ScipyQuery): boolean {
  let reached = 0;
  let sum = 0;
  for (const d of dist) {
    if (d === Infinity) continue;
    reached++;
    sum += d;
  }
  return reached === peer.reached && Math.abs(sum - peer.sum) <= 1e-4 * Math.max(1, Math.abs(peer.sum));
}

/** Writes arrays one after another in pieces of at most 1 GiB (one write call takes less than 2 GiB). */
function writeArrays(file: string, arrays: readonly ArrayBufferView[]): void {
  const fd = openSync(file, 'w');
  try {
    for (const a of arrays) {
      const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      for (let at = 0; at < bytes.length; at += 2 ** 30) writeSync(fd, bytes.subarray(at, Math.min(bytes.length, at + 2 ** 30)));
    }
  } finally {
    closeSync(fd);
  }
}
