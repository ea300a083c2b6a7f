import { existsSync } from 'node:fs';
import { adapterSummary, type Device } from '@semiforge/runtime';
import { describe, expect, it } from 'vitest';
import type { AnyDevice } from '@semiforge/algorithms';
import { commandDevice, isNvidiaAdapter, openCommandDevice, thenDestroy } from '../src/command-device.js';
import { noGpuReason } from './gpu.js';
import { runCli } from './run-cli.js';

const libcudaDirs = ['/usr/lib/x86_64-linux-gnu', '/usr/lib64', '/usr/lib', '/usr/local/nvidia/lib64', ...(process.env.LD_LIBRARY_PATH ?? '').split(':')];
const hasLibcuda = libcudaDirs.some((d) => d && existsSync(`${d}/libcuda.so.1`));
const HELD = '(CUDA context held for the compute clock)';

describe('isNvidiaAdapter', () => {
  it('is true for the H100 as Dawn describes it, false for lavapipe and other vendors', () => {
    expect(isNvidiaAdapter({ vendor: 'nvidia', description: 'NVIDIA H100 80GB HBM3' })).toBe(true);
    expect(isNvidiaAdapter({ vendor: '', description: 'NVIDIA GeForce RTX 4090' })).toBe(true);
    expect(isNvidiaAdapter({ vendor: 'mesa', description: 'llvmpipe: Mesa 25.0.7-2~bpo12+1 (LLVM 15.0.6) 0.0.1' })).toBe(false);
    expect(isNvidiaAdapter({ vendor: 'amd', description: 'AMD Radeon RX 7900 XTX' })).toBe(false);
  });
});

// Stand-ins for a device and a held context that only record the order of the calls (as then-destroy.test.ts).
describe('commandDevice', () => {
  it('gives the context back after the device is destroyed, also when the body or the destroy failed', async () => {
    const log: string[] = [];
    const device = (fails: boolean) =>
      ({
        destroy: () => {
          log.push('destroy');
          if (fails) throw new Error('cuMemFree_v2 failed with CUDA_ERROR_ILLEGAL_ADDRESS');
        },
      }) as unknown as AnyDevice;
    const release = () => log.push('release');
    await expect(thenDestroy(commandDevice(device(false), 'gpu', release), async () => 1)).resolves.toBe(1);
    await expect(thenDestroy(commandDevice(device(false), 'gpu', release), () => Promise.reject(new Error('kernel failed')))).rejects.toThrow('kernel failed');
    await expect(thenDestroy(commandDevice(device(true), 'gpu', release), async () => 1)).rejects.toThrow(/ILLEGAL_ADDRESS/);
    expect(log).toEqual(['destroy', 'release', 'destroy', 'release', 'destroy', 'release']);
  });
});

describe.skipIf(noGpuReason !== undefined || hasLibcuda)('--hold-clock on a WebGPU adapter that is not NVIDIA, without libcuda', () => {
  const pagerank = ['pagerank', '-g', '6', '--top', '3', '--verify'];

  it('holds nothing and prints nothing about it by default or with --no-hold-clock', async () => {
    for (const flags of [[], ['--no-hold-clock']]) {
      const run = await runCli([...pagerank, ...flags]);
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(/verified/);
      expect(run.stderr).not.toMatch(/CUDA|warning/);
    }
  });

  it('--hold-clock tries, says once on stderr why it could not, and runs as before', async () => {
    const run = await runCli([...pagerank, '--hold-clock', '--json']);
    expect(run.code).toBe(0);
    const warnings = run.stderr.split('\n').filter((line) => line.includes('--hold-clock'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^semiforge: warning: --hold-clock: no CUDA context could be opened, running at the default clock: CUDA backend: libcuda.so.1 is not available/);
    expect(JSON.parse(run.stdout)).toMatchObject({ command: 'pagerank', vertices: 64, verified: true });
    expect(run.stderr).not.toContain(HELD);
  });

  it('openCommandDevice: the name is the adapter\'s, and thenDestroy(opened) destroys the device', async () => {
    const stderr: string[] = [];
    const opened = await openCommandDevice('pagerank', { backend: 'webgpu', holdClock: true }, { stderr: { write: (t: string) => stderr.push(t) } });
    const device = opened.device as Device;
    expect(opened.name).toBe(adapterSummary(device.adapter));
    expect(stderr).toHaveLength(1);
    await expect(thenDestroy(opened, async () => 7)).resolves.toBe(7);
    await expect(device.lost).resolves.toMatchObject({ reason: 'destroyed' });
  });
});
