import { bfsReference, validateBfs } from '@semiforge/algorithms';
import { describe, expect, it } from 'vitest';
import { ParallelBfs, type ParallelBfsOptions } from './parallel-bfs.js';
import { PEER_TEST_GRAPHS } from './test-graphs.js';

// α large: bottom-up from the second level on; α tiny: top-down while anything is left to find; the default: the hybrid's choice.
const SWITCHES: readonly { name: string; options: ParallelBfsOptions; expect: 'both' | 'top-down' | 'any' }[] = [
  { name: 'α = β = 16', options: {}, expect: 'any' },
  { name: 'bottom-up early (α = 1e9)', options: { alpha: 1e9 }, expect: 'both' },
  { name: 'top-down only (α = 1e-9)', options: { alpha: 1e-9 }, expect: 'top-down' },
];

describe.each(PEER_TEST_GRAPHS)('parallel BFS on $name', ({ csr, sources }) => {
  const cases = [1, 3].flatMap((threads) => SWITCHES.map((s) => ({ threads, ...s })));
  it.each(cases)('$threads threads, $name: parents pass the Graph500 rules and reach the reference BFS component', async ({ threads, options, expect: directions }) => {
    const bfs = new ParallelBfs(csr, { threads, ...options });
    try {
      for (const source of sources) {
        const { parent, levels } = await bfs.search(source);
        const check = validateBfs(csr, source, parent);
        expect(check.ok ? 'ok' : `${check.rule}: ${check.message}`).toBe('ok');
        const reference = bfsReference(csr, source);
        expect(parent.map((p) => (p === -1 ? 0 : 1))).toEqual(reference.parent.map((p) => (p === -1 ? 0 : 1)));
        expect(levels.length).toBe(Math.max(...reference.depth) + 1);
        const used = new Set(levels.map((l) => l.direction));
        // m_u reaches 0 once the component is visited, and any α·m_f passes it: only the last, empty level may go bottom-up.
        if (directions === 'top-down') expect(levels.filter((l) => l.found > 0).every((l) => l.direction === 'top-down')).toBe(true);
        if (directions === 'both' && levels.length > 2) expect([...used].sort()).toEqual(['bottom-up', 'top-down']);
      }
    } finally {
      await bfs.destroy();
    }
  });
});

describe('parallel BFS input', () => {
  const { csr } = PEER_TEST_GRAPHS[1];
  it('refuses a source out of range, naming it and the range', async () => {
    const bfs = new ParallelBfs(csr, { threads: 1 });
    try {
      await expect(bfs.search(9)).rejects.toThrow('source 9 is not a vertex (0..8)');
    } finally {
      await bfs.destroy();
    }
  });
  it('refuses a directed graph and a thread count of 0', () => {
    expect(() => new ParallelBfs({ ...csr, directed: true })).toThrow('needs a symmetric one');
    expect(() => new ParallelBfs(csr, { threads: 0 })).toThrow('threads 0 is not an integer in 1..256');
  });
});
