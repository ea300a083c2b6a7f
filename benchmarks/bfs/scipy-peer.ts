// SciPy's breadth_first_order on the same graph and sources, in the same run (benchmarks/peers/scipy_bfs.py).
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeGraphBinary, type Csr } from '@semiforge/graph-io';
import { peerScript, runPython } from '../lib/python-peer.js';

/** One SciPy search: the time of the call alone and its parents (−1 unreached, the source its own). */
export interface ScipySearch {
  readonly source: number;
  readonly seconds: number;
  readonly parent: Int32Array;
}

export interface ScipyBfs {
  readonly version: string;
  /** Whether SciPy was told the graph is directed (it walks the stored arcs; without, it transposes in every call). */
  readonly directed: boolean;
  readonly runs: readonly ScipySearch[];
}

export interface ScipyBfsOptions {
  /**
   * SciPy's `directed` argument; default true: on the symmetric CSR that is the same search, while false makes
   * SciPy build the transpose inside every call (15× the time of the search at scale 18, and a copy of the graph).
   */
  readonly directed?: boolean;
  /** No source starts once the calls so far took this long (the first always runs). */
  readonly budgetSeconds?: number;
  /** The peer script; default benchmarks/peers/scipy_bfs.py under the working directory (the repository root). */
  readonly script?: string;
}

/**
 * Runs scipy.sparse.csgraph.breadth_first_order from each source on the symmetric CSR (handed over as a .sfg
 * file), starting no source once `budgetSeconds` of calls have run (the first always runs); the reason when
 * python3 or SciPy is missing or the script fails.
 *
 * @example
 * const peer = await scipyBfs(csr, [0, 5]);
 * if ('unavailable' in peer) console.error(peer.unavailable);
 */
export async function scipyBfs(csr: Csr, sources: readonly number[], options: ScipyBfsOptions = {}): Promise<ScipyBfs | { unavailable: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'semiforge-bfs-'));
  try {
    const graphFile = join(dir, 'graph.sfg');
    const parentsFile = join(dir, 'parents.i32');
    await writeGraphBinary(graphFile, { ...csr, weight: null });
    const budget = options.budgetSeconds ?? Infinity;
    const args = [graphFile, sources.join(','), parentsFile, ...(options.directed ?? true ? ['--directed'] : []), ...(Number.isFinite(budget) ? ['--budget-s', String(budget)] : [])];
    const out = runPython(options.script ?? peerScript('scipy_bfs.py'), args) as { scipy: string; directed: boolean; runs: { source: number; seconds: number }[] };
    return { version: out.scipy, directed: out.directed, runs: out.runs.map((r, i) => ({ ...r, parent: readParents(parentsFile, csr.n, i) })) };
  } catch (e) {
    return { unavailable: `scipy peer unavailable: ${(e as Error).message}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The `index`-th parent array of the file (each read on its own: the file may pass a read's 2 GiB). */
function readParents(file: string, n: number, index: number): Int32Array {
  const parent = new Int32Array(n);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, parent, 0, parent.byteLength, 4 * n * index);
  } finally {
    closeSync(fd);
  }
  return parent;
}
