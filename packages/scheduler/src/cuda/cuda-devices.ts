/** Which CUDA devices a backend opens: `devices` (indices) or the first `gpus`, and the bus of each. */
export interface CudaDeviceChoice {
  /** CUDA device indices, e.g. [0, 1]; each at most once. */
  readonly devices?: readonly number[];
  /** The first `gpus` devices, 0..gpus − 1 (when `devices` is not given; default 1). */
  readonly gpus?: number;
  /**
   * Bus id of each device (paper 004's C3: devices on one bus take transfers in turn). Default: one bus per
   * device, since each GPU of an HGX/DGX board or a workstation has its own PCIe link to the host.
   */
  readonly buses?: readonly number[];
}

/**
 * The device indices and bus ids a {@link CudaDeviceChoice} asks for on a machine of `count` CUDA devices;
 * throws a RangeError naming the value, the limit and what to pass instead.
 *
 * @example
 * ```ts
 * cudaPlacement({ gpus: 2 }, 8); // { indices: [0, 1], buses: [0, 1] }
 * cudaPlacement({ devices: [2, 3], buses: [0, 0] }, 4); // both on one bus
 * ```
 */
export function cudaPlacement(choice: CudaDeviceChoice, count: number): { indices: number[]; buses: number[] } {
  const { devices, gpus } = choice;
  if (devices !== undefined && gpus !== undefined) throw new RangeError(`openCudaBackend: give devices (${devices.join(',')}) or gpus (${gpus}), not both.`);
  let indices: number[];
  if (devices !== undefined) {
    if (devices.length === 0) throw new RangeError('openCudaBackend: devices is empty; list at least one CUDA device index.');
    for (const d of devices) {
      if (!Number.isInteger(d) || d < 0 || d >= count) throw new RangeError(`openCudaBackend: device index ${d} is not in 0..${count - 1} (this machine has ${count} CUDA device(s)).`);
    }
    const repeated = devices.find((d, i) => devices.indexOf(d) !== i);
    if (repeated !== undefined) throw new RangeError(`openCudaBackend: device ${repeated} is listed twice; each device has its own streams already (raise streams instead).`);
    indices = [...devices];
  } else {
    const n = gpus ?? 1;
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`openCudaBackend: gpus = ${n}: must be an integer ≥ 1.`);
    if (n > count) throw new RangeError(`openCudaBackend: gpus = ${n}, but this machine has ${count} CUDA device(s); ask for at most ${count}.`);
    indices = Array.from({ length: n }, (_, i) => i);
  }
  const buses = choice.buses === undefined ? indices.map((_, i) => i) : [...choice.buses];
  if (buses.length !== indices.length) throw new RangeError(`openCudaBackend: ${buses.length} bus ids for ${indices.length} devices; give one per device.`);
  for (const b of buses) if (!Number.isInteger(b) || b < 0) throw new RangeError(`openCudaBackend: bus id ${b} must be an integer ≥ 0.`);
  return { indices, buses };
}

/** Bytes of pinned host memory to hold `bytes`: the next power of two from 1 MiB, so a pool grows a few times, not per size. */
export function pinnedCapacity(bytes: number): number {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`pinned staging of ${bytes} bytes: must be a finite size ≥ 0.`);
  let capacity = 1 << 20;
  while (capacity < bytes) capacity *= 2;
  return capacity;
}

/** CUresult codes after which a CUDA context cannot be used again (cuda.h: "the context cannot be used, so it must be destroyed"). */
const STICKY = new Set([700, 714, 715, 716, 717, 718, 719]);

/** Whether an error from the driver leaves the device unusable (a lost device for the scheduler), from its CUresult `code`. */
export function losesContext(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'number' && STICKY.has(code);
}
