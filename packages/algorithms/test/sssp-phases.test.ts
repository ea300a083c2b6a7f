import { afterAll, describe, expect, it } from 'vitest';
import { prepareSssp, ssspHostWork, SsspRunner } from '../src/index.js';
import { testDevice } from './gpu-device.js';
import { integerWeights, KRONECKER_10 } from './sssp-suites.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const GRAPH = integerWeights(KRONECKER_10);
const NEAR_FAR = { method: 'near-far', weights: 'u32' } as const;

/** Records what `onPhase` hears, as step names in order. */
function listener(): { heard: string[]; onPhase: (step: string, ms: number) => void } {
  const heard: string[] = [];
  return { heard, onPhase: (step, ms) => (expect(ms).toBeGreaterThanOrEqual(0), heard.push(step)) };
}

describe("SSSP preprocessing's phases", () => {
  it('names each host step of prepareSssp, in the order they ran, and tells onPhase as each ends', () => {
    const { heard, onPhase } = listener();
    const setup = prepareSssp(GRAPH, { ...NEAR_FAR, onPhase }, 'wgsl');
    expect(Object.keys(setup.phases.record)).toEqual(['check', 'weights', 'mirrors', 'plan', 'lists', 'layout']);
    expect(new Set(heard)).toEqual(new Set(Object.keys(setup.phases.record)));
    for (const ms of Object.values(setup.phases.record)) expect(ms).toBeGreaterThanOrEqual(0);
    const pairs = prepareSssp(GRAPH, { method: 'bellman-ford', weights: 'u32' }, 'wgsl');
    expect(Object.keys(pairs.phases.record)).toEqual(['check', 'weights', 'mirrors', 'plan', 'lists', 'layout']);
    const relabelled = prepareSssp(GRAPH, { ...NEAR_FAR, relabel: 'degree' }, 'wgsl');
    expect(Object.keys(relabelled.phases.record)).toContain('relabel');
  });

  it('starts from the steps worker threads did (ssspHostWork), without telling onPhase of them twice', async () => {
    const host = listener();
    const done = await ssspHostWork(GRAPH, { ...NEAR_FAR, relabel: 'degree', onPhase: host.onPhase });
    expect(host.heard).toEqual(['check', 'weights', 'mirrors', 'relabel', 'weights']);
    const { heard, onPhase } = listener();
    const setup = prepareSssp(GRAPH, { ...NEAR_FAR, relabel: 'degree', onPhase }, 'wgsl', {}, undefined, done);
    expect(Object.keys(setup.phases.record)).toEqual(['check', 'weights', 'mirrors', 'relabel', 'plan', 'lists', 'layout']);
    expect(setup.phases.record.relabel).toBe(done.phases!.relabel);
    expect(heard).not.toContain('relabel');
  });

  it.skipIf(!device)("a runner's phases end with its upload", async () => {
    const { heard, onPhase } = listener();
    const runner = await SsspRunner.create(device!, GRAPH, { ...NEAR_FAR, onPhase });
    try {
      expect(Object.keys(runner.phases).at(-1)).toBe('upload');
      expect(heard.at(-1)).toBe('upload');
      expect((await runner.run(0)).dist[0]).toBe(0);
    } finally {
      runner.destroy();
    }
  });
});
