import type { DeviceLossWatch } from './device-loss.js';
import type { ReadbackPool } from './readback-pool.js';

/** What the runtime's parts share about one open device. */
export interface RuntimeContext {
  readonly gpu: GPUDevice;
  readonly watch: DeviceLossWatch;
  /** The staging buffer kept for large reads. */
  readonly readbacks: ReadbackPool;
}
