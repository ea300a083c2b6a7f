import { afterAll, describe, expect, it } from 'vitest';
import { kernelIdentity, generateKernel } from '@semiforge/codegen';
import { APSP_CATALOG_SPECS, CATALOG, PAGERANK_CATALOG_SPECS, SPMV_CATALOG_SPECS, SSSP_CATALOG_SPECS } from '../src/index.js';
import { testDevice } from './gpu-device.js';

const device = await testDevice();
afterAll(() => device?.destroy());

const wgsl = Object.values(CATALOG).filter((k) => k.target === 'wgsl');

describe('the ahead-of-time catalog', () => {
  it('holds exactly the kernels of the catalog specs, byte for byte as generated now', () => {
    const specs = [...APSP_CATALOG_SPECS, ...SPMV_CATALOG_SPECS, ...PAGERANK_CATALOG_SPECS, ...SSSP_CATALOG_SPECS];
    expect(Object.keys(CATALOG).sort()).toEqual([...new Set(specs.map((s) => kernelIdentity(s).id))].sort());
    for (const k of Object.values(CATALOG)) expect(generateKernel(k.spec).source).toBe(k.source);
  });

  describe.skipIf(!device)('in Dawn', () => {
    it.each(wgsl.map((k) => [k.name, k] as const))('%s compiles with no errors and builds a pipeline', async (_name, kernel) => {
      const messages = await device!.compile(kernel);
      expect(messages.filter((m) => m.type === 'error')).toEqual([]);
      await expect(device!.pipeline(kernel)).resolves.toBeDefined();
    });
  });
});
