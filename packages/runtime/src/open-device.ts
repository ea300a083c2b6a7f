import { adapterSummary } from './adapter-info.js';
import { selectAdapter, type AdapterOptions } from './adapters.js';
import { requestedFeatures, requestedLimits } from './device-limits.js';
import { Device } from './device.js';
import { SemiforgeGpuError } from './errors.js';

/** Options of {@link openDevice}. */
export interface OpenDeviceOptions extends AdapterOptions {
  /** Features the caller cannot do without; `timestamp-query`, `subgroups` and `shader-f16` are enabled when present anyway. */
  requiredFeatures?: GPUFeatureName[];
  /**
   * Receives WebGPU errors that escaped the runtime's error scopes (from work done on `device.gpu` directly).
   * Without it they are printed on stderr by Dawn, or the console by browsers.
   */
  onUncapturedError?: (error: GPUError) => void;
  label?: string;
}

/**
 * Opens a WebGPU device with the adapter's large limits and its useful optional features: `navigator.gpu`
 * in browsers, Dawn (npm `webgpu`, loaded on demand) in Node. Throws {@link NoAdapterError} when no adapter
 * (or none matching `adapter` / `SEMIFORGE_ADAPTER`) is found, {@link MissingFeatureError} when a required
 * feature is absent.
 *
 * @example
 * ```ts
 * const device = await openDevice({ adapter: 'nvidia' });
 * console.log(device.describe().limits.maxStorageBufferBindingSize);
 * device.destroy();
 * ```
 */
export async function openDevice(options: OpenDeviceOptions = {}): Promise<Device> {
  const { adapter, description } = await selectAdapter(options);
  const requiredFeatures = requestedFeatures(adapter, options.requiredFeatures ?? [], adapterSummary(description));
  let gpu: GPUDevice;
  try {
    gpu = await adapter.requestDevice({
      label: options.label ?? 'semiforge',
      requiredFeatures,
      requiredLimits: requestedLimits(adapter),
    });
  } catch (error) {
    throw new SemiforgeGpuError(`Could not open a device on adapter ${adapterSummary(description)}: ${String(error)}`, { cause: error });
  }
  const { onUncapturedError } = options;
  if (onUncapturedError !== undefined) {
    gpu.addEventListener('uncapturederror', (event) => {
      event.preventDefault();
      onUncapturedError(event.error);
    });
  }
  return new Device(gpu, description);
}
