/** The typed arrays that growable arc storage holds. */
export type GrowableArray = Uint32Array | Float32Array | Float64Array;

/**
 * A copy of `a` in a new array of `capacity` elements (the tail zero), for storage that doubles as it fills.
 *
 * @example
 * ```ts
 * grownArray(Uint32Array.of(1, 2), 4); // Uint32Array [1, 2, 0, 0]
 * ```
 */
export function grownArray<A extends GrowableArray>(a: A, capacity: number): A {
  const out = new (a.constructor as new (length: number) => A)(capacity);
  out.set(a);
  return out;
}
