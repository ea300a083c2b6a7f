import type { GeneratedKernel } from '@semiforge/codegen';
import { BindingError, BufferUsage, MapMode, PARAMS_BLOCK_BYTES, withErrorScopes, type Device, type KernelPipeline } from '@semiforge/runtime';

/** One dispatch of every level: its kernel, its buffers and launch by the level's parity, and the parameter block it reads. */
export interface LevelStep {
  readonly kernel: GeneratedKernel;
  /** The kernel's buffers by binding name, for even and odd levels. */
  readonly buffers: readonly [Record<string, GPUBuffer>, Record<string, GPUBuffer>];
  /** Which of the blocks `levelParams` gives for a level this step reads. */
  readonly block: number;
  /** A fixed grid, or workgroup counts the GPU reads at `offset` of a buffer (by the level's parity). */
  readonly launch: { readonly grid: readonly [number, number] } | { readonly indirect: readonly [GPUBuffer, GPUBuffer]; readonly offset: number };
}

/** What a runner's searches dispatch: the seed, the steps of every level, and the parameter blocks of each level. */
export interface BfsCommandsSpec {
  readonly seed: { readonly kernel: GeneratedKernel; readonly buffers: Record<string, GPUBuffer> };
  readonly steps: readonly LevelStep[];
  /** The parameter blocks of level `level` (1-based), as many for every level; a step picks one by `block`. */
  readonly levelParams: (level: number) => readonly Uint32Array[];
}

/** What one search's pass holds: the seed (from a seed slot) or not, then levels `first` … `first + count − 1`. */
export interface SearchPass {
  readonly seedSlot?: number;
  readonly first: number;
  readonly count: number;
  /** Timestamps of the pass go to this slot (see {@link BfsCommands.resolveTimes}). */
  readonly timeSlot?: number;
}

/** Timestamps of passes: two a slot, resolved and copied to a mappable buffer. */
interface PassTimes {
  readonly querySet: GPUQuerySet;
  readonly resolved: GPUBuffer;
  readonly readback: GPUBuffer;
  readonly capacity: number;
}

/** Levels whose parameter blocks a runner writes at first (a scale-free graph's searches and runMany's most). */
const FIRST_LEVEL_CAPACITY = 512;
/** Timestamp slots of a query set: WebGPU allows 4096 queries a set, two a pass. */
export const MAX_TIMED_PASSES = 2048;
const NS_PER_MS = 1e6;

/**
 * A BFS runner's search commands, prepared once (WebGPU's counterpart of CUDA's prepared launches): the
 * pipelines, a bind group per step and level parity, and every level's parameter blocks in one uniform buffer
 * read at dynamic offsets, so that encoding a level is only its setPipeline/setBindGroup/dispatch calls. The
 * seeds' parameter blocks (the source differs per search) have slots of their own, written once per group of
 * searches; passes can carry timestamps into slots of one query set, read back once for many searches. Why not
 * a DispatchBatch per submit: it makes its bind groups, a parameter buffer and a timer (a query set and two
 * buffers) for every submit, most of a search's host cost (benchmarks/bfs/host-cost-probe.ts counts them).
 *
 * @example
 * const commands = await BfsCommands.create(device, { seed, steps, levelParams });
 * commands.writeSeeds([seedParams]);
 * await commands.submit('bfs', (encoder) => commands.encodePass(encoder, { seedSlot: 0, first: 1, count: 16 }));
 */
export class BfsCommands {
  readonly #device: Device;
  readonly #stride: number;
  readonly #seed: { readonly pipeline: KernelPipeline; readonly buffers: readonly GPUBuffer[] };
  readonly #steps: readonly { readonly step: LevelStep; readonly pipeline: KernelPipeline; readonly buffers: readonly (readonly GPUBuffer[])[] }[];
  readonly #levelParams: (level: number) => readonly Uint32Array[];
  readonly #blocksPerLevel: number;
  /** Every level's blocks from level 1 to `capacity`, and each step's bind group by parity. */
  #levels: { readonly buffer: GPUBuffer; readonly capacity: number; readonly groups: readonly (readonly GPUBindGroup[])[] } | undefined;
  #seeds: { readonly buffer: GPUBuffer; readonly capacity: number; readonly group: GPUBindGroup } | undefined;
  #times: PassTimes | undefined;

  private constructor(device: Device, spec: BfsCommandsSpec, seed: KernelPipeline, steps: readonly KernelPipeline[]) {
    this.#device = device;
    this.#stride = Math.ceil(PARAMS_BLOCK_BYTES / device.limits.minUniformBufferOffsetAlignment) * device.limits.minUniformBufferOffsetAlignment;
    this.#seed = { pipeline: seed, buffers: ordered(seed, spec.seed.buffers) };
    this.#steps = spec.steps.map((step, i) => ({ step, pipeline: steps[i], buffers: step.buffers.map((b) => ordered(steps[i], b)) }));
    this.#levelParams = spec.levelParams;
    this.#blocksPerLevel = spec.levelParams(1).length;
  }

  /** Compiles (or finds) the pipelines and writes the parameter blocks of the first 512 levels. */
  static async create(device: Device, spec: BfsCommandsSpec): Promise<BfsCommands> {
    const [seed, ...steps] = await Promise.all([spec.seed.kernel, ...spec.steps.map((s) => s.kernel)].map((k) => device.pipeline(k)));
    const commands = new BfsCommands(device, spec, seed, steps);
    commands.reserveLevels(FIRST_LEVEL_CAPACITY);
    return commands;
  }

  /** Whether passes can be timed (the device has timestamp queries). */
  get canTime(): boolean {
    return this.#device.hasTimestamps;
  }

  /**
   * Makes sure levels up to `last` have their parameter blocks (doubling the capacity when short). Call it
   * before encoding, not between encoding and submitting: growing replaces the bind groups.
   */
  reserveLevels(last: number): void {
    const have = this.#levels;
    if (have && have.capacity >= last) return;
    const capacity = Math.max(last, 2 * (have?.capacity ?? 0), FIRST_LEVEL_CAPACITY);
    const blocks = new Uint8Array(capacity * this.#blocksPerLevel * this.#stride);
    for (let level = 1; level <= capacity; level++) {
      this.#levelParams(level).forEach((block, b) => blocks.set(new Uint8Array(block.buffer, block.byteOffset, block.byteLength), this.#offset(level, b)));
    }
    const buffer = this.#uniform('bfs.levelParams', blocks);
    // Submitted work that still reads the old buffer keeps it until it is done.
    have?.buffer.destroy();
    const groups = this.#steps.map(({ pipeline, buffers }) => buffers.map((b) => this.#bindGroup(pipeline, b, buffer)));
    this.#levels = { buffer, capacity, groups };
  }

  /**
   * Makes sure `count` passes can be timed at once (growing the query set when short). Call it before
   * encoding, not between encoding and submitting: growing replaces the query set.
   */
  reserveTimes(count: number): void {
    if (count > MAX_TIMED_PASSES) throw new RangeError(`bfs: ${count} timed passes at once, beyond the ${MAX_TIMED_PASSES} a query set holds`);
    if (this.#times && this.#times.capacity >= count) return;
    const gpu = this.#device.gpu;
    const capacity = Math.min(MAX_TIMED_PASSES, Math.max(count, 2 * (this.#times?.capacity ?? 0)));
    if (this.#times) destroyTimes(this.#times);
    this.#times = {
      querySet: gpu.createQuerySet({ label: 'bfs timestamps', type: 'timestamp', count: 2 * capacity }),
      resolved: gpu.createBuffer({ label: 'bfs timestamps', size: 16 * capacity, usage: BufferUsage.QUERY_RESOLVE | BufferUsage.COPY_SRC }),
      readback: gpu.createBuffer({ label: 'bfs timestamps (readback)', size: 16 * capacity, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST }),
      capacity,
    };
  }

  /** Writes the seeds' parameter blocks, slot k from `blocks[k]` (one write for all); call before encoding passes that read them. */
  writeSeeds(blocks: readonly Uint32Array[]): void {
    if (!this.#seeds || this.#seeds.capacity < blocks.length) {
      this.#seeds?.buffer.destroy();
      const capacity = Math.max(blocks.length, 2 * (this.#seeds?.capacity ?? 0));
      const buffer = this.#uniform('bfs.seedParams', new Uint8Array(capacity * this.#stride));
      this.#seeds = { buffer, capacity, group: this.#bindGroup(this.#seed.pipeline, this.#seed.buffers, buffer) };
    }
    const bytes = new Uint8Array(blocks.length * this.#stride);
    blocks.forEach((block, k) => bytes.set(new Uint8Array(block.buffer, block.byteOffset, block.byteLength), k * this.#stride));
    this.#device.gpu.queue.writeBuffer(this.#seeds.buffer, 0, bytes);
  }

  /** Encodes one compute pass of a search: its seed (when given a slot), then its levels; timestamps into `timeSlot`. */
  encodePass(encoder: GPUCommandEncoder, pass: SearchPass): void {
    const levels = this.#levels!;
    if (pass.first + pass.count - 1 > levels.capacity) throw new RangeError(`bfs: level ${pass.first + pass.count - 1} has no parameter block (${levels.capacity} written); reserveLevels first`);
    const times = pass.timeSlot === undefined ? undefined : this.#reservedTimes(pass.timeSlot + 1);
    const compute = encoder.beginComputePass(times ? { timestampWrites: { querySet: times.querySet, beginningOfPassWriteIndex: 2 * pass.timeSlot!, endOfPassWriteIndex: 2 * pass.timeSlot! + 1 } } : {});
    let current: GPUComputePipeline | undefined;
    if (pass.seedSlot !== undefined) {
      current = this.#seed.pipeline.pipeline;
      compute.setPipeline(current);
      compute.setBindGroup(0, this.#seeds!.group, [pass.seedSlot * this.#stride]);
      compute.dispatchWorkgroups(1);
    }
    for (let level = pass.first; level < pass.first + pass.count; level++) {
      const parity = level % 2;
      this.#steps.forEach(({ step, pipeline }, i) => {
        if (pipeline.pipeline !== current) {
          current = pipeline.pipeline;
          compute.setPipeline(current);
        }
        compute.setBindGroup(0, levels.groups[i][parity], [this.#offset(level, step.block)]);
        if ('grid' in step.launch) compute.dispatchWorkgroups(step.launch.grid[0], step.launch.grid[1]);
        else compute.dispatchWorkgroupsIndirect(step.launch.indirect[parity], step.launch.offset);
      });
    }
    compute.end();
  }

  /** Encodes copying the timestamps of slots 0 … count − 1 to where {@link readTimes} reads them; after the passes that wrote them. */
  resolveTimes(encoder: GPUCommandEncoder, count: number): void {
    const times = this.#reservedTimes(count);
    encoder.resolveQuerySet(times.querySet, 0, 2 * count, times.resolved, 0);
    encoder.copyBufferToBuffer(times.resolved, 0, times.readback, 0, 16 * count);
  }

  /** GPU ms of the passes timed into slots 0 … count − 1, once the submit that resolved them is done (undefined where out of order). */
  async readTimes(count: number): Promise<(number | undefined)[]> {
    const { readback } = this.#reservedTimes(count);
    await this.#settled(readback.mapAsync(MapMode.READ, 0, 16 * count));
    const stamps = new BigUint64Array(readback.getMappedRange(0, 16 * count).slice(0));
    readback.unmap();
    return Array.from({ length: count }, (_, k) => (stamps[2 * k + 1] < stamps[2 * k] ? undefined : Number(stamps[2 * k + 1] - stamps[2 * k]) / NS_PER_MS));
  }

  /**
   * Records commands with `record` into one command buffer and submits it, inside validation and out-of-memory
   * error scopes; resolves once the scopes are popped (not when the GPU is done), rejecting with
   * {@link GpuValidationError} or {@link GpuOutOfMemoryError} for what they caught.
   */
  submit(label: string, record: (encoder: GPUCommandEncoder) => void): Promise<void> {
    const gpu = this.#device.gpu;
    // The encoding and the submit happen before this returns (the scopes are popped after), so submits keep the caller's order.
    return this.#settled(
      withErrorScopes(gpu, { operation: 'submit', label }, () => {
        const encoder = gpu.createCommandEncoder({ label });
        record(encoder);
        gpu.queue.submit([encoder.finish()]);
      }),
    );
  }

  /** `promise`, failing with the device's DeviceLostError when it failed because the device was lost. */
  #settled<T>(promise: Promise<T>): Promise<T> {
    return promise.catch(async (e: unknown) => {
      throw this.#device.isLost ? await this.#device.lost : e;
    });
  }

  destroy(): void {
    this.#levels?.buffer.destroy();
    this.#seeds?.buffer.destroy();
    if (this.#times) destroyTimes(this.#times);
    this.#levels = this.#seeds = this.#times = undefined;
  }

  #offset(level: number, block: number): number {
    return ((level - 1) * this.#blocksPerLevel + block) * this.#stride;
  }

  #uniform(label: string, bytes: Uint8Array): GPUBuffer {
    const buffer = this.#device.gpu.createBuffer({ label, size: bytes.byteLength, usage: BufferUsage.UNIFORM | BufferUsage.COPY_DST });
    this.#device.gpu.queue.writeBuffer(buffer, 0, bytes);
    return buffer;
  }

  #bindGroup(pipeline: KernelPipeline, buffers: readonly GPUBuffer[], params: GPUBuffer): GPUBindGroup {
    const entries: GPUBindGroupEntry[] = pipeline.bufferBindings.map((binding, i) => ({ binding: binding.binding, resource: { buffer: buffers[i] } }));
    if (pipeline.paramsBinding) entries.push({ binding: pipeline.paramsBinding.binding, resource: { buffer: params, offset: 0, size: this.#stride } });
    return this.#device.gpu.createBindGroup({ label: pipeline.kernel.name, layout: pipeline.bindGroupLayout, entries });
  }

  /** The query set and buffers of `count` timed passes, made earlier by {@link reserveTimes}. */
  #reservedTimes(count: number): PassTimes {
    if (!this.#times || this.#times.capacity < count) throw new RangeError(`bfs: ${count} timed passes, ${this.#times?.capacity ?? 0} reserved; reserveTimes first`);
    return this.#times;
  }
}

/** A kernel's buffers in the order of its pipeline's bindings, from buffers by name; names it binds must all be there. */
function ordered(pipeline: KernelPipeline, buffers: Record<string, GPUBuffer>): GPUBuffer[] {
  const missing = pipeline.bufferBindings.filter((b) => buffers[b.name] === undefined).map((b) => b.name);
  if (missing.length > 0) throw new BindingError(pipeline.kernel.id, pipeline.kernel.name, `missing buffers: ${missing.join(', ')}`);
  return pipeline.bufferBindings.map((b) => buffers[b.name]);
}

function destroyTimes(times: PassTimes): void {
  times.querySet.destroy();
  times.resolved.destroy();
  times.readback.destroy();
}
