import type { DeviceLossWatch } from './device-loss.js';

/** What the runtime's parts share about one open device. */
export interface RuntimeContext {
  readonly gpu: GPUDevice;
  readonly watch: DeviceLossWatch;
}
