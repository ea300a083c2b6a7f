import { RESIDUAL_SLOTS } from './pagerank.steps.js';

/** How the loop to tolerance sizes and overlaps its groups of steps (see `PagerankOptions`). */
export interface PagerankSchedule {
  readonly checkEvery: number;
  readonly submitEvery: number;
  readonly lookahead: boolean;
  readonly tolerance: number;
  readonly maxIterations: number;
}

/** Where the loop stands before it reads the next residuals. */
export interface QueueState {
  /** Residuals read so far: of steps 1 … read.length. */
  readonly read: readonly number[];
  /** Steps queued so far (read or not). */
  readonly queued: number;
  /** The last step of the oldest group queued and not read, if any. */
  readonly unreadUpTo?: number;
}

/**
 * The step to queue up to before reading the next residuals (≤ `queued` when nothing more is to be queued):
 * with nothing unread, as many steps past those read as the residuals' decay predicts (plus one; see
 * {@link stepsToTolerance}), or checkEvery while they do not decay; with `lookahead`, also steps beyond the
 * group about to be read, so that the GPU runs them while the host reads it: the predicted rest, or one
 * submit's worth (at most a group's) while nothing predicts the end. The result stays within maxIterations, and no group
 * runs more steps than the residuals kept.
 *
 * @example
 * queueTarget({ read: [], queued: 0 }, schedule); // checkEvery: the first group
 * queueTarget({ read: [], queued: 8, unreadUpTo: 8 }, { ...schedule, lookahead: true }); // 8 + submitEvery
 */
export function queueTarget(state: QueueState, schedule: PagerankSchedule): number {
  const { read, queued, unreadUpTo } = state;
  const predicted = stepsToTolerance(read, schedule.tolerance);
  let target: number;
  if (unreadUpTo === undefined) target = read.length + (predicted ?? schedule.checkEvery);
  else if (!schedule.lookahead) target = queued;
  else target = predicted === undefined ? unreadUpTo + Math.min(schedule.submitEvery, schedule.checkEvery) : read.length + predicted;
  return Math.min(target, schedule.maxIterations, read.length + RESIDUAL_SLOTS - 1);
}

/** Residuals over which the decay rate is taken. */
const RATE_WINDOW = 4;

/**
 * Steps until the residual falls below the tolerance if it keeps decaying geometrically at its mean rate over
 * the last {@link RATE_WINDOW} steps, plus one (an estimate a step short costs a round trip to the host;
 * a step long, one product); undefined while the residuals do not decay.
 */
export function stepsToTolerance(residuals: readonly number[], tolerance: number): number | undefined {
  const span = Math.min(RATE_WINDOW, residuals.length - 1);
  if (span < 1) return undefined;
  const last = residuals[residuals.length - 1];
  const rate = (last / residuals[residuals.length - 1 - span]) ** (1 / span);
  if (!(rate > 0 && rate < 1)) return undefined;
  return Math.max(1, Math.ceil(Math.log(tolerance / last) / Math.log(rate))) + 1;
}
