import { loadCudaRuntime } from '@semiforge/algorithms';
import { adapterSummary, listAdapters, selectAdapter, type AdapterDescription } from '@semiforge/runtime';
import type { CudaDeviceInfo } from '@semiforge/runtime-cuda';
import type { CliIo } from '../io.js';

/** Limits that decide which kernels and matrices fit, in the order shown. */
export const KEY_LIMITS = [
  'maxBufferSize',
  'maxStorageBufferBindingSize',
  'maxComputeWorkgroupStorageSize',
  'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupSizeX',
  'maxComputeWorkgroupSizeY',
  'maxComputeWorkgroupsPerDimension',
  'maxStorageBuffersPerShaderStage',
] as const;

function bytes(value: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  let v = value;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${value} B` : `${Number.isInteger(v) ? v : v.toFixed(2)} ${units[i]}`;
}

function describe(a: AdapterDescription, index: number): string {
  const lines = [`[${index}] ${adapterSummary(a)}`];
  const field = (k: string, v: string) => lines.push(`    ${k.padEnd(34)}${v}`);
  field('vendor', a.vendor || '-');
  field('architecture', a.architecture || '-');
  field('backend', a.backend ?? '-');
  if (a.subgroupMinSize !== undefined) field('subgroup sizes', `${a.subgroupMinSize}..${a.subgroupMaxSize}`);
  for (const key of KEY_LIMITS) {
    const v = a.limits[key];
    if (v !== undefined) field(key, /Size$/.test(key) ? bytes(v) : String(v));
  }
  field('features', a.features.join(', ') || '-');
  return lines.join('\n') + '\n';
}

/** The CUDA devices, or why there are none (no driver, no koffi): a machine without CUDA still lists its adapters. */
async function cudaDevices(): Promise<{ devices: CudaDeviceInfo[] } | { unavailable: string }> {
  try {
    return { devices: await (await loadCudaRuntime()).listCudaDevices() };
  } catch (e) {
    return { unavailable: (e as Error).message };
  }
}

function describeCuda(d: CudaDeviceInfo): string {
  const cc = `${d.computeCapability.major}.${d.computeCapability.minor}`;
  const lines = [`[cuda:${d.index}] ${d.name} (compute capability ${cc}, kernels compiled for ${d.arch})`];
  const field = (k: string, v: string) => lines.push(`    ${k.padEnd(34)}${v}`);
  field('multiprocessors', `${d.multiprocessors} at ${d.clockMHz} MHz`);
  field('memory', bytes(d.totalMemoryBytes));
  field('L2 cache', bytes(d.l2CacheBytes));
  field('max threads per block', String(d.limits.maxThreadsPerBlock));
  field('max shared memory per block', bytes(d.limits.maxSharedMemoryPerBlock));
  field('driver (cuDriverGetVersion)', String(d.driverVersion));
  return lines.join('\n') + '\n';
}

/** `semiforge devices`: the WebGPU adapters this process can open, then the CUDA devices (backend 'cuda'). */
export async function runDevices(flags: { json?: boolean }, io: CliIo): Promise<number> {
  const adapters = await listAdapters();
  const cuda = await cudaDevices();
  if (flags.json) io.stdout.write(`${JSON.stringify({ adapters, cuda }, null, 2)}\n`);
  else {
    io.stdout.write(adapters.map(describe).join('\n'));
    if ('devices' in cuda) io.stdout.write(cuda.devices.map((d) => `\n${describeCuda(d)}`).join(''));
    else io.stderr.write(`no CUDA devices: ${cuda.unavailable}\n`);
  }
  if (adapters.length === 0) {
    await selectAdapter(); // throws NoAdapterError with the platform's hint (e.g. how to install lavapipe)
  }
  if (!flags.json) io.stderr.write("choose one with --adapter SUBSTRING (or SEMIFORGE_ADAPTER) on 'semiforge apsp'\n");
  return 0;
}
