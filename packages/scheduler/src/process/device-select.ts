/**
 * The environment that makes a worker process see only the GPU at PCI address `busId` (nvidia-smi's
 * `00000000:18:00.0`, or `0000:18:00.0`), through Mesa's Vulkan device-select layer — which must be on the
 * loader's path (scripts/device-select-layer.sh, then `. .device/device-select.sh`); without it the variables
 * do nothing and every worker opens the first GPU.
 *
 * @example
 * ```ts
 * const env = ['00000000:18:00.0', '00000000:2A:00.0'].map(deviceSelectEnv);
 * const backend = await openProcessBackend({ gpus: 2, env });
 * ```
 */
export function deviceSelectEnv(busId: string): Record<string, string> {
  return { DRI_PRIME: driPrimeTag(busId), MESA_VK_DEVICE_SELECT_FORCE_DEFAULT_DEVICE: '1' };
}

/** `00000000:18:00.0` → `pci-0000_18_00_0`, the layer's DRI_PRIME form (a domain of 4 hex digits, lower case). */
export function driPrimeTag(busId: string): string {
  const m = /^([0-9a-f]+):([0-9a-f]{2}):([0-9a-f]{2})\.([0-7])$/i.exec(busId.trim());
  if (m === null) throw new Error(`PCI bus id '${busId}' is not DOMAIN:BUS:DEVICE.FUNCTION (as nvidia-smi --query-gpu=pci.bus_id prints it)`);
  return `pci-${m[1].slice(-4).padStart(4, '0')}_${m[2]}_${m[3]}_${m[4]}`.toLowerCase();
}
