import { describe, expect, it } from 'vitest';
import { noGpuReason } from './gpu.js';
import { runCli } from './run-cli.js';

describe.skipIf(noGpuReason !== undefined)('semiforge devices', () => {
  it('--json lists adapters with names, limits and features', async () => {
    const run = await runCli(['devices', '--json']);
    expect(run.code).toBe(0);
    const { adapters } = JSON.parse(run.stdout);
    expect(adapters.length).toBeGreaterThan(0);
    for (const a of adapters) {
      expect(typeof a.vendor).toBe('string');
      expect(a.limits.maxStorageBufferBindingSize).toBeGreaterThan(0);
      expect(Array.isArray(a.features)).toBe(true);
    }
  });

  it('prints a readable list', async () => {
    const run = await runCli(['devices']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\[0\] /);
    expect(run.stdout).toMatch(/maxComputeWorkgroupStorageSize\s+\d/);
  });
});
