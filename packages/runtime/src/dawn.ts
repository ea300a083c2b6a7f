/**
 * Everything specific to Dawn for Node (npm `webgpu`) lives in this file, so the rest of the runtime is plain
 * WebGPU and runs in browsers too.
 *
 * Dawn quirks known here (0.6.2, Vulkan backend):
 * - Every new device prints "Warning: maxDynamicUniformBuffersPerPipelineLayout artificially reduced from
 *   1000000 to 16 ..." (and the same for storage buffers) on stderr, from native code. Harmless; it cannot be
 *   silenced from JavaScript.
 * - `create(['adapter=NAME'])` picks the adapter whose Vulkan device name contains NAME, case-sensitively. That
 *   name ("llvmpipe (LLVM 15.0.6, 256 bits)") differs from `GPUAdapterInfo.device` ("llvmpipe-llvm-15-0-6-256-bits-"),
 *   and when nothing matches, `requestAdapter` rejects with a message that lists every adapter: the only way to
 *   see all of them (two identical GPUs appear under one name, and `requestAdapter` returns the first).
 * - Lavapipe reports `isFallbackAdapter: true` and is returned whatever `powerPreference` says.
 * - Uncaptured WebGPU errors are printed on stderr unless a listener calls `preventDefault()`.
 * - Timestamps are quantized to 65.536 µs (a browser anti-fingerprinting measure) unless the instance is
 *   created with `disable-dawn-features=timestamp_quantization`, which the runtime does: in Node there is
 *   nothing to hide, and kernels of a few microseconds need the resolution.
 * - The Vulkan backend on NVIDIA reports maxStorageBufferBindingSize = 2^31 - 4, so a buffer of exactly
 *   2 GiB cannot be bound whole.
 * - A Node process exits on its own with a device still open; `Device.destroy()` still frees it at once.
 */

type DawnModule = typeof import('webgpu');

/** One line of Dawn's own adapter list. */
export interface DawnAdapterName {
  backend: string;
  name: string;
}

// A specifier in a variable keeps browser bundlers from pulling in the native module.
const dawnSpecifier = 'webgpu';
let dawnModule: Promise<DawnModule> | undefined;
const instances = new Map<string, GPU>();

/** True when running under Node (where Dawn is the WebGPU implementation). */
export function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

/** Instance flags the runtime always passes to Dawn, before the caller's. */
export const DAWN_DEFAULT_FLAGS: readonly string[] = ['disable-dawn-features=timestamp_quantization'];

/** The Dawn `GPU` object for these flags (after {@link DAWN_DEFAULT_FLAGS}), created once per distinct flag list. */
export async function dawnGpu(flags: readonly string[]): Promise<GPU> {
  const key = flags.join('\n');
  const existing = instances.get(key);
  if (existing !== undefined) return existing;
  dawnModule ??= import(dawnSpecifier) as Promise<DawnModule>;
  const gpu = (await dawnModule).create([...DAWN_DEFAULT_FLAGS, ...flags]);
  instances.set(key, gpu);
  return gpu;
}

/** Dawn's flag that selects an adapter by (case-sensitive) substring of its native name. */
export function dawnAdapterFlag(name: string): string {
  return `adapter=${name}`;
}

/** Every adapter Dawn enumerates, read from the error it gives for a name that matches none; [] if unreadable. */
export async function dawnAdapterNames(flags: readonly string[]): Promise<DawnAdapterName[]> {
  const gpu = await dawnGpu([...flags, dawnAdapterFlag('\u0001semiforge: list adapters\u0001')]);
  try {
    await gpu.requestAdapter();
    return [];
  } catch (error) {
    return parseDawnAdapterList(error instanceof Error ? error.message : String(error));
  }
}

/** Parses the "Available adapters:" lines of a Dawn error message. */
export function parseDawnAdapterList(message: string): DawnAdapterName[] {
  const found: DawnAdapterName[] = [];
  for (const match of message.matchAll(/\* backend: '([^']*)', name: '([^']*)'/g)) {
    found.push({ backend: match[1] ?? '', name: match[2] ?? '' });
  }
  return found;
}
