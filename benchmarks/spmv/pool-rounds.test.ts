import { describe, expect, it } from 'vitest';
import { openDevice } from '@semiforge/runtime';
import type { CusparseRun } from '../lib/cusparse-peer.js';
import { matrixSet, SIZES } from './matrices.js';
import { measureMatrix } from './measure-matrix.js';
import { poolRounds } from './pool-rounds.js';
import type { Measured, PooledPeer } from './report.js';

describe('poolRounds', () => {
  it('pools every run and keeps each round median in order', () => {
    expect(poolRounds([[3, 1, 2], [6, 2, 4]])).toEqual({ time_ms: { median: 2.5, min: 1, max: 6, runs: 6 }, medians: [2, 4] });
  });
});

describe('measureMatrix with rounds', () => {
  it('times the peer and then each variant once a round, pooling both, each variant validated once', async () => {
    const device = await openDevice();
    const matrix = matrixSet(SIZES.quick).find((m) => m.name.startsWith('rmat'))!;
    const csr = await matrix.make();
    const x = Float32Array.from({ length: csr.n }, (_, k) => 1 + (k % 3));
    // A peer whose rounds are told apart by their times: 1, 2, 3 ms.
    let peerRounds = 0;
    const peerRound = (): CusparseRun => {
      const t = ++peerRounds;
      return { time_ms: { median: t, min: t, max: t, runs: 2 }, times: [t, t], name: 'a peer', validated: true };
    };
    const calls: { m: Measured; peer: PooledPeer | undefined }[] = [];
    const options = { runs: 2, rounds: 3, warmupMs: 1, firstWarmupMs: 1, batchMs: 1, ellMaxPadding: 4, deadline: Infinity };
    const variants = [{ semiring: 'plus-times' as const, format: 'fold' as const }, { semiring: 'plus-times' as const, format: 'csr-scalar' as const }];
    try {
      const { skipped } = await measureMatrix(device, matrix, csr, x, variants, options, (m, peer) => calls.push({ m, peer }), peerRound);
      expect(skipped).toEqual([]);
    } finally {
      device.destroy();
    }
    expect(peerRounds).toBe(3);
    expect(calls.map((c) => c.m.variant.format)).toEqual(['fold', 'csr-scalar', 'fold', 'csr-scalar', 'fold', 'csr-scalar']);
    for (const { m } of calls) expect(m.validated).toBe(true);
    const [last] = calls.slice(-1);
    expect(last.m.roundMedians).toHaveLength(3);
    expect(last.m.timing.time_ms.runs).toBe(6);
    expect(last.peer?.medians).toEqual([1, 2, 3]);
    expect(last.peer?.time_ms).toEqual({ median: 2, min: 1, max: 3, runs: 6 });
    // The first round's figures stand alone.
    expect(calls[0].m.roundMedians).toBeUndefined();
    expect(calls[0].peer?.medians).toEqual([1]);
  }, 60_000);
});
