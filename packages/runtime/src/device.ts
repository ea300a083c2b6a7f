import { limitsRecord, type AdapterDescription } from './adapter-info.js';
import { createBuffer, createStorageFrom, readBuffer, readBufferInto, upload, type BufferKind } from './buffers.js';
import { DeviceLossWatch } from './device-loss.js';
import { DispatchBatch, type BatchOptions } from './dispatch-batch.js';
import type { CompilationMessage, DeviceLostError } from './errors.js';
import type { ComputeKernel } from './kernel.js';
import { PipelineCache, type KernelPipeline } from './pipeline-cache.js';
import { ReadbackPool } from './readback-pool.js';
import type { RuntimeContext } from './runtime-context.js';
import type { TypedArrayConstructor } from './typed-arrays.js';

/**
 * What `Device.describe()` reports: the adapter's names, and the features and limits of this device (the
 * adapter's, where the runtime asked for them).
 */
export interface DeviceDescription extends Omit<AdapterDescription, 'backend'> {
  backend: 'webgpu';
}

/**
 * An open WebGPU device: buffers, cached pipelines, batched dispatch and GPU timing, with typed errors.
 * Get one from {@link openDevice}; call {@link Device.destroy} when done.
 *
 * @example
 * ```ts
 * const device = await openDevice();
 * const x = await device.createStorage('x', new Uint32Array([1, 2, 3]));
 * const batch = device.batch();
 * batch.dispatch(addK, { buffers: { x }, params: new Uint32Array([10, 3]), workgroups: [1] });
 * await batch.submit();
 * console.log(await device.read(x, Uint32Array)); // Uint32Array [11, 12, 13]
 * device.destroy();
 * ```
 */
export class Device {
  /** The underlying WebGPU device, for what the runtime does not wrap. */
  readonly gpu: GPUDevice;
  /** The adapter the device was opened on. */
  readonly adapter: AdapterDescription;
  readonly #watch: DeviceLossWatch;
  readonly #context: RuntimeContext;
  readonly #pipelines: PipelineCache;
  #destroyed = false;

  /** Use {@link openDevice}. */
  constructor(gpu: GPUDevice, adapter: AdapterDescription) {
    this.gpu = gpu;
    this.adapter = adapter;
    this.#watch = new DeviceLossWatch(gpu);
    this.#context = { gpu, watch: this.#watch, readbacks: new ReadbackPool((bytes) => createBuffer(this.#context, 'read staging (kept)', bytes, 'readback')), timers: [], params: [], arenas: [] };
    this.#pipelines = new PipelineCache(this.#context);
  }

  /** Resolves with a {@link DeviceLostError} when the device is lost or destroyed. */
  get lost(): Promise<DeviceLostError> {
    return this.#watch.lost;
  }

  get isLost(): boolean {
    return this.#watch.isLost;
  }

  /** True when batches report `gpuTimeMs` (the device has `timestamp-query`). */
  get hasTimestamps(): boolean {
    return this.gpu.features.has('timestamp-query');
  }

  get limits(): GPUSupportedLimits {
    return this.gpu.limits;
  }

  /** Pipelines compiled so far. */
  get pipelineCount(): number {
    return this.#pipelines.size;
  }

  /** Names, features and limits, as `semiforge devices` and benchmark contexts record them. */
  describe(): DeviceDescription {
    const { vendor, architecture, device, description, isFallbackAdapter, subgroupMinSize, subgroupMaxSize } = this.adapter;
    return {
      backend: 'webgpu',
      vendor,
      architecture,
      device,
      description,
      isFallbackAdapter,
      ...(subgroupMinSize === undefined ? {} : { subgroupMinSize }),
      ...(subgroupMaxSize === undefined ? {} : { subgroupMaxSize }),
      features: [...this.gpu.features].sort(),
      limits: limitsRecord(this.gpu.limits),
    };
  }

  /**
   * A new buffer of at least `byteLength` bytes (rounded up to a multiple of 4). Throws {@link LimitError}
   * beyond `maxStorageBufferBindingSize` (storage: bound whole), `maxUniformBufferBindingSize` (uniform) or
   * `maxBufferSize`.
   */
  createBuffer(label: string, byteLength: number, usage: BufferKind): Promise<GPUBuffer> {
    return createBuffer(this.#context, label, byteLength, usage);
  }

  /** Queues a write of `data` into `buffer` at `byteOffset` (a multiple of 4); it lands before the next submit. */
  upload(buffer: GPUBuffer, data: ArrayBufferView | ArrayBuffer, byteOffset = 0): void {
    upload(this.#context, buffer, data, byteOffset);
  }

  /** A storage buffer holding a copy of `data` (from shared memory: copied into the buffer mapped at creation). */
  createStorage(label: string, data: ArrayBufferView | ArrayBuffer): Promise<GPUBuffer> {
    return createStorageFrom(this.#context, label, data);
  }

  /**
   * `length` elements of `buffer` from `byteOffset` (default: to the end) as a new typed array, once all
   * work submitted before has finished. Reads go through one staging buffer the device keeps (the largest read's
   * size, until `destroy`), not a new one each time; reads in flight together get one each.
   *
   * @example
   * ```ts
   * const dist = await device.read(distBuffer, Float32Array);
   * ```
   */
  read<T>(buffer: GPUBuffer, ArrayType: TypedArrayConstructor<T>, byteOffset = 0, length?: number): Promise<T> {
    return readBuffer(this.#context, buffer, ArrayType, byteOffset, length);
  }

  /**
   * {@link read} into memory the caller keeps: `target.byteLength` bytes of `buffer` from `byteOffset` (a
   * multiple of target's element size). Reading many large results into the same arrays skips filling a new
   * array each time: on the H100's host, 205 ms for a new 256 MiB array against 23 ms for one already touched.
   *
   * @example
   * ```ts
   * const parents = new Int32Array(n);
   * for (const source of sources) {
   *   // … run a search that leaves its parents in parentBuffer …
   *   await device.readInto(parentBuffer, parents);
   * }
   * ```
   */
  readInto(buffer: GPUBuffer, target: ArrayBufferView, byteOffset = 0): Promise<void> {
    return readBufferInto(this.#context, buffer, target, byteOffset);
  }

  /**
   * The compiled pipeline of `kernel`, built once per `kernel.id`. Throws {@link ShaderCompileError} for WGSL
   * errors, {@link LimitError} for a workgroup shape or workgroup memory beyond the device's limits.
   */
  pipeline(kernel: ComputeKernel): Promise<KernelPipeline> {
    return this.#pipelines.get(kernel);
  }

  /**
   * The WGSL compiler's messages for `kernel`, errors included (it does not throw on them).
   *
   * @example
   * ```ts
   * const errors = (await device.compile(kernel)).filter((m) => m.type === 'error');
   * ```
   */
  compile(kernel: ComputeKernel): Promise<CompilationMessage[]> {
    return this.#pipelines.compile(kernel);
  }

  /** A new {@link DispatchBatch}: record dispatches, then submit them all at once. */
  batch(options?: BatchOptions): DispatchBatch {
    this.#watch.throwIfLost('batch');
    return new DispatchBatch(this.#context, this.#pipelines, options);
  }

  /**
   * Frees the device. Pending and later operations fail with {@link DeviceLostError} (reason `destroyed`),
   * which is also how tests simulate device loss. Calling it twice is harmless.
   */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#watch.markDestroyed();
    this.#pipelines.clear();
    this.#context.readbacks.clear();
    for (const timer of this.#context.timers.splice(0)) timer.destroy();
    for (const params of this.#context.params.splice(0)) params.buffer.destroy();
    this.gpu.destroy();
  }
}
