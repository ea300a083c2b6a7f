import { describe, expect, it } from 'vitest';
import { BFS_KERNEL_OPS, bfsBindingsBesideChunks, dispatchGrid, generateKernel, kernelIdentity, MAX_GRID_X, parseKernelName, type BfsKernelSpec } from '../src/index.js';
import { expectSpecError } from './helpers/expect-spec-error.js';

const bottomUp: BfsKernelSpec = {
  op: 'bfs_bottom_up',
  semiring: 'or-and',
  type: 'u32',
  target: 'wgsl',
  workgroupSize: 256,
  lanes: 1,
  blockLength: 8,
  ordered: true,
  chunks: 1,
  countEdges: true,
  aggregation: 'subgroup',
};
const topDown: BfsKernelSpec = { ...bottomUp, op: 'bfs_top_down', lanes: 8, aggregation: undefined };

describe('BFS KernelSpec validation', () => {
  it.each([
    [{ semiring: 'min-plus', type: 'f32' }, 'semiring', /fixed to or-and u32/],
    [{ workgroupSize: 48 }, 'workgroupSize', /power of two from 32 to 1024, got 48/],
    [{ lanes: 2 }, 'lanes', /bfs_bottom_up gives each vertex one invocation, so it must be 1, got 2/],
    [{ op: 'bfs_top_down' as const, lanes: 512 }, 'lanes', /power of two up to workgroupSize 256, got 512/],
    [{ blockLength: 0 }, 'blockLength', /from 1 to 64, got 0/],
    [{ chunks: 25 }, 'chunks', /from 1 to 24, got 25/],
    [{ op: 'bfs_top_down_hub' as const, lanes: 8 }, 'lanes', /bfs_top_down_hub gives each vertex one invocation, so it must be 1, got 8/],
    [{ ordered: 1 as never }, 'ordered', /true or false/],
    [{ aggregation: 'warp' as never }, 'aggregation', /'subgroup' or 'workgroup', got 'warp'/],
  ])('%j is rejected naming %s', (patch, parameter, message) => {
    expectSpecError({ ...bottomUp, ...patch } as BfsKernelSpec, parameter, message);
  });
});

describe('BFS kernel identity', () => {
  it('names parse back', () => {
    const a = kernelIdentity(bottomUp);
    expect(a.name).toBe(`bfs_bottom_up__or_and_u32__ord_mf__w256t1b8c1sg__wgsl__${a.id}`);
    expect(parseKernelName(a.name)).toMatchObject({ op: 'bfs_bottom_up', ordered: true, countEdges: true, workgroupSize: 256, lanes: 1, blockLength: 8, chunks: 1, aggregation: 'subgroup' });
    const t = kernelIdentity({ ...topDown, ordered: false, countEdges: false, chunks: 3 });
    expect(t.name).toBe(`bfs_top_down__or_and_u32__perm__w256t8b8c3__wgsl__${t.id}`);
    expect(parseKernelName(t.name)).toMatchObject({ op: 'bfs_top_down', ordered: false, countEdges: false, lanes: 8, chunks: 3 });
  });

  it('fields an op does not read do not change its id; the others do', () => {
    const seed = { ...topDown, op: 'bfs_seed' as const, lanes: 1 };
    expect(kernelIdentity(seed).id).toBe(kernelIdentity({ ...seed, blockLength: 4, chunks: 2, ordered: false }).id);
    expect(kernelIdentity({ ...topDown, aggregation: 'subgroup' }).id).toBe(kernelIdentity(topDown).id);
    const specs: BfsKernelSpec[] = [bottomUp, { ...bottomUp, aggregation: 'workgroup' }, { ...bottomUp, countEdges: false }, { ...bottomUp, ordered: false }, { ...bottomUp, chunks: 2 }, { ...bottomUp, blockLength: 4 }, { ...bottomUp, target: 'cuda' }, topDown];
    expect(new Set(specs.map((s) => kernelIdentity(s).id)).size).toBe(specs.length);
  });
});

describe('BFS kernels', () => {
  it('bind the adjacency chunks, then the maps they need, then the frontier state', () => {
    const names = (s: BfsKernelSpec) => generateKernel(s).bindings.map((b) => b.name);
    expect(names({ ...bottomUp, chunks: 2, ordered: false })).toEqual(['params', 'adj0', 'adj1', 'rounds', 'perm', 'indptr', 'parent', 'depth', 'queues', 'bitmap_in', 'bitmap_out', 'state']);
    expect(names({ ...topDown, countEdges: false })).toEqual(['params', 'adj0', 'rounds', 'parent', 'depth', 'queues', 'bitmap_out', 'state', 'hub_args']);
    expect(names({ ...topDown, op: 'bfs_top_down_hub', lanes: 1 })).toEqual(['params', 'adj0', 'rounds', 'indptr', 'parent', 'depth', 'queues', 'bitmap_out', 'state']);
    expect(names({ ...topDown, op: 'bfs_seed', lanes: 1 })).toEqual(['params', 'parent', 'depth', 'queues', 'bitmap_out', 'state']);
    expect(names({ ...topDown, op: 'bfs_control' })).toEqual(['params', 'rounds', 'indptr', 'state', 'control_next', 'step_args', 'hub_args', 'bitmap_out']);
    // The widest step's storage bindings besides the chunks: what the per-stage limit leaves for chunks.
    for (const spec of [topDown, { ...topDown, ordered: false, countEdges: false }]) {
      expect(bfsBindingsBesideChunks(spec)).toBe(names(spec).filter((n) => n !== 'params' && !n.startsWith('adj')).length);
    }
    expect(names({ ...bottomUp, op: 'bfs_check', aggregation: undefined })).toEqual(['params', 'adj0', 'rounds', 'parent', 'depth', 'errors']);
    expect(generateKernel({ ...bottomUp, aggregation: 'workgroup' }).workgroupStorageBytes).toBe(16);
  });

  it('split adjacency reads go through one switch over the chunks', () => {
    const source = generateKernel({ ...bottomUp, chunks: 3 }).source;
    expect(source).toContain('case 0u: { return adj0[q]; }');
    expect(source).toContain('default: { return adj2[q]; }');
    expect(generateKernel(bottomUp).source).toContain('return adj0[p];');
  });

  it('stride over a bounded grid: top-down counts teams of lanes', () => {
    expect(dispatchGrid(bottomUp, 1000)).toEqual([4, 1, 1]);
    expect(dispatchGrid(topDown, 1000)).toEqual([32, 1, 1]);
    expect(dispatchGrid(bottomUp, 256 * (MAX_GRID_X + 10))).toEqual([MAX_GRID_X, 1, 1]);
    expect(dispatchGrid(bottomUp, 0)).toEqual([1, 1, 1]);
  });

  it.each(BFS_KERNEL_OPS)('%s generates WGSL and CUDA', (op) => {
    for (const target of ['wgsl', 'cuda'] as const) {
      const k = generateKernel({ ...bottomUp, op, target, lanes: op === 'bfs_top_down' ? 8 : 1 });
      expect(k.source.includes('mark_next')).toBe(op === 'bfs_top_down' || op === 'bfs_top_down_hub' || op === 'bfs_bottom_up');
      expect(k.source).toContain(k.name);
    }
  });
});
