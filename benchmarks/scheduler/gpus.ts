// Which GPUs of this host the benchmark's worker processes get: nvidia-smi's PCI bus ids, turned into the
// DRI_PRIME values of Mesa's device-select layer (scripts/device-select-layer.sh puts it into .device/).
import { deviceSelectEnv } from '@semiforge/scheduler';
import { nvidiaSmiRows } from '../lib/nvidia-smi.js';

/** One GPU as nvidia-smi lists it. */
export interface NvidiaGpu {
  index: number;
  /** e.g. `00000000:18:00.0`. */
  busId: string;
  name: string;
  memoryUsedMiB: number;
}

/** Every GPU nvidia-smi sees, or [] where there is no nvidia-smi. */
export function nvidiaGpus(): NvidiaGpu[] {
  const rows = nvidiaSmiRows('gpu', ['index', 'pci.bus_id', 'name', 'memory.used']) ?? [];
  return rows.map(([index, busId, name, used]) => ({ index: Number(index), busId, name, memoryUsedMiB: Number(used) }));
}

/** How workers pick their GPU: `pci` = one GPU each through the device-select layer; `none` = what Dawn returns first. */
export type Selection = 'pci' | 'none';

/** Per-worker environment for `gpus` workers. */
export function selectionEnv(gpus: number, selection: Selection): Record<string, string>[] | undefined {
  if (selection === 'none') return undefined;
  const found = nvidiaGpus();
  if (found.length < gpus) {
    throw new Error(
      `--select pci: nvidia-smi lists ${found.length} GPU(s), ${gpus} asked for; use --gpus ${found.length || 1} or --select none (every worker on the first GPU)`,
    );
  }
  return found.slice(0, gpus).map((g) => deviceSelectEnv(g.busId));
}
