import type { Handle, PinnedMemory } from '@semiforge/runtime-cuda';
import { pinnedCapacity } from './cuda-devices.js';

/** Page-locked host memory (`CudaDevice.allocHost`): the GPU's copy engines read and write it directly; `bytes` views all of it. */
export type PinnedHost = PinnedMemory;

/** Allocates and frees pinned host memory (a `CudaDevice`). */
export interface PinnedAllocator {
  allocHost(byteLength: number): PinnedHost;
  freeHost(host: { ptr: Handle }): void;
}

/**
 * The pinned staging of one stream: slot i holds the i-th array of a transfer, grown (to {@link pinnedCapacity})
 * when a larger one comes. A stream runs one call at a time, so a slot is reused only once the copy that read
 * or wrote it is done.
 */
export class PinnedSlots {
  readonly #alloc: PinnedAllocator;
  readonly #slots: PinnedHost[] = [];

  constructor(alloc: PinnedAllocator) {
    this.#alloc = alloc;
  }

  /** Slot `i`, at least `bytes` long. */
  get(i: number, bytes: number): PinnedHost {
    const slot = this.#slots[i];
    if (slot !== undefined && slot.bytes.byteLength >= bytes) return slot;
    if (slot !== undefined) this.#alloc.freeHost(slot);
    const grown = this.#alloc.allocHost(pinnedCapacity(bytes));
    this.#slots[i] = grown;
    return grown;
  }

  free(): void {
    for (const slot of this.#slots.splice(0)) if (slot !== undefined) this.#alloc.freeHost(slot);
  }
}
