import { describe, expect, it } from 'vitest';
import { dispatchGrid, generateKernel, kernelIdentity, parseKernelName, type VectorKernelSpec } from '../src/index.js';
import { expectSpecError } from './helpers/expect-spec-error.js';

const reduce: VectorKernelSpec = { op: 'vec_reduce', semiring: 'plus-times', type: 'f32', target: 'wgsl', workgroupSize: 256 };
const update: VectorKernelSpec = { ...reduce, op: 'vec_pagerank_update' };
const updateFolded: VectorKernelSpec = { ...reduce, op: 'vec_pagerank_update_folded' };
const gather: VectorKernelSpec = { op: 'vec_gather', semiring: 'or-and', type: 'u32', target: 'wgsl', workgroupSize: 256 };

describe('vector KernelSpec validation', () => {
  it.each([
    [reduce, { workgroupSize: 0 }, 'workgroupSize', /must be an integer from 1 to 1024, got 0/],
    [reduce, { workgroupSize: 2048 }, 'workgroupSize', /from 1 to 1024, got 2048/],
    [reduce, { workgroupSize: 96 }, 'workgroupSize', /vec_reduce halves its workgroup in a tree, so it must be a power of two, got 96/],
    [update, { semiring: 'min-plus' }, 'semiring', /needs plus-times f32, got min-plus f32/],
    [update, { type: 'u32' }, 'semiring', /needs plus-times f32, got plus-times u32/],
    [updateFolded, { semiring: 'max-min' }, 'semiring', /vec_pagerank_update_folded is PageRank's step over the reals: it needs plus-times f32, got max-min f32/],
    [updateFolded, { workgroupSize: 96 }, 'workgroupSize', /vec_pagerank_update_folded halves its workgroup in a tree, so it must be a power of two, got 96/],
    [reduce, { semiring: 'or-and' }, 'type', /'or-and' is not defined for f32/],
    [gather, { semiring: 'plus-times' }, 'semiring', /vec_gather moves 4-byte words of any element type: its spec is or-and u32, got plus-times u32/],
  ] as const)('%j with %j is rejected naming %s', (base, patch, parameter, message) => {
    expectSpecError({ ...base, ...patch } as VectorKernelSpec, parameter, message);
  });

  it('the gather binds its index, source and target as 4-byte words', () => {
    const g = generateKernel(gather);
    expect(g.bindings.map((b) => [b.name, b.kind, b.element])).toEqual([
      ['params', 'uniform', 'params'],
      ['index', 'read-only-storage', 'u32'],
      ['src', 'read-only-storage', 'u32'],
      ['dst', 'storage', 'u32'],
    ]);
    expect(g.source).toContain('dst[i] = src[index[i]];');
  });

  it('the update takes power-of-two workgroups up to 1024 (it sums its partials in a tree)', () => {
    expect(generateKernel({ ...update, workgroupSize: 1024 }).workgroupSize).toEqual([1024, 1, 1]);
    expect(() => generateKernel({ ...update, workgroupSize: 96 })).toThrow(/vec_pagerank_update halves its workgroup in a tree, so it must be a power of two, got 96/);
  });
});

describe('vector kernels', () => {
  it('have names that parse back, and an id per spec', () => {
    const k = kernelIdentity({ ...reduce, semiring: 'or-and', type: 'u32' });
    expect(k.name).toBe(`vec_reduce__or_and_u32__dense__w256__wgsl__${k.id}`);
    expect(parseKernelName(k.name)).toMatchObject({ op: 'vec_reduce', semiringId: 'or_and', type: 'u32', workgroupSize: 256, target: 'wgsl', id: k.id });
    const folded = kernelIdentity(updateFolded);
    expect(parseKernelName(folded.name)).toMatchObject({ op: 'vec_pagerank_update_folded', workgroupSize: 256, target: 'wgsl', id: folded.id });
    const specs = [reduce, update, updateFolded, { ...reduce, workgroupSize: 128 }, { ...reduce, type: 'u32' as const }, { ...reduce, target: 'cuda' as const }];
    expect(new Set(specs.map((s) => kernelIdentity(s).id)).size).toBe(specs.length);
  });

  it('bind in order and size the reduction tree from the workgroup', () => {
    const r = generateKernel({ ...reduce, type: 'i32', semiring: 'min-plus' });
    expect(r.bindings.map((b) => [b.name, b.kind, b.element])).toEqual([
      ['params', 'uniform', 'params'],
      ['src', 'read-only-storage', 'i32'],
      ['dst', 'storage', 'i32'],
    ]);
    expect(r.workgroupStorageBytes).toBe(256 * 4);
    expect(r.source).toContain('fn sr_add(a: T, b: T) -> T { return min(a, b); }');
    const u = generateKernel(update);
    expect(u.bindings.map((b) => b.name)).toEqual(['params', 'teleport', 'previous', 'sums', 'next', 'deltaParts', 'outDegree', 'scaled']);
    // One tree of (|Δ|, dangling mass) pairs.
    expect(u.workgroupStorageBytes).toBe(256 * 8);
    expect(u.source).not.toContain('rowExtra');
    // The folded update binds where a fold product left its extra pieces, and adds them.
    const f = generateKernel(updateFolded);
    expect(f.bindings.map((b) => [b.name, b.kind, b.element]).slice(-2)).toEqual([
      ['rowExtra', 'read-only-storage', 'u32'],
      ['partial', 'read-only-storage', 'f32'],
    ]);
    expect(f.source).toContain('for (var q = rowExtra[i]; q < extraEnd; q++) { y = y + partial[q]; }');
  });

  it('reduce and update into at most workgroupSize partials (one workgroup finishes), on the same grid', () => {
    expect(dispatchGrid(reduce, 0)).toEqual([1, 1, 1]);
    expect(dispatchGrid(reduce, 1000)).toEqual([4, 1, 1]);
    expect(dispatchGrid(reduce, 10_000_000)).toEqual([256, 1, 1]);
    expect(dispatchGrid(reduce, 256)).toEqual([1, 1, 1]);
    expect(dispatchGrid(update, 1000)).toEqual([4, 1, 1]);
    expect(dispatchGrid(update, 2 ** 30)).toEqual([256, 1, 1]);
    for (const n of [1, 255, 257, 70_000, 2 ** 30]) expect(dispatchGrid(update, n)).toEqual(dispatchGrid(reduce, n));
    for (const n of [1, 257, 2 ** 30]) expect(dispatchGrid(updateFolded, n)).toEqual(dispatchGrid(update, n));
  });
});
