/** The graph has a cycle of negative weight: shortest paths are undefined. `vertex` lies on such a cycle. */
export class NegativeCycleError extends Error {
  override readonly name = 'NegativeCycleError';
  constructor(readonly vertex: number) {
    super(`negative cycle through vertex ${vertex}: shortest paths are undefined (dist[${vertex}][${vertex}] < 0)`);
  }
}
