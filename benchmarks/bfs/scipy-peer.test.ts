import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { validateBfs } from '@semiforge/algorithms';
import { describe, expect, it } from 'vitest';
import { scipyBfs } from './scipy-peer.js';
import { PEER_TEST_GRAPHS } from './test-graphs.js';

function scipyMissing(): string | undefined {
  try {
    execFileSync('python3', ['-c', 'import scipy'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'python3 with SciPy is not installed here';
  }
}
const missing = scipyMissing();
// The suite finds the script from the repository root; vitest runs in benchmarks/.
const script = fileURLToPath(new URL('../peers/scipy_bfs.py', import.meta.url));

describe.skipIf(missing !== undefined).each(PEER_TEST_GRAPHS)('SciPy breadth_first_order on $name', ({ csr, sources }) => {
  it.each([false, true])('directed=%s: every search passes the Graph500 rules', async (directed) => {
    const peer = await scipyBfs(csr, sources, { directed, script });
    if ('unavailable' in peer) throw new Error(peer.unavailable);
    expect(peer.directed).toBe(directed);
    expect(peer.runs.map((r) => r.source)).toEqual(sources);
    for (const r of peer.runs) {
      const check = validateBfs(csr, r.source, r.parent);
      expect(check.ok ? 'ok' : `${check.rule}: ${check.message}`).toBe('ok');
      expect(r.seconds).toBeGreaterThan(0);
    }
  });
});

describe('SciPy peer without python3', () => {
  it('says why it cannot run instead of failing the suite', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const peer = await scipyBfs(PEER_TEST_GRAPHS[2].csr, [0], { script });
      expect(peer).toEqual({ unavailable: expect.stringMatching(/^scipy peer unavailable: .*python3.*ENOENT/) });
    } finally {
      process.env.PATH = path;
    }
  });
});
