import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, edgeListFromArrays } from '@semiforge/graph-io';
import { CoreBfs } from '../src/bfs/bfs.core.js';
import type { BfsOptions } from '../src/bfs/bfs.plan.js';
import { bfsReference } from '../src/bfs/bfs.reference.js';
import { validateBfs } from '../src/bfs/bfs.validate.js';
import { BFS_CASES, DISCONNECTED } from './bfs-cases.js';
import { testDevice } from './gpu-device.js';

const device = await testDevice();
afterAll(() => device?.destroy());

/** Every vertex as a source (the graphs are small): core, tree and fallback queries all checked against the CPU. */
async function expectAllSources(csr: typeof DISCONNECTED, options: BfsOptions = {}) {
  const core = await CoreBfs.create(device!, csr, options);
  const modes = new Set<string>();
  try {
    const step = Math.max(1, Math.floor(csr.n / 40));
    for (let s = 0; s < csr.n; s += step) {
      const r = await core.run(s, { depths: true });
      modes.add(r.mode);
      expect(validateBfs(csr, s, r.parent, r.depth)).toMatchObject({ ok: true });
      expect(r.depth).toEqual(bfsReference(csr, s).depth);
      expect(await core.check(s, r.parent, r.depth!)).toEqual({ ok: true });
    }
    return { modes, stats: core.stats };
  } finally {
    core.destroy();
  }
}

describe.skipIf(!device)('CoreBFS against the CPU reference', () => {
  it('answers core, tree and fallback sources on a hand-made graph', async () => {
    const { modes, stats } = await expectAllSources(DISCONNECTED);
    expect([...modes].sort()).toEqual(['core', 'fallback', 'tree']);
    expect(stats).toMatchObject({ giantVertices: 5, coreVertices: 3 });
  });

  it.each(BFS_CASES.slice(2))('$name, with and without the m_f approximation', async ({ csr }) => {
    const { modes, stats } = await expectAllSources(csr);
    expect(stats.coreVertices).toBeLessThanOrEqual(stats.giantVertices);
    expect(modes.has('core')).toBe(true);
    await expectAllSources(csr, { mfApprox: true });
  });

  it('a giant component that is a tree has no core: every query reverses a path', async () => {
    const path = csrFromEdges(edgeListFromArrays(6, [0, 1, 2, 3, 1], [1, 2, 3, 4, 5]), { symmetrize: true, sortRows: true });
    const { modes, stats } = await expectAllSources(path);
    expect(stats.coreVertices).toBe(0);
    expect([...modes]).toEqual(['tree']);
  });
});
