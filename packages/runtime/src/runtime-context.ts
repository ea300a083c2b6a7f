import type { DeviceLossWatch } from './device-loss.js';
import type { ParamsBuffer } from './dispatch-batch.js';
import type { ParamsArena } from './params-arena.js';
import type { PassTimer } from './pass-timer.js';
import type { ReadbackPool } from './readback-pool.js';

/** What the runtime's parts share about one open device. */
export interface RuntimeContext {
  readonly gpu: GPUDevice;
  readonly watch: DeviceLossWatch;
  /** The staging buffer kept for reads. */
  readonly readbacks: ReadbackPool;
  /**
   * Idle timestamp timers of submitted batches, for the next timed ones: a timer is a query set and two buffers,
   * otherwise made and destroyed by every timed submit.
   */
  readonly timers: PassTimer[];
  /**
   * Idle parameter buffers of finished batches with the bind groups made on them, the latest last: a loop's next
   * submit, binding what the last one bound, creates neither.
   */
  params: ParamsBuffer[];
  /**
   * Emptied parameter arenas of submitted batches, for the next batches to record into: a new arena's bytes are
   * an ArrayBuffer of their own, which costs a loop's submit more than the copies it saves (about 0.1 ms a
   * submit, Dawn on lavapipe).
   */
  readonly arenas: ParamsArena[];
}
