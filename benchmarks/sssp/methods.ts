// The SSSP configurations the suite times, by name.
import type { SsspKernelOptions } from '@semiforge/algorithms';

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
