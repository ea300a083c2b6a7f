import { kernelArgs, packKernelArgs, type BindingLike } from './kernel-args.js';

/** Smallest block a prepared launch keeps its arguments in: V8 keeps small typed arrays on its heap, where they may move. */
const MIN_BLOCK_BYTES = 256;

/** A kernel's arguments packed once, in memory that stays put, for launching again and again. */
export interface PreparedArgs {
  /** The arguments, each 8-byte aligned (see {@link packKernelArgs}); its own ArrayBuffer, never moved by the collector. */
  readonly block: Uint8Array;
  readonly offsets: readonly number[];
  /** The uniform block (`Params`) inside `block`, as u32 words: change a field here between launches (the driver copies the arguments at each launch). */
  readonly params: Uint32Array;
}

/**
 * {@link kernelArgs} and {@link packKernelArgs} done once for a launch repeated many times (a loop's steps,
 * whose arguments differ in a parameter or two): the block lies in an ArrayBuffer of its own, at least
 * {@link MIN_BLOCK_BYTES}, so that its address stays valid while the result is held, and `params` views the
 * uniform block inside it. Pure; throws as those two do.
 *
 * @example
 * const args = prepareKernelArgs(kernel.name, kernel.bindings, { d: dist.ptr }, new Uint32Array([n, 0]));
 * args.params[1] = k0; // the next launch passes k0
 */
export function prepareKernelArgs(kernelName: string, bindings: readonly BindingLike[], buffers: Readonly<Record<string, bigint | undefined>>, params: ArrayBufferView): PreparedArgs {
  const list = kernelArgs(kernelName, bindings, buffers, params);
  const packed = packKernelArgs(kernelName, list);
  const block = new Uint8Array(new ArrayBuffer(Math.max(MIN_BLOCK_BYTES, packed.block.byteLength)), 0, packed.block.byteLength);
  block.set(packed.block);
  const at = list.findIndex((a) => a.kind === 'bytes');
  const words = Math.floor(params.byteLength / 4);
  return { block, offsets: packed.offsets, params: at === -1 ? new Uint32Array(0) : new Uint32Array(block.buffer, packed.offsets[at], words) };
}
