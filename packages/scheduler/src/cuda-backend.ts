import { cudaView, loadCudaRuntime } from '@semiforge/algorithms';
import type { CudaBuffer, CudaDevice, CudaKernel, CudaKernelSource, Handle, LaunchArgs, OpenCudaDeviceOptions } from '@semiforge/runtime-cuda';
import type { Backend } from './backend.js';
import { cudaPlacement, losesContext, type CudaDeviceChoice } from './cuda/cuda-devices.js';
import { BufferPool } from './cuda/buffer-pool.js';
import { EventPoller } from './cuda/event-poller.js';
import { PinnedSlots, type PinnedHost } from './cuda/pinned-slots.js';
import { readRange } from './cuda/ranges.js';
import { ExecutorStates, type ExecutorDevice } from './executor.js';
import { ResidentStore } from './resident-store.js';

/** A typed-array class, for reading bytes back as elements. */
export interface ElementArrayType<A> {
  new (buffer: ArrayBuffer, byteOffset?: number, length?: number): A;
  readonly BYTES_PER_ELEMENT: number;
}

/** Options of {@link CudaStreamDevice.read}. */
export interface ReadOptions {
  /** Bytes to read (default: the whole buffer from `offset`). */
  byteLength?: number;
  /** First byte of the buffer to read (default 0). */
  offset?: number;
  /**
   * Pinned host memory to read into (from {@link CudaStreamDevice.pinnedArray}): the result is a view of it and
   * no host copy is made. Default: the stream's staging, copied into a new array.
   */
  into?: PinnedHost;
}

/**
 * A CUDA device for scheduled tasks, with real overlap: each scheduler stream j is a CUDA stream of its own, a
 * task's download is an async copy from pinned host memory, its kernels launch on its stream, its readback is
 * an async copy into pinned memory; each phase ends when an event recorded after it completes, polled from the
 * event loop (never a blocking wait, which would stall every other stream's control loop). So the copy engines
 * move task t + 1's input and task t − 1's output while task t's kernel runs — paper 004's setting.
 *
 * One call at a time per stream (the scheduler's rule): a stream's pinned staging is reused by its next call.
 * Every method makes the device's context current first (runtime-cuda does), so devices of one process mix freely.
 *
 * @example
 * ```ts
 * const task: Task<CudaStreamDevice, CudaBuffer, Uint32Array> = {
 *   download: async (device, j) => (await device.upload(j, { x: input })).x,
 *   kernel: async (device, x, j) => {
 *     device.launch(j, await device.kernel(addOne), { buffers: { data: x }, params, grid: [64, 1, 1] });
 *     await device.done(j);
 *   },
 *   readback: (device, x, j) => device.read(j, x, Uint32Array),
 *   release: (device, x) => device.free(x),
 * };
 * ```
 */
export class CudaStreamDevice implements ExecutorDevice {
  /** Position in the backend's devices (not the CUDA index: see `runtime.info.index`). */
  readonly index: number;
  readonly label: string;
  readonly bus: number;
  readonly runtime: CudaDevice;
  /** Data kept on this device between tasks (a resident graph, broadcast pivot blocks). */
  readonly resident = new ResidentStore();
  readonly lost: Promise<Error>;
  readonly #executors = new ExecutorStates<CudaStreamDevice>('cuda');
  readonly #poller: EventPoller;
  readonly #streams: Handle[] = [];
  readonly #staging: PinnedSlots[] = [];
  readonly #pins = new WeakMap<ArrayBufferView, PinnedHost>();
  readonly #hostArrays = new Set<PinnedHost>();
  /** Freed buffers by size, for the next alloc of that size (see {@link free}). */
  readonly #pool: BufferPool;
  #lostError: Error | undefined;
  #markLost!: (error: Error) => void;

  constructor(runtime: CudaDevice, index: number, bus: number, poller: EventPoller) {
    this.runtime = runtime;
    this.index = index;
    this.bus = bus;
    this.#poller = poller;
    this.#pool = new BufferPool(runtime);
    this.label = `${runtime.info.name} (CUDA ${runtime.info.index})`;
    this.lost = new Promise((resolve) => (this.#markLost = resolve));
  }

  get isLost(): boolean {
    return this.#lostError !== undefined;
  }

  /** The CUDA stream of scheduler stream `j`, created on first use. */
  stream(j: number): Handle {
    if (!Number.isInteger(j) || j < 0) throw new RangeError(`stream ${j}: a scheduler stream index is an integer ≥ 0.`);
    this.#check();
    while (this.#streams.length <= j) {
      this.#streams.push(this.runtime.createStream());
      this.#staging.push(new PinnedSlots(this.runtime));
    }
    return this.#streams[j];
  }

  /**
   * A pinned copy of `data`, made once per array object and kept until {@link destroy}: inputs sent many times
   * (the paper's page-locked task data) then cost only the DMA.
   */
  pin(data: ArrayBufferView): PinnedHost {
    let pinned = this.#pins.get(data);
    if (pinned === undefined) {
      pinned = this.pinnedArray(data.byteLength);
      pinned.bytes.set(bytesOf(data));
      this.#pins.set(data, pinned);
    }
    return pinned;
  }

  /** `byteLength` bytes of pinned host memory, exactly, kept until {@link freePinned} or {@link destroy}. */
  pinnedArray(byteLength: number): PinnedHost {
    this.#check();
    const host = this.runtime.allocHost(byteLength);
    this.#hostArrays.add(host);
    return host;
  }

  freePinned(host: PinnedHost): void {
    if (this.#hostArrays.delete(host) && !this.isLost) this.runtime.freeHost(host);
  }

  /**
   * Device memory: a buffer of this size given back by {@link free} (keeping its first label), else a new one;
   * when the device is out of memory, the kept buffers are released and the allocation tried once more.
   */
  alloc(label: string, byteLength: number): CudaBuffer {
    this.#check();
    return this.#pool.alloc(label, byteLength);
  }

  /**
   * Gives a buffer {@link alloc} returned back for reuse rather than to the driver: cuMemFree waits for the whole
   * device, which would stop every stream's overlap once per task. A view into a buffer is refused (the next
   * alloc of its size would get a pointer at its offset). After a loss the context's memory is gone: nothing
   * is done.
   */
  free(buffer: CudaBuffer): void {
    if (this.isLost) return;
    this.#pool.free(buffer);
  }

  /** Frees the buffers kept for reuse (the device waits for its work first). */
  trim(): void {
    if (this.isLost) this.#pool.forget();
    else this.#pool.trim();
  }

  /** A kernel compiled for this device (nvcc, cached on disk) and loaded once. */
  kernel(source: CudaKernelSource): Promise<CudaKernel> {
    return this.runtime.kernel(source);
  }

  /**
   * A device buffer per array, each filled by an async copy on stream `j` — from the array's own pinned memory
   * (a {@link PinnedHost}), or through the stream's pinned staging (one host copy); resolves once all are on
   * the device. On failure frees what it allocated.
   */
  async upload<K extends string>(j: number, arrays: Readonly<Record<K, ArrayBufferView | PinnedHost>>, label = 'task'): Promise<Record<K, CudaBuffer>> {
    const out = {} as Record<K, CudaBuffer>;
    const made: CudaBuffer[] = [];
    try {
      (Object.keys(arrays) as K[]).forEach((key, slot) => {
        const data = arrays[key];
        const buffer = this.alloc(`${label} ${key}`, byteLengthOf(data));
        made.push(buffer);
        this.enqueueWrite(j, buffer, data, slot);
        out[key] = buffer;
      });
      await this.done(j);
    } catch (error) {
      for (const b of made) this.free(b);
      throw error;
    }
    return out;
  }

  /** Copies `data` into `buffer` at byte `offset` on stream `j` (through the staging unless pinned); resolves when done. */
  async write(j: number, buffer: CudaBuffer, data: ArrayBufferView | PinnedHost, offset = 0): Promise<void> {
    this.enqueueWrite(j, buffer, data, 0, offset);
    await this.done(j);
  }

  /**
   * Queues a copy of `data` into `buffer` at byte `offset` on stream `j`, without waiting: from `data` itself
   * when pinned, else through staging slot `slot` of the stream (distinct slots for the copies of one call).
   */
  enqueueWrite(j: number, buffer: CudaBuffer, data: ArrayBufferView | PinnedHost, slot = 0, offset = 0): void {
    this.runtime.writeAsync(buffer, this.#source(j, slot, data), byteLengthOf(data), this.stream(j), offset);
  }

  /** Queues a kernel on stream `j`; {@link done} says when it has run. */
  launch(j: number, kernel: CudaKernel, args: LaunchArgs): void {
    this.runtime.launch(kernel, args, this.stream(j));
  }

  /** Queues a device-to-device copy of `byteLength` bytes on stream `j`, at byte offsets into both buffers. */
  copy(j: number, src: CudaBuffer, dst: CudaBuffer, byteLength: number, srcOffset = 0, dstOffset = 0): void {
    this.runtime.copy(cudaView(src, srcOffset, byteLength), cudaView(dst, dstOffset, byteLength), byteLength, this.stream(j));
  }

  /**
   * Resolves when the work queued on stream `j` so far has run; rejects with its failure (a kernel's, as a
   * CudaLaunchError). A failure that leaves the context unusable loses the device.
   */
  async done(j: number): Promise<void> {
    const runtime = this.runtime;
    const event = runtime.fence(this.stream(j));
    try {
      await this.#poller.wait(() => runtime.isDone(event));
    } catch (error) {
      if (losesContext(error)) this.#lose(error as Error);
      throw error;
    } finally {
      if (!this.isLost) runtime.destroyEvent(event);
    }
  }

  /** `buffer`'s bytes (all, or `options`' range) as a typed array, read by an async copy on stream `j`. */
  async read<A>(j: number, buffer: CudaBuffer, ArrayType: ElementArrayType<A>, options: ReadOptions = {}): Promise<A> {
    const into = options.into;
    const { offset, byteLength, length } = readRange(buffer, ArrayType.BYTES_PER_ELEMENT, options);
    const host = into ?? this.#slots(j).get(0, Math.max(0, byteLength));
    this.runtime.readAsync(host, buffer, byteLength, this.stream(j), offset);
    await this.done(j);
    if (into !== undefined) return new ArrayType(into.bytes.buffer as ArrayBuffer, into.bytes.byteOffset, length);
    return new ArrayType(host.bytes.slice(0, byteLength).buffer as ArrayBuffer, 0, length);
  }

  /** {@link ExecutorDevice}: runs an executor registered for 'cuda' here, on the task's stream. */
  open(kind: string, input: unknown, stream = 0): Promise<number> {
    return this.#executors.open(this, kind, input, stream);
  }

  compute(handle: number, stream = 0): Promise<void> {
    return this.#executors.compute(this, handle, stream);
  }

  collect(handle: number, stream = 0): Promise<unknown> {
    return this.#executors.collect(this, handle, stream);
  }

  close(handle: number): void {
    this.#executors.close(this, handle);
  }

  /** Frees the streams, pinned memory, resident data and the device (its buffers and modules). */
  destroy(): void {
    if (!this.isLost) {
      this.resident.deletePrefix('');
      for (const s of this.#staging) s.free();
      for (const h of this.#hostArrays) this.runtime.freeHost(h);
      for (const s of this.#streams) this.runtime.destroyStream(s);
    }
    this.#hostArrays.clear();
    this.#streams.length = 0;
    this.#staging.length = 0;
    this.#pool.forget();
    try {
      this.runtime.destroy();
    } catch (error) {
      // After a loss every driver call repeats the error the task that lost the device already reported:
      // throwing it again here would hide that report (a kernel's fault, named) behind cuMemFree's.
      if (!this.isLost) throw error;
    }
    this.#lose(new Error(`${this.label} destroyed`));
  }

  #source(j: number, slot: number, data: ArrayBufferView | PinnedHost): PinnedHost {
    if (isPinned(data)) return data;
    const staged = this.#slots(j).get(slot, data.byteLength);
    staged.bytes.set(bytesOf(data));
    return staged;
  }

  #slots(j: number): PinnedSlots {
    this.stream(j);
    return this.#staging[j];
  }

  #check(): void {
    if (this.#lostError !== undefined) throw this.#lostError;
  }

  #lose(error: Error): void {
    if (this.#lostError !== undefined) return;
    this.#lostError = error;
    this.#markLost(error);
  }
}

function isPinned(data: ArrayBufferView | PinnedHost): data is PinnedHost {
  return 'ptr' in data && 'bytes' in data;
}

function byteLengthOf(data: ArrayBufferView | PinnedHost): number {
  return isPinned(data) ? data.bytes.byteLength : data.byteLength;
}

function bytesOf(data: ArrayBufferView): Uint8Array {
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** Options of {@link openCudaBackend}: which devices and buses, and runtime-cuda's compile options. */
export interface CudaBackendOptions extends CudaDeviceChoice, Omit<OpenCudaDeviceOptions, 'index'> {}

/** Devices opened by {@link openCudaBackend}. */
export interface CudaBackend extends Backend<CudaStreamDevice> {
  readonly name: 'cuda';
}

/**
 * Opens CUDA devices for a {@link Scheduler}, by device index, all in this process (each has its own
 * context; runtime-cuda makes it current for every call). Needs `@semiforge/runtime-cuda`, koffi and the NVIDIA
 * driver; says which is missing otherwise.
 *
 * @example
 * ```ts
 * const backend = await openCudaBackend({ gpus: 2 }); // CUDA devices 0 and 1, one bus each
 * const scheduler = new Scheduler(backend, { streams: 3 });
 * ```
 */
export async function openCudaBackend(options: CudaBackendOptions = {}): Promise<CudaBackend> {
  const cuda = await loadCudaRuntime();
  const { indices, buses } = cudaPlacement(options, await cuda.cudaDeviceCount());
  const { devices: _devices, gpus: _gpus, buses: _buses, ...open } = options;
  const poller = new EventPoller();
  const devices: CudaStreamDevice[] = [];
  try {
    for (const [i, index] of indices.entries()) devices.push(new CudaStreamDevice(await cuda.openCudaDevice({ ...open, index }), i, buses[i], poller));
  } catch (error) {
    for (const d of devices) d.destroy();
    throw error;
  }
  return {
    name: 'cuda',
    devices,
    now: () => performance.now(),
    destroy: () => {
      for (const d of devices) d.destroy();
    },
  };
}
