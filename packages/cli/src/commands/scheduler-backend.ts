import { openProcessBackend, openWebGpuBackend, packagedWorkerModule, type Backend, type ExecutorDevice } from '@semiforge/scheduler';
import type { IntRule } from '../flags.js';

/** Where the scheduler commands run: devices of this process, or one worker process per GPU. */
export interface SchedulerDeviceFlags {
  /** Devices to open on the adapter (ignored with `adapters` or `gpus`). */
  readonly devices: number;
  /** One device per adapter filter. */
  readonly adapters?: readonly string[];
  /** Worker processes, one GPU each. */
  readonly gpus?: number;
  readonly streams: number;
  readonly kernelsInFlight: number;
}

/** Flag rules shared by the scheduler commands. */
export const SCHEDULER_RULES = {
  devices: { min: 1, max: 64, rule: 'devices are 1 to 64 (several on one adapter share it)' },
  gpus: { min: 1, max: 64, rule: 'worker processes (one GPU each) are 1 to 64' },
  streams: { min: 1, max: 64, rule: 'streams per device are 1 to 64 (3 reaches the model in simulation)' },
  kernelsInFlight: { min: 1, max: 64, rule: 'kernels in flight per device are 1 to 64' },
} satisfies Record<string, IntRule>;

/**
 * The backend the flags ask for. With `--gpus N`, each worker opens the GPU its process sees first; on a host of
 * identical GPUs give each its own with Mesa's device-select layer (see @semiforge/scheduler's README).
 */
export async function openSchedulerBackend(flags: SchedulerDeviceFlags): Promise<Backend<ExecutorDevice>> {
  if (flags.gpus !== undefined) return openProcessBackend({ gpus: flags.gpus, ...(packagedWorkerModule() ? { module: packagedWorkerModule() } : {}) });
  return openWebGpuBackend(flags.adapters === undefined ? { devices: flags.devices } : { adapters: flags.adapters });
}
