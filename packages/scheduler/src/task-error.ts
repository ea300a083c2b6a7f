import type { CallKind } from './control-loop.js';

/** Where a task failed: one of its phases, its `release`, or nowhere left to run (every device lost). */
export type TaskFailurePhase = CallKind | 'release' | 'device-lost';

/**
 * A task that did not complete: its id, the phase and device where it failed, and the cause. The other
 * tasks go on.
 *
 * @example
 * ```ts
 * for await (const outcome of scheduler.run(tasks)) {
 *   if (!outcome.ok) console.error(outcome.error.message); // "Task 7 failed in kernel on device 1 (...): ..."
 * }
 * ```
 */
export class TaskError extends Error {
  override readonly name = 'TaskError';
  readonly taskId: number;
  readonly phase: TaskFailurePhase;
  /** The device it last ran on, if any. */
  readonly device: number | undefined;

  constructor(taskId: number, phase: TaskFailurePhase, device: { index: number; label: string } | undefined, cause: unknown) {
    const where = device === undefined ? '' : ` on device ${device.index} (${device.label})`;
    const reason = cause instanceof Error ? cause.message : String(cause);
    const what = phase === 'device-lost' ? `could not run: its device was lost${where} and no device is left to take it` : `failed in ${phase}${where}`;
    super(`Task ${taskId} ${what}: ${reason}`, { cause });
    this.taskId = taskId;
    this.phase = phase;
    this.device = device?.index;
  }
}
