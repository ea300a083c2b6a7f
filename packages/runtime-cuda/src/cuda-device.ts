import { cudaArch, type ComputeCapability } from './arch.js';
import { loadCudaDriver, type CudaDriver, type Handle } from './driver.js';
import { cuResultError } from './cu-result.js';
import { CudaDriverError, CudaError, CudaUnavailableError } from './errors.js';
import { prepareKernelArgs, type PreparedArgs } from './prepared-args.js';
import { CubinCache } from './kernel-cache.js';
import { checkTransferRange } from './transfer-range.js';
import { checkLaunchConfig, type Dim3, type LaunchLimits } from './launch-config.js';
import { findNvcc, type CudaCompiler } from './nvcc-compiler.js';

// cuDeviceGetAttribute numbers (cuda.h, CUdevice_attribute).
const ATTR = {
  maxThreadsPerBlock: 1,
  maxBlockDimX: 2,
  maxBlockDimY: 3,
  maxBlockDimZ: 4,
  maxGridDimX: 5,
  maxGridDimY: 6,
  maxGridDimZ: 7,
  maxSharedMemoryPerBlock: 8,
  clockRateKHz: 13,
  multiprocessors: 16,
  memoryClockKHz: 36,
  memoryBusWidth: 37,
  l2CacheBytes: 38,
  ccMajor: 75,
  ccMinor: 76,
} as const;

/** What a CUDA device is, as `listCudaDevices` and `CudaDevice.info` report it. */
export interface CudaDeviceInfo {
  readonly index: number;
  readonly name: string;
  readonly computeCapability: ComputeCapability;
  /** The compile target, e.g. `sm_90a`. */
  readonly arch: string;
  readonly multiprocessors: number;
  /** Peak SM clock in MHz. */
  readonly clockMHz: number;
  readonly totalMemoryBytes: number;
  readonly l2CacheBytes: number;
  /** cuDriverGetVersion, e.g. 13000. */
  readonly driverVersion: number;
  readonly limits: LaunchLimits;
}

/** A device allocation. */
export interface CudaBuffer {
  readonly ptr: bigint;
  readonly byteLength: number;
  readonly label: string;
}

/** What a generated kernel brings (codegen's `GeneratedKernel`, structurally). */
export interface CudaKernelSource {
  readonly name: string;
  readonly source: string;
  readonly entryPoint: string;
  readonly bindings: readonly { readonly name: string; readonly kind: 'uniform' | 'storage' | 'read-only-storage' }[];
  readonly workgroupSize: readonly number[];
  readonly workgroupStorageBytes: number;
}

/** A kernel loaded on a device. */
export interface CudaKernel {
  readonly name: string;
  readonly source: CudaKernelSource;
  readonly fn: Handle;
  /** Whether the cubin came from the disk cache. */
  readonly cached: boolean;
}

export interface LaunchArgs {
  /** Device address of each storage binding, by name; undefined entries are skipped (optional bindings). */
  readonly buffers: Readonly<Record<string, CudaBuffer | undefined>>;
  /** The uniform block (`Params`), passed by value. */
  readonly params: ArrayBufferView;
  readonly grid: Dim3;
}

/** A launch made ready by {@link CudaDevice.prepare}: the kernel, its configuration and its packed arguments (kept alive here: `pointers` points into them). */
export interface PreparedLaunch {
  readonly kernel: CudaKernel;
  readonly grid: Dim3;
  readonly block: Dim3;
  readonly args: PreparedArgs;
  /** The uniform block inside `args`: what a field is set to here, the next launch passes. */
  readonly params: Uint32Array;
  readonly pointers: BigUint64Array;
}

export interface OpenCudaDeviceOptions {
  /** Device ordinal (default `$SEMIFORGE_CUDA_DEVICE` or 0). */
  index?: number;
  /** Where cubins are cached (default {@link cubinCacheDir}). */
  cacheDir?: string;
  /** The compiler (default: nvcc, found on PATH, $CUDA_HOME/bin or /usr/local/cuda/bin). */
  compiler?: CudaCompiler;
}

const PINNED_PORTABLE = 0x01;
const CU_OUT_OF_MEMORY = 2;
const CU_NOT_READY = 600;
// cuEventCreate flag: no timestamps, so recording and querying cost less (fences, not timers).
const EVENT_DISABLE_TIMING = 0x02;

/** Pinned host memory as {@link CudaDevice.allocHost} returns it. */
export interface PinnedMemory {
  readonly ptr: Handle;
  readonly bytes: Uint8Array;
}

/** The number of CUDA devices; throws {@link CudaUnavailableError} without a driver. */
export async function cudaDeviceCount(): Promise<number> {
  const driver = await loadCudaDriver();
  const count = [0];
  driver.call('cuDeviceGetCount', [count]);
  return count[0];
}

/** Every CUDA device with its name, compute capability and limits. */
export async function listCudaDevices(): Promise<CudaDeviceInfo[]> {
  const driver = await loadCudaDriver();
  const count = await cudaDeviceCount();
  return Array.from({ length: count }, (_, i) => describe(driver, i));
}

function describe(driver: CudaDriver, index: number): CudaDeviceInfo {
  const dev = [0];
  driver.call('cuDeviceGet', [dev, index]);
  const attr = (a: number) => {
    const v = [0];
    driver.call('cuDeviceGetAttribute', [v, a, dev[0]]);
    return v[0];
  };
  const nameBytes = Buffer.alloc(256);
  driver.call('cuDeviceGetName', [nameBytes, nameBytes.length, dev[0]]);
  const total = [0];
  driver.call('cuDeviceTotalMem_v2', [total, dev[0]]);
  const computeCapability = { major: attr(ATTR.ccMajor), minor: attr(ATTR.ccMinor) };
  return {
    index,
    name: nameBytes.toString('utf8', 0, Math.max(0, nameBytes.indexOf(0))),
    computeCapability,
    arch: cudaArch(computeCapability),
    multiprocessors: attr(ATTR.multiprocessors),
    clockMHz: attr(ATTR.clockRateKHz) / 1000,
    totalMemoryBytes: Number(total[0]),
    l2CacheBytes: attr(ATTR.l2CacheBytes),
    driverVersion: driver.version,
    limits: {
      maxThreadsPerBlock: attr(ATTR.maxThreadsPerBlock),
      maxBlockDim: [attr(ATTR.maxBlockDimX), attr(ATTR.maxBlockDimY), attr(ATTR.maxBlockDimZ)],
      maxGridDim: [attr(ATTR.maxGridDimX), attr(ATTR.maxGridDimY), attr(ATTR.maxGridDimZ)],
      maxSharedMemoryPerBlock: attr(ATTR.maxSharedMemoryPerBlock),
    },
  };
}

/**
 * Opens a CUDA device (its primary context) for compiling kernels, memory, transfers, launches and timing.
 * Several devices may be open in one process: each call makes its own context current first.
 *
 * @example
 * const gpu = await openCudaDevice({ index: 0 });
 * const kernel = await gpu.kernel(generateKernel({ ...spec, target: 'cuda' }));
 * const d = gpu.upload('dist', matrix);
 * gpu.launch(kernel, { buffers: { d }, params: new Uint32Array([n, 0]), grid: [n / 64, n / 64, 1] });
 * const out = gpu.download(d, Float32Array);
 * gpu.destroy();
 */
export async function openCudaDevice(options: OpenCudaDeviceOptions = {}): Promise<CudaDevice> {
  const driver = await loadCudaDriver();
  const index = options.index ?? Number(process.env.SEMIFORGE_CUDA_DEVICE ?? 0);
  const count = await cudaDeviceCount();
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new CudaUnavailableError(`device ${index}`, `this machine has ${count} CUDA device(s)`, `choose an index in 0..${count - 1} (option index or SEMIFORGE_CUDA_DEVICE)`);
  }
  const compiler = options.compiler ?? (await findNvcc());
  return new CudaDevice(driver, describe(driver, index), new CubinCache(options.cacheDir), compiler);
}

/** An open CUDA device; see {@link openCudaDevice}. */
export class CudaDevice {
  readonly info: CudaDeviceInfo;
  readonly cache: CubinCache;
  readonly compiler: CudaCompiler | undefined;
  /** The stream every operation uses unless given another. */
  readonly stream: Handle;
  readonly #driver: CudaDriver;
  readonly #ctx: Handle;
  readonly #dev: number;
  readonly #buffers = new Set<CudaBuffer>();
  readonly #modules: Handle[] = [];
  readonly #kernels = new Map<string, Promise<CudaKernel>>();
  #staging: { ptr: Handle; bytes: Uint8Array } | undefined;
  /**
   * The launch queued last: its kernel is the one a failure surfacing later names, and holding it keeps its
   * argument block reachable while cuLaunchKernel reads it (a launch built for one call, as {@link launch}
   * builds it, is otherwise garbage once its fields are read, and a collection at that moment would free the
   * memory the driver is reading the kernel's parameters from).
   */
  #lastLaunch: PreparedLaunch | undefined;
  #destroyed = false;

  constructor(driver: CudaDriver, info: CudaDeviceInfo, cache: CubinCache, compiler: CudaCompiler | undefined) {
    this.#driver = driver;
    this.info = info;
    this.cache = cache;
    this.compiler = compiler;
    const dev = [0];
    driver.call('cuDeviceGet', [dev, info.index]);
    this.#dev = dev[0];
    const ctx: Handle[] = [null];
    driver.call('cuDevicePrimaryCtxRetain', [ctx, this.#dev]);
    this.#ctx = ctx[0];
    this.#use();
    const stream: Handle[] = [null];
    driver.call('cuStreamCreate', [stream, 0]);
    this.stream = stream[0];
  }

  /** The kernel a failure surfacing at a synchronisation names. */
  get #lastKernel(): string | undefined {
    return this.#lastLaunch?.kernel.name;
  }

  /** Makes this device's context current on the calling thread (several devices in one process). */
  #use(): CudaDriver {
    if (this.#destroyed) throw new CudaError(`CUDA device ${this.info.index} (${this.info.name}) was destroyed; open it again with openCudaDevice()`);
    this.#driver.call('cuCtxSetCurrent', [this.#ctx]);
    return this.#driver;
  }

  /** Free and total device memory in bytes. */
  memoryInfo(): { free: number; total: number } {
    const free = [0];
    const total = [0];
    this.#use().call('cuMemGetInfo_v2', [free, total]);
    return { free: Number(free[0]), total: Number(total[0]) };
  }

  /** Allocates device memory; {@link CudaOutOfMemoryError} names the bytes asked for and free. */
  alloc(label: string, byteLength: number): CudaBuffer {
    const driver = this.#use();
    const ptr: unknown[] = [0];
    try {
      driver.call('cuMemAlloc_v2', [ptr, Math.max(byteLength, 4)]);
    } catch (e) {
      if (!(e instanceof CudaDriverError) || e.code !== CU_OUT_OF_MEMORY) throw e;
      // Out of memory: the error names what was asked for and what is free.
      throw cuResultError('cuMemAlloc_v2', e.code, { alloc: { requested: byteLength, label: `buffer "${label}"`, ...this.memoryInfo() } });
    }
    const buffer = { ptr: BigInt(ptr[0] as number | bigint), byteLength, label };
    this.#buffers.add(buffer);
    return buffer;
  }

  free(buffer: CudaBuffer): void {
    if (!this.#buffers.delete(buffer)) return;
    // cuMemFree waits for the device: a kernel's fault surfaces here too.
    this.#use().call('cuMemFree_v2', [buffer.ptr], { kernelName: this.#lastKernel, surfaced: true });
  }

  /** Page-locked host memory the GPU copies to and from directly; `bytes` views it. Free with {@link freeHost}. */
  allocHost(byteLength: number): { ptr: Handle; bytes: Uint8Array } {
    const driver = this.#use();
    const ptr: Handle[] = [null];
    driver.call('cuMemHostAlloc', [ptr, byteLength, PINNED_PORTABLE], { alloc: { requested: byteLength, label: 'pinned host memory' } });
    return { ptr: ptr[0], bytes: new Uint8Array(driver.koffi.view(ptr[0], byteLength)) };
  }

  freeHost(host: { ptr: Handle }): void {
    this.#use().call('cuMemFreeHost', [host.ptr]);
  }

  /** A pinned staging area of at least `bytes`, grown on demand and kept for later transfers. */
  #stage(bytes: number): { ptr: Handle; bytes: Uint8Array } {
    if (!this.#staging || this.#staging.bytes.byteLength < bytes) {
      if (this.#staging) this.freeHost(this.#staging);
      this.#staging = undefined;
      this.#staging = this.allocHost(Math.max(bytes, 1 << 20));
    }
    return this.#staging;
  }

  /** Allocates a buffer and copies `data` into it through pinned memory. */
  upload(label: string, data: ArrayBufferView): CudaBuffer {
    const buffer = this.alloc(label, data.byteLength);
    this.write(buffer, data);
    return buffer;
  }

  /** Copies `data` into the start of `buffer` through pinned memory; returns when the copy is done. */
  write(buffer: CudaBuffer, data: ArrayBufferView): void {
    if (data.byteLength > buffer.byteLength) {
      throw new CudaError(`write of ${data.byteLength} bytes into buffer "${buffer.label}" of ${buffer.byteLength} bytes; allocate a larger buffer`);
    }
    const stage = this.#stage(data.byteLength);
    stage.bytes.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    this.#use().call('cuMemcpyHtoDAsync_v2', [buffer.ptr, stage.ptr, data.byteLength, this.stream]);
    this.synchronize();
  }

  /** Reads a whole buffer back through pinned memory into a new typed array. */
  download<A extends ArrayBufferView>(buffer: CudaBuffer, ctor: new (b: ArrayBuffer) => A): A {
    const stage = this.#stage(buffer.byteLength);
    this.#use().call('cuMemcpyDtoHAsync_v2', [stage.ptr, buffer.ptr, buffer.byteLength, this.stream]);
    this.synchronize();
    return new ctor(stage.bytes.slice(0, buffer.byteLength).buffer);
  }

  /** Queues a device-to-device copy of `byteLength` bytes (default: all of `src`). */
  copy(src: CudaBuffer, dst: CudaBuffer, byteLength = src.byteLength, stream: Handle = this.stream): void {
    if (byteLength > dst.byteLength || byteLength > src.byteLength) {
      throw new CudaError(`copy of ${byteLength} bytes from "${src.label}" (${src.byteLength}) to "${dst.label}" (${dst.byteLength}) overruns a buffer`);
    }
    this.#use().call('cuMemcpyDtoDAsync_v2', [dst.ptr, src.ptr, byteLength, stream]);
  }

  /** Queues filling a buffer with a 32-bit word. */
  fill32(buffer: CudaBuffer, word: number, stream: Handle = this.stream): void {
    this.#use().call('cuMemsetD32Async', [buffer.ptr, word >>> 0, Math.floor(buffer.byteLength / 4), stream]);
  }

  /** A new stream; destroy it with {@link destroyStream}. */
  createStream(): Handle {
    const s: Handle[] = [null];
    this.#use().call('cuStreamCreate', [s, 0]);
    return s[0];
  }

  /**
   * A new stream whose blocks the device schedules before those of ordinary streams as resources free up:
   * for short work on a critical path that runs beside a long kernel (blocked FW's next pivot). Destroy it with
   * {@link destroyStream}.
   */
  createPriorityStream(): Handle {
    const driver = this.#use();
    const least = [0];
    const greatest = [0];
    driver.call('cuCtxGetStreamPriorityRange', [least, greatest]);
    const s: Handle[] = [null];
    driver.call('cuStreamCreateWithPriority', [s, 0, greatest[0]]);
    return s[0];
  }

  /** Makes work queued on `stream` from now on wait for `event` (recorded on another stream), without blocking the host. */
  waitFor(event: Handle, stream: Handle = this.stream): void {
    this.#use().call('cuStreamWaitEvent', [stream, event, 0]);
  }

  destroyStream(stream: Handle): void {
    this.#use().call('cuStreamDestroy_v2', [stream]);
  }

  /** Records an event on a stream (default the device's) and returns it, for {@link elapsedMs}. */
  record(stream: Handle = this.stream): Handle {
    return this.#recordEvent(stream, 0);
  }

  /** A new event (cuEventCreate `flags`) recorded on `stream`. */
  #recordEvent(stream: Handle, flags: number): Handle {
    const driver = this.#use();
    const e: Handle[] = [null];
    driver.call('cuEventCreate', [e, flags]);
    driver.call('cuEventRecord', [e[0], stream]);
    return e[0];
  }

  /** Milliseconds between two recorded events; waits for the second, then destroys both (also when a kernel before it failed). */
  elapsedMs(start: Handle, end: Handle): number {
    const driver = this.#use();
    try {
      driver.call('cuEventSynchronize', [end], { kernelName: this.#lastKernel, surfaced: true });
      const ms = [0];
      driver.call('cuEventElapsedTime', [ms, start, end]);
      return ms[0];
    } finally {
      driver.call('cuEventDestroy_v2', [start]);
      driver.call('cuEventDestroy_v2', [end]);
    }
  }

  /**
   * Queues a host → device copy of `byteLength` bytes from pinned host memory (from {@link allocHost}) into
   * `buffer` at byte `offset`, on `stream`; returns at once. The host memory must not change until the copy is
   * done (a {@link fence} recorded after it {@link isDone}).
   */
  writeAsync(buffer: CudaBuffer, host: PinnedMemory, byteLength: number, stream: Handle, offset = 0): void {
    checkTransferRange('writeAsync', buffer, host, byteLength, offset);
    this.#use().call('cuMemcpyHtoDAsync_v2', [buffer.ptr + BigInt(offset), host.ptr, byteLength, stream]);
  }

  /** Queues a device → host copy of `byteLength` bytes of `buffer` from byte `offset` into pinned host memory, on `stream`. */
  readAsync(host: PinnedMemory, buffer: CudaBuffer, byteLength: number, stream: Handle, offset = 0): void {
    checkTransferRange('readAsync', buffer, host, byteLength, offset);
    this.#use().call('cuMemcpyDtoHAsync_v2', [host.ptr, buffer.ptr + BigInt(offset), byteLength, stream]);
  }

  /** Records a new event without timing on `stream`: it completes when the work queued there before it has. */
  fence(stream: Handle = this.stream): Handle {
    return this.#recordEvent(stream, EVENT_DISABLE_TIMING);
  }

  /**
   * Whether the work before an event has finished, without waiting (cuEventQuery): for polling from an event
   * loop. A failure of that work (a kernel's) throws here, as a CudaLaunchError naming the last kernel.
   */
  isDone(event: Handle): boolean {
    const code = this.#use().status('cuEventQuery', [event]);
    if (code === CU_NOT_READY) return false;
    const error = cuResultError('cuEventQuery', code, { kernelName: this.#lastKernel, surfaced: true });
    if (error) throw error;
    return true;
  }

  destroyEvent(event: Handle): void {
    this.#use().call('cuEventDestroy_v2', [event]);
  }

  /** Waits for the device's stream (or another); a kernel's failure surfaces here as a CudaLaunchError naming it. */
  synchronize(stream: Handle = this.stream): void {
    this.#use().call('cuStreamSynchronize', [stream], { kernelName: this.#lastKernel, surfaced: true });
  }

  /**
   * A generated kernel compiled for this device's architecture: from the disk cache when there, else
   * compiled (nvcc) and cached; loaded with cuModuleLoadData. Each kernel is loaded once per device.
   */
  kernel(source: CudaKernelSource): Promise<CudaKernel> {
    let k = this.#kernels.get(source.name);
    if (!k) {
      k = this.#load(source);
      this.#kernels.set(source.name, k);
      k.catch(() => this.#kernels.delete(source.name));
    }
    return k;
  }

  async #load(source: CudaKernelSource): Promise<CudaKernel> {
    if (!source.source.includes('__global__')) {
      throw new CudaError(`kernel ${source.name} is not CUDA source (generate it with target: 'cuda')`);
    }
    const compiler = this.compiler;
    if (!compiler) {
      throw new CudaUnavailableError('nvcc', 'not found on PATH, $NVCC, $CUDA_HOME/bin or /usr/local/cuda/bin', 'install the CUDA toolkit or set NVCC to its path');
    }
    const arch = this.info.arch;
    const key = { kernelName: source.name, arch, compiler: compiler.version, source: source.source };
    let cubin = await this.cache.get(key);
    const cached = cubin !== undefined;
    if (!cubin) {
      cubin = await compiler.compile(source.source, arch, source.name);
      const failed = await this.cache.put(key, cubin);
      if (failed) process.emitWarning(`semiforge: could not cache ${source.name} in ${this.cache.dir} (${failed.message}); set SEMIFORGE_CUDA_CACHE to a writable directory`);
    }
    const driver = this.#use();
    const mod: Handle[] = [null];
    driver.call('cuModuleLoadData', [mod, cubin], { kernelName: source.name });
    this.#modules.push(mod[0]);
    const fn: Handle[] = [null];
    driver.call('cuModuleGetFunction', [fn, mod[0], source.entryPoint], { kernelName: source.name });
    return { name: source.name, source, fn: fn[0], cached };
  }

  /** Queues a launch of a loaded kernel on a stream (default the device's); checks the configuration first. */
  launch(kernel: CudaKernel, args: LaunchArgs, stream: Handle = this.stream): void {
    this.launchPrepared(this.prepare(kernel, args), stream);
  }

  /**
   * A launch checked and its arguments packed once, for {@link launchPrepared} to queue again and again with
   * only the driver call: a loop's steps, whose parameters change in place (`params`) between launches.
   */
  prepare(kernel: CudaKernel, args: LaunchArgs): PreparedLaunch {
    const { source } = kernel;
    const block: Dim3 = [source.workgroupSize[0] ?? 1, source.workgroupSize[1] ?? 1, source.workgroupSize[2] ?? 1];
    checkLaunchConfig(kernel.name, { grid: args.grid, block, staticSharedBytes: source.workgroupStorageBytes }, this.info.limits);
    const ptrs = Object.fromEntries(Object.entries(args.buffers).map(([k, b]) => [k, b?.ptr]));
    const packed = prepareKernelArgs(kernel.name, source.bindings, ptrs, args.params);
    const base = this.#use().koffi.address(packed.block);
    return { kernel, grid: args.grid, block, args: packed, params: packed.params, pointers: new BigUint64Array(packed.offsets.map((o) => base + BigInt(o))) };
  }

  /** Queues a prepared launch on a stream (default the device's), with its parameters as they are now. */
  launchPrepared(launch: PreparedLaunch, stream: Handle = this.stream): void {
    const driver = this.#use();
    this.#lastLaunch = launch;
    driver.call('cuLaunchKernel', [launch.kernel.fn, ...launch.grid, ...launch.block, 0, stream, launch.pointers, null], { kernelName: launch.kernel.name });
  }

  /**
   * Frees every buffer, module and the staging memory, and releases the context. After a kernel's fault (a
   * sticky error) each of these calls fails with it: the context is released all the same, then the first
   * failure thrown.
   */
  destroy(): void {
    if (this.#destroyed) return;
    const driver = this.#use();
    this.#destroyed = true;
    let failure: unknown;
    const release = (name: Parameters<CudaDriver['call']>[0], args: unknown[]) => {
      try {
        driver.call(name, args, { kernelName: this.#lastKernel, surfaced: true });
      } catch (error) {
        failure ??= error;
      }
    };
    for (const b of this.#buffers) release('cuMemFree_v2', [b.ptr]);
    this.#buffers.clear();
    for (const m of this.#modules) release('cuModuleUnload', [m]);
    if (this.#staging) release('cuMemFreeHost', [this.#staging.ptr]);
    release('cuStreamDestroy_v2', [this.stream]);
    release('cuDevicePrimaryCtxRelease_v2', [this.#dev]);
    if (failure !== undefined) throw failure;
  }
}
