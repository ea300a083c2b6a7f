/** What a reader produced, reduced to what validation compares. */
export interface Fingerprint {
  readonly count: number;
  readonly src: number;
  readonly dst: number;
  readonly value: number | null;
}

/** FNV-1a over 32-bit words: equal arrays give equal sums; a swapped, dropped or changed element almost surely not. */
function words(a: Uint32Array): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < a.length; k++) h = Math.imul(h ^ a[k], 16777619);
  return h >>> 0;
}

/** Bit patterns of the values (so -0 and 0 differ), as FNV-1a words. */
function doubles(a: Float64Array): number {
  return words(new Uint32Array(a.buffer, a.byteOffset, a.length * 2));
}

/**
 * The fingerprint of entry columns; `count` lets readers hand over arrays longer than their content.
 *
 * @example
 * ```ts
 * fingerprint(new Uint32Array([0]), new Uint32Array([1]), null, 1); // { count: 1, src: …, dst: …, value: null }
 * ```
 */
export function fingerprint(src: Uint32Array, dst: Uint32Array, value: Float64Array | null, count = src.length): Fingerprint {
  return {
    count,
    src: words(src.subarray(0, count)),
    dst: words(dst.subarray(0, count)),
    value: value === null ? null : doubles(value.subarray(0, count)),
  };
}

/** Whether two readers produced the same columns. */
export function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
  return a.count === b.count && a.src === b.src && a.dst === b.dst && a.value === b.value;
}
