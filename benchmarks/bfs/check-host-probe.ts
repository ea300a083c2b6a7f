// Diagnostic (issue 5): the host's per-search cost of checking a BFS answer, without a GPU, on a Kronecker graph
// in degree order from CPU reference searches: treeDepths, the runner's storedForCheck (ids as given and
// permuted), reachedEdges, one at a time; then the batched measurement's loop as measure.ts runs it (depths
// in a TreeDepthPool while the main thread converts and counts), its wall time a search. The arrays are
// read at random, so the per-vertex costs carry to larger graphs (printed scaled to n = 2^26).
//   tsx --conditions=source benchmarks/bfs/check-host-probe.ts [--scale 22] [--sources 4] [--threads N] [--cache /tmp/g]
import { availableParallelism } from 'node:os';
import { suiteArgs } from '../lib/suite-args.js';
import { bfsReference, treeDepths } from '@semiforge/algorithms';
import { Xoshiro128ss } from '@semiforge/graph-io';
// Not exported: the runners' own id mapping, probed as they call it.
import { BfsIds } from '../../packages/algorithms/src/bfs/bfs.ids.js';
import { kroneckerGraph, reachedEdges } from './graphs.js';
import { graph500Sources } from '../lib/graph500-sources.js';
import { TreeDepthPool } from './tree-depth-pool.js';

const args = suiteArgs({
  options: { scale: { type: 'string', default: '22' }, sources: { type: 'string', default: '4' }, threads: { type: 'string', default: String(availableParallelism() - 1) }, cache: { type: 'string' } },
});
const graph = await kroneckerGraph(Number(args.scale), 16, { degreeOrder: true, cacheDir: args.cache });
const n = graph.csr.n;
const shuffle = Uint32Array.from({ length: n }, (_, i) => i);
const rng = Xoshiro128ss.fromSeed(3);
for (let i = n - 1; i > 0; i--) {
  const j = rng.nextU32() % (i + 1);
  [shuffle[i], shuffle[j]] = [shuffle[j], shuffle[i]];
}
const permuted = new BfsIds(shuffle);
const identity = new BfsIds(undefined);
const cost = (ms: number) => `${ms.toFixed(1)} ms (${((ms * 1e6) / n).toFixed(1)} ns a vertex, ${((ms * 2 ** 26) / n / 1e3).toFixed(2)} s at n = 2^26)`;
const time = <T>(label: string, f: () => T): T => {
  const started = performance.now();
  const value = f();
  console.log(`  ${label}: ${cost(performance.now() - started)}`);
  return value;
};
console.log(`n = ${n}, built in ${(graph.buildMs / 1e3).toFixed(1)} s`);
const sources = graph500Sources(graph.csr, Number(args.sources));
const answers = sources.map((source) => ({ source, parent: bfsReference(graph.csr, source).parent }));
reachedEdges(graph.csr, answers[0].parent); // finds the self-loops once, as the suite's first search does
for (const { source, parent } of answers) {
  console.log(`source ${source}`);
  const tree = time('treeDepths', () => treeDepths(parent, source));
  if ('brokenAt' in tree) throw new Error(`the reference tree from ${source} is broken at ${tree.brokenAt}`);
  time('storedForCheck (ids as given)', () => identity.storedForCheck(parent, tree.depth));
  time('storedForCheck (ids permuted)', () => permuted.storedForCheck(parent, tree.depth));
  time('reachedEdges', () => reachedEdges(graph.csr, parent));
}
const pool = new TreeDepthPool(Number(args.threads));
try {
  // Started and warm (under tsx a worker first compiles its TypeScript) before the clock starts.
  await Promise.all(Array.from({ length: Number(args.threads) }, () => pool.depths(Int32Array.of(0), 0)));
  const started = performance.now();
  const trees = answers.map((a) => pool.depths(a.parent.slice(), a.source));
  for (const pending of trees) {
    const tree = await pending;
    if ('brokenAt' in tree) throw new Error(`broken at ${tree.brokenAt}`);
    identity.storedForCheck(tree.parent, tree.depth);
    reachedEdges(graph.csr, tree.parent);
  }
  console.log(`batched loop, depths on ${args.threads} workers: ${cost((performance.now() - started) / answers.length)} a search`);
} finally {
  pool.destroy();
}
