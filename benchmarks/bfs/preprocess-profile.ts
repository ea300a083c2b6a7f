// Where a BFS runner's and CoreBFS's preprocessing spends its time: Kronecker graphs of the given scales (in
// degree order, as the suite hands them over), each variant's runner made once, its steps printed with ns
// per arc, so that a step that grows faster than the arcs shows between scales. No searches are timed.
//   tsx --conditions=source benchmarks/bfs/preprocess-profile.ts [--scales 18,20,22] [--variants baseline,core] [--threads N] [--cache DIR]
// --cache: the suite's graph cache (run.ts --cache): a graph found there in degree order is read, not generated.
import { availableParallelism } from 'node:os';
import { suiteArgs } from '../lib/suite-args.js';
import { CoreBfs, createBfsEngine } from '@semiforge/algorithms';
import { openDevice } from '@semiforge/runtime';
import { kroneckerGraph } from './graphs.js';
import { VARIANTS, type Variant } from './measure.js';

const args = suiteArgs({
  options: {
    scales: { type: 'string', default: '18,20,22' },
    variants: { type: 'string', default: 'baseline,core' },
    threads: { type: 'string', default: String(availableParallelism()) },
    cache: { type: 'string' },
  },
});
const variants = args.variants.split(',') as Variant[];
for (const v of variants) if (!(v in VARIANTS)) throw new Error(`--variants: unknown variant '${v}' (expected ${Object.keys(VARIANTS).join(', ')})`);
const threads = Number(args.threads);
const device = await openDevice();
console.error(`preprocessing profile on ${device.describe().description}, ${threads} threads`);
for (const scale of args.scales.split(',').map(Number)) {
  const graph = await kroneckerGraph(scale, 16, { degreeOrder: true, threads, cacheDir: args.cache });
  const arcs = graph.csr.indices.length;
  console.log(`scale ${scale}: n ${graph.csr.n}, ${arcs} arcs, built in ${(graph.buildMs / 1e3).toFixed(1)} s, ordered in ${(graph.relabelMs / 1e3).toFixed(1)} s`);
  for (const variant of variants) {
    const spec = VARIANTS[variant];
    const started = performance.now();
    // Each step as it ends, so that a step that does not end is named.
    const options = { ...spec.options, onPhase: (step: string, t: number) => console.error(`    ${variant} ${step}: ${(t / 1e3).toFixed(2)} s`) };
    const engine = spec.core ? await CoreBfs.create(device, graph.csr, options) : await createBfsEngine(device, graph.csr, options);
    const ms = performance.now() - started;
    const phases = engine instanceof CoreBfs ? engine.stats.phases : engine.plan.phases;
    engine.destroy();
    console.log(`  ${variant}: ${ms.toFixed(0)} ms (${((1e6 * ms) / arcs).toFixed(1)} ns/arc)`);
    for (const [step, t] of Object.entries(phases)) console.log(`    ${step.padEnd(22)} ${t.toFixed(0).padStart(8)} ms ${((1e6 * t) / arcs).toFixed(2).padStart(8)} ns/arc`);
  }
}
device.destroy();
