import { afterAll, describe, expect, it } from 'vitest';
import { kernelFor, planSssp, SsspRunner, ssspReference, validateSssp, type SsspDispatchRecord, type SsspKernelOptions } from '../src/index.js';
import { testDevice } from './gpu-device.js';
import { SSSP_CASES } from './sssp-cases.js';
import { describeAgainstReference, expectQueriesAndBatch, integerWeights, KRONECKER_10 } from './sssp-suites.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const STATS = { n: 64, arcs: 512, minWeight: 0, meanWeight: 1 };

// The pass decides the advance step itself: every near-far feature that step serves (buckets, the tail rule,
// hubs released, heavy arcs waiting for the scan), frontier Bellman-Ford, packed queues, grids smaller than a
// pass so that workgroups stride, and several workgroups deciding at once.
const CONFIGS: SsspKernelOptions[] = [
  { method: 'near-far', fuseAdvance: true },
  { method: 'frontier', fuseAdvance: true },
  { method: 'near-far', fuseAdvance: true, hubDegree: 4, hubRounds: 4, fixedWorkgroups: 3, workgroupSize: 32, lanesPerVertex: 4, chunk: 4, delta: 3, batch: 2 },
  { method: 'near-far', fuseAdvance: true, heavyArcs: 'settle', delta: 5 },
  { method: 'near-far', fuseAdvance: true, tailFactor: 0, packedQueue: true, fixedWorkgroups: 2, workgroupSize: 64 },
];

describe('fuseAdvance (no GPU)', () => {
  it('plans one spec flag on the pass, on a fixed grid, and refuses what it cannot run', () => {
    const plan = planSssp({ method: 'near-far', fuseAdvance: true }, STATS, false, { softwareAdapter: true });
    expect(plan.relax.fusedAdvance).toBe(true);
    // A software adapter would dispatch indirectly: fused passes need the fixed grid.
    expect(plan.dispatch).toBe('fixed');
    expect(kernelFor(plan.relax).name).toMatch(/^sssp_frontier__min_plus_f32__dir__w256l\d+c\d+f__wgsl__/);
    expect(planSssp({ method: 'near-far' }, STATS, false).relax.fusedAdvance).toBeUndefined();
    expect(() => planSssp({ method: 'bellman-ford', fuseAdvance: true }, STATS, false)).toThrow("sssp: fuseAdvance folds the frontier methods' advance step into their pass; Bellman-Ford has none");
    expect(() => planSssp({ method: 'near-far', fuseAdvance: true, kernelTarget: 'cuda' }, STATS, false)).toThrow('sssp: fuseAdvance is written for WGSL so far');
    expect(() => planSssp({ method: 'near-far', fuseAdvance: true, dispatch: 'indirect' }, STATS, false)).toThrow("sssp: fuseAdvance needs dispatch: 'fixed'");
    // @ts-expect-error: not a boolean
    expect(() => planSssp({ method: 'near-far', fuseAdvance: 'yes' }, STATS, false)).toThrow('sssp: fuseAdvance must be true or false, got yes');
  });
});

describe.skipIf(!device)('fuseAdvance against the CPU reference', () => {
  describeAgainstReference(device!, [...SSSP_CASES, { name: 'Kronecker scale 10', graph: KRONECKER_10, source: 1 }], CONFIGS);

  it('targets, maxDistance and batches of sources on one runner, hubs deferred', async () => {
    await expectQueriesAndBatch(device!, { method: 'near-far', fuseAdvance: true, hubDegree: 16, delta: 35 });
  });

  it('dispatches one kernel a pass (no sssp_advance), with as many passes as the separate advance step takes', async () => {
    const graph = integerWeights(KRONECKER_10);
    const steps = async (fuseAdvance: boolean) => {
      const seen: string[] = [];
      const observe = (record: SsspDispatchRecord) => void seen.push(record.step);
      const runner = await SsspRunner.create(device!, graph, { method: 'near-far', weights: 'u32', dispatch: 'fixed', fuseAdvance }, observe);
      try {
        const r = await runner.run(1);
        expect(validateSssp(graph, 1, r, { weights: 'u32' }).violation).toBeUndefined();
        expect(r.dist).toEqual(ssspReference(graph, 1, { weights: 'u32' }).dist);
        return { passes: r.passes, seen };
      } finally {
        runner.destroy();
      }
    };
    const fused = await steps(true);
    const separate = await steps(false);
    expect(fused.seen).not.toContain('advance');
    expect(separate.seen.filter((s) => s === 'advance').length).toBe(separate.seen.filter((s) => s === 'relax').length);
    expect(fused.passes).toBe(separate.passes);
  });
});
