import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costModel, overhead } from '../src/cost-model.js';
import { Scheduler } from '../src/scheduler.js';
import { simulate, type SimTask } from '../src/simulate.js';
import { checkTrace } from './trace-checks.js';

const EPS = 1e-9;

const busLayout = (c: number, layout: 'shared' | 'separate' | 'pairs'): number[] =>
  Array.from({ length: c }, (_, d) => (layout === 'shared' ? 0 : layout === 'separate' ? d : d >> 1));

describe('simulate', () => {
  it('keeps every constraint for random tasks, devices, buses and streams', () => {
    const task = fc.record({
      tD: fc.double({ min: 0, max: 2, noNaN: true }),
      tK: fc.double({ min: 0, max: 2, noNaN: true }),
      tR: fc.double({ min: 0, max: 2, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(task, { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 4 }),
        (tasks, busOf, streams) => {
          const { trace, time } = simulate({ tasks, devices: busOf, streams });
          checkTrace(trace, tasks.length, busOf, streams, tasks);
          // Nothing beats every device's own kernels, nor the busiest bus's transfers.
          const kernels = busOf.map((_, d) => tasks.reduce((s, t, i) => (i % busOf.length === d ? s + t.tK : s), 0));
          const transfers = [...new Set(busOf)].map((b) => tasks.reduce((s, t, i) => (busOf[i % busOf.length] === b ? s + t.tD + t.tR : s), 0));
          expect(time).toBeGreaterThanOrEqual(Math.max(...kernels, ...transfers) - EPS);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is deterministic', () => {
    const tasks = Array.from({ length: 17 }, (_, t) => ({ tD: (t % 3) * 0.1, tK: 0.5 + (t % 5) * 0.1, tR: 0.2 }));
    expect(simulate({ tasks, devices: [0, 0, 1] })).toEqual(simulate({ tasks, devices: [0, 0, 1] }));
  });

  it('runs calls back to back with one stream on one device: the "original", n(T_D + T_K + T_R)', () => {
    const { time } = simulate({ tasks: { n: 24, tD: 0.3, tK: 1, tR: 0.2 }, devices: 1, streams: 1 });
    expect(time).toBeCloseTo(costModel({ tD: 0.3, tK: 1, tR: 0.2, tasks: 24 }).tOriginal, 9);
  });

  // The paper's grid: n = 24 tasks, r_T = (T_D + T_R)/T_K from 0.1 to 1.6, c = 1..4, T_D = T_R.
  describe.each([
    ['one bus for all', 'shared'],
    ['a bus each', 'separate'],
    ['two devices per bus (Tesla S1070)', 'pairs'],
  ] as const)('on %s', (_name, layout) => {
    const grid = [1, 2, 3, 4].flatMap((c) => Array.from({ length: 16 }, (_, i) => ({ c, rT: 0.1 * (i + 1) })));

    // Observed maxima on this grid: l = 2: 11.1% (c = 4, a bus each, r_T = 1.2); l = 3: 2.1% (c = 3 on one
    // bus, r_T = 1.0, where eq. (7)'s branches meet); l = 4: none.
    it.each([
      [4, 1e-9],
      [3, 0.025],
      [2, 0.12],
    ])('with %i streams per device stays within 0 ≤ δ ≤ %f of T_opt', (streams, bound) => {
      for (const { c, rT } of grid) {
        const busOf = busLayout(c, layout);
        const tD = rT / 2;
        const { time } = simulate({ tasks: { n: 24, tD, tK: 1, tR: tD }, devices: busOf, streams });
        const { tOpt } = costModel({ tD, tK: 1, tR: tD, tasks: 24, devices: c, sharedBus: busOf });
        const delta = overhead(time, tOpt);
        expect(delta, `c = ${c}, r_T = ${rT.toFixed(1)}`).toBeGreaterThan(-1e-9);
        expect(delta, `c = ${c}, r_T = ${rT.toFixed(1)}`).toBeLessThan(bound);
      }
    });
  });

  it('stays within one task of T_opt, and never below it, for any r_T, T_D:T_R split and n a multiple of c', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('shared', 'separate', 'pairs' as const),
        fc.integer({ min: 1, max: 10 }),
        fc.double({ min: 0.1, max: 1.6, noNaN: true }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.integer({ min: 3, max: 4 }),
        (c, layout, perDevice, rT, split, streams) => {
          const busOf = busLayout(c, layout);
          const [tD, tK, tR] = [rT * split, 1, rT * (1 - split)];
          const n = c * perDevice;
          const { time } = simulate({ tasks: { n, tD, tK, tR }, devices: busOf, streams });
          const { tOpt } = costModel({ tD, tK, tR, tasks: n, devices: c, sharedBus: busOf });
          expect(time).toBeGreaterThanOrEqual(tOpt - EPS);
          expect(time - tOpt).toBeLessThanOrEqual(tD + tK + tR + EPS);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reproduces Fig. 9's shape: c = 3 falls behind c = 2 once transfers dominate on a shared bus", () => {
    // The paper's machine: c = 2 on two buses; c = 3, 4 with two GPUs on one bus.
    const machines = { 1: [0], 2: [0, 1], 3: [0, 0, 1], 4: [0, 0, 1, 1] } as const;
    const time = (c: 1 | 2 | 3 | 4, rT: number) => simulate({ tasks: { n: 24, tD: rT / 2, tK: 1, tR: rT / 2 }, devices: machines[c] }).time;
    for (const rT of [0.1, 0.3, 0.5]) {
      // Linear speed-up while kernels dominate.
      expect(time(1, rT) / time(2, rT)).toBeGreaterThan(1.9);
      expect(time(2, rT)).toBeGreaterThan(time(3, rT));
      expect(time(3, rT)).toBeGreaterThan(time(4, rT));
    }
    for (const rT of [1.0, 1.2, 1.6]) expect(time(3, rT)).toBeGreaterThan(time(2, rT));
    // c = 3's time grows with r_T once its bus is the bottleneck (r_T ≥ 0.6).
    expect(time(3, 1.0)).toBeGreaterThan(time(3, 0.6) * 1.5);
    // Overlap on one device: up to ~2× over the original where r_T ≈ 1 (paper: 1.92×).
    const original = simulate({ tasks: { n: 24, tD: 0.5, tK: 1, tR: 0.5 }, devices: 1, streams: 1 }).time;
    expect(original / time(1, 1.0)).toBeGreaterThan(1.9);
  });
});

describe('simulate and Scheduler refuse bad inputs, naming them', () => {
  it.each([
    [{ tasks: { n: 2, tD: Number.NaN, tK: 1, tR: 1 }, devices: 1 }, 'tasks.tD = NaN: a time must be finite and ≥ 0.'], // looped forever
    [{ tasks: { n: 2, tD: -1, tK: 1, tR: 1 }, devices: 1 }, 'tasks.tD = -1'], // ran the clock backwards
    [{ tasks: [{ tD: 1, tK: 1, tR: Infinity }], devices: 1 }, "task 0's tR = Infinity"],
    [{ tasks: { n: 1.5, tD: 1, tK: 1, tR: 1 }, devices: 1 }, 'tasks.n = 1.5: must be an integer ≥ 0.'], // ran 1 task
    [{ tasks: { n: 2, tD: 1, tK: 1, tR: 1 }, devices: 1.5 }, 'devices = 1.5: must be an integer ≥ 1'], // ran 1 device
  ])('simulate(%j)', (input, message) => {
    expect(() => simulate(input)).toThrow(message);
  });

  it('Scheduler names kernelsInFlight and maxRequeues', () => {
    const backend = { name: 'fake', devices: [{ index: 0, label: 'fake 0', bus: 0, isLost: false, lost: new Promise<Error>(() => undefined) }], now: () => 0, destroy: () => undefined };
    expect(() => new Scheduler(backend, { kernelsInFlight: 0 })).toThrow('kernelsInFlight = 0: must be an integer ≥ 1.');
    expect(() => new Scheduler(backend, { maxRequeues: -1 })).toThrow('maxRequeues = -1: must be an integer ≥ 0.');
    expect(new Scheduler(backend, { kernelsInFlight: 2, maxRequeues: 0 }).streams).toBe(3);
  });
});
