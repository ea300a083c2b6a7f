// Counts the WebGPU calls a piece of host code makes and the main-thread time spent inside them (Dawn's share of
// the host cost), by wrapping the device's methods and the prototypes of the encoders, passes, queue and buffers
// it hands out. For probes only: the wrapping itself adds a little to every call it counts.
import type { Device } from '@semiforge/runtime';

/** The calls counted, by name, and the time spent inside all of them. */
export interface OpCounts {
  readonly calls: Readonly<Record<string, number>>;
  /** Main-thread ms spent inside each kind of call. */
  readonly ms: Readonly<Record<string, number>>;
  /** Main-thread ms spent inside the counted WebGPU calls. */
  readonly dawnMs: number;
}

const DEVICE_METHODS = ['createBindGroup', 'createBuffer', 'createQuerySet', 'createCommandEncoder'] as const;
const ENCODER_METHODS = ['beginComputePass', 'copyBufferToBuffer', 'clearBuffer', 'resolveQuerySet', 'finish'] as const;
const PASS_METHODS = ['setPipeline', 'setBindGroup', 'dispatchWorkgroups', 'dispatchWorkgroupsIndirect', 'end'] as const;
const QUEUE_METHODS = ['writeBuffer', 'submit', 'onSubmittedWorkDone'] as const;
const BUFFER_METHODS = ['mapAsync'] as const;
/** Methods whose results are objects with methods to count (met when first made). */
const RESULT_PATCHES: Readonly<Record<string, readonly string[]>> = { createCommandEncoder: ENCODER_METHODS, beginComputePass: PASS_METHODS, createBuffer: BUFFER_METHODS };

/**
 * Wraps `device`'s WebGPU objects once; `snapshot()` gives the counts so far and `since(earlier)` the
 * difference, so a probe counts what one call of the code under test did.
 *
 * @example
 * const ops = new GpuOpCounter(device);
 * const before = ops.snapshot();
 * await runner.runMany(sources);
 * console.log(ops.since(before).calls.dispatchWorkgroups);
 */
export class GpuOpCounter {
  readonly #calls: Record<string, number> = {};
  readonly #ms: Record<string, number> = {};
  #dawnMs = 0;
  /** When the last queue.submit returned (performance.now()). */
  lastSubmitAt = 0;

  constructor(device: Device) {
    const patched = new Set<object>();
    // Patches the prototype of an object the device handed out, the first time one of its kind is seen.
    const patchPrototype = (object: unknown, methods: readonly string[]) => {
      const prototype = Object.getPrototypeOf(object) as Record<string, unknown>;
      if (patched.has(prototype)) return;
      patched.add(prototype);
      for (const name of methods) this.#wrap(prototype, name, RESULT_PATCHES[name] && ((r) => patchPrototype(r, RESULT_PATCHES[name]!)));
    };
    patchPrototype(device.gpu.queue, QUEUE_METHODS);
    const gpu = device.gpu as unknown as Record<string, unknown>;
    for (const name of DEVICE_METHODS) this.#wrap(gpu, name, RESULT_PATCHES[name] && ((r) => patchPrototype(r, RESULT_PATCHES[name]!)));
  }

  #wrap(target: Record<string, unknown>, name: string, onResult?: (result: unknown) => void): void {
    const original = target[name] as (...a: unknown[]) => unknown;
    const calls = this.#calls;
    const ms = this.#ms;
    calls[name] = 0;
    ms[name] = 0;
    const self = this;
    target[name] = function (this: unknown, ...a: unknown[]) {
      const started = performance.now();
      const result = original.apply(this, a);
      const ended = performance.now();
      calls[name]++;
      ms[name] += ended - started;
      self.#dawnMs += ended - started;
      if (name === 'submit') self.lastSubmitAt = ended;
      onResult?.(result);
      return result;
    };
  }

  snapshot(): OpCounts {
    return { calls: { ...this.#calls }, ms: { ...this.#ms }, dawnMs: this.#dawnMs };
  }

  /** What was counted since `earlier`. */
  since(earlier: OpCounts): OpCounts {
    const calls: Record<string, number> = {};
    const ms: Record<string, number> = {};
    for (const [name, count] of Object.entries(this.#calls)) calls[name] = count - (earlier.calls[name] ?? 0);
    for (const [name, spent] of Object.entries(this.#ms)) ms[name] = spent - (earlier.ms[name] ?? 0);
    return { calls, ms, dawnMs: this.#dawnMs - earlier.dawnMs };
  }
}
