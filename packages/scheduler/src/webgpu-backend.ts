import { openDevice, type BatchResult, type Device, type DispatchBatch, type OpenDeviceOptions, type TypedArrayConstructor } from '@semiforge/runtime';
import type { Backend } from './backend.js';
import { ExecutorStates, type ExecutorDevice } from './executor.js';
import { ResidentStore } from './resident-store.js';

/**
 * A WebGPU device for scheduled tasks: upload, run and read back on its one queue.
 *
 * What WebGPU lets overlap, and what not (Dawn on Vulkan, D3D12 or Metal alike):
 * - A device has one queue. Copies and dispatches run on the GPU in submission order, so a device-side copy
 *   never runs beside a kernel of the same device (no copy engine is exposed): C1 and C2 of paper 004 hold with
 *   "transfer" meaning the host side of the copy.
 * - `upload` is `queue.writeBuffer`: the host copies the data into a staging area at once and the GPU copy is
 *   queued before the next submit. It returns while an earlier kernel still runs, so the host-side copy of task
 *   t + 1 overlaps kernel t.
 * - `readback` copies into a mappable buffer and `mapAsync`s it; the map waits for everything submitted before,
 *   so a readback queued after kernel t + 1 resolves after it. The host-side copy out of the mapped range
 *   overlaps the next kernel.
 * - Host work of a task (encoding its input, checking its output) overlaps every device's kernels.
 * - Devices opened on one adapter share its hardware (one bus); devices on different adapters do not.
 */
export class WebGpuDevice implements ExecutorDevice {
  readonly index: number;
  readonly label: string;
  readonly bus: number;
  /** The runtime device, for kernels, pipelines and limits. */
  readonly runtime: Device;
  /** Data kept on this device between tasks (a resident graph, broadcast pivot blocks). */
  readonly resident = new ResidentStore();
  readonly #executors = new ExecutorStates();
  /** A 4-byte buffer {@link flush} clears, so that its wait goes through the runtime's submit (and its loss handling). */
  #marker: Promise<GPUBuffer> | undefined;

  constructor(runtime: Device, index: number, bus: number) {
    this.runtime = runtime;
    this.index = index;
    this.bus = bus;
    this.label = `${runtime.adapter.description || runtime.adapter.device || runtime.adapter.vendor || 'webgpu'} #${index}`;
  }

  get isLost(): boolean {
    return this.runtime.isLost;
  }

  get lost(): Promise<Error> {
    return this.runtime.lost;
  }

  /** A storage buffer holding a copy of `data` (queued with `writeBuffer`; it lands before the next submit). */
  upload(label: string, data: ArrayBufferView | ArrayBuffer): Promise<GPUBuffer> {
    return this.runtime.createStorage(label, data);
  }

  /**
   * Resolves when everything queued so far — `writeBuffer` copies included — has run on the GPU; rejects with
   * the device's loss. Ending a download with it makes the phase's time include the device-side copy (else
   * the copy runs, and is timed, with the next submit); on one queue it also waits for kernels queued before.
   */
  async flush(): Promise<void> {
    this.#marker ??= this.runtime.createBuffer('scheduler flush marker', 4, 'storage');
    await this.runtime.batch({ label: 'scheduler flush' }).clear(await this.#marker).submit();
  }

  /** Records dispatches into one batch, submits it and resolves when the GPU has run it. */
  run(record: (batch: DispatchBatch) => void, label = 'scheduled kernel'): Promise<BatchResult> {
    const batch = this.runtime.batch({ label });
    record(batch);
    return batch.submit();
  }

  /** `buffer`'s contents as a new typed array, once the work submitted before has finished. */
  readback<T>(buffer: GPUBuffer, ArrayType: TypedArrayConstructor<T>, byteOffset = 0, length?: number): Promise<T> {
    return this.runtime.read(buffer, ArrayType, byteOffset, length);
  }

  /** {@link ExecutorDevice}: runs a registered executor's phases here, in this process. */
  open(kind: string, input: unknown): Promise<number> {
    return this.#executors.open(this, kind, input);
  }

  compute(handle: number): Promise<void> {
    return this.#executors.compute(this, handle);
  }

  collect(handle: number): Promise<unknown> {
    return this.#executors.collect(this, handle);
  }

  close(handle: number): void {
    this.#executors.close(this, handle);
  }
}

/** Options of {@link openWebGpuBackend}. */
export interface WebGpuBackendOptions extends Omit<OpenDeviceOptions, 'adapter' | 'label'> {
  /**
   * One adapter filter per device (substring of vendor, architecture, device or description, as
   * `openDevice`'s `adapter`). Default: `devices` devices on the adapter `openDevice` picks.
   */
  adapters?: readonly string[];
  /** Devices to open when `adapters` is not given (default 1). Several on one adapter share it. */
  devices?: number;
  /** Bus id of each device; default: one bus per distinct adapter (devices on one adapter share one). */
  buses?: readonly number[];
}

/** Devices opened by {@link openWebGpuBackend}. */
export interface WebGpuBackend extends Backend<WebGpuDevice> {
  readonly name: 'webgpu';
}

function adapterKey(device: Device): string {
  const a = device.adapter;
  return [a.vendor, a.architecture, a.device, a.description].join('|');
}

/**
 * Opens WebGPU devices for a {@link Scheduler}: one per adapter filter, or `devices` on the default adapter.
 * Two identical GPUs cannot be told apart by Dawn's adapter filters in one process (see the package README).
 *
 * @example
 * ```ts
 * const backend = await openWebGpuBackend({ devices: 2 }); // two queues on the default adapter
 * const scheduler = new Scheduler(backend);
 * ```
 */
export async function openWebGpuBackend(options: WebGpuBackendOptions = {}): Promise<WebGpuBackend> {
  const filters = options.adapters ?? Array.from({ length: options.devices ?? 1 }, () => undefined);
  if (filters.length === 0) throw new RangeError('openWebGpuBackend: no devices asked for; pass devices ≥ 1 or a list of adapters.');
  if (options.buses !== undefined && options.buses.length !== filters.length) {
    throw new RangeError(`openWebGpuBackend: ${options.buses.length} bus ids for ${filters.length} devices; give one per device.`);
  }
  const opened: Device[] = [];
  try {
    for (const [i, adapter] of filters.entries()) {
      opened.push(await openDevice({ ...options, ...(adapter === undefined ? {} : { adapter }), label: `semiforge scheduler #${i}` }));
    }
  } catch (error) {
    for (const d of opened) d.destroy();
    throw error;
  }
  const keys = [...new Set(opened.map(adapterKey))];
  const devices = opened.map((d, i) => new WebGpuDevice(d, i, options.buses?.[i] ?? keys.indexOf(adapterKey(d))));
  return {
    name: 'webgpu',
    devices,
    now: () => performance.now(),
    destroy: () => {
      for (const d of devices) d.runtime.destroy();
    },
  };
}
