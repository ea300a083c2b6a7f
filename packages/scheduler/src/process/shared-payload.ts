import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Large typed arrays of a message go through files in /dev/shm (memory) instead of the IPC pipe: Node's IPC
 * clones them through a pipe at a few hundred MB/s, a tmpfs file is a memcpy each way. The receiver reads
 * and deletes the file.
 */

/** Arrays from this size on travel as files. */
export const SHARED_FROM_BYTES = 1 << 20;

const DIR = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

type Ctor = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => ArrayBufferView;

const CTORS: Record<string, Ctor> = {
  Float32Array,
  Float64Array,
  Int8Array,
  Int16Array,
  Int32Array,
  Uint8Array,
  Uint16Array,
  Uint32Array,
  Uint8ClampedArray,
  BigInt64Array,
  BigUint64Array,
} as Record<string, Ctor>;

interface SharedRef {
  readonly __sharedPayload: string;
  readonly type: string;
  readonly length: number;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Names files of one sender, so that what a crash leaves behind can be removed ({@link removeShared}). */
export class SharedPayloads {
  readonly prefix: string;
  #next = 0;

  constructor(tag: string) {
    this.prefix = `semiforge-${process.pid}-${tag}-`;
  }

  /** `value` with every typed array of {@link SHARED_FROM_BYTES} or more written to a file and replaced by a reference. */
  encode(value: unknown): unknown {
    if (ArrayBuffer.isView(value) && !(value instanceof DataView) && value.byteLength >= SHARED_FROM_BYTES && CTORS[value.constructor.name] !== undefined) {
      const path = join(DIR, `${this.prefix}${this.#next++}`);
      writeFileSync(path, new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      return { __sharedPayload: path, type: value.constructor.name, length: (value as unknown as { length: number }).length } satisfies SharedRef;
    }
    if (Array.isArray(value)) return value.map((v) => this.encode(v));
    if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && isPlain(value)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.encode(v)]));
    }
    return value;
  }
}

/** The message with every file reference read back into its typed array (and the file deleted). */
export function decodeShared(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeShared);
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || !isPlain(value)) return value;
  const ref = value as Partial<SharedRef>;
  if (typeof ref.__sharedPayload === 'string') {
    const bytes = readFileSync(ref.__sharedPayload);
    rmSync(ref.__sharedPayload, { force: true });
    const ctor = CTORS[ref.type!];
    // A file read of this size gets its own ArrayBuffer; copy only if it is not aligned for the element type.
    const size = (ctor as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
    const buffer = bytes.byteOffset % size === 0 ? bytes : Buffer.from(bytes);
    return new ctor(buffer.buffer, buffer.byteOffset, ref.length!);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeShared(v)]));
}

/** Deletes files a sender left behind (a receiver that died before reading them). */
export function removeShared(prefix: string): void {
  for (const name of readdirSync(DIR)) if (name.startsWith(prefix)) rmSync(join(DIR, name), { force: true });
}
