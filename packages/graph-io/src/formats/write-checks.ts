import type { EdgeList } from '../edge-list.js';

/**
 * Checks that an undirected edge list can be written one edge per line (one triangle): it must
 * hold as many arcs below the diagonal as above, as its mirror promise implies. This catches a list
 * marked undirected that lacks mirrors, which writing one triangle would silently cut in half.
 */
export function checkMirrorCounts(edges: EdgeList): void {
  let below = 0;
  let above = 0;
  for (let k = 0; k < edges.src.length; k++) {
    if (edges.src[k] > edges.dst[k]) below++;
    else if (edges.src[k] < edges.dst[k]) above++;
  }
  if (below !== above) {
    throw new RangeError(`edge list is marked undirected but has ${below} arcs u > v and ${above} arcs u < v (every arc needs its mirror)`);
  }
}

/** Throws a `RangeError` naming the first arc whose weight `ok` refuses; `rule` says what is required. */
export function checkWeights(edges: EdgeList, ok: (w: number) => boolean, rule: string): void {
  const { src, dst, weight } = edges;
  if (weight === null) return;
  for (let k = 0; k < weight.length; k++) {
    if (!ok(weight[k])) throw new RangeError(`arc ${k} (${src[k]} → ${dst[k]}) has weight ${weight[k]}, ${rule}`);
  }
}
