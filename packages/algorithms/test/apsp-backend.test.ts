import { CONSTANTS } from '@semiforge/codegen';
import { generateErdosRenyi } from '@semiforge/graph-io';
import { afterAll, describe, expect, it } from 'vitest';
import { apsp, chooseBackend, apspReference, buildApspMatrix, DPX_MAX_PATH, dpxFits, planApsp, planSpecs } from '../src/index.js';
import { testDevice } from './gpu-device.js';

const device = await testDevice();
afterAll(() => device?.destroy());

describe('chooseBackend', () => {
  it('takes the option, else SEMIFORGE_BACKEND, else webgpu', () => {
    expect(chooseBackend('cuda', { SEMIFORGE_BACKEND: 'webgpu' })).toBe('cuda');
    expect(chooseBackend(undefined, { SEMIFORGE_BACKEND: 'cuda' })).toBe('cuda');
    expect(chooseBackend(undefined, {})).toBe('webgpu');
  });

  it('refuses an unknown backend, naming where it came from', () => {
    expect(() => chooseBackend(undefined, { SEMIFORGE_BACKEND: 'metal' })).toThrow("backend 'metal' (from SEMIFORGE_BACKEND) is not one of webgpu, cuda");
    expect(() => chooseBackend('vulkan' as never, {})).toThrow("backend 'vulkan' is not one of webgpu, cuda");
  });
});

describe('DPX in the APSP plan', () => {
  it('puts dpx on the products only, and keeps the specs of a plan without it', () => {
    const plan = planApsp({ type: 'i32', target: 'cuda', dpx: true }, 4096);
    expect(plan.dpx).toBe(true);
    expect(Object.values(plan.blocked!).map((s) => [s.op, s.dpx === true])).toEqual([
      ['fw_pivot', false],
      ['fw_panel_row', true],
      ['fw_panel_col', true],
      ['fw_update', true],
    ]);
    // The CUDA runner's rounds: both panels in one launch, the update placing its blocks by parameters.
    expect(planSpecs(plan).map((s) => [s.op, s.dpx === true, s.bothPanels === true, s.remap === true])).toEqual([
      ['fw_pivot', false, false, false],
      ['fw_panel_row', true, true, false],
      ['fw_update', true, false, true],
    ]);
    expect(planSpecs(planApsp({ type: 'i32', target: 'cuda', dpx: false }, 4096))).toEqual(planSpecs(planApsp({ type: 'i32', target: 'cuda' }, 4096)));
  });

  it('fits an input while (n − 1) · max |weight| stays within 2^28 − 1', () => {
    const graph = generateErdosRenyi({ n: 100, m: 400, seed: 3, weights: { min: 1, max: 1000 } });
    const input = buildApspMatrix(graph, planApsp({ type: 'i32', target: 'cuda' }, graph.n));
    let max = 0;
    for (const v of input.data) if (v !== CONSTANTS.i32.INF) max = Math.max(max, Math.abs(v));
    expect(dpxFits(input)).toEqual({ fits: (graph.n - 1) * max <= DPX_MAX_PATH, bound: (graph.n - 1) * max });
    const heavy = { ...input, data: Int32Array.from(input.data, (v) => (v === CONSTANTS.i32.INF || v === 0 ? v : 2 ** 24)) };
    expect(dpxFits(heavy)).toEqual({ fits: false, bound: 99 * 2 ** 24 });
  });
});

describe('the CUDA backend without the NVIDIA driver', () => {
  it('loads the CUDA runtime on demand and says what is missing', async () => {
    const graph = { n: 3, src: new Uint32Array([0, 1]), dst: new Uint32Array([1, 2]), weight: new Float32Array([1, 2]) };
    await expect(apsp(graph as never, { backend: 'cuda' })).rejects.toThrow(/CUDA backend: libcuda.so.1 is not available .*install the NVIDIA driver/s);
  });
});

describe.skipIf(!device)('SEMIFORGE_BACKEND beside a device given', () => {
  it('runs on the backend of the device passed, whatever the environment says', async () => {
    const graph = generateErdosRenyi({ n: 40, m: 160, seed: 5, weights: { min: 1, max: 9 } });
    const saved = process.env.SEMIFORGE_BACKEND;
    process.env.SEMIFORGE_BACKEND = 'cuda';
    try {
      const { dist } = await apsp(graph, { device: device!, type: 'i32' });
      expect(Array.from(dist)).toEqual(Array.from(apspReference(graph, { semiring: 'min-plus', type: 'i32' }).dist));
    } finally {
      if (saved === undefined) delete process.env.SEMIFORGE_BACKEND;
      else process.env.SEMIFORGE_BACKEND = saved;
    }
  });
});
