/** The graph has a cycle of negative weight: shortest paths are undefined. `vertex` lies on such a cycle. */
export class NegativeCycleError extends Error {
  override readonly name = 'NegativeCycleError';
  /** `evidence` says how the cycle showed (default: APSP's negative diagonal entry). */
  constructor(
    readonly vertex: number,
    evidence = `dist[${vertex}][${vertex}] < 0`,
  ) {
    super(`negative cycle through vertex ${vertex}: shortest paths are undefined (${evidence})`);
  }
}
