/**
 * A device as the {@link Scheduler} sees it. A backend adds its own upload, dispatch and readback calls, which
 * tasks use; the scheduler only needs to know where the device sits and whether it is still there.
 */
export interface BackendDevice {
  /** Position in {@link Backend.devices}. */
  readonly index: number;
  /** For messages and reports, e.g. "NVIDIA H100 80GB HBM3 #0". */
  readonly label: string;
  /** Devices with the same bus id cannot transfer at once (paper 004's C3); they take the bus in FCFS order. */
  readonly bus: number;
  /** True once the device is lost or destroyed. */
  readonly isLost: boolean;
  /** Resolves with the reason when the device is lost or destroyed; never rejects. */
  readonly lost: Promise<Error>;
}

/**
 * Devices of one kind (WebGPU, CUDA, worker processes) behind one interface. A backend owns its devices: `destroy()`
 * frees them all.
 *
 * A task's phases get the scheduler's stream index j (0 ≤ j < l) with the device: a backend with hardware
 * streams (CUDA) runs the phase on its stream j, so that calls of different streams may overlap on the device;
 * WebGPU has one queue per device and ignores it. A phase is complete on the device when its promise resolves.
 */
export interface Backend<D extends BackendDevice = BackendDevice> {
  readonly name: string;
  readonly devices: readonly D[];
  /** A monotonic clock in milliseconds, the one phase times are measured with. */
  now(): number;
  destroy(): void;
}

/**
 * One unit of streamed work: its three phases, each called once, in order, on the device and stream the
 * scheduler picked. The download's value (device buffers, sizes) is passed to the later phases.
 *
 * @example
 * ```ts
 * const task: Task<WebGpuDevice, { x: GPUBuffer }, Float32Array> = {
 *   download: (device) => ({ x: device.upload('x', input) }),
 *   kernel: (device, { x }) => device.run((batch) => batch.dispatch(double, { buffers: { x }, workgroups: [4] })),
 *   readback: (device, { x }) => device.readback(x, Float32Array),
 *   release: (_device, { x }) => x.destroy(),
 * };
 * ```
 */
export interface Task<D extends BackendDevice, S, R> {
  /** Host → device: allocate and upload the task's input. */
  download(device: D, stream: number): Promise<S> | S;
  /** The task's kernels; resolves when they have finished on the device. */
  kernel(device: D, state: S, stream: number): Promise<void> | void;
  /** Device → host: the task's result. */
  readback(device: D, state: S, stream: number): Promise<R> | R;
  /** Frees what `download` allocated; called once after the readback or a failure (not on a lost device). */
  release?(device: D, state: S): void;
}
