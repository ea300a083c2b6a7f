import { execFileSync } from 'node:child_process';
import { nvidiaSmi } from './nvidia-smi.js';

/** What nvidia-smi and the CUDA runtime (through python3) say about the GPU, when they are there. */
export interface NvidiaInfo {
  name: string;
  driver: string;
  maxSmClockMHz: number;
  smCount: number;
}

export function nvidiaInfo(): NvidiaInfo | undefined {
  const line = nvidiaSmi(['name', 'driver_version', 'clocks.max.sm']);
  if (line === undefined) return undefined;
  try {
    const smCount = Number(
      execFileSync('python3', ['-c', 'import torch; print(torch.cuda.get_device_properties(0).multi_processor_count)'], { encoding: 'utf8' }).trim(),
    );
    return { name: line[0], driver: line[1], maxSmClockMHz: Number(line[2]), smCount };
  } catch {
    return undefined;
  }
}

/**
 * Min-plus peak in relaxations per second: one relaxation is an add and a min, two FP32 lane operations,
 * so peak = FP32 lanes × max SM clock / 2 (Hopper: 128 FP32 lanes per SM).
 */
export function minPlusPeak(info: NvidiaInfo): { name: string; value: number } {
  const lanes = info.smCount * 128;
  return {
    name: `min-plus peak: ${info.smCount} SMs x 128 FP32 lanes x ${info.maxSmClockMHz} MHz / 2 (add + min per relaxation)`,
    value: (lanes * info.maxSmClockMHz * 1e6) / 2,
  };
}
