import { checkLimit } from './device-limits.js';
import { errorScoped, withScopeErrors } from './error-scopes.js';
import { BindingError, SemiforgeGpuError, type GpuErrorContext } from './errors.js';
import { BufferUsage } from './gpu-flags.js';
import type { ComputeKernel } from './kernel.js';
import { kernelLayout, type KernelLayout } from './kernel-layout.js';
import { ParamsArena } from './params-arena.js';
import { PassTimer } from './pass-timer.js';
import type { KernelPipeline, PipelineCache } from './pipeline-cache.js';
import type { RuntimeContext } from './runtime-context.js';

/** Idle timestamp timers a device keeps for its timed batches (enough for the batches a loop keeps in flight together). */
const IDLE_TIMERS = 8;
/** Idle parameter buffers (and arenas) a device keeps, and the bind groups each buffer keeps at most (then it starts again). */
const IDLE_PARAMS = 8;
const BIND_GROUPS_KEPT = 256;
/** The least size of a parameter buffer (64 blocks of 256 bytes): sizes go up in powers of two from it. */
const PARAMS_MIN_BYTES = 16_384;

/**
 * A uniform buffer for the parameter blocks of one batch at a time, kept by the device between batches with
 * the bind groups made on it: a batch that binds what an earlier one bound (a loop's next submit) creates
 * neither a buffer nor a bind group.
 */
export interface ParamsBuffer {
  readonly buffer: GPUBuffer;
  readonly bindGroups: Map<string, GPUBindGroup>;
}

/** Workgroup counts of a dispatch; y and z default to 1. */
export type Workgroups = readonly [x: number, y?: number, z?: number];

/** Buffers of a dispatch: by binding name, or in binding order. */
export type BufferBindings = Readonly<Record<string, GPUBuffer | undefined>> | readonly GPUBuffer[];

/** What one dispatch runs on. */
export interface DispatchArgs {
  /**
   * Storage buffers by binding name, or in the order of the kernel's non-uniform bindings. Names whose value
   * is undefined are ignored, so one object can serve kernel variants with and without an optional binding.
   */
  buffers: BufferBindings;
  /**
   * The parameter block for the kernel's `uniform` binding (required exactly when it has one). At least
   * 64 bytes (`PARAMS_BLOCK_BYTES`) are bound; bytes past `params` read as zero.
   */
  params?: ArrayBufferView | ArrayBuffer;
  workgroups: Workgroups;
}

/** What one indirect dispatch runs on: its workgroup counts are three u32 that the GPU reads from `indirect` at `indirectOffset`. */
export interface IndirectDispatchArgs {
  buffers: BufferBindings;
  params?: ArrayBufferView | ArrayBuffer;
  /** A buffer made with the INDIRECT usage; a kernel earlier in the batch may write it (not one bound to this dispatch). */
  indirect: GPUBuffer;
  /** Byte offset of the three counts, a multiple of 4. Default 0. */
  indirectOffset?: number;
}

/** Options of {@link Device.batch}. */
export interface BatchOptions {
  /** Appears in WebGPU error messages and debuggers. */
  label?: string;
  /** Measure GPU time with timestamps when the device has `timestamp-query` (default true). */
  timing?: boolean;
}

/** What a submitted batch reports. */
export interface BatchResult {
  dispatches: number;
  /**
   * GPU time from the start of the first compute pass to the end of the last, in milliseconds. Undefined
   * when the device lacks `timestamp-query` (browsers without it, some drivers), when timing was turned off,
   * or when the batch had no dispatch.
   */
  gpuTimeMs?: number;
  /**
   * Host milliseconds from the call of `submit()` (or `enqueue()`) to `queue.submit` returning: waiting for
   * pipelines still compiling (none, when every kernel was compiled before the batch recorded it), writing the
   * parameters, creating bind groups and encoding (two clock reads).
   */
  encodeMs: number;
}

/** A batch on the device's queue (see {@link DispatchBatch.enqueue}). */
export interface QueuedBatch {
  /** Resolves when the GPU has finished the batch, as `submit()` does. */
  readonly done: Promise<BatchResult>;
}

type Step =
  | { kind: 'dispatch'; kernel: ComputeKernel; buffers: GPUBuffer[]; slot: number | undefined; workgroups: [number, number, number] | { buffer: GPUBuffer; offset: number } }
  | { kind: 'copy'; source: GPUBuffer; sourceOffset: number; destination: GPUBuffer; destinationOffset: number; byteLength: number }
  | { kind: 'clear'; buffer: GPUBuffer; byteOffset: number; byteLength: number };

/** A kernel's layout, with its buffer bindings' names in order, as a batch matches dispatches' buffers to them. */
interface BatchLayout extends KernelLayout {
  readonly bufferNames: readonly string[];
}

// Bind groups are keyed by the identities of their layout and buffers (a destroyed buffer's id is never reused).
const objectIds = new WeakMap<object, number>();
let nextObjectId = 0;

/**
 * Dispatches recorded now and sent to the GPU together by {@link DispatchBatch.submit}: one command buffer,
 * one `queue.submit`, consecutive dispatches in one compute pass (WebGPU makes each dispatch see the storage
 * writes of the ones before it). Parameters of all dispatches share one uniform buffer.
 *
 * @example
 * ```ts
 * const batch = device.batch({ label: 'fw' });
 * for (let k = 0; k < blocks; k++) {
 *   batch.dispatch(diagonal, { buffers: { dist }, params: new Uint32Array([k, n]), workgroups: [1] });
 *   batch.dispatch(panels, { buffers: { dist }, params: new Uint32Array([k, n]), workgroups: [blocks, 2] });
 *   batch.dispatch(update, { buffers: { dist }, params: new Uint32Array([k, n]), workgroups: [blocks, blocks] });
 * }
 * const { gpuTimeMs } = await batch.submit();
 * ```
 */
export class DispatchBatch {
  readonly #context: RuntimeContext;
  readonly #cache: PipelineCache;
  readonly #label: string;
  readonly #timing: boolean;
  readonly #steps: Step[] = [];
  readonly #params: ParamsArena;
  readonly #layouts = new Map<string, BatchLayout>();
  /** Each kernel's pipeline: compiled already, or compiling (awaited at submit). */
  readonly #pipelines = new Map<string, KernelPipeline | Promise<KernelPipeline>>();
  #dispatches = 0;
  #submitted = false;

  /** Use {@link Device.batch}. */
  constructor(context: RuntimeContext, cache: PipelineCache, options: BatchOptions = {}) {
    this.#context = context;
    this.#cache = cache;
    this.#label = options.label ?? 'batch';
    this.#timing = options.timing ?? true;
    this.#params = context.arenas.pop() ?? new ParamsArena(context.gpu.limits.minUniformBufferOffsetAlignment);
  }

  /** Dispatches recorded so far. */
  get size(): number {
    return this.#dispatches;
  }

  /**
   * Records a dispatch of `kernel`. Bindings, parameters and workgroup counts are checked here, so a mistake
   * throws at the line that made it; the pipeline starts compiling in the background.
   */
  dispatch(kernel: ComputeKernel, args: DispatchArgs): this {
    this.#assertOpen();
    const layout = this.#layout(kernel);
    const buffers = orderedBuffers(kernel, layout, args.buffers);
    const slot = this.#paramsSlot(kernel, layout, args.params);
    const workgroups = this.#checkWorkgroups(kernel, args.workgroups);
    this.#startCompiling(kernel);
    this.#steps.push({ kind: 'dispatch', kernel, buffers, slot, workgroups });
    this.#dispatches += 1;
    return this;
  }

  /**
   * Records a dispatch whose workgroup counts the GPU reads from `args.indirect` when it runs it, so that a kernel
   * earlier in the batch can size (or, with a zero count, skip) it without a round trip to the host.
   */
  dispatchIndirect(kernel: ComputeKernel, args: IndirectDispatchArgs): this {
    this.#assertOpen();
    const offset = args.indirectOffset ?? 0;
    checkWordAligned(`indirect dispatch of kernel ${kernel.name} from "${args.indirect.label}"`, { indirectOffset: offset });
    if (offset + 12 > args.indirect.size) {
      throw new BindingError(kernel.id, kernel.name, `indirect counts at byte ${offset} run past the ${args.indirect.size} bytes of "${args.indirect.label}"`);
    }
    const layout = this.#layout(kernel);
    const buffers = orderedBuffers(kernel, layout, args.buffers);
    const slot = this.#paramsSlot(kernel, layout, args.params);
    this.#startCompiling(kernel);
    this.#steps.push({ kind: 'dispatch', kernel, buffers, slot, workgroups: { buffer: args.indirect, offset } });
    this.#dispatches += 1;
    return this;
  }

  /** Records a buffer-to-buffer copy (offsets and length multiples of 4); it ends the current compute pass. */
  copy(source: GPUBuffer, destination: GPUBuffer, byteLength = source.size, sourceOffset = 0, destinationOffset = 0): this {
    this.#assertOpen();
    checkWordAligned(`copy from "${source.label}" to "${destination.label}"`, { byteLength, sourceOffset, destinationOffset });
    this.#steps.push({ kind: 'copy', source, sourceOffset, destination, destinationOffset, byteLength });
    return this;
  }

  /** Records zero-filling a buffer range (offset and length multiples of 4); it ends the current compute pass. */
  clear(buffer: GPUBuffer, byteOffset = 0, byteLength = buffer.size - byteOffset): this {
    this.#assertOpen();
    checkWordAligned(`clear of "${buffer.label}"`, { byteOffset, byteLength });
    this.#steps.push({ kind: 'clear', buffer, byteOffset, byteLength });
    return this;
  }

  /**
   * Encodes everything into one command buffer, submits it and resolves when the GPU has finished.
   * A batch is submitted once.
   */
  async submit(): Promise<BatchResult> {
    return (await this.enqueue()).done;
  }

  /**
   * Encodes and submits like {@link submit}, but resolves as soon as the commands are on the device's queue,
   * with `done`, what `submit()` resolves to: the host can record and enqueue the next batch while the GPU
   * runs this one (a queue runs its submits in order, so the next batch sees this one's writes without a
   * wait). Errors of the GPU work reject `done`.
   *
   * @example
   * ```ts
   * const first = await device.batch().dispatch(step, args(0)).enqueue();
   * const second = await device.batch().dispatch(step, args(1)).enqueue(); // recorded while the first runs
   * const [a, b] = await Promise.all([first.done, second.done]);
   * ```
   */
  async enqueue(): Promise<QueuedBatch> {
    const started = performance.now();
    this.#assertOpen();
    this.#submitted = true;
    try {
      return await this.#enqueue(started);
    } finally {
      // Its blocks are on the queue (writeBuffer copies them) or never will be: the arena serves the next batch.
      this.#params.clear();
      if (this.#context.arenas.length < IDLE_PARAMS) this.#context.arenas.push(this.#params);
    }
  }

  async #enqueue(started: number): Promise<QueuedBatch> {
    this.#context.watch.throwIfLost('submit');
    if (this.#steps.length === 0) return { done: Promise.resolve({ dispatches: 0, encodeMs: performance.now() - started }) };
    const pipelines = new Map<string, KernelPipeline>();
    for (const [id, pipeline] of this.#pipelines) pipelines.set(id, pipeline instanceof Promise ? await pipeline : pipeline);

    const gpu = this.#context.gpu;
    const stride = this.#params.stride;
    const paramsBytes = stride * this.#params.count;
    const timed = this.#timing && this.#dispatches > 0 && gpu.features.has('timestamp-query');
    if (paramsBytes > 0) checkLimit('maxBufferSize', paramsBytes, gpu.limits.maxBufferSize, `parameter blocks of batch "${this.#label}"`);

    let params: ParamsBuffer | undefined;
    let timer: PassTimer | undefined;
    const { result: submitted, errors } = errorScoped(gpu, this.#errorContext(pipelines), () => {
      if (paramsBytes > 0) {
        params = this.#takeParams(paramsBytes);
        gpu.queue.writeBuffer(params.buffer, 0, this.#params.pack());
      }
      if (timed) timer = this.#context.timers.pop() ?? new PassTimer(gpu, 'batch');
      const encoder = gpu.createCommandEncoder({ label: this.#label });
      this.#encode(encoder, pipelines, params, stride, timer);
      timer?.resolve(encoder);
      gpu.queue.submit([encoder.finish()]);
      return true;
    });
    const done = this.#finish(submitted, errors, { params, timer, encodeMs: performance.now() - started });
    // Awaited by the caller after it has enqueued more; until then a failure must not count as unhandled.
    done.catch(() => undefined);
    return { done };
  }

  /** Waits for the GPU work of an enqueued batch (and for its timestamps and error scopes), then frees or keeps its buffers. */
  async #finish(submitted: boolean, errors: Promise<void>, own: { params?: ParamsBuffer; timer?: PassTimer; encodeMs: number }): Promise<BatchResult> {
    let { timer, params } = own;
    try {
      // The scopes' verdict is awaited with the GPU work rather than before it (see errorScoped). An action
      // that threw submitted nothing: only its error is left to report.
      const work: Promise<readonly [number | undefined, unknown]> = submitted
        ? Promise.all([timer?.readMs(this.#context.watch), this.#context.watch.race(this.#context.gpu.queue.onSubmittedWorkDone(), 'submit')])
        : Promise.resolve([undefined, undefined]);
      const [gpuTimeMs] = await withScopeErrors(errors, work);
      // Kept for the next timed batch (a few, for batches in flight together); a failed one is destroyed below.
      if (timer && this.#context.timers.length < IDLE_TIMERS) {
        this.#context.timers.push(timer);
        timer = undefined;
      }
      if (params && this.#context.params.length < IDLE_PARAMS) {
        this.#context.params.push(params);
        params = undefined;
      }
      const result = { dispatches: this.#dispatches, encodeMs: own.encodeMs };
      return gpuTimeMs === undefined ? result : { ...result, gpuTimeMs };
    } finally {
      params?.buffer.destroy();
      timer?.destroy();
    }
  }

  #encode(
    encoder: GPUCommandEncoder,
    pipelines: ReadonlyMap<string, KernelPipeline>,
    params: ParamsBuffer | undefined,
    stride: number,
    timer: PassTimer | undefined,
  ): void {
    const passCount = countPasses(this.#steps);
    // Kept with the parameter buffer they bind (a few hundred at most), or for this batch when it has none.
    const bindGroups = params?.bindGroups ?? new Map<string, GPUBindGroup>();
    if (bindGroups.size > BIND_GROUPS_KEPT) bindGroups.clear();
    let pass: GPUComputePassEncoder | undefined;
    let passIndex = 0;
    let current: GPUComputePipeline | undefined;
    for (const step of this.#steps) {
      if (step.kind !== 'dispatch') {
        pass?.end();
        pass = undefined;
        if (step.kind === 'copy') {
          encoder.copyBufferToBuffer(step.source, step.sourceOffset, step.destination, step.destinationOffset, step.byteLength);
        } else {
          encoder.clearBuffer(step.buffer, step.byteOffset, step.byteLength);
        }
        continue;
      }
      if (pass === undefined) {
        const timestampWrites = timer?.writes(passIndex, passCount);
        pass = encoder.beginComputePass({ label: `${this.#label} pass ${passIndex}`, ...(timestampWrites === undefined ? {} : { timestampWrites }) });
        passIndex += 1;
        current = undefined;
      }
      const compiled = pipelines.get(step.kernel.id);
      if (compiled === undefined) throw new SemiforgeGpuError(`Kernel ${step.kernel.name}: pipeline missing at submit`);
      if (compiled.pipeline !== current) {
        pass.setPipeline(compiled.pipeline);
        current = compiled.pipeline;
      }
      const bindGroup = this.#bindGroup(bindGroups, compiled, step.buffers, params?.buffer, stride);
      if (step.slot === undefined) pass.setBindGroup(0, bindGroup);
      else pass.setBindGroup(0, bindGroup, [step.slot * stride]);
      const counts = step.workgroups;
      if (Array.isArray(counts)) pass.dispatchWorkgroups(counts[0], counts[1], counts[2]);
      else pass.dispatchWorkgroupsIndirect(counts.buffer, counts.offset);
    }
    pass?.end();
  }

  // One bind group per kernel layout, buffer set and parameter stride, reused by every dispatch that differs only in parameters.
  #bindGroup(
    cache: Map<string, GPUBindGroup>,
    compiled: KernelPipeline,
    buffers: readonly GPUBuffer[],
    paramsBuffer: GPUBuffer | undefined,
    stride: number,
  ): GPUBindGroup {
    let key = `${objectId(compiled.bindGroupLayout)}|${stride}`;
    for (const buffer of buffers) key += `,${objectId(buffer)}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const entries: GPUBindGroupEntry[] = compiled.bufferBindings.map((binding, index) => ({
      binding: binding.binding,
      resource: { buffer: buffers[index] as GPUBuffer },
    }));
    if (compiled.paramsBinding !== undefined && paramsBuffer !== undefined) {
      entries.push({ binding: compiled.paramsBinding.binding, resource: { buffer: paramsBuffer, offset: 0, size: stride } });
    }
    const bindGroup = this.#context.gpu.createBindGroup({ label: compiled.kernel.name, layout: compiled.bindGroupLayout, entries });
    cache.set(key, bindGroup);
    return bindGroup;
  }

  // WebGPU's messages name the failing kernel by its label; the context adds the kernel's id when there is one kernel.
  #errorContext(pipelines: ReadonlyMap<string, KernelPipeline>): GpuErrorContext {
    const [only, ...others] = [...pipelines.values()];
    const kernel = only !== undefined && others.length === 0 ? { kernelId: only.kernel.id, kernelName: only.kernel.name } : {};
    return { operation: 'submit', label: this.#label, ...kernel };
  }

  /** An idle parameter buffer of at least `bytes` the device kept, or a new one (a power of two ≥ 16 KiB within maxBufferSize). */
  #takeParams(bytes: number): ParamsBuffer {
    const idle = this.#context.params;
    // The latest kept first: it holds the bind groups of the batch before, most likely this one's.
    const fits = idle.findLastIndex((p) => p.buffer.size >= bytes);
    if (fits >= 0) return idle.splice(fits, 1)[0] as ParamsBuffer;
    const size = Math.max(bytes, Math.min(2 ** Math.ceil(Math.log2(Math.max(bytes, PARAMS_MIN_BYTES))), this.#context.gpu.limits.maxBufferSize));
    const buffer = this.#context.gpu.createBuffer({ label: 'batch params (kept)', size, usage: BufferUsage.UNIFORM | BufferUsage.COPY_DST });
    return { buffer, bindGroups: new Map() };
  }

  #startCompiling(kernel: ComputeKernel): void {
    if (this.#pipelines.has(kernel.id)) return;
    const compiled = this.#cache.ready(kernel);
    if (compiled !== undefined) {
      this.#pipelines.set(kernel.id, compiled);
      return;
    }
    const pipeline = this.#cache.get(kernel);
    // Awaited in submit(); until then a failure must not count as unhandled.
    pipeline.catch(() => undefined);
    this.#pipelines.set(kernel.id, pipeline);
  }

  #assertOpen(): void {
    if (this.#submitted) throw new SemiforgeGpuError(`Batch "${this.#label}" was already submitted; start a new one with device.batch()`);
  }

  #layout(kernel: ComputeKernel): BatchLayout {
    let layout = this.#layouts.get(kernel.id);
    if (layout === undefined) {
      const checked = kernelLayout(kernel);
      layout = { ...checked, bufferNames: checked.bufferBindings.map((binding) => binding.name) };
      this.#layouts.set(kernel.id, layout);
    }
    return layout;
  }

  #paramsSlot(kernel: ComputeKernel, layout: KernelLayout, params: ArrayBufferView | ArrayBuffer | undefined): number | undefined {
    if (layout.paramsBinding === undefined) {
      if (params !== undefined) throw new BindingError(kernel.id, kernel.name, 'got params but declares no uniform binding');
      return undefined;
    }
    if (params === undefined) {
      throw new BindingError(kernel.id, kernel.name, `needs params for its uniform binding "${layout.paramsBinding.name}"`);
    }
    const limit = this.#context.gpu.limits.maxUniformBufferBindingSize;
    checkLimit('maxUniformBufferBindingSize', params.byteLength, limit, () => `params of kernel ${kernel.name}`, kernel);
    return this.#params.add(params);
  }

  #checkWorkgroups(kernel: ComputeKernel, workgroups: Workgroups): [number, number, number] {
    const counts: [number, number, number] = [workgroups[0], workgroups[1] ?? 1, workgroups[2] ?? 1];
    const allowed = this.#context.gpu.limits.maxComputeWorkgroupsPerDimension;
    for (let dimension = 0; dimension < 3; dimension++) {
      const count = counts[dimension] as number;
      const axis = 'xyz'[dimension];
      if (!Number.isInteger(count) || count < 0) {
        throw new BindingError(kernel.id, kernel.name, `workgroup count ${axis} must be a non-negative integer, got ${count}`);
      }
      checkLimit('maxComputeWorkgroupsPerDimension', count, allowed, () => `dispatch of kernel ${kernel.name} (workgroups.${axis})`, kernel);
    }
    return counts;
  }
}

function orderedBuffers(kernel: ComputeKernel, layout: BatchLayout, buffers: BufferBindings): GPUBuffer[] {
  const names = layout.bufferNames;
  if (isBufferList(buffers)) {
    if (buffers.length !== names.length) {
      throw new BindingError(kernel.id, kernel.name, `takes ${names.length} buffers (${names.join(', ')}), got ${buffers.length}`);
    }
    return [...buffers];
  }
  // Each binding named and nothing else given a buffer (a loop's every dispatch): checked without building lists.
  const ordered: GPUBuffer[] = [];
  for (const name of names) {
    const buffer = buffers[name];
    if (buffer === undefined) break;
    ordered.push(buffer);
  }
  if (ordered.length === names.length && definedCount(buffers) === names.length) return ordered;
  const missing = names.filter((name) => buffers[name] === undefined);
  const unknown = Object.keys(buffers).filter((name) => buffers[name] !== undefined && !names.includes(name));
  const problems = [
    ...(missing.length > 0 ? [`missing buffers: ${missing.join(', ')}`] : []),
    ...(unknown.length > 0 ? [`unknown buffers: ${unknown.join(', ')}`] : []),
  ];
  throw new BindingError(kernel.id, kernel.name, `${problems.join('; ')} (bindings: ${names.join(', ')})`);
}

function definedCount(buffers: Readonly<Record<string, GPUBuffer | undefined>>): number {
  let count = 0;
  for (const name of Object.keys(buffers)) if (buffers[name] !== undefined) count += 1;
  return count;
}

function isBufferList(buffers: BufferBindings): buffers is readonly GPUBuffer[] {
  return Array.isArray(buffers);
}

function objectId(object: object): number {
  let id = objectIds.get(object);
  if (id === undefined) {
    id = nextObjectId++;
    objectIds.set(object, id);
  }
  return id;
}

function countPasses(steps: readonly Step[]): number {
  let passes = 0;
  let inPass = false;
  for (const step of steps) {
    if (step.kind === 'dispatch' && !inPass) passes += 1;
    inPass = step.kind === 'dispatch';
  }
  return passes;
}

function checkWordAligned(what: string, values: Record<string, number>): void {
  for (const [name, value] of Object.entries(values)) {
    if (!Number.isSafeInteger(value) || value < 0 || value % 4 !== 0) {
      throw new RangeError(`${what}: ${name} must be a non-negative multiple of 4, got ${value}`);
    }
  }
}
