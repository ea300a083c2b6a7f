import type { DeviceLossWatch } from './device-loss.js';
import { BufferUsage, MapMode } from './gpu-flags.js';

const BEGIN = 0;
const END = 1;
const NS_PER_MS = 1e6;

/**
 * GPU time of a run of compute passes from two timestamps: at the beginning of the first pass and the end
 * of the last. Needs the `timestamp-query` feature; copies and clears between passes are included.
 */
export class PassTimer {
  readonly #querySet: GPUQuerySet;
  readonly #resolved: GPUBuffer;
  readonly #readback: GPUBuffer;

  constructor(gpu: GPUDevice, label: string) {
    this.#querySet = gpu.createQuerySet({ label: `${label} timestamps`, type: 'timestamp', count: 2 });
    this.#resolved = gpu.createBuffer({ label: `${label} timestamps`, size: 16, usage: BufferUsage.QUERY_RESOLVE | BufferUsage.COPY_SRC });
    this.#readback = gpu.createBuffer({ label: `${label} timestamps (readback)`, size: 16, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST });
  }

  /** The `timestampWrites` of pass `index` of `count`, or undefined for passes in the middle. */
  writes(index: number, count: number): GPUComputePassTimestampWrites | undefined {
    if (index !== 0 && index !== count - 1) return undefined;
    return {
      querySet: this.#querySet,
      ...(index === 0 ? { beginningOfPassWriteIndex: BEGIN } : {}),
      ...(index === count - 1 ? { endOfPassWriteIndex: END } : {}),
    };
  }

  /** Encodes the copy of both timestamps to the mappable buffer; call after the last pass. */
  resolve(encoder: GPUCommandEncoder): void {
    encoder.resolveQuerySet(this.#querySet, 0, 2, this.#resolved, 0);
    encoder.copyBufferToBuffer(this.#resolved, 0, this.#readback, 0, 16);
  }

  /** Milliseconds between the two timestamps (0 below the timer's resolution); undefined if out of order. */
  async readMs(watch: DeviceLossWatch): Promise<number | undefined> {
    await watch.race(this.#readback.mapAsync(MapMode.READ), 'submit (timestamps)');
    const [begin, end] = new BigUint64Array(this.#readback.getMappedRange().slice(0));
    this.#readback.unmap();
    if (begin === undefined || end === undefined || end < begin) return undefined;
    return Number(end - begin) / NS_PER_MS;
  }

  destroy(): void {
    this.#querySet.destroy();
    this.#resolved.destroy();
    this.#readback.destroy();
  }
}
