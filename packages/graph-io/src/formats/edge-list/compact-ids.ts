/**
 * The distinct vertex ids used by the arcs, sorted ascending. Uses a mark per possible id when the
 * id range is at most 4 × the endpoint count (a few bytes per arc), else sorts a copy of the
 * endpoints, so memory stays proportional to the arcs even for ids near 2^32.
 *
 * @example
 * ```ts
 * distinctIds(Uint32Array.of(7, 3), Uint32Array.of(3, 900), 900); // Uint32Array [3, 7, 900]
 * ```
 */
export function distinctIds(src: Uint32Array, dst: Uint32Array, maxId: number): Uint32Array {
  const endpoints = src.length + dst.length;
  if (maxId + 1 <= 4 * endpoints) {
    const seen = new Uint8Array(maxId + 1);
    for (let k = 0; k < src.length; k++) seen[src[k]] = 1;
    for (let k = 0; k < dst.length; k++) seen[dst[k]] = 1;
    let count = 0;
    for (let id = 0; id <= maxId; id++) count += seen[id];
    const labels = new Uint32Array(count);
    for (let id = 0, k = 0; id <= maxId; id++) if (seen[id] === 1) labels[k++] = id;
    return labels;
  }
  const all = new Uint32Array(endpoints);
  all.set(src);
  all.set(dst, src.length);
  all.sort();
  let count = 0;
  for (let k = 0; k < all.length; k++) if (k === 0 || all[k] !== all[k - 1]) all[count++] = all[k];
  return all.slice(0, count);
}

/**
 * Replaces each id in `ids` by its position in `labels` (sorted, containing every id), in place:
 * sparse labels become 0..labels.length − 1 with their order kept.
 *
 * @example
 * ```ts
 * const src = Uint32Array.of(900, 3);
 * renumberIds(src, Uint32Array.of(3, 7, 900)); // src is now [2, 0]
 * ```
 */
export function renumberIds(ids: Uint32Array, labels: Uint32Array): void {
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k];
    let lo = 0;
    let hi = labels.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (labels[mid] < id) lo = mid + 1;
      else hi = mid;
    }
    ids[k] = lo;
  }
}
