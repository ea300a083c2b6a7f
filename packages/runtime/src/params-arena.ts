import { alignUp, bytesOf } from './typed-arrays.js';

/**
 * Bytes bound for each dispatch's parameter block, whatever the dispatch passed: a kernel may declare a
 * uniform struct of up to this size and receive zeros past the caller's data.
 */
export const PARAMS_BLOCK_BYTES = 64;

/**
 * Collects the parameter blocks of one batch, to be packed into one uniform buffer at aligned slots and
 * selected per dispatch by dynamic offset: one buffer and one write for hundreds of dispatches.
 */
export class ParamsArena {
  readonly #blocks: Uint8Array[] = [];
  #largest = PARAMS_BLOCK_BYTES;

  get count(): number {
    return this.#blocks.length;
  }

  /** Copies `params` (so the caller may reuse its array) and returns its slot index. */
  add(params: ArrayBufferView | ArrayBuffer): number {
    const block = bytesOf(params).slice();
    this.#largest = Math.max(this.#largest, block.byteLength);
    this.#blocks.push(block);
    return this.#blocks.length - 1;
  }

  /** Bytes from one slot to the next: the largest block, rounded up to the device's offset alignment. */
  stride(alignment: number): number {
    return alignUp(this.#largest, alignment);
  }

  /** All blocks, block i at byte `i * stride(alignment)`. */
  pack(alignment: number): Uint8Array {
    const stride = this.stride(alignment);
    const packed = new Uint8Array(stride * this.#blocks.length);
    this.#blocks.forEach((block, slot) => packed.set(block, slot * stride));
    return packed;
  }
}
