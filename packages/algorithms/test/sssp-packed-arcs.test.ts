import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, edgeListFromArrays } from '@semiforge/graph-io';
import { planSssp, prepareSssp, sssp, SsspRunner, ssspReference, validateSssp, type SsspGraphStats, type SsspKernelOptions } from '../src/index.js';
import { pairArrays } from '../src/sssp/sssp.setup.js';
import { testDevice } from './gpu-device.js';
import { SSSP_CASES } from './sssp-cases.js';
import { describeAgainstReference, integerWeights, KRONECKER_10 } from './sssp-suites.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const STATS = { n: 64, arcs: 512, minWeight: 1, meanWeight: 100, maxWeight: 255 };
/** Stats without a largest weight: the plan cannot tell whether the weights fit. */
const { maxWeight: _known, ...UNKNOWN_MAX } = STATS;
const NEAR_FAR: SsspKernelOptions = { method: 'near-far', weights: 'u32' };

describe('the plan that packs arcs', () => {
  it('packs u32 arcs by default with the bits of the largest weight, for the frontier pass and the tree steps', () => {
    const plan = planSssp(NEAR_FAR, STATS, false);
    expect(plan.relax).toMatchObject({ op: 'sssp_frontier', arcWeightBits: 8 });
    for (const step of [plan.tree, plan.treeScan]) expect(step).toMatchObject({ arcWeightBits: 8 });
    for (const step of [plan.advance, plan.parents]) expect(step).not.toHaveProperty('arcWeightBits');
    expect(planSssp(NEAR_FAR, { ...STATS, maxWeight: 256 }, false).relax.arcWeightBits).toBe(9);
    expect(planSssp(NEAR_FAR, { ...STATS, maxWeight: 0 }, false).relax.arcWeightBits).toBe(1);
    expect(planSssp({ ...NEAR_FAR, method: 'frontier' }, STATS, true).relax.arcWeightBits).toBe(8);
    expect(planSssp({ ...NEAR_FAR, kernelTarget: 'cuda' }, STATS, false).relax).toMatchObject({ target: 'cuda', arcWeightBits: 8 });
  });

  it('leaves arcs apart where they cannot be packed, unless asked, and then says why', () => {
    const apart = (options: SsspKernelOptions, stats: SsspGraphStats = STATS) => planSssp(options, stats, false).relax.arcWeightBits;
    expect(apart({ ...NEAR_FAR, packArcs: false })).toBeUndefined();
    expect(apart({ ...NEAR_FAR, weights: 'f32' })).toBeUndefined();
    expect(apart(NEAR_FAR, UNKNOWN_MAX)).toBeUndefined();
    // 2^24 vertices leave 8 bits: 255 fits beside them, 256 does not.
    expect(apart(NEAR_FAR, { ...STATS, n: 2 ** 24 })).toBe(8);
    expect(apart(NEAR_FAR, { ...STATS, n: 2 ** 24, maxWeight: 256 })).toBeUndefined();
    expect(apart(NEAR_FAR, { ...STATS, maxWeight: 2 ** 25 })).toBeUndefined();
    const refused = (options: SsspKernelOptions, stats: SsspGraphStats = STATS) => () => planSssp({ ...options, packArcs: true }, stats, false);
    expect(refused({ ...NEAR_FAR, weights: 'f32' })).toThrow(/packArcs: packs integer weights beside the head; f32 weights keep their own array/);
    expect(refused({ ...NEAR_FAR, method: 'bellman-ford' })).toThrow(/packArcs: Bellman-Ford reads paper 001's pairs/);
    expect(refused(NEAR_FAR, UNKNOWN_MAX)).toThrow(/the largest weight is not known/);
    expect(refused(NEAR_FAR, { ...STATS, n: 2 ** 24, maxWeight: 256 })).toThrow(/the largest weight 256 takes 9 bits, which leaves 23 for heads, and n = 16777216 needs 24/);
    expect(() => planSssp({ ...NEAR_FAR, packArcs: 1 as unknown as boolean }, STATS, false)).toThrow(/packArcs must be true or false, got 1/);
  });

  it('frees a storage binding: unpacked queues fit 10, and near-far fits a device of 8 with both packed', () => {
    const auto = { weights: 'u32', method: 'auto' } as const;
    const big = { ...STATS, n: 1 << 20, arcs: 1 << 24 };
    const { maxWeight: _m, ...bigUnknown } = big;
    expect(planSssp(auto, big, false, { storageBuffers: 10 }).relax).toMatchObject({ op: 'sssp_frontier', arcWeightBits: 8 });
    expect(planSssp(auto, big, false, { storageBuffers: 10 }).relax).not.toHaveProperty('packedQueue');
    expect(planSssp(auto, bigUnknown, false, { storageBuffers: 10 }).relax).toMatchObject({ packedQueue: true });
    expect(planSssp(auto, big, false, { storageBuffers: 8 }).relax).toMatchObject({ op: 'sssp_frontier', packedQueue: true, arcWeightBits: 8 });
    expect(planSssp(auto, bigUnknown, false, { storageBuffers: 8 }).method).toBe('bellman-ford');
  });

  it('uploads each arc as head << bits | weight beside the CSR the parent steps read', () => {
    const graph = integerWeights(KRONECKER_10);
    const setup = prepareSssp(graph, NEAR_FAR, 'wgsl');
    const bits = setup.plan.relax.arcWeightBits!;
    expect(bits).toBe(Math.ceil(Math.log2(setup.weights.max + 1)));
    const arcs = setup.arrays.arcs;
    expect(arcs).toHaveLength(setup.graph.indices.length);
    for (let p = 0; p < arcs.length; p++) {
      expect(arcs[p] >>> bits).toBe(setup.graph.indices[p]);
      expect(arcs[p] & ((1 << bits) - 1)).toBe(setup.weights.values[p]);
    }
    // The packed arcs are the only copy uploaded: the tree steps read them too, and the pair passes get the CSR's
    // own heads and weights (and the tails) only when they run.
    expect(setup.plan.tree).toMatchObject({ arcWeightBits: bits });
    expect(setup.plan.treeScan).toMatchObject({ arcWeightBits: bits });
    expect(setup.arrays).not.toHaveProperty('indices');
    expect(setup.arrays).not.toHaveProperty('weight');
    expect(pairArrays(setup)).toMatchObject({ indices: setup.graph.indices, weight: setup.weights.values });
    const apart = prepareSssp(graph, { ...NEAR_FAR, packArcs: false }, 'wgsl');
    expect(apart.arrays).not.toHaveProperty('arcs');
    expect(apart.arrays.indices).toBe(apart.graph.indices);
    expect(Object.keys(pairArrays(apart))).toEqual(['src']);
  });
});

// u32 runs pack by default, so every other u32 test runs packed: these compare the two layouts on one search.
const PACKED: SsspKernelOptions[] = [
  { method: 'near-far', packArcs: true },
  { method: 'near-far', hubDegree: 16, relabel: 'degree', fuseAdvance: true, pullHubs: true, pullShare: 0.01, packArcs: true },
  { method: 'frontier', packArcs: true, lanesPerVertex: 4, chunk: 8, arcUnroll: 1 },
];

describe.skipIf(!device)('packed arcs against the CPU reference', () => {
  describeAgainstReference(device!, [{ name: 'Kronecker scale 10', graph: KRONECKER_10, source: 1 }], PACKED, true);
  describeAgainstReference(device!, SSSP_CASES.filter((c) => !(c.graph.weight instanceof Float32Array)), [PACKED[0]], true);

  it('gives the distances of the unpacked pass with 10-bit weights', async () => {
    // Weights 4..1020: a field wider than a byte, its top bits set.
    const graph = integerWeights(KRONECKER_10);
    const heavy = { ...graph, weight: Float32Array.from(graph.weight!, (w) => Math.min(1023, w * 4)) };
    const source = 1;
    const reference = ssspReference(heavy, source, { weights: 'u32' }).dist;
    for (const packArcs of [true, false]) {
      const result = await sssp(device!, heavy, source, { method: 'near-far', weights: 'u32', packArcs });
      expect(validateSssp(heavy, source, result, { weights: 'u32' }).violation).toBeUndefined();
      expect(result.dist).toEqual(reference);
    }
    expect(prepareSssp(heavy, NEAR_FAR, 'wgsl').plan.relax.arcWeightBits).toBe(10);
  });

  it("finishes a directed graph's tree with the pair passes, which upload the heads and weights the packed setup left out", async () => {
    // Zero weights: no arc into 2 or 3 is strictly closer, so the tree step leaves them to the pair passes.
    const graph = csrFromEdges(edgeListFromArrays(4, [0, 1, 0, 2], [1, 2, 2, 3], [0, 0, 5, 0]));
    const reference = ssspReference(graph, 0, { weights: 'u32' }).dist;
    const runner = await SsspRunner.create(device!, graph, { method: 'near-far', weights: 'u32', packArcs: true });
    try {
      expect(runner.plan.relax.arcWeightBits).toBeDefined();
      for (let i = 0; i < 2; i++) {
        const result = await runner.run(0);
        expect(result.parentPasses).toBeGreaterThan(1);
        expect(validateSssp(graph, 0, result, { weights: 'u32' }).violation).toBeUndefined();
        expect(result.dist).toEqual(reference);
      }
    } finally {
      runner.destroy();
    }
  });
});
