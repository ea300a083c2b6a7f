import { BACKENDS, chooseBackend, isCudaDevice, loadCudaRuntime, openBackendDevice, type AnyDevice, type Backend } from '@semiforge/algorithms';
import { adapterSummary, type AdapterDescription, type Device } from '@semiforge/runtime';
import { CliError, UsageError } from './errors.js';
import type { CliIo } from './io.js';

/** `--backend`, `--adapter` and `--hold-clock` of a command that runs on either backend. */
export interface BackendFlags {
  readonly backend?: Backend;
  readonly adapter?: string;
  /** `--hold-clock` (true), `--no-hold-clock` (false), or neither: on for WebGPU on an NVIDIA adapter. */
  readonly holdClock?: boolean;
}

/** A command's device, the name its summary prints, and `destroy()`, which also gives back a held CUDA context. */
export interface CommandDevice {
  readonly device: AnyDevice;
  readonly name: string;
  destroy(): void;
}

/**
 * The backend a command runs on: `--backend` (checked by its flag parser), else `$SEMIFORGE_BACKEND`, else WebGPU.
 * A variable naming no backend is the user's setting to fix, not a bug in semiforge.
 *
 * @example
 * commandBackend({ backend: undefined }, { SEMIFORGE_BACKEND: 'cuda' }); // 'cuda'
 */
export function commandBackend(flags: BackendFlags, env: Readonly<Record<string, string | undefined>> = process.env): Backend {
  try {
    return chooseBackend(flags.backend, env);
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error), `set SEMIFORGE_BACKEND to ${BACKENDS.join(' or ')}, or unset it; --backend overrides it`);
  }
}

/**
 * Opens the device a command runs on: `--backend`, else `$SEMIFORGE_BACKEND`, else WebGPU (the adapter
 * `--adapter` names, else the preferred one); CUDA: device `$SEMIFORGE_CUDA_DEVICE` or 0. Returns it with the
 * name the summary prints. `--adapter` with CUDA is refused: it names a WebGPU adapter.
 *
 * On WebGPU it also holds a CUDA context for the compute clock (see {@link holdClockFor}); the name then says
 * so, and `destroy()` gives the context back after the device.
 *
 * @example
 * const opened = await openCommandDevice('sssp', { backend: 'cuda' }, io);
 * const result = await thenDestroy(opened, () => sssp(opened.device, csr, options));
 */
export async function openCommandDevice(
  command: string,
  flags: BackendFlags,
  io: Pick<CliIo, 'stderr'>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<CommandDevice> {
  const backend = commandBackend(flags, env);
  if (backend === 'cuda' && flags.adapter !== undefined) {
    throw new UsageError(`--adapter ${flags.adapter}: names a WebGPU adapter; with --backend cuda choose the device by $SEMIFORGE_CUDA_DEVICE`, command);
  }
  const device = await openBackendDevice(backend, { adapter: flags.adapter });
  if (isCudaDevice(device)) return commandDevice(device, `${device.info.name} (CUDA ${device.info.arch})`);
  const release = await holdClockFor(device, flags.holdClock, io);
  const name = adapterSummary(device.adapter);
  return release ? commandDevice(device, `${name} (CUDA context held for the compute clock)`, release) : commandDevice(device, name);
}

/**
 * A {@link CommandDevice} whose `destroy()` destroys `device`, then calls `release` (a held context), even when
 * destroying failed: the context must not outlive the command.
 *
 * @example
 * const opened = commandDevice(device, adapterSummary(device.adapter), () => hold.release());
 */
export function commandDevice(device: AnyDevice, name: string, release?: () => void): CommandDevice {
  return {
    device,
    name,
    destroy() {
      try {
        device.destroy();
      } finally {
        release?.();
      }
    },
  };
}

/**
 * On an NVIDIA GPU the driver runs WebGPU (Vulkan) work at the idle SM clock unless a CUDA context is open in
 * the process (an H100: 345 MHz against 1,980 MHz, SSSP Bellman-Ford 47 ms against 17.6 ms), so a CUDA context
 * is held while the command runs (on CUDA device `$SEMIFORGE_CUDA_DEVICE` or 0: WebGPU does not say which CUDA
 * device its adapter is): by default when the adapter's vendor is NVIDIA, always with `--hold-clock`,
 * never with `--no-hold-clock`. Returns its release, or undefined when none is held; a failed hold (no libcuda,
 * no runtime-cuda) runs at the default clock, and says why only when `--hold-clock` asked for it.
 */
async function holdClockFor(device: Device, asked: boolean | undefined, io: Pick<CliIo, 'stderr'>): Promise<(() => void) | undefined> {
  if (!(asked ?? isNvidiaAdapter(device.adapter))) return undefined;
  const hold = await loadCudaRuntime().then(
    (cuda) => cuda.holdComputeClock(),
    (e: unknown) => ({ held: false, reason: (e as Error).message }) as const,
  );
  if (hold.held) return () => hold.release();
  if (asked) io.stderr.write(`semiforge: warning: --hold-clock: no CUDA context could be opened, running at the default clock: ${hold.reason}\n`);
  return undefined;
}

/**
 * Whether a WebGPU adapter is an NVIDIA GPU (Dawn says vendor `nvidia`), whose clock `--hold-clock` raises.
 *
 * @example
 * isNvidiaAdapter({ vendor: 'nvidia', description: 'NVIDIA H100 80GB HBM3' }); // true
 */
export function isNvidiaAdapter(adapter: Pick<AdapterDescription, 'vendor' | 'description'>): boolean {
  return /nvidia/i.test(adapter.vendor) || /nvidia/i.test(adapter.description);
}

/**
 * Runs `body`, then destroys the command's device (a {@link CommandDevice}, or any device). When `body` threw, a destroy that fails too (every free fails
 * on a CUDA context after a kernel's fault) does not replace the body's error, which names the cause.
 *
 * @example
 * const result = await thenDestroy(opened, () => pagerank(opened.device, csr, options));
 */
export async function thenDestroy<T>(device: { destroy(): void }, body: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await body();
  } catch (error) {
    try {
      device.destroy();
    } catch {
      // The body's error is the one to report.
    }
    throw error;
  }
  device.destroy();
  return result;
}
