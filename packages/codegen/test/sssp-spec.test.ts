import { describe, expect, it } from 'vitest';
import { dispatchGrid, generateKernel, kernelIdentity, MAX_GRID_X, normalizeSpec, parseKernelName, SSSP_DEFAULT_ARC_UNROLL, SSSP_KERNEL_OPS, ssspAppendCapacity, type SsspKernelSpec } from '../src/index.js';
import { expectSpecError } from './helpers/expect-spec-error.js';

const edges: SsspKernelSpec = { op: 'sssp_edges', semiring: 'min-plus', type: 'f32', target: 'wgsl', workgroupSize: 256, symmetric: true, reads: 'atomic' };
const frontier: SsspKernelSpec = { op: 'sssp_frontier', semiring: 'min-plus', type: 'u32', target: 'wgsl', workgroupSize: 128, symmetric: false, lanesPerVertex: 8 };

describe('SSSP KernelSpec validation', () => {
  it.each([
    [{ semiring: 'plus-times' }, 'semiring', /atomicMin over min-plus, got 'plus-times'/],
    [{ type: 'i32' as const }, 'type', /f32 or u32 .*got i32/],
    [{ workgroupSize: 96 }, 'workgroupSize', /power of two up to 1024, got 96/],
    [{ op: 'sssp_frontier' as const }, 'symmetric', /sssp_frontier reads CSR arcs/],
    [{ reads: 'texture' as never }, 'reads', /'atomic' or 'snapshot', got 'texture'/],
    [{ lanesPerVertex: 4 }, 'lanesPerVertex', /only the queue kernels .* take lanes, so sssp_edges needs 1, got 4/],
  ])('%j is rejected naming %s', (patch, parameter, message) => {
    expectSpecError({ ...edges, ...patch } as SsspKernelSpec, parameter, message);
  });

  it('the tree scan needs an undirected CSR', () => {
    expectSpecError({ ...edges, op: 'sssp_tree_scan', reads: undefined, symmetric: false }, 'symmetric', /sssp_tree_scan .* needs an undirected CSR: it must be true/);
  });

  it("heavyArcs is 'inline' or 'settle', and only the frontier pass settles", () => {
    expectSpecError({ ...frontier, heavyArcs: 'later' as never }, 'heavyArcs', /'inline', 'settle' or absent, got 'later'/);
    expectSpecError({ ...frontier, op: 'sssp_advance', heavyArcs: 'settle' }, 'heavyArcs', /only sssp_frontier reads rows split into light and heavy arcs, so sssp_advance takes 'inline'/);
    expectSpecError({ ...edges, heavyArcs: 'settle' }, 'heavyArcs', /so sssp_edges takes 'inline'/);
  });

  it('lanes may not exceed the workgroup, nor a chunk', () => {
    expectSpecError({ ...frontier, lanesPerVertex: 256 }, 'lanesPerVertex', /no larger than workgroupSize 128, got 256/);
    expectSpecError({ ...frontier, chunk: 4 }, 'chunk', /power of two no smaller than lanesPerVertex 8 .*got 4/);
  });
});

describe('SSSP kernel identity', () => {
  it('names parse back; fields an op ignores do not change the id', () => {
    const e = kernelIdentity({ ...edges, reads: 'snapshot' });
    expect(e.name).toBe(`sssp_edges__min_plus_f32__sym_snapshot__w256__wgsl__${e.id}`);
    expect(parseKernelName(e.name)).toMatchObject({ op: 'sssp_edges', symmetric: true, reads: 'snapshot', workgroupSize: 256 });
    const f = kernelIdentity(frontier);
    expect(f.name).toBe(`sssp_frontier__min_plus_u32__dir__w128l8c256__wgsl__${f.id}`);
    expect(parseKernelName(f.name)).toMatchObject({ op: 'sssp_frontier', symmetric: false, workgroupSize: 128, lanesPerVertex: 8, chunk: 256 });
    expect(kernelIdentity({ ...frontier, chunk: 256 }).id).toBe(f.id);
    expect(kernelIdentity({ ...edges, reads: undefined }).id).toBe(kernelIdentity(edges).id);
    // The advance step sizes the queue kernels' grids: their lanes, chunk and workgroup are part of it.
    const advance = { ...frontier, op: 'sssp_advance' as const };
    expect(parseKernelName(kernelIdentity(advance).name)).toMatchObject({ op: 'sssp_advance', workgroupSize: 128, lanesPerVertex: 8, chunk: 256 });
    expect(kernelIdentity({ ...advance, workgroupSize: 64 }).id).not.toBe(kernelIdentity(advance).id);
  });

  it('a pass that settles heavy arcs is named apart and parses back; inline is the plain pass', () => {
    const h = kernelIdentity({ ...frontier, heavyArcs: 'settle' });
    expect(h.name).toBe(`sssp_frontier__min_plus_u32__dir__w128l8c256h__wgsl__${h.id}`);
    expect(parseKernelName(h.name)).toMatchObject({ op: 'sssp_frontier', lanesPerVertex: 8, chunk: 256, heavyArcs: 'settle' });
    expect(h.id).not.toBe(kernelIdentity(frontier).id);
    expect(kernelIdentity({ ...frontier, heavyArcs: 'inline' }).id).toBe(kernelIdentity(frontier).id);
    expect(parseKernelName(kernelIdentity(frontier).name)).not.toHaveProperty('heavyArcs');
  });

  it('a pass and sizing step that defer hubs are named apart and parse back; false is the plain kernel', () => {
    const d = kernelIdentity({ ...frontier, deferHubs: true });
    expect(d.name).toBe(`sssp_frontier__min_plus_u32__dir__w128l8c256d__wgsl__${d.id}`);
    expect(parseKernelName(d.name)).toMatchObject({ op: 'sssp_frontier', lanesPerVertex: 8, chunk: 256, deferHubs: true });
    const advance = kernelIdentity({ ...frontier, op: 'sssp_advance', deferHubs: true });
    expect(parseKernelName(advance.name)).toMatchObject({ op: 'sssp_advance', deferHubs: true });
    expect(kernelIdentity({ ...frontier, deferHubs: false }).id).toBe(kernelIdentity(frontier).id);
    expect(generateKernel({ ...frontier, deferHubs: true }).source).toContain('fn release_hub(v: u32, len_out: u32)');
    expect(generateKernel(frontier).source).not.toContain('HUB_MARK');
  });

  it('deferHubs is a boolean, only for the queue kernels, never with heavy arcs settled', () => {
    expectSpecError({ ...frontier, deferHubs: 'yes' as never }, 'deferHubs', /true, false or absent, got yes/);
    expectSpecError({ ...edges, deferHubs: true }, 'deferHubs', /only near-far's queue kernels .* so sssp_edges takes false/);
    expectSpecError({ ...frontier, deferHubs: true, heavyArcs: 'settle' }, 'deferHubs', /same mark bit/);
  });

  it('an arc unroll other than the default is named and parses back; the default keeps the plain name', () => {
    const u = kernelIdentity({ ...frontier, arcUnroll: 1 });
    expect(u.name).toBe(`sssp_frontier__min_plus_u32__dir__w128l8c256u1__wgsl__${u.id}`);
    expect(parseKernelName(u.name)).toMatchObject({ op: 'sssp_frontier', lanesPerVertex: 8, chunk: 256, arcUnroll: 1 });
    const hubs = kernelIdentity({ ...frontier, deferHubs: true, arcUnroll: 8 });
    expect(parseKernelName(hubs.name)).toMatchObject({ deferHubs: true, arcUnroll: 8 });
    expect(kernelIdentity({ ...frontier, arcUnroll: SSSP_DEFAULT_ARC_UNROLL }).id).toBe(kernelIdentity(frontier).id);
    // Only the pass reads it: the sizing step it shares a grid with is one kernel whatever the unroll.
    expect(kernelIdentity({ ...frontier, op: 'sssp_advance', arcUnroll: 1 }).id).toBe(kernelIdentity({ ...frontier, op: 'sssp_advance' }).id);
    expect(generateKernel({ ...frontier, arcUnroll: 8 }).source).toContain('const ARC_UNROLL: u32 = 8u;');
    expect(generateKernel({ ...frontier, target: 'cuda', arcUnroll: 2 }).source).toContain('#define ARC_UNROLL 2u');
  });

  it('packed queues: one (vertex, chunk) array a queue, two storage bindings fewer, named and parsed back', () => {
    const p = kernelIdentity({ ...frontier, packedQueue: true });
    expect(p.name).toBe(`sssp_frontier__min_plus_u32__dir__w128l8c256p__wgsl__${p.id}`);
    expect(parseKernelName(p.name)).toMatchObject({ op: 'sssp_frontier', lanesPerVertex: 8, chunk: 256, packedQueue: true });
    expect(kernelIdentity({ ...frontier, packedQueue: false }).id).toBe(kernelIdentity(frontier).id);
    const storage = (spec: SsspKernelSpec) => generateKernel(spec).bindings.filter((b) => b.kind !== 'uniform').map((b) => b.name);
    expect(storage(frontier)).toHaveLength(11);
    expect(storage({ ...frontier, packedQueue: true })).toEqual(['indptr', 'indices', 'weight', 'dist', 'items_in', 'items_out', 'mark', 'via', 'state']);
    expect(storage({ ...frontier, packedQueue: true, deferHubs: true })).toHaveLength(10);
    expect(storage({ ...frontier, packedQueue: true, heavyArcs: 'settle' })).toHaveLength(10);
    const source = generateKernel({ ...frontier, packedQueue: true }).source;
    expect(source).toContain('fn item_vertex(i: u32) -> u32 { return items_in[2u * i]; }');
    expect(source).not.toMatch(/var<storage[^;]*(queue|chunk)_(in|out)/);
  });

  it('packed queues are for the WGSL pass only', () => {
    expectSpecError({ ...frontier, target: 'cuda', packedQueue: true }, 'packedQueue', /the cuda target has no such limit/);
    expectSpecError({ ...frontier, op: 'sssp_advance', packedQueue: true }, 'packedQueue', /only sssp_frontier .* so sssp_advance takes false/);
    expectSpecError({ ...frontier, packedQueue: 1 as never }, 'packedQueue', /true, false or absent, got 1/);
  });

  it('packed arcs: one word an arc, head << bits | weight, one storage binding fewer, named and parsed back', () => {
    const a = kernelIdentity({ ...frontier, deferHubs: true, arcWeightBits: 8 });
    expect(a.name).toBe(`sssp_frontier__min_plus_u32__dir__w128l8c256da8__wgsl__${a.id}`);
    expect(parseKernelName(a.name)).toMatchObject({ op: 'sssp_frontier', deferHubs: true, arcWeightBits: 8 });
    expect(parseKernelName(kernelIdentity({ ...frontier, packedQueue: true, fusedAdvance: true, arcWeightBits: 12 }).name)).toMatchObject({ packedQueue: true, fusedAdvance: true, arcWeightBits: 12 });
    expect(kernelIdentity({ ...frontier, arcWeightBits: 9 }).id).not.toBe(kernelIdentity({ ...frontier, arcWeightBits: 8 }).id);
    const storage = (spec: SsspKernelSpec) => generateKernel(spec).bindings.filter((b) => b.kind !== 'uniform').map((b) => b.name);
    expect(storage({ ...frontier, arcWeightBits: 8 })).toEqual(['indptr', 'arcs', 'dist', 'queue_in', 'chunk_in', 'queue_out', 'chunk_out', 'mark', 'via', 'state']);
    const source = generateKernel({ ...frontier, arcWeightBits: 8 }).source;
    expect(source).toContain('const ARC_WEIGHT_BITS: u32 = 8u;');
    expect(source).toContain('return Arc(a >> ARC_WEIGHT_BITS, a & ((1u << ARC_WEIGHT_BITS) - 1u));');
    expect(source).not.toMatch(/var<storage[^;]*(indices|weight)\b/);
  });

  it('packed arcs: u32 weights in the frontier pass, 1 to 24 bits, in WGSL and CUDA', () => {
    const cuda = generateKernel({ ...frontier, target: 'cuda', arcWeightBits: 12 });
    expect(cuda.source).toContain('#define ARC_WEIGHT_BITS 12u');
    expect(cuda.bindings.map((b) => b.name)).toContain('arcs');
    expect(cuda.bindings.map((b) => b.name)).not.toContain('indices');
    expectSpecError({ ...frontier, type: 'f32', arcWeightBits: 8 }, 'arcWeightBits', /f32 weights keep their own array/);
    expectSpecError({ ...frontier, op: 'sssp_advance', arcWeightBits: 8 }, 'arcWeightBits', /only sssp_frontier, sssp_tree, sssp_tree_scan read packed arcs, so sssp_advance leaves it out/);
    expectSpecError({ ...frontier, op: 'sssp_parents', arcWeightBits: 8 }, 'arcWeightBits', /so sssp_parents leaves it out/);
    for (const bits of [0, 25, 2.5]) expectSpecError({ ...frontier, arcWeightBits: bits }, 'arcWeightBits', new RegExp(`integer from 1 to 24 .* got ${bits}`));
  });

  it('packed arcs in the tree steps: bound as arcs instead of the heads and weights, named and parsed back, in WGSL and CUDA', () => {
    for (const target of ['wgsl', 'cuda'] as const) {
      for (const [op, symmetric] of [['sssp_tree', true], ['sssp_tree', false], ['sssp_tree_scan', true]] as const) {
        const spec: SsspKernelSpec = { op, semiring: 'min-plus', type: 'u32', target, workgroupSize: 256, symmetric, arcWeightBits: 8 };
        const k = generateKernel(spec);
        const names = k.bindings.map((b) => b.name);
        expect(names, `${op} ${target}`).toContain('arcs');
        expect(names).not.toContain('indices');
        expect(names).not.toContain('weight');
        expect(k.source).not.toMatch(/\b(indices|weight)\[/);
        expect(parseKernelName(k.name)).toMatchObject({ op, arcWeightBits: 8 });
        expect(kernelIdentity(spec).id).not.toBe(kernelIdentity({ ...spec, arcWeightBits: undefined }).id);
      }
    }
    expect(kernelIdentity({ op: 'sssp_tree', semiring: 'min-plus', type: 'u32', target: 'wgsl', workgroupSize: 256, symmetric: true, arcWeightBits: 8 }).name).toMatch(/^sssp_tree__min_plus_u32__sym__w256a8__wgsl__/);
  });

  it('fused advance: the pass decides the advance step from state banks, named and parsed back, WGSL pass only', () => {
    const f = kernelIdentity({ ...frontier, packedQueue: true, fusedAdvance: true });
    expect(f.name).toBe(`sssp_frontier__min_plus_u32__dir__w128l8c256pf__wgsl__${f.id}`);
    expect(parseKernelName(f.name)).toMatchObject({ op: 'sssp_frontier', packedQueue: true, fusedAdvance: true });
    expect(kernelIdentity({ ...frontier, fusedAdvance: false }).id).toBe(kernelIdentity(frontier).id);
    const fused = generateKernel({ ...frontier, fusedAdvance: true }).source;
    expect(fused).toContain('fn decide(prev: u32, writer: bool) -> u32 {');
    expect(fused).toContain('atomicAdd(&state[FAR_COUNT + bank], count)');
    // The separate pass reads and gathers into words 0..16 as before, and both share the next-bucket rule.
    const separate = generateKernel(frontier).source;
    expect(separate).not.toContain('bank');
    expect(separate).not.toContain('fn decide(');
    expect(generateKernel({ ...frontier, op: 'sssp_advance' }).source).toContain('fn next_threshold(');
    expect(fused).toContain('fn next_threshold(');
    expectSpecError({ ...frontier, target: 'cuda', fusedAdvance: true }, 'fusedAdvance', /written for WGSL so far; the cuda target runs sssp_advance before each pass/);
    expectSpecError({ ...frontier, op: 'sssp_advance', fusedAdvance: true }, 'fusedAdvance', /only sssp_frontier .* so sssp_advance takes false/);
    expectSpecError({ ...frontier, fusedAdvance: 'yes' as never }, 'fusedAdvance', /true, false or absent, got yes/);
  });

  it('pulling released hubs: named and parsed back, for near-far with hubs deferred in WGSL, pass and sizing step', () => {
    const hubs = { ...frontier, deferHubs: true };
    const p = kernelIdentity({ ...hubs, fusedAdvance: true, pullHubs: true });
    expect(p.name).toBe(`sssp_frontier__min_plus_u32__dir__w128l8c256dfg__wgsl__${p.id}`);
    expect(parseKernelName(p.name)).toMatchObject({ op: 'sssp_frontier', deferHubs: true, fusedAdvance: true, pullHubs: true });
    expect(kernelIdentity({ ...hubs, pullHubs: false }).id).toBe(kernelIdentity(hubs).id);
    const pass = generateKernel({ ...hubs, pullHubs: true }).source;
    expect(pass).toContain('fn pull_round(t: u32, total: u32, threshold: u32, len_out: u32, lid: u32) {');
    expect(pass).toContain('const PULL_CHUNK: u32 = 32u;');
    // The release writes the released hubs' keys where the pull reads them with plain loads.
    expect(pass).toMatch(/var<storage, read_write> hub_keys: array<u32>;/);
    expect(pass).toContain('hub_keys[v] = k;');
    expect(generateKernel({ ...hubs, op: 'sssp_advance', pullHubs: true }).source).toContain('state[SCANNING] = 3u;');
    // Workgroup memory: deferring hubs' three words, the released arcs and hub count, and a sum and a lane per
    // pull item of a round (workgroupSize / lanesPerVertex of them).
    const slots = hubs.workgroupSize / hubs.lanesPerVertex!;
    expect(generateKernel({ ...hubs, pullHubs: true }).workgroupStorageBytes).toBe((2 * ssspAppendCapacity(hubs) + 10 + 3 + 2 + 2 * slots) * 4);
    expect(pass).toContain(`var<workgroup> wg_pull_best: array<atomic<u32>, PULL_SLOTS>;`);
    // Without it, neither kernel pulls or counts released arcs.
    expect(generateKernel(hubs).source).not.toMatch(/pull_round|hub_keys|RELEASED/);
    expect(generateKernel({ ...hubs, op: 'sssp_advance' }).source).not.toContain('RELEASED');
    expectSpecError({ ...frontier, pullHubs: true }, 'pullHubs', /needs deferHubs/);
    expectSpecError({ ...hubs, target: 'cuda', pullHubs: true }, 'pullHubs', /written for WGSL so far; the cuda target takes false/);
    expectSpecError({ ...frontier, op: 'sssp_tree', symmetric: true, lanesPerVertex: undefined, pullHubs: true }, 'pullHubs', /only near-far's queue kernels .* so sssp_tree takes false/);
    expectSpecError({ ...hubs, pullHubs: 1 as never }, 'pullHubs', /true, false or absent, got 1/);
  });

  it('the arc unroll is a power of two up to 16', () => {
    expectSpecError({ ...frontier, arcUnroll: 3 }, 'arcUnroll', /power of two from 1 to 16 .*got 3/);
    expectSpecError({ ...frontier, arcUnroll: 32 }, 'arcUnroll', /power of two from 1 to 16 .*got 32/);
  });
});

describe('SSSP kernels', () => {
  it('declare the distances atomic where they are lowered and read-only where they are only read', () => {
    const k = generateKernel(edges);
    expect(k.source).toContain('var<storage, read_write> dist: array<atomic<u32>>;');
    expect(k.source).toContain('atomicLoad(&dist[v])');
    const s = generateKernel({ ...edges, reads: 'snapshot' });
    expect(s.source).toContain('var<storage, read> dist_ro: array<u32>;');
    expect(s.bindings.map((b) => b.name)).toEqual(['params', 'src', 'dst', 'weight', 'dist_ro', 'dist', 'flag']);
    const p = generateKernel({ ...edges, op: 'sssp_parents', reads: undefined });
    expect(p.source).toContain('var<storage, read> dist: array<u32>;');
    expect(p.source).toContain('var<storage, read_write> parent: array<atomic<u32>>;');
  });

  it('relax one way for directed arcs and both ways for stored pairs', () => {
    expect(generateKernel(edges).source).toContain('try_relax(kb, ka, a, w)');
    expect(generateKernel({ ...edges, symmetric: false }).source).not.toContain('try_relax(kb, ka, a, w)');
  });

  it('spill grids past 65535 workgroups into y and cover lanes per vertex', () => {
    expect(dispatchGrid(edges, 256 * MAX_GRID_X + 1)).toEqual([MAX_GRID_X, 2, 1]);
    expect(dispatchGrid(frontier, 100)).toEqual([Math.ceil((100 * 8) / 128), 1, 1]);
    expect(dispatchGrid({ ...frontier, op: 'sssp_advance' }, 1e9)).toEqual([1, 1, 1]);
  });

  it('the queue kernels gather appends per workgroup and are sized by the advance step', () => {
    const f = generateKernel(frontier);
    expect(f.workgroupStorageBytes).toBe((2 * ssspAppendCapacity(frontier) + 10) * 4);
    expect(f.source).toContain(`var<workgroup> wg_vertex: array<u32, CAPACITY>;`);
    expect(f.source).toContain('wg_base = atomicAdd(&state[len_word], items);');
    // Heavy arcs settled: where each row's heavy arcs begin, and the workgroup's word of a vertex left waiting.
    const settling: SsspKernelSpec = { ...frontier, heavyArcs: 'settle' };
    const h = generateKernel(settling);
    expect(h.workgroupStorageBytes).toBe((2 * ssspAppendCapacity(settling) + 11) * 4);
    expect(h.bindings.map((b) => b.name)).toEqual(['params', 'indptr', 'light_end', 'indices', 'weight', 'dist', 'queue_in', 'chunk_in', 'queue_out', 'chunk_out', 'mark', 'via', 'state']);
    expect(h.source).toContain('const HEAVY_ITEM: u32 = 0x80000000u;');
    expect(h.source).toContain('append(v | HEAVY_ITEM, len_out);');
    expect(f.source).toContain('const HEAVY_ITEM: u32 = 0u;');
    expect(f.source).not.toContain('light_end[');
    const a = generateKernel({ ...frontier, op: 'sssp_advance' });
    expect(a.source).toContain('@workgroup_size(1, 1, 1)');
    expect(a.bindings.map((b) => b.name)).toEqual(['params', 'dist', 'state', 'args']);
  });

  it('the tree step lists stale vertices (undirected) for the tree scan, a workgroup a vertex on a fixed grid', () => {
    const tree: SsspKernelSpec = { ...edges, op: 'sssp_tree', reads: undefined };
    expect(generateKernel(tree).bindings.map((b) => b.name)).toEqual(['params', 'indptr', 'indices', 'weight', 'dist', 'via', 'parent', 'flag', 'stale']);
    expect(generateKernel({ ...tree, symmetric: false }).bindings.map((b) => b.name)).not.toContain('stale');
    const scan = generateKernel({ ...tree, op: 'sssp_tree_scan' });
    expect(scan.bindings.map((b) => b.name)).toEqual(['params', 'indptr', 'indices', 'weight', 'dist', 'stale', 'parent', 'flag']);
    expect(scan.workgroupStorageBytes).toBe(8);
    expect(dispatchGrid({ ...tree, op: 'sssp_tree_scan' }, 1e6)).toEqual([MAX_GRID_X, 1, 1]);
  });

  it.each(SSSP_KERNEL_OPS.flatMap((op) => (['f32', 'u32'] as const).map((type) => [op, type] as const)))('%s %s renders for both targets', (op, type) => {
    const spec: SsspKernelSpec = { op, semiring: 'min-plus', type, target: 'wgsl', workgroupSize: 64, symmetric: op === 'sssp_edges' || op === 'sssp_parents' || op === 'sssp_tree_scan' };
    expect(generateKernel(spec).source).toContain(`fn ${op}(`);
    expect(generateKernel({ ...spec, target: 'cuda' }).source).toContain(`${op}(`);
  });
});
