import { alignUp, bytesOf } from './typed-arrays.js';

/**
 * Bytes bound for each dispatch's parameter block, whatever the dispatch passed: a kernel may declare a
 * uniform struct of up to this size and receive zeros past the caller's data.
 */
export const PARAMS_BLOCK_BYTES = 64;

/** Slots the arena's bytes first hold; they double as blocks come. */
const FIRST_SLOTS = 32;

/**
 * Collects the parameter blocks of one batch as the image of one uniform buffer, block i at byte i · stride
 * (the largest block, at least PARAMS_BLOCK_BYTES, rounded up to the device's offset alignment), selected per
 * dispatch by dynamic offset: one buffer and one write for hundreds of dispatches. Each block is copied into
 * its slot as it is added, so a submit packs nothing and no block is an allocation of its own; a block larger
 * than the stride so far spaces the earlier ones out again.
 */
export class ParamsArena {
  readonly #alignment: number;
  #stride: number;
  #bytes = new Uint8Array(0);
  #count = 0;

  /** `alignment`: the device's `minUniformBufferOffsetAlignment`. */
  constructor(alignment: number) {
    this.#alignment = alignment;
    this.#stride = alignUp(PARAMS_BLOCK_BYTES, alignment);
  }

  get count(): number {
    return this.#count;
  }

  /** Bytes from one slot to the next. */
  get stride(): number {
    return this.#stride;
  }

  /** Copies `params` (so the caller may reuse its array) and returns its slot index. */
  add(params: ArrayBufferView | ArrayBuffer): number {
    const block = bytesOf(params);
    if (block.byteLength > this.#stride) this.#respace(alignUp(block.byteLength, this.#alignment));
    const offset = this.#count * this.#stride;
    if (offset + this.#stride > this.#bytes.byteLength) this.#grow(Math.max(2 * this.#bytes.byteLength, FIRST_SLOTS * this.#stride));
    this.#bytes.set(block, offset);
    return this.#count++;
  }

  /** All blocks, block i at byte `i * stride` and zeros past each: a view, valid until the next `add` or `clear`. */
  pack(): Uint8Array {
    return this.#bytes.subarray(0, this.#count * this.#stride);
  }

  /** Empties the arena for another batch, keeping its bytes (zeroed). */
  clear(): void {
    this.#bytes.fill(0, 0, this.#count * this.#stride);
    this.#count = 0;
    this.#stride = alignUp(PARAMS_BLOCK_BYTES, this.#alignment);
  }

  #grow(bytes: number): void {
    const grown = new Uint8Array(bytes);
    grown.set(this.#bytes);
    this.#bytes = grown;
  }

  // Rare (a kernel with a parameter block over 64 bytes): every slot so far moves to the wider stride.
  #respace(stride: number): void {
    const spaced = new Uint8Array(Math.max(FIRST_SLOTS, 2 * this.#count) * stride);
    for (let slot = 0; slot < this.#count; slot++) {
      spaced.set(this.#bytes.subarray(slot * this.#stride, (slot + 1) * this.#stride), slot * stride);
    }
    this.#bytes = spaced;
    this.#stride = stride;
  }
}
