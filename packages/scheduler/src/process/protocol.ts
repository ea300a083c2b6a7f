/** Messages between a {@link ProcessDevice} (host side) and its worker process (one GPU), over Node's IPC. */

/** Env var that marks a process as a scheduler worker; its value is the JSON of {@link WorkerConfig}. */
export const WORKER_ENV = 'SEMIFORGE_SCHEDULER_WORKER';

/** What a worker opens: its index among the workers and the device options. */
export interface WorkerConfig {
  readonly index: number;
  /** Adapter filter for `openDevice` (substring of the adapter's names); default: the one the process sees first. */
  readonly adapter?: string;
  /** Bytes to allocate once and hold, so that `nvidia-smi` shows which GPU this worker got (probe only). */
  readonly markerBytes?: number;
}

export type HostMessage =
  | { readonly op: 'open'; readonly id: number; readonly kind: string; readonly input: unknown }
  | { readonly op: 'compute' | 'collect'; readonly id: number; readonly handle: number }
  /** Not answered: the host does not wait for a task's state to be freed. */
  | { readonly op: 'close'; readonly handle: number }
  | { readonly op: 'destroy' };

/** What the worker says of its device once it is open. */
export interface WorkerReady {
  readonly op: 'ready';
  readonly pid: number;
  /** One line naming the adapter. */
  readonly adapter: string;
  /** Selection-related environment the worker ran with (DRI_PRIME, MESA_VK_DEVICE_SELECT, ...). */
  readonly selection: Readonly<Record<string, string>>;
}

export type WorkerMessage =
  | WorkerReady
  | { readonly op: 'failed'; readonly message: string }
  | { readonly op: 'reply'; readonly id: number; readonly ok: true; readonly value?: unknown }
  | { readonly op: 'reply'; readonly id: number; readonly ok: false; readonly name: string; readonly message: string }
  | { readonly op: 'lost'; readonly message: string };

/** Environment variables that decide which GPU a Vulkan process sees (reported by each worker). */
export const SELECTION_ENV = [
  'DRI_PRIME',
  'MESA_VK_DEVICE_SELECT',
  'MESA_VK_DEVICE_SELECT_FORCE_DEFAULT_DEVICE',
  'VK_LOADER_DEVICE_SELECT',
  'VK_DRIVER_FILES',
  'SEMIFORGE_ADAPTER',
] as const;
