import { DeviceLostError } from './errors.js';

interface LossInfo {
  reason: 'destroyed' | 'unknown';
  message: string;
}

/**
 * Turns device loss into {@link DeviceLostError} for every pending and later operation. WebGPU promises such
 * as `mapAsync` and `onSubmittedWorkDone` may never settle on a lost device (Dawn resolves
 * `onSubmittedWorkDone` as if all were well), so each one is raced against the loss.
 */
export class DeviceLossWatch {
  /** Resolves with the error once the device is lost or destroyed. */
  readonly lost: Promise<DeviceLostError>;
  #info: LossInfo | undefined;
  #signal!: (info: LossInfo) => void;
  /**
   * The pending races' rejections. Each race adds its own and removes it when it settles: racing against one shared
   * promise that never settles would leave every race's reaction (and the value it resolved with) on that promise
   * for the device's lifetime, a leak of every read-back in a long loop.
   */
  readonly #waiting = new Set<(error: DeviceLostError) => void>();

  constructor(device: GPUDevice) {
    const signalled = new Promise<LossInfo>((resolve) => {
      this.#signal = resolve;
    });
    this.lost = signalled.then((info) => new DeviceLostError(info.reason, info.message));
    void device.lost.then((info) => this.#record({ reason: info.reason === 'destroyed' ? 'destroyed' : 'unknown', message: info.message }));
  }

  get isLost(): boolean {
    return this.#info !== undefined;
  }

  /** Records a deliberate destroy at once, before WebGPU reports it. */
  markDestroyed(): void {
    this.#record({ reason: 'destroyed', message: 'Device.destroy() was called' });
  }

  /** Throws the loss as a {@link DeviceLostError} naming `operation`, if the device is lost. */
  throwIfLost(operation: string): void {
    if (this.#info !== undefined) throw new DeviceLostError(this.#info.reason, this.#info.message, operation);
  }

  /** `promise`, or a {@link DeviceLostError} as soon as the device is lost, whichever comes first. */
  async race<T>(promise: Promise<T>, operation: string): Promise<T> {
    // If the loss wins, `promise` may still reject later (a pending map aborted by destroy): that is expected.
    promise.catch(() => undefined);
    this.throwIfLost(operation);
    let reject!: (error: DeviceLostError) => void;
    const loss = new Promise<never>((_, r) => (reject = r));
    this.#waiting.add(reject);
    try {
      return await Promise.race([promise, loss]);
    } catch (error) {
      // A lost device aborts pending maps, sometimes before `device.lost` settles: give it a moment to say so.
      if (this.#info === undefined && isAbort(error)) await Promise.race([this.lost, delay(50)]);
      this.throwIfLost(operation);
      throw error;
    } finally {
      this.#waiting.delete(reject);
    }
  }

  /** Races still waiting on an operation (0 once every race has settled). */
  get pendingRaces(): number {
    return this.#waiting.size;
  }

  #record(info: LossInfo): void {
    if (this.#info !== undefined) return;
    this.#info = info;
    this.#signal(info);
    const error = new DeviceLostError(info.reason, info.message);
    for (const reject of this.#waiting) reject(error);
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'OperationError');
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
