import { generateKernel, type GeneratedKernel } from '@semiforge/codegen';
import { compileCudaToPtx, findNvcc } from '@semiforge/codegen/nvcc';
import { relabelByDegree } from '@semiforge/graph-io';
import { afterAll, describe, expect, it } from 'vitest';
import { bfs, bfsSpecs, blockedAdjacency, CUDA_LEVELS_IN_FLIGHT, cudaLevelGroup, fixedGrids, bfsParams, isCudaDevice, planCudaBfs, prepareBfs, type BfsOptions } from '../src/index.js';
import { cudaHeaderRing } from '../src/bfs/bfs.cuda-plan.js';
import { BfsIds } from '../src/bfs/bfs.ids.js';
import { BFS_CASES, DISCONNECTED } from './bfs-cases.js';
import { testDevice } from './gpu-device.js';

const device = await testDevice();
afterAll(() => device?.destroy());
const nvcc = await findNvcc();

const kronecker = BFS_CASES.find((c) => c.name.startsWith('Kronecker'))!.csr;
const road = BFS_CASES.find((c) => c.name.startsWith('road'))!.csr;

describe('planCudaBfs', () => {
  it('plans the WebGPU kernels for target cuda, fixed grids, warp aggregation and two levels in flight', () => {
    const { plan, specs, prepared } = planCudaBfs(kronecker, { mfApprox: true });
    expect(plan.dispatch).toBe('fixed');
    expect(plan.aggregation).toBe('subgroup');
    expect(plan.levelsPerSubmit).toBe(CUDA_LEVELS_IN_FLIGHT);
    expect(plan.chunks).toBe(1);
    const webgpu = bfsSpecs({ workgroupSize: plan.workgroupSize, lanes: plan.lanes, blockLength: plan.blockLength, ordered: prepared.layout.ordered, chunks: 1, countEdges: false, aggregation: 'subgroup' });
    for (const [key, spec] of Object.entries(specs)) expect(spec).toEqual({ ...webgpu[key as keyof typeof webgpu], target: 'cuda' });
  });

  it('keeps the layout and the plan of the host preparation both backends share', () => {
    const { plan, prepared } = planCudaBfs(road, { blockLength: 4 });
    const shared = prepareBfs(road, { blockLength: 4 });
    expect(prepared.layout.rounds).toEqual(shared.layout.rounds);
    expect(prepared.layout.words).toEqual(shared.layout.words);
    expect(plan).toMatchObject(shared.plan);
    expect(plan.words).toBe(blockedAdjacency(prepared.inner, 4).words.length);
  });

  it('splits the adjacency over several kernel parameters only when chunkBytes asks for it', () => {
    const words = prepareBfs(kronecker, { blockLength: 4 }).layout.words.length;
    const chunkBytes = 4 * Math.ceil(words / 3);
    const { plan, specs } = planCudaBfs(kronecker, { blockLength: 4, chunkBytes });
    expect(plan.chunks).toBe(3);
    expect(plan.chunkWords).toBe(chunkBytes / 4);
    expect(generateKernel(specs.topDown).bindings.filter((b) => b.name.startsWith('adj')).map((b) => b.name)).toEqual(['adj0', 'adj1', 'adj2']);
    expect(planCudaBfs(kronecker, { blockLength: 4 }).plan.chunks).toBe(1);
  });

  it('follows the options: no degree ordering keeps a slot map, exact m_f counts edges, workgroup aggregation, levels in flight', () => {
    const { specs, plan } = planCudaBfs(DISCONNECTED, { degreeOrder: false, aggregation: 'workgroup', levelsPerSubmit: 5 });
    expect(specs.topDown.ordered).toBe(false);
    expect(specs.topDown.countEdges).toBe(true);
    expect(specs.bottomUp.aggregation).toBe('workgroup');
    expect(plan.levelsPerSubmit).toBe(5);
  });

  it('refuses indirect dispatch, saying what to do, and checks the options as WebGPU does', () => {
    expect(() => planCudaBfs(kronecker, { dispatch: 'indirect' })).toThrow(/fixed grid.*dispatch: 'fixed'/);
    expect(() => planCudaBfs(kronecker, { mfApprox: true, degreeOrder: false })).toThrow(/needs degreeOrder: true/);
    expect(() => planCudaBfs(kronecker, { levelsPerSubmit: 0 })).toThrow(/levelsPerSubmit = 0/);
    expect(() => planCudaBfs({ ...kronecker, directed: true })).toThrow(/symmetrize: true/);
  });

  it('generates CUDA sources whose parameters are the WGSL kernels\' bindings', () => {
    const { specs } = planCudaBfs(kronecker);
    for (const spec of Object.values(specs)) {
      const cuda = generateKernel(spec);
      const wgsl = generateKernel({ ...spec, target: 'wgsl' });
      expect(cuda.source).toContain('__global__');
      expect(cuda.bindings.map((b) => b.name)).toEqual(wgsl.bindings.map((b) => b.name));
    }
  });
});

/** Kernels the CUDA runner loads for a spread of graphs and options, by name. */
function plannedKernels(): Map<string, GeneratedKernel> {
  const configs: [typeof kronecker, BfsOptions][] = [
    [kronecker, {}],
    [kronecker, { mfApprox: true }],
    [kronecker, { degreeOrder: false, aggregation: 'workgroup' }],
    [road, { chunkBytes: 4 * Math.ceil((road.indices.length + 3 * road.n) / 3), blockLength: 4, lanes: 8 }],
    [DISCONNECTED, { direction: 'bottom-up', blockLength: 3 }],
  ];
  const kernels = new Map<string, GeneratedKernel>();
  for (const [csr, options] of configs) for (const spec of Object.values(planCudaBfs(csr, options).specs)) kernels.set(generateKernel(spec).name, generateKernel(spec));
  return kernels;
}

describe.skipIf(!nvcc)('the CUDA runner\'s kernels compile with nvcc', () => {
  it.each([...plannedKernels()])('%s', async (name, kernel) => {
    const r = await compileCudaToPtx(kernel.source, 'sm_90', name);
    expect(r.log).toBe(r.ok ? r.log : 'compiled');
    expect(r.ok).toBe(true);
  });
});

describe('cudaLevelGroup', () => {
  /** The groups a search of `depth` levels reads, with `inFlight` groups queued. */
  const groups = (depth: number, inFlight: number) => {
    const sizes: [number, number][] = [];
    for (let first = 1; first <= depth; first += sizes[sizes.length - 1][1]) sizes.push([first, cudaLevelGroup(first, inFlight)]);
    return sizes;
  };

  it('reads the first 32 levels one by one, and every level when one group is in flight', () => {
    expect(groups(32, 2).every(([, size]) => size === 1)).toBe(true);
    expect(groups(3000, 1).every(([, size]) => size === 1)).toBe(true);
  });

  it('grows groups to 32 levels, each starting at a multiple of its size (no wrap of the header ring)', () => {
    const all = groups(20000, 2);
    for (const [first, size] of all) {
      expect((first - 1) % size).toBe(0);
      expect(cudaHeaderRing(2) % size).toBe(0);
    }
    expect(Math.max(...all.map(([, size]) => size))).toBe(32);
  });

  it('launches at most an eighth of a search\'s depth past its end (two groups in flight)', () => {
    for (const depth of [33, 64, 65, 100, 500, 1000, 4096, 10000]) {
      const all = groups(depth, 2);
      const [first, size] = all[all.length - 1];
      const launched = first + size - 1 + cudaLevelGroup(first + size, 2);
      expect(launched - depth).toBeLessThanOrEqual(Math.max(1, depth / 8));
    }
  });

  it('keeps every level in flight in the ring', () => {
    for (const inFlight of [1, 2, 4, 64, 512]) expect(cudaHeaderRing(inFlight)).toBeGreaterThanOrEqual(2 * inFlight * 32);
  });
});

describe('fixedGrids and bfsParams', () => {
  it('sizes each step to the work the graph can give it, within fixedWorkgroups', () => {
    const { inner, layout, plan } = prepareBfs(kronecker, { lanes: 8 });
    const g = fixedGrids({ fixedWorkgroups: 1024, workgroupSize: 256, lanes: 8 }, inner.n, layout.rounds);
    expect(g.topDown).toBe(Math.ceil(inner.n / (256 / 8)));
    expect(g.bottomUpFirst).toBe(Math.ceil(layout.rounds[1] / 256));
    expect(g.bottomUpLater).toBe(Math.max(1, Math.ceil(layout.rounds[3] / 256)));
    expect(fixedGrids({ fixedWorkgroups: 2, workgroupSize: 256, lanes: 8 }, inner.n, layout.rounds).topDown).toBe(2);
    expect(plan.lanes).toBe(8);
  });

  it('lays out the parameter block as the preludes declare it', () => {
    const { layout } = prepareBfs(road);
    const words = bfsParams(road.n, layout.rounds, 1234, { alpha: 14, beta: 24, direction: 'bottom-up', lanes: 8 }, { level: 7, count: 3, roundFirst: 1 });
    expect([...words.slice(0, 8)]).toEqual([road.n, 3, 1, layout.rounds.length / 2, 1234, 0, 7, 0]);
    const floats = new Float32Array(words.buffer);
    expect([floats[8], floats[9]]).toEqual([14, 24]);
    expect([words[10], words[11], words[12]]).toEqual([2, Math.ceil(road.n / 32), 4 * 8]);
  });
});

describe('BfsIds', () => {
  it('maps parents and depths from the degree order back to the caller\'s ids, and the caller\'s into bfs_check\'s form', () => {
    const inner = relabelByDegree({ ...kronecker, ids: undefined });
    const ids = new BfsIds(inner.ids);
    // A tree in the kernels' ids: every vertex's parent is vertex 0, stored plus one; vertex 5 unreached.
    const stored = new Uint32Array(inner.n).fill(1);
    stored[5] = 0;
    const parent = ids.parentsToCaller(stored.slice());
    for (let v = 0; v < inner.n; v++) expect(parent[ids.user(v)]).toBe(v === 5 ? -1 : ids.user(0));
    const depth = ids.depthsToCaller(new Uint32Array(inner.n).fill(1), parent);
    expect(depth[ids.user(5)]).toBe(-1);
    expect(depth[ids.user(3)]).toBe(1);
    const back = ids.storedForCheck(parent, depth);
    expect(back.parent).toEqual(stored);
    expect(() => ids.storedForCheck(Int32Array.from(parent, () => inner.n), depth)).toThrow(`is neither −1 nor a vertex below ${inner.n}`);
  });

  it('reads bfs_check\'s error words as the first rule broken, the vertex in the caller\'s ids', () => {
    const ids = new BfsIds(relabelByDegree({ ...kronecker, ids: undefined }).ids);
    const none = 0xffffffff;
    expect(ids.checkOutcome(Uint32Array.of(none, none, none, none, none))).toEqual({ ok: true });
    expect(ids.checkOutcome(Uint32Array.of(none, none, 9, 4, none))).toEqual({ ok: false, rule: 'edge-levels', vertex: ids.user(9) });
  });
});

describe('choosing the CUDA backend', () => {
  it.runIf(device)('tells a WebGPU device from a CUDA one', () => {
    expect(isCudaDevice(device!)).toBe(false);
  });

  it('opens CUDA for backend: cuda, and says what is missing on a machine without it', async () => {
    const cuda = await bfs(undefined, DISCONNECTED, 0, { backend: 'cuda' }).then(
      (r) => r,
      (e: Error) => e,
    );
    // On a CUDA machine the search runs; elsewhere the error names the driver library.
    if (cuda instanceof Error) expect(cuda.message).toMatch(/libcuda\.so\.1|koffi/);
    else expect(cuda.parent[1]).not.toBe(-1);
  });

  it('refuses an unknown backend before opening anything', async () => {
    await expect(bfs(undefined, DISCONNECTED, 0, { backend: 'metal' as never })).rejects.toThrow("backend 'metal' is not one of webgpu, cuda");
  });
});
