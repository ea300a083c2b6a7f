// The BFS part of `--selftest`: every CUDA BFS path (hybrid, forced directions, no degree ordering, the m_f
// approximation, a split adjacency, workgroup aggregation, one level in flight, CoreBFS, the multi-source mode)
// on small graphs of every kind, each search's parents through the Graph500 validator and the GPU check, its
// depths equal to the CPU reference's and to WebGPU's.
import { bfsReference, CoreBfs, createBfsEngine, treeDepths, validateBfs, type BfsDevice, type BfsOptions } from '@semiforge/algorithms';
import { csrFromEdges, edgeListFromArrays, generateErdosRenyi, generateGrid, generateKronecker, type Csr } from '@semiforge/graph-io';
import type { Backends } from './apsp-backends.js';
import { attempt, expect, firstDifference, type Check } from './selftest-checks.js';

const undirected = (n: number, src: number[], dst: number[]): Csr => csrFromEdges(edgeListFromArrays(n, src, dst), { symmetrize: true, sortRows: true });

/** Small graphs of every kind BFS meets, with sources in different components and of different degrees. */
const GRAPHS: readonly { name: string; csr: Csr; sources: number[] }[] = [
  { name: 'single vertex', csr: undirected(1, [], []), sources: [0] },
  { name: 'disconnected (3 components, self-loop, parallel edge)', csr: undirected(9, [0, 1, 2, 2, 3, 5, 6, 4, 0], [1, 2, 0, 3, 4, 6, 7, 4, 1]), sources: [0, 4, 5, 8] },
  { name: 'random n=2000 m=6000', csr: csrFromEdges(generateErdosRenyi({ n: 2000, m: 6000, seed: 3, directed: false }), { sortRows: true }), sources: [0, 999, 1999] },
  { name: 'Kronecker scale 12', csr: csrFromEdges(generateKronecker({ scale: 12, edgeFactor: 16, seed: 5 }), { symmetrize: true }), sources: [1, 77, 3000] },
  { name: 'road-like grid 60x80', csr: csrFromEdges(generateGrid({ rows: 60, cols: 80, weights: { min: 1, max: 1 }, seed: 2, roadLike: true }).graph, { sortRows: true }), sources: [0, 4799] },
];

/** The runner configurations checked on each graph. */
const VARIANTS: readonly { label: string; options: BfsOptions | ((csr: Csr) => BfsOptions); core?: boolean }[] = [
  { label: 'hybrid', options: {} },
  { label: 'no degree ordering', options: { degreeOrder: false } },
  { label: 'm_f approx', options: { mfApprox: true } },
  { label: 'CoreBFS + m_f approx', options: { mfApprox: true }, core: true },
  { label: 'CoreBFS, no degree ordering', options: { degreeOrder: false }, core: true },
  { label: 'top-down only', options: { direction: 'top-down' } },
  { label: 'bottom-up only, workgroup aggregation', options: { direction: 'bottom-up', aggregation: 'workgroup' } },
  { label: 'adjacency split over 2 or 3 parameters, lanes 8', options: (csr) => ({ chunkBytes: 4 * Math.ceil((csr.indices.length + 3 * csr.n) / 3), lanes: 8, blockLength: 4 }) },
  { label: 'grids of 2 blocks, bottom-up only', options: { fixedWorkgroups: 2, direction: 'bottom-up', blockLength: 3 } },
  { label: 'one level in flight', options: { levelsPerSubmit: 1 } },
  { label: 'eight levels in flight, hubs (lanes 1, L 2)', options: { levelsPerSubmit: 8, lanes: 1, blockLength: 2 } },
];

/** Searches from every source on one backend: parents and depths (your ids), each checked by the GPU check. */
async function searches(device: BfsDevice, csr: Csr, sources: readonly number[], options: BfsOptions, core: boolean): Promise<{ parent: Int32Array; depth: Int32Array }[]> {
  const out: { parent: Int32Array; depth: Int32Array }[] = [];
  if (core) {
    const engine = await CoreBfs.create(device, csr, options);
    try {
      for (const s of sources) {
        const r = await engine.run(s, { depths: true });
        const gpu = await engine.check(s, r.parent, r.depth!);
        expect(gpu.ok, `source ${s}: the GPU check says ${JSON.stringify(gpu)}`);
        out.push({ parent: r.parent, depth: r.depth! });
      }
    } finally {
      engine.destroy();
    }
    return out;
  }
  const engine = await createBfsEngine(device, csr, options);
  try {
    for (const s of sources) {
      const r = await engine.run(s, { depths: true, check: true });
      expect(r.check?.ok === true, `source ${s}: the GPU check says ${JSON.stringify(r.check)}`);
      expect(r.reached === r.parent.filter((p) => p !== -1).length, `source ${s}: reached ${r.reached}, but ${r.parent.filter((p) => p !== -1).length} parents`);
      out.push({ parent: r.parent, depth: r.depth! });
    }
  } finally {
    engine.destroy();
  }
  return out;
}

/** Every answer through the Graph500 validator and against the CPU's depths (and WebGPU's, when given). */
function compare(csr: Csr, sources: readonly number[], cuda: { parent: Int32Array; depth: Int32Array }[], webgpu: { depth: Int32Array }[] | undefined): void {
  sources.forEach((s, i) => {
    const v = validateBfs(csr, s, cuda[i].parent, cuda[i].depth);
    expect(v.ok, `source ${s}: Graph500 validation: ${v.ok ? '' : `${v.rule}: ${v.message}`}`);
    const cpu = bfsReference(csr, s).depth;
    const atCpu = firstDifference(cuda[i].depth, cpu);
    expect(atCpu === -1, `source ${s}: depth[${atCpu}] is ${cuda[i].depth[atCpu]} on CUDA, ${cpu[atCpu]} on the CPU`);
    if (!webgpu) return;
    const atWebgpu = firstDifference(cuda[i].depth, webgpu[i].depth);
    expect(atWebgpu === -1, `source ${s}: depth[${atWebgpu}] is ${cuda[i].depth[atWebgpu]} on CUDA, ${webgpu[i].depth[atWebgpu]} on WebGPU`);
  });
}

/** The BFS checks: each graph × variant, then the multi-source mode on each graph. */
export async function bfsSelftest(backends: Backends): Promise<Check[]> {
  const checks: Check[] = [];
  const also = backends.webgpu ? ', = WebGPU' : '';
  for (const g of GRAPHS) {
    for (const v of VARIANTS) {
      checks.push(
        await attempt(`bfs ${v.label}, ${g.name}: CUDA vs Graph500 rules, CPU${backends.webgpu ? ' and WebGPU' : ''}`, async () => {
          const options = typeof v.options === 'function' ? v.options(g.csr) : v.options;
          const cuda = await searches(backends.cuda!, g.csr, g.sources, options, v.core === true);
          // WebGPU's batches are its own (levelsPerSubmit means levels a submit there, levels in flight on CUDA).
          const { levelsPerSubmit: _, ...webgpuOptions } = options;
          const webgpu = backends.webgpu && (await searches(backends.webgpu, g.csr, g.sources, webgpuOptions, v.core === true));
          compare(g.csr, g.sources, cuda, webgpu);
          return `${g.sources.length} sources, n = ${g.csr.n}, ${g.csr.indices.length} arcs${also}`;
        }),
      );
    }
    checks.push(
      await attempt(`bfs multi-source, ${g.name}: CUDA vs Graph500 rules and CPU`, async () => {
        const engine = await createBfsEngine(backends.cuda!, g.csr);
        try {
          const r = await engine.runMulti(g.sources);
          const depths = r.parents.map((parent, i) => {
            const tree = treeDepths(parent, g.sources[i]);
            expect('depth' in tree, `source ${g.sources[i]}: the parents do not form a tree`);
            return { parent, depth: (tree as { depth: Int32Array }).depth };
          });
          compare(g.csr, g.sources, depths, undefined);
          return `${g.sources.length} searches in one pass, ${r.levels} levels`;
        } finally {
          engine.destroy();
        }
      }),
    );
  }
  return checks;
}
