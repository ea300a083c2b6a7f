/**
 * The staging buffer of reads, kept between them. Made and destroyed per read, a staging buffer of hundreds of
 * MiB is allocated as host-visible memory each time, and Dawn frees a destroyed one only once the *next* submit
 * completes, so the free lands in whatever the caller waits for next (on lavapipe a 64-MiB free sat inside the
 * next search's first wait; BFS at 2^26 vertices reads 256 MiB a search). A small read pays too: on the H100 a
 * 4 KiB `device.read` with a buffer of its own took 0.68 ms, a copy and map into a kept one 0.07 ms. One idle
 * buffer is kept, the largest given back; a read takes it when it is big enough, else makes its own.
 *
 * @example
 * const staging = await pool.take(bytes);
 * try { ... } finally { pool.give(staging); }
 */
export class ReadbackPool {
  readonly #make: (byteLength: number) => Promise<GPUBuffer>;
  #idle: GPUBuffer | undefined;

  constructor(make: (byteLength: number) => Promise<GPUBuffer>) {
    this.#make = make;
  }

  /** A staging buffer of at least `byteLength` bytes, the kept one when it is idle and big enough. */
  async take(byteLength: number): Promise<GPUBuffer> {
    const idle = this.#idle;
    if (idle && idle.size >= byteLength) {
      this.#idle = undefined;
      return idle;
    }
    return this.#make(byteLength);
  }

  /** Returns an unmapped staging buffer: kept if it is the largest, else destroyed. */
  give(buffer: GPUBuffer): void {
    const idle = this.#idle;
    if (idle && idle.size >= buffer.size) {
      buffer.destroy();
      return;
    }
    idle?.destroy();
    this.#idle = buffer;
  }

  /** Destroys the kept buffer (the device's `destroy`). */
  clear(): void {
    this.#idle?.destroy();
    this.#idle = undefined;
  }
}
