import { checkLimit } from './device-limits.js';
import { errorScoped, withErrorScopes, withScopeErrors } from './error-scopes.js';
import { BufferUsage, MapMode } from './gpu-flags.js';
import type { RuntimeContext } from './runtime-context.js';
import { alignUp, bytesOf, type TypedArrayConstructor } from './typed-arrays.js';

/**
 * What a buffer is for. `storage` buffers can also be copied to and from, so they can be uploaded and read
 * back; `readback` buffers are CPU-mappable staging buffers.
 */
export type BufferKind = 'storage' | 'uniform' | 'readback';

const USAGE: Record<BufferKind, number> = {
  storage: BufferUsage.STORAGE | BufferUsage.COPY_SRC | BufferUsage.COPY_DST,
  uniform: BufferUsage.UNIFORM | BufferUsage.COPY_DST,
  readback: BufferUsage.MAP_READ | BufferUsage.COPY_DST,
};

// WebGPU copies and writes move whole 4-byte words.
const COPY_ALIGNMENT = 4;

/** Creates a buffer after checking its size against the device limits that apply to its kind (mapped for writing when asked). */
export async function createBuffer(context: RuntimeContext, label: string, byteLength: number, kind: BufferKind, mappedAtCreation = false): Promise<GPUBuffer> {
  context.watch.throwIfLost('createBuffer');
  if (!Number.isSafeInteger(byteLength) || byteLength < 0) {
    throw new RangeError(`Buffer "${label}": byteLength must be a non-negative integer, got ${byteLength}`);
  }
  if (!Object.hasOwn(USAGE, kind)) throw new RangeError(`Buffer "${label}": kind must be one of ${Object.keys(USAGE).join(', ')}, got ${String(kind)}`);
  const size = Math.max(COPY_ALIGNMENT, alignUp(byteLength, COPY_ALIGNMENT));
  const limits = context.gpu.limits;
  const subject = `${kind} buffer "${label}"`;
  if (kind === 'storage') checkLimit('maxStorageBufferBindingSize', size, limits.maxStorageBufferBindingSize, subject);
  if (kind === 'uniform') checkLimit('maxUniformBufferBindingSize', size, limits.maxUniformBufferBindingSize, subject);
  checkLimit('maxBufferSize', size, limits.maxBufferSize, subject);
  return withErrorScopes(context.gpu, { operation: 'createBuffer', label, byteLength: size }, () =>
    context.gpu.createBuffer({ label, size, usage: USAGE[kind], mappedAtCreation }),
  );
}

/**
 * A storage buffer holding a copy of `data`. Bytes in shared memory are copied straight into the buffer's mapped
 * range (one copy), where a queued write must stage them first (Dawn's writeBuffer cannot read a SharedArrayBuffer):
 * 2 GiB from shared memory took 1.91 s this way against 2.46 s staged 16 MiB at a time (H100 host, Dawn on Vulkan,
 * `benchmarks/bfs/upload-probe.ts`); other data is written as `upload` does (1.77 s from a plain array, the fastest).
 */
export async function createStorageFrom(context: RuntimeContext, label: string, data: ArrayBufferView | ArrayBuffer): Promise<GPUBuffer> {
  const bytes = bytesOf(data);
  if (!inSharedMemory(bytes)) {
    const buffer = await createBuffer(context, label, bytes.byteLength, 'storage');
    upload(context, buffer, bytes);
    return buffer;
  }
  const buffer = await createBuffer(context, label, bytes.byteLength, 'storage', true);
  new Uint8Array(buffer.getMappedRange()).set(bytes);
  buffer.unmap();
  return buffer;
}

/** Queues a write of `data` into `buffer` at `byteOffset` (a multiple of 4); it lands before the next submit. */
export function upload(context: RuntimeContext, buffer: GPUBuffer, data: ArrayBufferView | ArrayBuffer, byteOffset = 0): void {
  context.watch.throwIfLost('upload');
  let bytes = bytesOf(data);
  const where = `upload of ${bytes.byteLength} bytes to buffer "${buffer.label}" (${buffer.size} bytes) at offset ${byteOffset}`;
  if (!Number.isSafeInteger(byteOffset) || byteOffset < 0 || byteOffset % COPY_ALIGNMENT !== 0) {
    throw new RangeError(`${where}: the offset must be a non-negative multiple of ${COPY_ALIGNMENT}`);
  }
  const padded = alignUp(bytes.byteLength, COPY_ALIGNMENT);
  if (byteOffset + padded > buffer.size) throw new RangeError(`${where}: it does not fit`);
  if (padded !== bytes.byteLength) {
    const copy = new Uint8Array(padded);
    copy.set(bytes);
    bytes = copy;
  }
  if (inSharedMemory(bytes)) {
    writeFromShared(context.gpu.queue, buffer, byteOffset, bytes);
    return;
  }
  context.gpu.queue.writeBuffer(buffer, byteOffset, bytes);
}

/** Bytes of shared memory staged at a time: enough that a write costs far more than its call. */
const SHARED_STAGE_BYTES = 1 << 24;

/** Whether `bytes` lie in a SharedArrayBuffer (a page that is not cross-origin isolated has none). */
function inSharedMemory(bytes: Uint8Array): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && bytes.buffer instanceof SharedArrayBuffer;
}

/**
 * Dawn's node binding refuses (crashes on) writes from a SharedArrayBuffer, where graph-io's parallel builders
 * leave their CSR arrays: the bytes go through one plain staging array a slice at a time (`writeBuffer` copies its
 * data when called), so no copy of the whole array is made.
 */
function writeFromShared(queue: GPUQueue, buffer: GPUBuffer, byteOffset: number, bytes: Uint8Array): void {
  const stage = new Uint8Array(Math.min(bytes.byteLength, SHARED_STAGE_BYTES));
  for (let at = 0; at < bytes.byteLength; at += stage.byteLength) {
    const part = bytes.subarray(at, at + stage.byteLength);
    stage.set(part);
    queue.writeBuffer(buffer, byteOffset + at, stage, 0, part.byteLength);
  }
}

/**
 * Copies `length` elements from `buffer` at `byteOffset` into a staging buffer, maps it and returns a copy
 * as a new typed array. Waits for all work submitted before it.
 */
export async function readBuffer<T>(
  context: RuntimeContext,
  buffer: GPUBuffer,
  ArrayType: TypedArrayConstructor<T>,
  byteOffset = 0,
  length?: number,
): Promise<T> {
  const elementBytes = ArrayType.BYTES_PER_ELEMENT;
  const count = length ?? Math.floor((buffer.size - byteOffset) / elementBytes);
  const where = `read of ${count} × ${elementBytes}-byte elements from buffer "${buffer.label}" (${buffer.size} bytes) at offset ${byteOffset}`;
  const copy = await readRange(context, buffer, byteOffset, count, elementBytes, where, (mapped, first, byteLength) => mapped.slice(first, first + byteLength));
  return new ArrayType(copy);
}

/**
 * Copies `target.byteLength` bytes of `buffer` from `byteOffset` into `target`, once all work submitted before
 * has finished: a read that writes into memory the caller already has, rather than a new array (on the H100's
 * host a new 256 MiB array cost 205 ms of page faults to fill, an array already touched 23 ms).
 */
export async function readBufferInto(context: RuntimeContext, buffer: GPUBuffer, target: ArrayBufferView, byteOffset = 0): Promise<void> {
  const elementBytes = 'BYTES_PER_ELEMENT' in target ? (target.BYTES_PER_ELEMENT as number) : 1;
  const count = target.byteLength / elementBytes;
  const where = `read of ${target.byteLength} bytes from buffer "${buffer.label}" (${buffer.size} bytes) at offset ${byteOffset} into a ${target.constructor.name}`;
  const into = new Uint8Array(target.buffer, target.byteOffset, target.byteLength);
  await readRange(context, buffer, byteOffset, count, elementBytes, where, (mapped, first, byteLength) => into.set(new Uint8Array(mapped, first, byteLength)));
}

/** The checks, the copy through the kept staging buffer and its map shared by both reads; `consume` takes the mapped bytes. */
async function readRange<R>(
  context: RuntimeContext,
  buffer: GPUBuffer,
  byteOffset: number,
  count: number,
  elementBytes: number,
  where: string,
  consume: (mapped: ArrayBuffer, first: number, byteLength: number) => R,
): Promise<R> {
  context.watch.throwIfLost('read');
  const byteLength = count * elementBytes;
  if (!Number.isSafeInteger(byteOffset) || byteOffset < 0 || byteOffset % elementBytes !== 0) {
    throw new RangeError(`${where}: the offset must be a non-negative multiple of the element size`);
  }
  // Told apart from the offset's check, which named the offset for a bad length; 1.5 failed in the typed array.
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`${where}: the length must be a non-negative integer`);
  const start = byteOffset - (byteOffset % COPY_ALIGNMENT);
  const end = alignUp(byteOffset + byteLength, COPY_ALIGNMENT);
  if (end > buffer.size) throw new RangeError(`${where}: it reaches past the end`);
  if (byteLength === 0) return consume(new ArrayBuffer(0), 0, 0);

  const staging = await context.readbacks.take(end - start);
  let reusable = false;
  try {
    // The scopes' verdict is awaited with the map rather than before it (see errorScoped).
    const { errors } = errorScoped(context.gpu, { operation: 'read', label: buffer.label, byteLength }, () => {
      const encoder = context.gpu.createCommandEncoder({ label: `read ${buffer.label}` });
      encoder.copyBufferToBuffer(buffer, start, staging, 0, end - start);
      context.gpu.queue.submit([encoder.finish()]);
    });
    // The kept staging buffer may be larger than this read: map only what was copied.
    await withScopeErrors(errors, context.watch.race(staging.mapAsync(MapMode.READ, 0, end - start), 'read'));
    const result = consume(staging.getMappedRange(0, end - start), byteOffset - start, byteLength);
    staging.unmap();
    reusable = true;
    return result;
  } finally {
    // A read that failed leaves its staging buffer in an unknown state: never kept.
    if (reusable) context.readbacks.give(staging);
    else staging.destroy();
  }
}
