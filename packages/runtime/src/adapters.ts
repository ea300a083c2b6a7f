import { adapterMatches, adapterSummary, describeAdapter, type AdapterDescription } from './adapter-info.js';
import { dawnAdapterFlag, dawnAdapterNames, dawnGpu, isNode, type DawnAdapterName } from './dawn.js';
import { NoAdapterError } from './errors.js';
import { platformGpu } from './gpu-source.js';

/** How to choose an adapter. */
export interface AdapterOptions {
  /**
   * Case-insensitive substring of the adapter's vendor, architecture, device or description (in Node also
   * Dawn's native device name). Defaults to the environment variable `SEMIFORGE_ADAPTER`.
   */
  adapter?: string;
  powerPreference?: GPUPowerPreference;
  /** Extra Dawn instance flags in Node, e.g. `['backend=vulkan']`; ignored in browsers. */
  dawnFlags?: readonly string[];
}

/** An adapter chosen by {@link selectAdapter}. */
export interface SelectedAdapter {
  adapter: GPUAdapter;
  description: AdapterDescription;
}

const POWER_PREFERENCES: readonly GPUPowerPreference[] = ['high-performance', 'low-power'];

/**
 * Every adapter this process can open: those `requestAdapter` returns for each power preference and, in Node,
 * each adapter in Dawn's own list reached by name. Identical adapters appear once.
 *
 * @example
 * ```ts
 * for (const a of await listAdapters()) console.log(a.vendor, a.device, a.limits.maxStorageBufferBindingSize);
 * ```
 */
export async function listAdapters(options: Pick<AdapterOptions, 'dawnFlags'> = {}): Promise<AdapterDescription[]> {
  const flags = options.dawnFlags ?? [];
  const source = await platformGpu(flags);
  if (source === undefined) return [];
  const found = new Map<string, AdapterDescription>();
  const add = (adapter: GPUAdapter | null, backend?: string): void => {
    if (adapter === null) return;
    const description = describeAdapter(adapter, backend);
    const key = identity(description);
    const known = found.get(key);
    if (known === undefined) found.set(key, description);
    else if (known.backend === undefined && backend !== undefined) known.backend = backend;
  };
  for (const powerPreference of POWER_PREFERENCES) add(await requestAdapter(source.gpu, { powerPreference }));
  if (source.kind === 'dawn') {
    for (const named of await dawnAdapterNames(flags)) {
      add(await requestAdapter(await dawnGpu([...flags, dawnAdapterFlag(named.name)])), named.backend);
    }
  }
  return [...found.values()];
}

/**
 * The adapter to open: the first that matches `options.adapter` (or `SEMIFORGE_ADAPTER`), else the one the
 * platform prefers. Throws {@link NoAdapterError} listing what was seen when there is none.
 */
export async function selectAdapter(options: AdapterOptions = {}): Promise<SelectedAdapter> {
  const flags = options.dawnFlags ?? [];
  const filter = adapterFilter(options.adapter);
  const source = await platformGpu(flags);
  if (source === undefined) throw new NoAdapterError(filter, [], noWebGpuHint());
  const preferences = options.powerPreference === undefined ? POWER_PREFERENCES : [options.powerPreference, ...POWER_PREFERENCES];
  const seen: AdapterDescription[] = [];
  for (const powerPreference of preferences) {
    const adapter = await requestAdapter(source.gpu, { powerPreference });
    if (adapter === null) continue;
    const description = describeAdapter(adapter);
    if (filter === undefined || adapterMatches(description, filter)) return { adapter, description };
    seen.push(description);
  }
  let dawnNames: DawnAdapterName[] = [];
  if (source.kind === 'dawn' && filter !== undefined) {
    const adapter = await requestAdapter(await dawnGpu([...flags, dawnAdapterFlag(filter)]));
    if (adapter !== null) return { adapter, description: describeAdapter(adapter) };
    dawnNames = await dawnAdapterNames(flags);
  }
  const lines = new Set([
    ...seen.map(adapterSummary),
    ...dawnNames.map((named) => `${named.name} [${named.backend}] (Dawn's native name)`),
  ]);
  const hint =
    filter === undefined
      ? noAdapterHint()
      : 'Pass a substring of one of these names as `adapter` (or SEMIFORGE_ADAPTER), or leave it unset for the default adapter.';
  throw new NoAdapterError(filter, [...lines], hint);
}

/** The adapter filter from the option or `SEMIFORGE_ADAPTER`; empty means none. */
export function adapterFilter(option: string | undefined): string | undefined {
  const fromEnv = typeof process === 'undefined' ? undefined : process.env?.SEMIFORGE_ADAPTER;
  const filter = option ?? fromEnv;
  return filter === undefined || filter.trim() === '' ? undefined : filter.trim();
}

// Dawn rejects (rather than resolving null) when its `adapter=` flag matches nothing.
async function requestAdapter(gpu: GPU, options?: GPURequestAdapterOptions): Promise<GPUAdapter | null> {
  try {
    return await gpu.requestAdapter(options);
  } catch {
    return null;
  }
}

function identity(description: AdapterDescription): string {
  return [description.vendor, description.architecture, description.device, description.description].join('\u0000');
}

function noWebGpuHint(): string {
  return 'This JavaScript environment has no WebGPU: use Node 20+ with the npm package `webgpu`, or a browser with WebGPU enabled.';
}

function noAdapterHint(): string {
  if (!isNode()) return 'Enable WebGPU in this browser (chrome://gpu shows why it is off), or try another browser.';
  if (process.platform === 'linux') {
    return (
      'On Linux without a GPU, install Mesa lavapipe (CPU Vulkan) from bookworm-backports with ' +
      'scripts/install-lavapipe.sh (bookworm\'s own Mesa 22.3 is too old for Dawn); with a GPU, check its Vulkan ' +
      'driver with `vulkaninfo --summary`.'
    );
  }
  return 'Check that the GPU driver is installed and supports Vulkan, Metal or Direct3D 12.';
}
