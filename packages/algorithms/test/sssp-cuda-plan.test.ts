import { generateKernel, type GeneratedKernel } from '@semiforge/codegen';
import { compileCudaToPtx, findNvcc } from '@semiforge/codegen/nvcc';
import { symmetrize } from '@semiforge/graph-io';
import { describe, expect, it } from 'vitest';
import { defaultDispatch, planSssp, prepareSssp, sssp, type SsspKernelOptions } from '../src/index.js';
import { ssspBufferName, type SsspStep } from '../src/sssp/sssp.loop.js';
import { negativeDag, SSSP_CASES } from './sssp-cases.js';

const nvcc = await findNvcc();
const road = SSSP_CASES.find((c) => c.name.startsWith('road'))!.graph;
const random = SSSP_CASES[0].graph;
const STEPS: readonly SsspStep[] = ['relax', 'advance', 'parents', 'tree', 'treeScan'];

describe('the SSSP plan on each backend', () => {
  it('plans the WebGPU kernels for target cuda, passes on fixed grids', () => {
    for (const method of ['bellman-ford', 'frontier', 'near-far'] as const) {
      const cuda = prepareSssp(road, { method, weights: 'u32' }, 'cuda');
      const webgpu = prepareSssp(road, { method, weights: 'u32', dispatch: 'fixed' }, 'wgsl');
      expect(cuda.plan.dispatch).toBe('fixed');
      for (const step of STEPS) {
        const spec = cuda.plan[step];
        expect(spec === undefined).toBe(webgpu.plan[step] === undefined);
        if (spec) expect(spec).toEqual({ ...webgpu.plan[step], target: 'cuda' });
      }
      expect(cuda.grids).toEqual(webgpu.grids);
      expect(Object.keys(cuda.arrays)).toEqual(Object.keys(webgpu.arrays));
      expect(cuda.zeroed).toEqual(webgpu.zeroed);
    }
  });

  it('refuses indirect dispatch on CUDA, saying what to do, and bad dispatch options everywhere', () => {
    expect(() => prepareSssp(road, { method: 'near-far', dispatch: 'indirect' }, 'cuda')).toThrow(/no indirect launch.*dispatch: 'fixed'/);
    expect(() => prepareSssp(road, { dispatch: 'sized' as never }, 'wgsl')).toThrow(/dispatch = sized \(expected indirect or fixed\)/);
    expect(() => prepareSssp(road, { fixedWorkgroups: 0 }, 'cuda')).toThrow(/fixedWorkgroups = 0 \(expected an integer from 1 to 65535\)/);
  });

  it("dispatch defaults to BFS's rule: fixed on hardware, indirect on a software adapter", () => {
    const stats = { n: 1000, arcs: 4000, minWeight: 1, meanWeight: 10 };
    expect(planSssp({}, stats, false, { softwareAdapter: true }).dispatch).toBe(defaultDispatch(true));
    expect(planSssp({}, stats, false, { softwareAdapter: false }).dispatch).toBe('fixed');
    expect(planSssp({}, stats, false, { softwareAdapter: true }).dispatch).toBe('indirect');
    expect(planSssp({ dispatch: 'fixed' }, stats, false, { softwareAdapter: true }).dispatch).toBe('fixed');
  });

  it('sizes the fixed grid to the largest pass (a scan of n, or a full queue), within fixedWorkgroups', () => {
    const small = prepareSssp(road, { method: 'near-far', workgroupSize: 64, lanesPerVertex: 1 }, 'cuda');
    // 196 vertices, each one queue item: 4 workgroups of 64 cover them.
    expect(small.grids.relax).toEqual([Math.ceil(road.n / 64)]);
    expect(prepareSssp(road, { method: 'near-far', workgroupSize: 64, fixedWorkgroups: 2 }, 'cuda').grids.relax).toEqual([2]);
    const bf = prepareSssp(road, { method: 'bellman-ford', workgroupSize: 64 }, 'cuda');
    expect(bf.grids.relax).toEqual([Math.ceil(bf.items / 64), 1, 1]);
  });

  it('every binding of every step names a buffer the setup makes (the tails of the frontier parent passes come later)', () => {
    for (const options of [{ method: 'bellman-ford', reads: 'snapshot' }, { method: 'frontier' }, { method: 'near-far' }] as SsspKernelOptions[]) {
      // Undirected, the graph lists every mirror (as it must: the setup refuses one that does not).
      for (const graph of [symmetrize(random), { ...random, directed: true }]) {
        const setup = prepareSssp(graph, options, 'cuda');
        const made = new Set([...Object.keys(setup.arrays), ...Object.keys(setup.zeroed), 'src']);
        for (const step of STEPS) {
          const spec = setup.plan[step];
          if (!spec) continue;
          for (const parity of [0, 1]) {
            for (const b of generateKernel(spec).bindings) {
              if (b.kind === 'uniform') continue;
              expect(made.has(ssspBufferName(step, parity, b.name, setup.plan.method === 'bellman-ford')), `${step} ${b.name}`).toBe(true);
            }
          }
        }
      }
    }
    expect(ssspBufferName('relax', 1, 'queue_in', false)).toBe('queue_b');
    expect(ssspBufferName('relax', 1, 'chunk_out', false)).toBe('chunk_a');
    expect(ssspBufferName('advance', 0, 'queue_out', false)).toBe('queue_b');
    expect(ssspBufferName('parents', 0, 'dst', false)).toBe('indices');
    expect(ssspBufferName('parents', 0, 'dst', true)).toBe('dst');
  });

  it('checks the weights and methods as WebGPU does, before any device is touched', () => {
    expect(() => prepareSssp(negativeDag(), { method: 'near-far' }, 'cuda')).toThrow(/cannot take negative weights/);
    expect(() => prepareSssp(SSSP_CASES[1].graph, { weights: 'u32' }, 'cuda')).toThrow(/u32 weights must be integers/);
  });

  it("backend 'cuda' without @semiforge/runtime-cuda's driver says what is missing", async () => {
    const error = await sssp(undefined, road, 0, { backend: 'cuda' }).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/cuda|CUDA|libcuda|runtime-cuda/);
  });
});

/** Every kernel the CUDA runner plans, for the methods, weight types and graph kinds it meets. */
function plannedKernels(): Map<string, GeneratedKernel> {
  const kernels = new Map<string, GeneratedKernel>();
  for (const method of ['bellman-ford', 'frontier', 'near-far'] as const) {
    for (const weights of ['f32', 'u32'] as const) {
      for (const directed of [false, true]) {
        const extra: SsspKernelOptions[] = method === 'bellman-ford' ? [{ reads: 'atomic' }, { reads: 'snapshot' }] : [{ lanesPerVertex: 2 }, { lanesPerVertex: 16 }];
        for (const e of extra) {
          const plan = prepareSssp({ ...road, directed }, { method, weights, ...e }, 'cuda').plan;
          for (const step of STEPS) {
            const spec = plan[step];
            if (spec) kernels.set(generateKernel(spec).name, generateKernel(spec));
          }
        }
      }
    }
  }
  return kernels;
}

describe.skipIf(!nvcc)("the CUDA runner's kernels compile with nvcc", () => {
  it.each([...plannedKernels()])('%s', async (name, kernel) => {
    const r = await compileCudaToPtx(kernel.source, 'sm_90', name);
    expect(r.log).toBe(r.ok ? r.log : 'compiled');
    expect(r.ok).toBe(true);
  });
});
