// Graph500 Kronecker at a given scale, generated in worker threads and turned into the undirected CSR, with the
// time of each step and the peak RSS: checks that scale 24 (16.7 M vertices, 268 M tuples) fits this machine.
//   tsx --conditions=source benchmarks/io/kronecker-scale.ts --scale 24 [--threads 2] [--weights] [--seed 1] [--json]
// --threads 0 generates on the main thread (generateKronecker) instead of in workers.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { csrFromEdges, generateKronecker, generateKroneckerParallel, type EdgeList } from '@semiforge/graph-io';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '20' },
    threads: { type: 'string', default: String(availableParallelism()) },
    seed: { type: 'string', default: '1' },
    weights: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const scale = Number(args.scale);
const threads = Number(args.threads);
const options = { scale, seed: Number(args.seed), weights: args.weights };

const rssMiB = (): number => process.resourceUsage().maxRSS / 1024;
const steps: { step: string; ms: number; peak_rss_mib: number; rate?: number }[] = [];
async function step<T>(name: string, run: () => T | Promise<T>, items?: (result: T) => number): Promise<T> {
  const start = performance.now();
  const result = await run();
  const ms = performance.now() - start;
  const rate = items === undefined ? undefined : items(result) / (ms / 1000);
  steps.push({ step: name, ms, peak_rss_mib: rssMiB(), ...(rate === undefined ? {} : { rate }) });
  console.error(
    `${name.padEnd(28)} ${(ms / 1000).toFixed(2).padStart(8)} s` +
      (rate === undefined ? '' : `  ${(rate / 1e6).toFixed(2)} M/s`) +
      `  peak RSS ${rssMiB().toFixed(0)} MiB`,
  );
  return result;
}

console.error(`kronecker scale ${scale}: ${2 ** scale} vertices, ${16 * 2 ** scale} tuples, ${threads === 0 ? 'main thread' : `${threads} workers`}`);
const tuples: EdgeList = await step(
  threads === 0 ? 'generate (main thread)' : `generate (${threads} workers)`,
  () => (threads === 0 ? generateKronecker(options) : generateKroneckerParallel({ ...options, threads })),
  (g) => g.src.length,
);
const csr = await step('csrFromEdges symmetrize+sort', () => csrFromEdges(tuples, { symmetrize: true, sortRows: true }), () => tuples.src.length);
console.error(`CSR: ${csr.n} vertices, ${csr.indices.length} arcs`);
if (args.json) {
  console.log(JSON.stringify({ scale, threads, vertices: csr.n, tuples: tuples.src.length, arcs: csr.indices.length, steps }, null, 2));
}
