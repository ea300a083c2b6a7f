/** What a call of a task does: host → device copy, device work, device → host copy. */
export type CallKind = 'download' | 'kernel' | 'readback';

/** One buffered call: the `index`-th call of task `task`. */
export interface Call {
  readonly task: number;
  readonly index: number;
  readonly kind: CallKind;
}

/** A call the control loop has started: on which device and stream. */
export interface Launch {
  readonly device: number;
  readonly stream: number;
  readonly call: Call;
}

interface StreamState {
  /** The stream's pending-call buffer (q_{d,i}); its head is the only call it may start. */
  readonly buffer: Call[];
  busy: boolean;
}

interface DeviceState {
  readonly bus: number;
  readonly streams: StreamState[];
  alive: boolean;
  /** Kernels started and not completed. */
  kernels: number;
  transferring: boolean;
  /** The device waits in its bus's FCFS queue. */
  requested: boolean;
  /** Fig. 6's u and v: the streams that ran the last kernel and the last transfer; scans start there. */
  u: number;
  v: number;
}

interface BusState {
  /** r_b: devices in the order they asked for the bus; the head owns it. */
  readonly queue: number[];
  busy: boolean;
}

/**
 * The scheduling policy of paper 004 (§3.2, Figs. 5–8) as a state machine with no clock and no I/O: the
 * discrete-event simulator drives it with virtual time, the real {@link Scheduler} with promises, so both run
 * exactly the same decisions.
 *
 * - Placement (Fig. 5): task t goes to device i = t mod c and stream j = ⌊t/c⌋ mod l, where c counts the
 *   devices still alive (all of them until one is lost).
 * - Each device's loop (Fig. 6) starts a kernel whenever its compute engine is idle (kernel first, so a kernel is
 *   always ready), and a transfer — download before readback — when it owns its bus.
 * - Devices on one bus get it in FCFS order (Fig. 8's `require`). Unlike the figure, a device asks only when one
 *   of its idle streams has a transfer at the head of its buffer, so it never holds the bus with nothing to send.
 *
 * @example
 * ```ts
 * const loop = new ControlLoop([0, 0], 2);          // two devices on one bus, two streams each
 * loop.enqueue(0, ['download', 'kernel', 'readback']);
 * const [first] = loop.poll();                       // device 0 takes the bus for task 0's download
 * loop.complete(first);
 * ```
 */
export class ControlLoop {
  readonly #devices: DeviceState[];
  readonly #buses = new Map<number, BusState>();
  readonly #streams: number;
  readonly #kernelSlots: number;
  readonly #placed = new Map<number, { device: number; stream: number }>();
  #inFlight = 0;

  /**
   * `busOf[d]` is device d's bus id; `streams` is l, the streams of each device. `kernelSlots` (default 1, the
   * paper's C2) is how many kernels a device may have started at once: more suits a device whose queue runs
   * kernels in order by itself (WebGPU), so that the next kernel is queued before the last one ends.
   */
  constructor(busOf: readonly number[], streams: number, kernelSlots = 1) {
    if (busOf.length === 0) throw new RangeError('A control loop needs at least one device.');
    if (!Number.isInteger(streams) || streams < 1) throw new RangeError(`streams = ${streams}: must be an integer ≥ 1.`);
    if (!Number.isInteger(kernelSlots) || kernelSlots < 1) throw new RangeError(`kernelSlots = ${kernelSlots}: must be an integer ≥ 1.`);
    this.#streams = streams;
    this.#kernelSlots = kernelSlots;
    this.#devices = busOf.map((bus) => ({
      bus,
      streams: Array.from({ length: streams }, () => ({ buffer: [], busy: false })),
      alive: true,
      kernels: 0,
      transferring: false,
      requested: false,
      u: 0,
      v: 0,
    }));
    for (const bus of busOf) if (!this.#buses.has(bus)) this.#buses.set(bus, { queue: [], busy: false });
  }

  /** Devices not removed. */
  get liveDevices(): number[] {
    return this.#devices.flatMap((d, i) => (d.alive ? [i] : []));
  }

  /** Calls buffered or running. */
  get pending(): number {
    let buffered = 0;
    for (const d of this.#devices) if (d.alive) for (const s of d.streams) buffered += s.buffer.length;
    return buffered + this.#inFlight;
  }

  /**
   * Buffers a task's calls, in order, on the stream Fig. 5 assigns it. Throws when no device is alive.
   */
  enqueue(task: number, kinds: readonly CallKind[]): { device: number; stream: number } {
    const live = this.liveDevices;
    if (live.length === 0) throw new Error(`Task ${task} cannot be placed: every device has been lost.`);
    const device = live[task % live.length];
    const stream = Math.floor(task / live.length) % this.#streams;
    const buffer = this.#devices[device].streams[stream].buffer;
    kinds.forEach((kind, index) => buffer.push({ task, index, kind }));
    this.#placed.set(task, { device, stream });
    return { device, stream };
  }

  /** Starts every call that may start now; the caller runs them and reports each with {@link complete}. */
  poll(): Launch[] {
    const launches: Launch[] = [];
    for (let progress = true; progress; ) {
      progress = false;
      this.#devices.forEach((device, d) => {
        if (!device.alive) return;
        while (device.kernels < this.#kernelSlots) {
          const launch = this.#select(d, 'kernel', device.u);
          if (launch === undefined) break;
          device.u = launch.stream;
          device.kernels += 1;
          launches.push(launch);
          progress = true;
        }
        const bus = this.#buses.get(device.bus)!;
        if (!device.requested && this.#transferReady(d)) {
          device.requested = true;
          bus.queue.push(d);
        }
        if (!bus.busy && bus.queue[0] === d) {
          const launch = this.#select(d, 'download', device.v) ?? this.#select(d, 'readback', device.v);
          if (launch === undefined) {
            // Its transfer went away (the task failed): let the next device have the bus.
            bus.queue.shift();
            device.requested = false;
          } else {
            device.v = launch.stream;
            device.transferring = true;
            bus.busy = true;
            launches.push(launch);
          }
          progress = true;
        }
      });
    }
    return launches;
  }

  /** Marks a started call finished, freeing its stream, engine and (for a transfer) bus. */
  complete(launch: Launch): void {
    this.#inFlight -= 1;
    const device = this.#devices[launch.device];
    device.streams[launch.stream].busy = false;
    if (!device.alive) return;
    if (launch.call.kind === 'kernel') {
      device.kernels -= 1;
    } else {
      this.#releaseBus(launch.device);
    }
    const rest = device.streams[launch.stream].buffer;
    if (!rest.some((c) => c.task === launch.call.task)) this.#placed.delete(launch.call.task);
  }

  /** Drops the calls task `task` has left (after it failed); returns how many were dropped. */
  drop(task: number): number {
    const where = this.#placed.get(task);
    if (where === undefined) return 0;
    this.#placed.delete(task);
    const buffer = this.#devices[where.device].streams[where.stream].buffer;
    const kept = buffer.filter((c) => c.task !== task);
    const dropped = buffer.length - kept.length;
    buffer.splice(0, buffer.length, ...kept);
    return dropped;
  }

  /**
   * Takes a lost device out: it gets no more calls and gives up its bus. Returns the tasks it still held
   * (buffered or running), in task order, for the caller to re-queue or report.
   */
  removeDevice(d: number): number[] {
    const device = this.#devices[d];
    if (!device.alive) return [];
    const held = new Set<number>();
    for (const [task, where] of this.#placed) if (where.device === d) held.add(task);
    for (const task of held) this.#placed.delete(task);
    if (device.transferring || device.requested) this.#releaseBus(d);
    device.alive = false;
    for (const s of device.streams) s.buffer.length = 0;
    return [...held].sort((x, y) => x - y);
  }

  #releaseBus(d: number): void {
    const device = this.#devices[d];
    const bus = this.#buses.get(device.bus)!;
    const at = bus.queue.indexOf(d);
    if (at >= 0) bus.queue.splice(at, 1);
    if (device.transferring) bus.busy = false;
    device.transferring = false;
    device.requested = false;
  }

  #transferReady(d: number): boolean {
    return this.#devices[d].streams.some((s) => !s.busy && s.buffer.length > 0 && s.buffer[0].kind !== 'kernel');
  }

  /** Fig. 7: from stream `from` round the device, the first idle stream whose buffer starts with a `kind` call. */
  #select(d: number, kind: CallKind, from: number): Launch | undefined {
    const streams = this.#devices[d].streams;
    for (let k = from; k < from + this.#streams; k++) {
      const i = k % this.#streams;
      const s = streams[i];
      if (s.busy || s.buffer.length === 0 || s.buffer[0].kind !== kind) continue;
      const call = s.buffer.shift()!;
      s.busy = true;
      this.#inFlight += 1;
      return { device: d, stream: i, call };
    }
    return undefined;
  }
}
