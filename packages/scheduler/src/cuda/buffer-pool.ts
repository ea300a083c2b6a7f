import type { CudaBuffer } from '@semiforge/runtime-cuda';

/** Allocates and frees device memory (a `CudaDevice`). */
export interface DeviceAllocator {
  alloc(label: string, byteLength: number): CudaBuffer;
  free(buffer: CudaBuffer): void;
}

/**
 * Device buffers given back for reuse, by size, instead of to the driver: cuMemFree waits for the whole device,
 * which would stop every stream's overlap once per task. It takes back only buffers it handed out, so that what
 * `alloc` returns is always an allocation of its own (cuMemAlloc: 256-byte aligned, as the FW kernels' 16-byte
 * vector loads need), never a view at an offset into one.
 *
 * @example
 * ```ts
 * const pool = new BufferPool(device);
 * const block = pool.alloc('fw block', 4096 * 4096 * 4);
 * pool.free(block); // the next alloc of that size on any stream gets it back
 * ```
 */
export class BufferPool {
  readonly #allocator: DeviceAllocator;
  readonly #kept = new Map<number, CudaBuffer[]>();
  /** Buffers this pool handed out and not yet taken back. */
  readonly #lent = new Set<CudaBuffer>();

  constructor(allocator: DeviceAllocator) {
    this.#allocator = allocator;
  }

  /** Buffers kept for reuse. */
  get kept(): number {
    let count = 0;
    for (const list of this.#kept.values()) count += list.length;
    return count;
  }

  /**
   * A buffer of `byteLength` bytes given back earlier (keeping its first label), else a new one; when the device
   * is out of memory, the kept buffers are released and the allocation tried once more.
   */
  alloc(label: string, byteLength: number): CudaBuffer {
    const buffer = this.#kept.get(byteLength)?.pop() ?? this.#allocate(label, byteLength);
    this.#lent.add(buffer);
    return buffer;
  }

  /** Takes back a buffer {@link alloc} returned; refuses any other (a view into one, or another pool's). */
  free(buffer: CudaBuffer): void {
    if (!this.#lent.delete(buffer)) {
      throw new RangeError(
        `free of "${buffer.label}" (${buffer.byteLength} bytes at 0x${buffer.ptr.toString(16)}): not a buffer this device's alloc returned, or freed twice; free the buffer a view was made from, once.`,
      );
    }
    const list = this.#kept.get(buffer.byteLength);
    if (list === undefined) this.#kept.set(buffer.byteLength, [buffer]);
    else list.push(buffer);
  }

  /** Frees the kept buffers (the device waits for its work first). */
  trim(): void {
    for (const list of this.#kept.values()) for (const b of list) this.#allocator.free(b);
    this.#kept.clear();
  }

  /** Forgets every buffer without freeing any: after the context is lost, its memory is gone with it. */
  forget(): void {
    this.#kept.clear();
    this.#lent.clear();
  }

  #allocate(label: string, byteLength: number): CudaBuffer {
    try {
      return this.#allocator.alloc(label, byteLength);
    } catch (error) {
      if (this.kept === 0 || (error as Error).name !== 'CudaOutOfMemoryError') throw error;
      this.trim();
      return this.#allocator.alloc(label, byteLength);
    }
  }
}
