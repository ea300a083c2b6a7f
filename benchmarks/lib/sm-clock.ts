import { nvidiaSmi } from './nvidia-smi.js';

/** The first GPU's SM clock as nvidia-smi reads it, with the driver's active clock event reasons. */
export interface SmClock {
  readonly mhz: number;
  /** nvidia-smi's `clocks_event_reasons.active` bit mask, e.g. `0x0000000000000001` (GPU idle). */
  readonly reasons: string;
}

/**
 * The SM clock now, or undefined without nvidia-smi (lavapipe, other vendors) or when it reads no number. The SSSP
 * suite records it after each timed method: under WebGPU alone an H100 between short bursts of work sits at 345 MHz with the reason
 * "GPU idle", where a CUDA context holds it at 1,980 MHz, and that changes a burst's time about threefold.
 *
 * @example
 * const clock = smClock(); // { mhz: 1980, reasons: '0x0000000000000000' } on a busy H100
 */
export function smClock(): SmClock | undefined {
  const line = nvidiaSmi(['clocks.sm', 'clocks_event_reasons.active']);
  const mhz = Number(line?.[0]);
  return line && Number.isFinite(mhz) ? { mhz, reasons: line[1] ?? '' } : undefined;
}
