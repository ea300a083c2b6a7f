// Graph500 Kronecker at a given scale, generated in worker threads and turned into the undirected CSR (on this
// thread, then with the rows sorted in worker threads: csrFromEdgesParallel), with the time of each step and the
// peak RSS: checks that scale 24 (16.7 M vertices, 268 M tuples) fits this machine. Then the checks the BFS and
// SSSP runners make of such a graph, each on one thread and in worker threads: the CSR structure (validateCsr,
// validateCsrParallel) and the mirror check (findUnmirroredArc, findUnmirroredArcParallel); then the renumbering by
// degree they search (relabelByDegree, relabelByDegreeParallel). The outputs are validated
// (tuple count and ids; CSR structure, arc count = 2 × tuples − self-loops; the parallel CSR equal to the other,
// arc for arc) and written as suite `generate` to benchmarks/results/ (and $OUT), one case per step.
//   tsx --conditions=source benchmarks/io/kronecker-scale.ts --scale 24 [--threads 2] [--weights] [--seed 1] [--json] [--out DIR]
// --threads 0 generates on the main thread (generateKronecker) instead of in workers.
import { availableParallelism } from 'node:os';
import { suiteArgs } from '../lib/suite-args.js';
import {
  csrFromEdges,
  csrFromEdgesParallel,
  findUnmirroredArc,
  findUnmirroredArcParallel,
  generateKronecker,
  relabelByDegree,
  relabelByDegreeParallel,
  generateKroneckerParallel,
  validateCsr,
  validateCsrParallel,
  validateEdgeList,
  type EdgeList,
} from '@semiforge/graph-io';
import { writeResults, type BenchResult } from '../lib/results.js';
import { cpuContext } from '../lib/cpu-context.js';

const args = suiteArgs({
  options: {
    scale: { type: 'string', default: '20' },
    threads: { type: 'string', default: String(availableParallelism()) },
    seed: { type: 'string', default: '1' },
    weights: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    out: { type: 'string', multiple: true },
  },
});
const scale = Number(args.scale);
const threads = Number(args.threads);
const options = { scale, seed: Number(args.seed), weights: args.weights };

const rssMiB = (): number => process.resourceUsage().maxRSS / 1024;
const steps: { step: string; method: string; ms: number; peak_rss_mib: number; rate?: number }[] = [];
async function step<T>(method: string, name: string, run: () => T | Promise<T>, items?: (result: T) => number): Promise<T> {
  const start = performance.now();
  const result = await run();
  const ms = performance.now() - start;
  const rate = items === undefined ? undefined : items(result) / (ms / 1000);
  steps.push({ step: name, method, ms, peak_rss_mib: rssMiB(), ...(rate === undefined ? {} : { rate }) });
  console.error(
    `${name.padEnd(28)} ${(ms / 1000).toFixed(2).padStart(8)} s` +
      (rate === undefined ? '' : `  ${(rate / 1e6).toFixed(2)} M/s`) +
      `  peak RSS ${rssMiB().toFixed(0)} MiB`,
  );
  return result;
}

console.error(`kronecker scale ${scale}: ${2 ** scale} vertices, ${16 * 2 ** scale} tuples, ${threads === 0 ? 'main thread' : `${threads} workers`}`);
const tuples: EdgeList = await step(
  'generate',
  threads === 0 ? 'generate (main thread)' : `generate (${threads} workers)`,
  () => (threads === 0 ? generateKronecker(options) : generateKroneckerParallel({ ...options, threads })),
  (g) => g.src.length,
);
const csr = await step('csr', 'csrFromEdges symmetrize+sort', () => csrFromEdges(tuples, { symmetrize: true, sortRows: true }), (c) => c.indices.length);
console.error(`CSR: ${csr.n} vertices, ${csr.indices.length} arcs`);
const workers = Math.max(1, threads);
const parallel = await step('csr-parallel', `csrFromEdgesParallel (${workers} workers)`, () => csrFromEdgesParallel(tuples, { symmetrize: true, sortRows: true, threads: workers, minParallelArcs: 0 }), (c) => c.indices.length);
const equal = (a: Uint32Array, b: Uint32Array) => a.length === b.length && a.every((v, i) => v === b[i]);
const sameCsr = equal(parallel.indptr, csr.indptr) && equal(parallel.indices, csr.indices);
console.error(`csrFromEdgesParallel: ${sameCsr ? 'the same CSR, arc for arc' : 'A DIFFERENT CSR'}; ${(steps[1].ms / steps[2].ms).toFixed(2)}× the one-thread build`);

// The runners' checks of the parallel CSR (its arrays lie in shared memory, as the workers need): both must pass.
const arcs = () => parallel.indices.length;
await step('validate-csr', 'validateCsr (1 thread)', () => validateCsr(parallel), arcs);
await step('validate-csr-parallel', `validateCsrParallel (${workers} workers)`, () => validateCsrParallel(parallel, { threads: workers, minParallelArcs: 0 }), arcs);
const unmirrored = await step('mirror-check', 'findUnmirroredArc (1 thread)', () => findUnmirroredArc(parallel), arcs);
const unmirroredParallel = await step('mirror-check-parallel', `findUnmirroredArcParallel (${workers} workers)`, () => findUnmirroredArcParallel(parallel, { threads: workers, minParallelArcs: 0 }), arcs);
const checksPassed = unmirrored === undefined && unmirroredParallel === undefined;
console.error(`checks: ${checksPassed ? 'structure and mirrors pass' : 'AN UNMIRRORED ARC'}; structure ${(steps[3].ms / steps[4].ms).toFixed(2)}×, mirrors ${(steps[5].ms / steps[6].ms).toFixed(2)}× on ${workers} workers`);

// The renumbering by degree the BFS and SSSP runners search (rows sorted again after the heads are renamed), on one
// thread and in worker threads: the same graph, arc for arc.
const ordered = await step('relabel', 'relabelByDegree (1 thread)', () => relabelByDegree(parallel), arcs);
const orderedParallel = await step('relabel-parallel', `relabelByDegreeParallel (${workers} workers)`, () => relabelByDegreeParallel(parallel, { threads: workers, minParallelArcs: 0 }), arcs);
const sameWeights = ordered.weight === null ? orderedParallel.weight === null : orderedParallel.weight !== null && ordered.weight.every((w, i) => w === orderedParallel.weight![i]);
const sameOrder = equal(ordered.indptr, orderedParallel.indptr) && equal(ordered.indices, orderedParallel.indices) && equal(ordered.ids!, orderedParallel.ids!) && sameWeights;
console.error(`relabelByDegreeParallel: ${sameOrder ? 'the same graph, arc for arc' : 'A DIFFERENT GRAPH'}; ${(steps[7].ms / steps[8].ms).toFixed(2)}× the one-thread renumbering`);

// Validation: every tuple there with ids below 2^scale; the CSR well formed with each tuple in both directions.
validateEdgeList(tuples);
let selfLoops = 0;
for (let k = 0; k < tuples.src.length; k++) if (tuples.src[k] === tuples.dst[k]) selfLoops++;
const expectedTuples = 16 * 2 ** scale;
const expectedArcs = 2 * tuples.src.length - selfLoops;
validateCsr(csr);
validateCsr(ordered);
const validated = tuples.src.length === expectedTuples && csr.n === 2 ** scale && csr.indices.length === expectedArcs && sameCsr && checksPassed && sameOrder && ordered.sorted && ordered.indices.length === expectedArcs;
console.error(`validated: ${validated} (${tuples.src.length} tuples of ${expectedTuples}; ${csr.indices.length} arcs of ${expectedArcs} = 2 × tuples − ${selfLoops} self-loops)`);

const params = { scale, edgefactor: 16, threads: threads === 0 ? 1 : threads, backend: 'cpu', weights: args.weights };
const results: BenchResult[] = steps.map((s, k) => ({
  case: `${s.step}: kronecker scale ${scale}${args.weights ? ' f32 weights' : ''} (peak RSS ${s.peak_rss_mib.toFixed(0)} MiB)`,
  params: { ...params, method: s.method, metric: k === 0 ? 'edges_per_s' : 'arcs_per_s', peak_rss_mib: s.peak_rss_mib },
  metric: k === 0 ? 'edges_per_s' : 'arcs_per_s',
  value: s.rate ?? 0,
  unit: '1/s',
  time_ms: { median: s.ms, min: s.ms, max: s.ms, runs: 1 },
  validated,
  validation: 'tuple count 16·2^scale, ids below 2^scale; CSR offsets and indices well formed, arcs = 2 × tuples − self-loops; the parallel CSR equal to the one-thread CSR; its structure and mirror checks pass on one thread and on the workers; its renumbering by degree well formed, sorted, with every arc, the same on one thread and on the workers',
}));
const out = [...(args.out ?? ['benchmarks/results']), ...(process.env.OUT ? [process.env.OUT] : [])];
console.error(`wrote ${writeResults('generate', cpuContext('benchmarks/io/kronecker-scale.ts', {}), results, out).join(', ')}`);
if (!validated) process.exitCode = 1;
if (args.json) {
  console.log(JSON.stringify({ scale, threads, vertices: csr.n, tuples: tuples.src.length, arcs: csr.indices.length, steps }, null, 2));
}
