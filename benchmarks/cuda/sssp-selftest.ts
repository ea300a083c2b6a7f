// The SSSP part of `--selftest`: every method (paper 001's Bellman-Ford in both read modes, frontier
// Bellman-Ford, near-far, near-far settling heavy arcs, near-far in degree order) in f32 and u32 on small R-MAT, road-like, random directed
// and disconnected graphs, each query's distances equal to the CPU Dijkstra's and to WebGPU's, its parents checked
// by the Graph500 SSSP rules; fixed grids smaller than the work (the passes stride), negative weights and a
// negative cycle, maxDistance and a target, a batch of sources on one upload.
import { createSsspRunner, NegativeCycleError, ssspReference, validateSssp, type SsspDevice, type SsspKernelOptions, type SsspResult, type SsspRunOptions } from '@semiforge/algorithms';
import { csrFromEdges, generateErdosRenyi, generateGrid, generateRmat, type Csr } from '@semiforge/graph-io';
// The test graphs the package's SSSP tests use too (a test helper without side effects, bundled by path).
import { disconnectedGraph, negativeCycle, negativeDag } from '../../packages/algorithms/test/sssp-graphs.js';
import type { Backends } from './apsp-backends.js';
import { attempt, expect, firstDifference, type Check } from './selftest-checks.js';

const undirected = (g: Parameters<typeof csrFromEdges>[0]) => csrFromEdges(g, { symmetrize: true, sortRows: true, dropSelfLoops: true, duplicates: 'min' });

/** Integer weights 1..100 on R-MAT (u32 runs need integers; f32 runs take them too). */
const RMAT = undirected(generateRmat({ scale: 11, averageDegree: 8, seed: 2, weights: { min: 1, max: 100 } }));
const GRAPHS: readonly { name: string; csr: Csr; sources: number[] }[] = [
  { name: 'R-MAT scale 11', csr: RMAT, sources: [0, 5, 2047] },
  { name: 'road-like grid 40x50', csr: csrFromEdges(generateGrid({ rows: 40, cols: 50, weights: { min: 1, max: 1000 }, seed: 3, roadLike: true }).graph, { sortRows: true, duplicates: 'min' }), sources: [0, 1999] },
  { name: 'random directed n=1500', csr: csrFromEdges(generateErdosRenyi({ n: 1500, m: 6000, seed: 1, weights: { min: 0, max: 50 } }), { sortRows: true }), sources: [0, 700] },
  { name: 'disconnected', csr: disconnectedGraph({ a: 400, b: 300, isolated: 50, arcsPerVertex: 4, maxWeight: 30 }), sources: [3, 450, 745] },
];

/** The configurations checked on each graph, each in f32 and u32. */
const VARIANTS: readonly { label: string; options: SsspKernelOptions }[] = [
  { label: 'bellman-ford', options: { method: 'bellman-ford' } },
  { label: 'bellman-ford snapshot reads, segments of 64', options: { method: 'bellman-ford', reads: 'snapshot', segment: 64 } },
  { label: 'frontier', options: { method: 'frontier' } },
  { label: 'near-far', options: { method: 'near-far' } },
  { label: 'near-far, delta 1, batches of 1', options: { method: 'near-far', delta: 1, batch: 1 } },
  { label: 'near-far, 2 blocks of 64 striding, 4 lanes, chunks of 4', options: { method: 'near-far', fixedWorkgroups: 2, workgroupSize: 64, lanesPerVertex: 4, chunk: 4 } },
  { label: 'near-far, heavy arcs settled', options: { method: 'near-far', heavyArcs: 'settle' } },
  { label: 'near-far, heavy arcs settled, delta 3, 2 blocks of 64 striding, 4 lanes, chunks of 4', options: { method: 'near-far', heavyArcs: 'settle', delta: 3, fixedWorkgroups: 2, workgroupSize: 64, lanesPerVertex: 4, chunk: 4 } },
  { label: 'frontier, 1 block of 32 striding', options: { method: 'frontier', fixedWorkgroups: 1, workgroupSize: 32 } },
  // The graph renumbered by degree on the host: sources in, distances and parents out in the caller's ids.
  { label: 'near-far in degree order', options: { method: 'near-far', relabel: 'degree' } },
  // Hubs from degree 8 in fine rounds, the hub step doubling after each release of a bucket (hubGrowth).
  { label: 'near-far, hubs from degree 8, 64 rounds, the step doubling', options: { method: 'near-far', hubDegree: 8, hubRounds: 64, hubGrowth: 2 } },
];

async function queries(device: SsspDevice, csr: Csr, sources: readonly number[], options: SsspKernelOptions, run: SsspRunOptions = {}): Promise<SsspResult[]> {
  const runner = await createSsspRunner(device, csr, options);
  try {
    return await runner.runMany(sources, run);
  } finally {
    runner.destroy();
  }
}

/** Each CUDA result: valid by the Graph500 rules, equal to the CPU's Dijkstra and to WebGPU's (when given). */
function compare(csr: Csr, options: SsspKernelOptions, cuda: SsspResult[], webgpu: SsspResult[] | undefined, run: SsspRunOptions = {}): number {
  const weights = options.weights ?? 'f32';
  let passes = 0;
  cuda.forEach((r, i) => {
    const check = validateSssp(csr, r.source, r, { weights, maxDistance: run.maxDistance });
    expect(check.valid, `source ${r.source}: Graph500 rules: ${check.violation?.message}`);
    const cpu = ssspReference(csr, r.source, { weights }).dist.map((d) => (run.maxDistance !== undefined && d > run.maxDistance ? Infinity : d));
    const atCpu = firstDifference(r.dist, cpu);
    expect(atCpu === -1, `source ${r.source}: dist[${atCpu}] is ${r.dist[atCpu]} on CUDA, ${cpu[atCpu]} on the CPU`);
    passes += r.passes;
    if (!webgpu) return;
    const atWebgpu = firstDifference(r.dist, webgpu[i].dist);
    expect(atWebgpu === -1, `source ${r.source}: dist[${atWebgpu}] is ${r.dist[atWebgpu]} on CUDA, ${webgpu[i].dist[atWebgpu]} on WebGPU`);
  });
  return passes;
}

/** The SSSP checks: each graph × variant × weight type, then negative weights, limits and targets. */
export async function ssspSelftest(backends: Backends): Promise<Check[]> {
  const cuda = backends.cuda!;
  const checks: Check[] = [];
  const also = backends.webgpu ? ' and WebGPU' : '';
  for (const g of GRAPHS) {
    for (const v of VARIANTS) {
      for (const weights of ['f32', 'u32'] as const) {
        checks.push(
          await attempt(`sssp ${v.label} ${weights}, ${g.name}: CUDA vs Graph500 rules, CPU Dijkstra${also}`, async () => {
            const options = { ...v.options, weights };
            const onCuda = await queries(cuda, g.csr, g.sources, options);
            const onWebgpu = backends.webgpu && (await queries(backends.webgpu, g.csr, g.sources, options));
            const passes = compare(g.csr, options, onCuda, onWebgpu);
            return `${g.sources.length} sources, n = ${g.csr.n}, ${g.csr.indices.length} arcs, ${passes} passes, CUDA ${onCuda.map((r) => (r.gpuTimeMs ?? 0).toFixed(2)).join('/')} ms`;
          }),
        );
      }
    }
  }
  const dag = negativeDag(200);
  const cycle = negativeCycle();
  checks.push(
    await attempt('sssp negative weights: both Bellman-Ford methods match the CPU on CUDA; near-far refuses', async () => {
      for (const method of ['bellman-ford', 'frontier'] as const) compare(dag, { method }, await queries(cuda, dag, [0], { method }), undefined);
      const refused = await queries(cuda, dag, [0], { method: 'near-far' }).catch((e: unknown) => e as Error);
      expect(refused instanceof RangeError && /cannot take negative weights/.test(refused.message), `near-far gave ${String(refused)}`);
      return 'bellman-ford, frontier';
    }),
  );
  checks.push(
    await attempt('sssp a reachable negative cycle: NegativeCycleError naming a vertex on it, both methods', async () => {
      for (const method of ['bellman-ford', 'frontier'] as const) {
        const error = await queries(cuda, cycle, [0], { method }).catch((e: unknown) => e);
        expect(error instanceof NegativeCycleError && [10, 11, 12].includes(error.vertex), `${method}: got ${String(error)}`);
      }
      return 'vertex on 10 → 11 → 12';
    }),
  );
  checks.push(
    await attempt('sssp maxDistance and a near-far target on CUDA', async () => {
      const g = GRAPHS[1];
      const variants: SsspKernelOptions[] = [{ method: 'bellman-ford' }, { method: 'frontier' }, { method: 'near-far' }, { method: 'near-far', heavyArcs: 'settle' }];
      for (const variant of variants) {
        const options = { ...variant, weights: 'u32' as const };
        compare(g.csr, options, await queries(cuda, g.csr, [0], options, { maxDistance: 5000 }), undefined, { maxDistance: 5000 });
      }
      const target = 1000;
      const cpu = ssspReference(g.csr, 0, { weights: 'u32' });
      const passes: number[] = [];
      for (const heavyArcs of ['inline', 'settle'] as const) {
        const [r] = await queries(cuda, g.csr, [0], { method: 'near-far', weights: 'u32', heavyArcs }, { target });
        expect(r.dist[target] === cpu.dist[target], `heavyArcs ${heavyArcs}: dist[${target}] = ${r.dist[target]}, CPU ${cpu.dist[target]}`);
        for (let v = target; v !== 0; v = r.parent![v]) expect(r.dist[v] === cpu.dist[v], `heavyArcs ${heavyArcs}, on the path to ${target}: dist[${v}] = ${r.dist[v]}, CPU ${cpu.dist[v]}`);
        passes.push(r.passes);
      }
      return `target ${target} at ${cpu.dist[target]} in ${passes.join(' and ')} passes (heavy arcs inline, settled)`;
    }),
  );
  return checks;
}
