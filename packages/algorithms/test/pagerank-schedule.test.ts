import { describe, expect, it } from 'vitest';
import { queueTarget, stepsToTolerance, type PagerankSchedule } from '../src/pagerank/pagerank.schedule.js';
import { checkGroup, RESIDUAL_SLOTS } from '../src/pagerank/pagerank.steps.js';

const schedule: PagerankSchedule = { checkEvery: 8, submitEvery: 4, lookahead: true, tolerance: 1e-6, maxIterations: 100 };
/** Residuals decaying by `rate` a step from `first`, of steps 1 … count. */
const decaying = (count: number, rate = 0.5, first = 1) => Array.from({ length: count }, (_, i) => first * rate ** i);

describe("PageRank's loop schedule", () => {
  it('predicts the steps to the tolerance from the mean decay of the last four, plus one, and nothing without decay', () => {
    // 2^-k reaches 1e-6 after 20 halvings: from 2^-7 (step 8), 13 more, plus one.
    expect(stepsToTolerance(decaying(8), 1e-6)).toBe(Math.ceil(Math.log2(2 ** -7 / 1e-6)) + 1);
    expect(stepsToTolerance(decaying(1), 1e-6)).toBeUndefined();
    expect(stepsToTolerance([1, 1, 1], 1e-6)).toBeUndefined();
    expect(stepsToTolerance([1, 2, 4], 1e-6)).toBeUndefined();
    // Already below: one step, plus one.
    expect(stepsToTolerance(decaying(30), 1e-6)).toBe(2);
  });

  it('queues checkEvery steps first, then one submit beyond them while nothing predicts the end', () => {
    expect(queueTarget({ read: [], queued: 0 }, schedule)).toBe(8);
    expect(queueTarget({ read: [], queued: 8, unreadUpTo: 8 }, schedule)).toBe(12);
    // Nothing more until the first group is read.
    expect(queueTarget({ read: [], queued: 12, unreadUpTo: 8 }, schedule)).toBe(12);
    // A submit carrying a whole group: a group ahead.
    expect(queueTarget({ read: [], queued: 8, unreadUpTo: 8 }, { ...schedule, submitEvery: 1000 })).toBe(16);
  });

  it('with lookahead, queues the predicted rest before reading the group queued ahead; without, only once all is read', () => {
    const read = decaying(8);
    const predicted = 8 + stepsToTolerance(read, 1e-6)!;
    expect(queueTarget({ read, queued: 12, unreadUpTo: 12 }, schedule)).toBe(predicted);
    expect(queueTarget({ read, queued: 12, unreadUpTo: 12 }, { ...schedule, lookahead: false })).toBe(12);
    expect(queueTarget({ read, queued: 8 }, { ...schedule, lookahead: false })).toBe(predicted);
    // Steps already queued past the prediction: nothing more.
    expect(queueTarget({ read, queued: predicted + 3, unreadUpTo: predicted + 3 }, schedule)).toBe(predicted);
  });

  it('keeps to maxIterations and to the residuals kept, and falls back to checkEvery while the residuals do not decay', () => {
    expect(queueTarget({ read: [], queued: 0 }, { ...schedule, maxIterations: 3 })).toBe(3);
    expect(queueTarget({ read: [], queued: 3, unreadUpTo: 3 }, { ...schedule, maxIterations: 3 })).toBe(3);
    expect(queueTarget({ read: [], queued: 0 }, { ...schedule, checkEvery: 5000, maxIterations: 5000 })).toBe(RESIDUAL_SLOTS - 1);
    expect(queueTarget({ read: [1, 2, 4], queued: 3 }, schedule)).toBe(11);
    expect(queueTarget({ read: [1, 2, 4], queued: 11, unreadUpTo: 11 }, schedule)).toBe(15);
  });

  it('refuses an empty group, or one longer than the residuals kept', () => {
    expect(() => checkGroup(5, 5)).toThrow(/steps up to 5 asked for after step 5: nothing to queue/);
    expect(() => checkGroup(0, RESIDUAL_SLOTS)).toThrow(/1024 steps queued together, but only the residuals of the last 1023 are kept/);
    expect(() => checkGroup(0, RESIDUAL_SLOTS - 1)).not.toThrow();
  });
});
