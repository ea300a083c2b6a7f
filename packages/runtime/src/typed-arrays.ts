/** The typed arrays the runtime reads and writes. */
export type TypedArray =
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | BigInt64Array
  | BigUint64Array;

/** A typed array class such as `Float32Array`, as `Device.read` takes it. */
export interface TypedArrayConstructor<T> {
  readonly BYTES_PER_ELEMENT: number;
  new (buffer: ArrayBuffer, byteOffset?: number, length?: number): T;
}

/**
 * The bytes of `data`, viewed without copying. Refuses anything else: `new Uint8Array(undefined, …)` is empty,
 * so a plain array (or any object) used to upload as zero bytes without a word.
 */
export function bytesOf(data: ArrayBufferView | ArrayBuffer): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (!ArrayBuffer.isView(data)) {
    throw new TypeError(`expected a typed array, DataView or ArrayBuffer of the bytes to write, got ${Object.prototype.toString.call(data).slice(8, -1)}; convert it first (e.g. Uint32Array.from(values))`);
  }
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** `n` rounded up to a multiple of `alignment`. */
export function alignUp(n: number, alignment: number): number {
  return Math.ceil(n / alignment) * alignment;
}
