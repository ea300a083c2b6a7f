import type { Csr } from '../csr.js';

/** An arc of a graph said to be undirected whose mirror (reversed, the same weight) is missing, or missing as often. */
export interface UnmirroredArc {
  readonly tail: number;
  readonly head: number;
  /** Its weight; absent for a pattern graph. */
  readonly weight?: number;
}

/**
 * The first arc (in row order of the first vertex found unbalanced) whose mirror is missing from a CSR, or
 * `undefined` when every arc u → v of weight w has a mirror v → u of weight w, as many times as it appears (a
 * self-loop mirrors itself): what `directed: false` promises and what BFS's bottom-up steps, SSSP's pairs and
 * APSP rely on. A graph built by graph-io's `symmetrize` or its readers of undirected formats always passes.
 *
 * One sequential pass decides: with f, g two hashes of vertex ids and c a hash of the weight's bits, the sums
 * over the arcs of f(u)·g(v)·c(w) and of g(u)·f(v)·c(w) (mod 2^32) are equal when the arcs are mirrored, and
 * differ otherwise but for a chance of about 2^-32. Only then do a second pass and a search of one vertex's
 * rows name an arc.
 *
 * @example
 * ```ts
 * findUnmirroredArc(csrFromEdges(edgeListFromArrays(3, [0, 1], [1, 2], [5, 5]))); // { tail: 0, head: 1, weight: 5 }
 * findUnmirroredArc(csrFromEdges(edgeListFromArrays(3, [0, 1], [1, 2], [5, 5]), { symmetrize: true })); // undefined
 * ```
 */
export function findUnmirroredArc(csr: Pick<Csr, 'n' | 'indptr' | 'indices' | 'weight'>): UnmirroredArc | undefined {
  const [forward, backward] = mirrorSums(csr, 0, csr.n);
  return forward === backward ? undefined : unmirroredArcOf(csr);
}

/**
 * {@link findUnmirroredArc}'s two sums over the rows [first, end) (mod 2^32, as int32): they add over any split of
 * the rows, so workers can each take a range ({@link findUnmirroredArcParallel}).
 */
export function mirrorSums(csr: Pick<Csr, 'indptr' | 'indices' | 'weight'>, first: number, end: number): [number, number] {
  const { indptr, indices } = csr;
  const bits = weightBits(csr.weight);
  let forward = 0;
  let backward = 0;
  for (let u = first; u < end; u++) {
    let towardG = 0;
    let towardF = 0;
    for (let p = indptr[u], rowEnd = indptr[u + 1]; p < rowEnd; p++) {
      const f = hashF(indices[p]);
      const c = bits === null ? 1 : arcWeightHash(bits, p);
      towardG = (towardG + Math.imul(hashGOf(f), c)) | 0;
      towardF = (towardF + Math.imul(f, c)) | 0;
    }
    const f = hashF(u);
    forward = (forward + Math.imul(f, towardG)) | 0;
    backward = (backward + Math.imul(hashGOf(f), towardF)) | 0;
  }
  return [forward, backward];
}

/** After the sums differed: an arc without its mirror, named by a second pass (see {@link findUnmirroredArc}). */
export function unmirroredArcOf(csr: Pick<Csr, 'n' | 'indptr' | 'indices' | 'weight'>): UnmirroredArc | undefined {
  return unbalancedArc(csr, weightBits(csr.weight));
}

/** The weights' bits as 32-bit words (one or two an arc), or null for a pattern graph. */
interface WeightBits {
  readonly words: Uint32Array;
  readonly perArc: 1 | 2;
}

function weightBits(weight: Csr['weight']): WeightBits | null {
  if (weight === null) return null;
  const perArc = weight instanceof Float64Array ? 2 : 1;
  return { words: new Uint32Array(weight.buffer, weight.byteOffset, weight.length * perArc), perArc };
}

function arcWeightHash(bits: WeightBits | null, p: number): number {
  if (bits === null) return 1;
  const low = bits.words[bits.perArc * p];
  return bits.perArc === 1 ? mix(low ^ 0x2545f491) : mix(low ^ mix(bits.words[2 * p + 1] ^ 0x9e3779b9));
}

// lowbias32 (Chris Wellons' hash-prospector): two multiplies, every input bit reaching every output bit.
function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return x ^ (x >>> 16);
}

const hashF = (v: number): number => mix(v ^ 0x68e31da4);
// g must not be a multiple of f (then the two sums would agree for any graph): a further nonlinear step of f.
const hashGOf = (f: number): number => Math.imul(f ^ (f >>> 15), 0x2c1b3c6d) | 1;
const hashG = (v: number): number => hashGOf(hashF(v));

/**
 * After the sums differed: a vertex u whose arcs out (to v, weight w) and mirrored arcs in (from v, weight w)
 * hash differently, then an arc of u's row that u's row holds more often than v's row holds its mirror.
 */
function unbalancedArc(csr: Pick<Csr, 'n' | 'indptr' | 'indices'>, bits: WeightBits | null): UnmirroredArc | undefined {
  const { n, indptr, indices } = csr;
  const out = new Int32Array(n);
  const into = new Int32Array(n);
  for (let u = 0; u < n; u++) {
    for (let p = indptr[u], end = indptr[u + 1]; p < end; p++) {
      const v = indices[p];
      const c = arcWeightHash(bits, p);
      out[u] = (out[u] + Math.imul(hashG(v), c)) | 0;
      into[v] = (into[v] + Math.imul(hashG(u), c)) | 0;
    }
  }
  for (let u = 0; u < n; u++) {
    if (out[u] === into[u]) continue;
    // A vertex whose out-arcs outnumber their mirrors names one; one with mirrors missing the other way is the
    // head of such an arc, found when its tail is reached (or here, as the arc into it that lacks a reverse).
    const arc = arcWithoutMirror(csr, bits, u);
    if (arc !== undefined) return arc;
  }
  return undefined;
}

/** An arc of u's row occurring more often than its mirror in its head's row, comparing weights bit for bit. */
function arcWithoutMirror(csr: Pick<Csr, 'indptr' | 'indices'>, bits: WeightBits | null, u: number): UnmirroredArc | undefined {
  const { indptr, indices } = csr;
  const key = (head: number, p: number) => `${head}:${bits === null ? '' : bits.perArc === 1 ? bits.words[p] : `${bits.words[2 * p]},${bits.words[2 * p + 1]}`}`;
  const counts = new Map<string, number>();
  for (let p = indptr[u]; p < indptr[u + 1]; p++) counts.set(key(indices[p], p), (counts.get(key(indices[p], p)) ?? 0) + 1);
  for (let p = indptr[u]; p < indptr[u + 1]; p++) {
    const v = indices[p];
    let mirrors = 0;
    for (let q = indptr[v]; q < indptr[v + 1]; q++) if (indices[q] === u && key(u, q) === key(u, p)) mirrors++;
    if (counts.get(key(v, p))! > mirrors) return { tail: u, head: v, ...(bits === null ? {} : { weight: weightOf(bits, p) }) };
  }
  return undefined;
}

function weightOf(bits: WeightBits, p: number): number {
  return bits.perArc === 1
    ? new Float32Array(bits.words.buffer, bits.words.byteOffset + 4 * p, 1)[0]
    : new Float64Array(bits.words.slice(2 * p, 2 * p + 2).buffer)[0];
}
