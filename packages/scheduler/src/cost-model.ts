/**
 * Paper 004's execution-time model (Nakagawa, Ino, Hagihara, §2): the time an optimal schedule of n
 * independent download → kernel → readback tasks takes on c devices, under its three constraints —
 * C1 transfers of one device run one after another, C2 kernels of one device run one after another,
 * C3 devices that share a bus cannot transfer at the same time.
 */

/** Inputs of {@link costModel}: per-task times (any unit, e.g. ms) and the machine. */
export interface CostModelInput {
  /** T_D: download (host → device) time of one task. */
  tD: number;
  /** T_K: kernel time of one task (all its kernels). */
  tK: number;
  /** T_R: readback (device → host) time of one task. */
  tR: number;
  /** n: number of tasks. */
  tasks: number;
  /** c: number of devices (default 1). */
  devices?: number;
  /** l: streams per device. The model does not depend on it (any l ≥ 2 can reach it); checked for ≥ 1. */
  streams?: number;
  /**
   * Which devices share a bus (constraint C3): `true` = all on one bus, `false` (default) = one bus each,
   * or the bus id of each device (length c), e.g. `[0, 0, 1, 1]` for the paper's Tesla S1070.
   */
  sharedBus?: boolean | readonly number[];
}

/** What {@link costModel} predicts. */
export interface CostModel {
  /** n(T_D + T_K + T_R): one device, no overlap — the paper's "original" (T_base). */
  tOriginal: number;
  /** Eq. (5): the optimum on one device with overlap. */
  tSingle: number;
  /** Eq. (7): the optimum on c devices. Equals `tSingle` for c = 1. */
  tOpt: number;
  /** r_T = (T_D + T_R) / T_K (§4): transfers over kernels. */
  rT: number;
  /** n_S = ⌈n/c⌉: tasks per device. */
  nS: number;
  /** a: devices on the most crowded bus. */
  a: number;
  /** n_M = a·n_S: tasks whose transfers cross the most crowded bus. */
  nM: number;
  /** Which branch of eq. (7) holds: kernels hide the transfers, or the bus is the bottleneck. */
  bound: 'kernel' | 'transfer';
  /** tOriginal / tOpt: the best speed-up over "original" this machine allows. */
  speedupBound: number;
}

/** Devices on the most crowded bus (the paper's a = max_j |P_j|). */
export function devicesPerBus(devices: number, sharedBus: CostModelInput['sharedBus'] = false): number {
  if (sharedBus === true) return devices;
  if (sharedBus === false) return 1;
  if (sharedBus.length !== devices) {
    throw new RangeError(`sharedBus lists ${sharedBus.length} bus ids but there are ${devices} devices; give one bus id per device.`);
  }
  const counts = new Map<number, number>();
  for (const bus of sharedBus) counts.set(bus, (counts.get(bus) ?? 0) + 1);
  return Math.max(...counts.values());
}

function checkNonNegative(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} = ${value}: a time must be finite and ≥ 0.`);
}

function checkCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} = ${value}: must be an integer ≥ 1.`);
}

/**
 * T_single, T_opt and the quantities behind them (paper 004, eqs. 4–7).
 *
 * @example
 * ```ts
 * // Fig. 9's setting: 24 tasks, 3 GPUs of which two share a bus, transfers 1.2× the kernel time.
 * const m = costModel({ tD: 0.6, tK: 1, tR: 0.6, tasks: 24, devices: 3, sharedBus: [0, 0, 1] });
 * m.bound; // 'transfer': n_M(T_D + T_R) = 16 · 1.2 = 19.2 > a·T_D + n_S·T_K + T_R
 * ```
 */
export function costModel(input: CostModelInput): CostModel {
  const { tD, tK, tR, tasks: n } = input;
  const c = input.devices ?? 1;
  checkNonNegative('tD', tD);
  checkNonNegative('tK', tK);
  checkNonNegative('tR', tR);
  checkCount('tasks', n);
  checkCount('devices', c);
  checkCount('streams', input.streams ?? 1);
  const a = devicesPerBus(c, input.sharedBus);
  // Eq. (4): transfers one device's kernels can hide.
  const tS = (n - 1) * (tD + tR);
  // Eq. (5).
  const tSingle = n * tK > tS ? tD + n * tK + tR : n * (tD + tR);
  const nS = Math.ceil(n / c);
  const nM = a * nS;
  // Eq. (6): under C3 the first kernel on the crowded bus may wait a·T_D, so the hideable transfers are
  // (n_M − a)·T_D + (n_M − 1)·T_R.
  const tM = (nM - a) * tD + (nM - 1) * tR;
  // Eq. (7).
  const kernelBound = nS * tK > tM;
  const tOpt = kernelBound ? a * tD + nS * tK + tR : nM * (tD + tR);
  const tOriginal = n * (tD + tK + tR);
  return {
    tOriginal,
    tSingle,
    tOpt,
    rT: tK === 0 ? Number.POSITIVE_INFINITY : (tD + tR) / tK,
    nS,
    a,
    nM,
    bound: kernelBound ? 'kernel' : 'transfer',
    speedupBound: tOpt === 0 ? 1 : tOriginal / tOpt,
  };
}

/**
 * δ = (T − T_opt) / T_opt (§4): how far a measured (or simulated) time is above the model's optimum.
 *
 * @example
 * ```ts
 * overhead(10.3, 10); // 0.03
 * ```
 */
export function overhead(measured: number, tOpt: number): number {
  checkNonNegative('measured time', measured);
  if (!(tOpt > 0)) throw new RangeError(`T_opt = ${tOpt}: δ needs a positive optimum.`);
  return (measured - tOpt) / tOpt;
}
