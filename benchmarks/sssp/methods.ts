// The SSSP configurations the suite times, by name, and variants of them for sweeps.
import { SSSP_DEFAULTS, type SsspKernelOptions } from '@semiforge/algorithms';

/** Paper 001's Bellman-Ford in our two read modes, and the frontier methods. */
export const METHODS: Record<string, SsspKernelOptions> = {
  'bellman-ford': { method: 'bellman-ford', reads: 'atomic' },
  // Paper 001's read-only alias of the distances (its texture-cache optimisation), as a per-pass snapshot.
  'bellman-ford-snapshot': { method: 'bellman-ford', reads: 'snapshot' },
  frontier: { method: 'frontier' },
  'near-far': { method: 'near-far' },
};

/** The configurations that are paper 001's Bellman-Ford: the best of them is the baseline of the speed-ups. */
export const BELLMAN_FORD = ['bellman-ford', 'bellman-ford-snapshot'];

/** A method as the suite runs it: its options, and the factor on the default delta (near-far). */
export interface MethodVariant {
  readonly name: string;
  readonly options: SsspKernelOptions;
  readonly deltaScale?: number;
}

const FIELDS: Record<string, (value: number) => Partial<SsspKernelOptions> | { deltaScale: number }> = {
  l: (v) => ({ lanesPerVertex: v }),
  c: (v) => ({ chunk: v }),
  b: (v) => ({ batch: v }),
  w: (v) => ({ workgroupSize: v }),
  d: (v) => ({ deltaScale: v }),
  g: (v) => ({ fixedWorkgroups: v }),
  r: (v) => ({ hubRounds: v }),
  u: (v) => ({ arcUnroll: v }),
};

/** The variants named by a word: how passes launch, heavy arcs settled, packed queues, degree order, the advance step fused, arcs unpacked. */
const WORDS: Record<string, Partial<SsspKernelOptions>> = {
  fixed: { dispatch: 'fixed' },
  indirect: { dispatch: 'indirect' },
  heavy: { heavyArcs: 'settle' },
  packed: { packedQueue: true },
  bydegree: { relabel: 'degree' },
  fused: { fuseAdvance: true },
  apart: { packArcs: false },
};

/**
 * A method name with optional tuning after slashes, so that one command sweeps variants: `near-far/l4/d2` is
 * near-far with 4 lanes a queue item and twice the default delta (l lanes, c chunk, b batch, w workgroup,
 * d delta scale, g fixed-grid workgroups, u arcs an invocation relaxes a step); `fixed` or `indirect` picks how
 * the frontier passes are launched (`near-far/indirect,near-far/fixed` compares the two in one run); `heavy`
 * relaxes a vertex's heavy arcs (weight ≥ delta) once per bucket instead of on every visit (near-far's
 * `heavyArcs: 'settle'`); `packed` packs the queues as (vertex, chunk) pairs (`packedQueue`, what browsers get);
 * `bydegree` searches the graph renumbered by descending degree (`relabel: 'degree'`; the renumbering is host time
 * of making the runner, outside the query times); `fused` makes each pass decide the advance step itself, one
 * dispatch a pass instead of two (`fuseAdvance`, WGSL on a fixed grid); `apart` reads heads and weights from
 * arrays of their own (`packArcs: false`; u32 weights are packed beside the heads by default);
 * `hub<D>` makes vertices of degree ≥ D wait within a bucket (near-far's `hubDegree`; `hub0`: none, where skewed
 * degrees would take 64), r<rounds> its `hubRounds`, hg<f> its `hubGrowth` (the hub step × f after each release of a
 * bucket); `pull<S>` pulls the arcs of a release whose hubs hold at least
 * S of the arcs into hubs (`pullHubs`, `pullShare`; `pull` alone: the default share; needs `bydegree`); `tail<F>` sets
 * near-far's `tailFactor` (`tail0` turns the tail rule off; `tail` alone is the default, 2).
 *
 * @example
 * parseMethod('near-far/l8/c64'); // { name: 'near-far/l8/c64', options: { method: 'near-far', lanesPerVertex: 8, chunk: 64 } }
 * parseMethod('near-far/heavy/d2'); // near-far settling heavy arcs, twice the default delta
 * parseMethod('near-far/hub256/r4'); // hubs of degree ≥ 256 wait, their limit stepping by delta / 4
 * parseMethod('near-far/hub64/tail0'); // hubs wait, every bucket delta wide (against near-far/hub64, the tail rule's default)
 */
export function parseMethod(text: string): MethodVariant {
  const [base, ...parts] = text.split('/');
  if (!(base in METHODS)) throw new Error(`--methods: unknown '${base}' (expected ${Object.keys(METHODS).join(', ')}, optionally /fixed, /indirect, /heavy, /packed, /bydegree, /fused, /apart, /hub<degree>, /hg<hub step growth>, /pull<share>, /tail<factor> and /l<lanes>/c<chunk>/b<batch>/w<workgroup>/d<delta scale>/g<fixed workgroups>/r<hub rounds>/u<arcs a step>)`);
  let options: SsspKernelOptions = METHODS[base];
  let deltaScale: number | undefined;
  for (const part of parts) {
    if (Object.hasOwn(WORDS, part)) {
      options = { ...options, ...WORDS[part] };
      continue;
    }
    const hub = /^hub(\d+)$/.exec(part);
    if (hub) {
      options = { ...options, hubDegree: Number(hub[1]) };
      continue;
    }
    const growth = /^hg(\d+(?:\.\d+)?)$/.exec(part);
    if (growth) {
      options = { ...options, hubGrowth: Number(growth[1]) };
      continue;
    }
    const pull = /^pull(\d*\.?\d+)?$/.exec(part);
    if (pull) {
      options = { ...options, pullHubs: true, ...(pull[1] === undefined ? {} : { pullShare: Number(pull[1]) }) };
      continue;
    }
    const tail = /^tail(\d+(?:\.\d+)?)?$/.exec(part);
    if (tail) {
      options = { ...options, tailFactor: tail[1] === undefined ? SSSP_DEFAULTS.tailFactor : Number(tail[1]) };
      continue;
    }
    const field = FIELDS[part[0]];
    const value = Number(part.slice(1));
    if (!field || !(value > 0)) throw new Error(`--methods: '${part}' in '${text}' is not fixed, indirect, heavy, packed, bydegree, fused, apart, hub<degree>, hg<growth>, pull<share>, tail<factor>, or l<lanes>, c<chunk>, b<batch>, w<workgroup>, d<delta scale>, g<fixed workgroups>, r<hub rounds>, u<arcs a step> with a positive number`);
    const patch = field(value);
    if ('deltaScale' in patch) deltaScale = patch.deltaScale;
    else options = { ...options, ...patch };
  }
  return { name: text, options, ...(deltaScale === undefined ? {} : { deltaScale }) };
}
