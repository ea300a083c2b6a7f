import { describe, expect, it } from 'vitest';
import { costModel, devicesPerBus, overhead } from '../src/cost-model.js';

describe('costModel (paper 004, eqs. 4–7)', () => {
  it('is eq. (5) on one device: kernels hide the transfers, or the transfers hide the kernels', () => {
    // n·T_K = 10 > T_S = 9·0.5: kernel-bound.
    const kernel = costModel({ tD: 0.25, tK: 1, tR: 0.25, tasks: 10 });
    expect(kernel.tSingle).toBeCloseTo(0.25 + 10 * 1 + 0.25, 12);
    expect(kernel.tOpt).toBe(kernel.tSingle);
    expect(kernel.bound).toBe('kernel');
    // n·T_K = 10 < T_S = 9·2: transfer-bound.
    const transfer = costModel({ tD: 1, tK: 1, tR: 1, tasks: 10 });
    expect(transfer.tSingle).toBe(10 * 2);
    expect(transfer.bound).toBe('transfer');
  });

  it('is eq. (7) on c devices with a devices on the busiest bus', () => {
    const m = costModel({ tD: 0.6, tK: 1, tR: 0.6, tasks: 24, devices: 3, sharedBus: [0, 0, 1] });
    expect([m.nS, m.a, m.nM]).toEqual([8, 2, 16]);
    // T_M = (16 − 2)·0.6 + 15·0.6 = 17.4 > n_S·T_K = 8: the bus is the bottleneck.
    expect(m.bound).toBe('transfer');
    expect(m.tOpt).toBeCloseTo(16 * 1.2, 12);
    const sep = costModel({ tD: 0.1, tK: 1, tR: 0.1, tasks: 24, devices: 4 });
    expect(sep.tOpt).toBeCloseTo(0.1 + 6 + 0.1, 12);
  });

  it('reduces to T_single on one device whatever the bus', () => {
    for (const r of [0.1, 0.5, 1, 1.6]) {
      const m = costModel({ tD: r / 2, tK: 1, tR: r / 2, tasks: 24, devices: 1, sharedBus: true });
      expect(m.tOpt).toBe(m.tSingle);
    }
  });

  it('reports r_T, the original time and the speed-up bound', () => {
    const m = costModel({ tD: 0.2, tK: 1, tR: 0.3, tasks: 24, devices: 2 });
    expect(m.rT).toBeCloseTo(0.5, 12);
    expect(m.tOriginal).toBeCloseTo(24 * 1.5, 12);
    expect(m.speedupBound).toBeCloseTo(m.tOriginal / m.tOpt, 12);
  });

  it('counts devices per bus', () => {
    expect(devicesPerBus(4, true)).toBe(4);
    expect(devicesPerBus(4, false)).toBe(1);
    expect(devicesPerBus(4, [0, 0, 1, 1])).toBe(2);
    expect(devicesPerBus(3, [0, 1, 1])).toBe(2);
  });

  it('refuses bad inputs, naming the value', () => {
    expect(() => costModel({ tD: -1, tK: 1, tR: 1, tasks: 2 })).toThrow(/tD = -1/);
    expect(() => costModel({ tD: 1, tK: 1, tR: 1, tasks: 0 })).toThrow(/tasks = 0/);
    expect(() => costModel({ tD: 1, tK: 1, tR: 1, tasks: 2, devices: 2, sharedBus: [0] })).toThrow(/1 bus ids but there are 2 devices/);
    expect(() => overhead(1, 0)).toThrow(/T_opt = 0/);
  });

  it('gives δ = (T − T_opt) / T_opt', () => {
    expect(overhead(10.3, 10)).toBeCloseTo(0.03, 12);
    expect(overhead(10, 10)).toBe(0);
  });
});
