/**
 * SplitMix32: a 32-bit counter (step 0x9E3779B9, the golden ratio) passed through MurmurHash3's
 * `fmix32` finaliser. Good for turning one seed into well-mixed state words; returns a function
 * giving the next uint32 on each call.
 *
 * @example
 * ```ts
 * const next = splitMix32(42);
 * next(); // 939911724
 * ```
 */
export function splitMix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}
