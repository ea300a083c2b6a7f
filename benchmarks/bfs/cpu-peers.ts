// The BFS suite's CPU peers, run on the same graph and the first sources in the same run: the multi-threaded
// direction-optimising BFS (parallel-bfs.ts) and SciPy's breadth_first_order (scipy-peer.ts). Each peer's first
// search is checked by the Graph500 rules (validateBfs) before its TEPS is kept; every search's edges are
// counted as the GPU's are (reachedEdges).
import { validateBfs } from '@semiforge/algorithms';
import { summarize } from '../lib/results.js';
import { reachedEdges, type BenchGraph } from './graphs.js';
import { ParallelBfs } from './parallel-bfs.js';
import { harmonicTeps, type BfsPeer } from './report.js';
import { scipyBfs } from './scipy-peer.js';

export const CPU_PEERS = ['parallel', 'scipy'] as const;
export type CpuPeerKind = (typeof CPU_PEERS)[number];

export interface CpuPeerOptions {
  readonly peers: readonly CpuPeerKind[];
  /** The parallel BFS's worker threads. */
  readonly threads: number;
  /** The parallel BFS's switch constants; default the GPU runner's. */
  readonly alpha?: number;
  readonly beta?: number;
  /** Call SciPy with directed=False (it then transposes the graph inside every call); default directed=True, the same search on a symmetric CSR. */
  readonly scipyUndirected?: boolean;
  /** performance.now() after which no search starts (the first of each peer always runs). */
  readonly stopAt: number;
  readonly log: (line: string) => void;
}

/** The peers that ran and validated, and a line for each that did not. */
export interface CpuPeers {
  readonly peers: BfsPeer[];
  readonly skipped: string[];
}

/**
 * Runs the chosen CPU peers from `sources` (in order, until `stopAt`), logging each search's time.
 *
 * @example
 * const { peers } = await cpuPeers(graph, sources.slice(0, 4), { peers: ['parallel', 'scipy'], threads: 15, stopAt: Infinity, log: console.error });
 */
export async function cpuPeers(graph: BenchGraph, sources: readonly number[], options: CpuPeerOptions): Promise<CpuPeers> {
  const out: CpuPeers = { peers: [], skipped: [] };
  if (sources.length === 0) return out;
  for (const kind of options.peers) {
    const searches = kind === 'parallel' ? await parallelSearches(graph, sources, options) : await scipySearches(graph, sources, options);
    if ('unavailable' in searches) {
      options.log(`CPU peer ${kind}: skipped: ${searches.unavailable}`);
      out.skipped.push(`${graph.name}, CPU peer ${kind}: ${searches.unavailable}`);
      continue;
    }
    const [first] = searches.runs;
    const check = validateBfs(graph.csr, first.source, first.parent);
    if (!check.ok) {
      const why = `NOT VALID: source ${first.source} breaks rule ${check.rule}: ${check.message}`;
      options.log(`CPU peer ${kind}: ${why}`);
      out.skipped.push(`${graph.name}, CPU peer ${kind}: ${why}`);
      continue;
    }
    const items = searches.runs.map((r) => ({ edges: reachedEdges(graph.csr, r.parent), ms: r.ms }));
    const value = harmonicTeps(items);
    const k = items.length;
    const name = `${searches.name}, ${k} of the sources (the first validated by the Graph500 rules), same run`;
    options.log(`CPU peer ${kind}: ${(value / 1e6).toFixed(1)} MTEPS, ${k} searches, median ${summarize(items.map((i) => i.ms)).median.toFixed(1)} ms (${searches.name})`);
    out.peers.push({ name, value, same_run: true, sources: k, ...(kind === 'parallel' ? { threads: options.threads } : {}) });
  }
  return out;
}

type Searches = { readonly name: string; readonly runs: readonly { source: number; parent: Int32Array; ms: number }[] } | { readonly unavailable: string };

async function parallelSearches(graph: BenchGraph, sources: readonly number[], o: CpuPeerOptions): Promise<Searches> {
  const started = performance.now();
  const bfs = new ParallelBfs(graph.csr, { threads: o.threads, alpha: o.alpha, beta: o.beta });
  try {
    // Not timed: JIT warm-up (and the workers' start) on the first source.
    await bfs.search(sources[0]);
    o.log(`CPU peer parallel: graph in shared memory, ${o.threads} workers started and warmed up in ${((performance.now() - started) / 1e3).toFixed(1)} s`);
    const runs = [];
    for (const source of sources) {
      if (runs.length > 0 && performance.now() > o.stopAt) break;
      const { parent, ms, levels } = await bfs.search(source);
      const bottomUp = levels.filter((l) => l.direction === 'bottom-up').length;
      o.log(`  parallel: source ${source}: ${ms.toFixed(1)} ms, ${levels.length} levels (${bottomUp} bottom-up)`);
      runs.push({ source, parent, ms });
    }
    return { name: `direction-optimising BFS in JS, ${o.threads} worker thread${o.threads === 1 ? "" : "s"} over shared memory (α ${bfs.alpha}, β ${bfs.beta})`, runs };
  } finally {
    await bfs.destroy();
  }
}

async function scipySearches(graph: BenchGraph, sources: readonly number[], o: CpuPeerOptions): Promise<Searches> {
  const started = performance.now();
  const budgetSeconds = Math.max(0, (o.stopAt - started) / 1e3);
  const peer = await scipyBfs(graph.csr, sources, { directed: !o.scipyUndirected, budgetSeconds });
  if ('unavailable' in peer) return peer;
  // The graph's trip through a file and SciPy's start are not timed, but they spend the budget: shown here.
  o.log(`CPU peer scipy: ${peer.runs.length} searches in ${((performance.now() - started) / 1e3).toFixed(1)} s with the graph written, read and converted`);
  for (const r of peer.runs) o.log(`  scipy: source ${r.source}: ${(1e3 * r.seconds).toFixed(1)} ms`);
  return {
    name: `SciPy ${peer.version} scipy.sparse.csgraph.breadth_first_order(directed=${peer.directed ? 'True' : 'False'}, return_predecessors=True), one thread, the call alone timed`,
    runs: peer.runs.map((r) => ({ source: r.source, parent: r.parent, ms: 1e3 * r.seconds })),
  };
}
