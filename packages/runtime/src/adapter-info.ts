/** What the runtime reports about an adapter: the fields `semiforge devices` prints and benchmarks record. */
export interface AdapterDescription {
  vendor: string;
  architecture: string;
  device: string;
  description: string;
  /** True for software adapters such as Mesa lavapipe. */
  isFallbackAdapter: boolean;
  /** Subgroup sizes, when the adapter has `subgroups`. */
  subgroupMinSize?: number;
  subgroupMaxSize?: number;
  /** Native backend (`vulkan`, `metal`, `d3d12`...) where Dawn says it; undefined otherwise. */
  backend?: string;
  features: string[];
  limits: Record<string, number>;
}

/** Every numeric limit of a `GPUSupportedLimits`, as a plain object (the object itself has only getters). */
export function limitsRecord(limits: GPUSupportedLimits): Record<string, number> {
  const record: Record<string, number> = {};
  // The limits are prototype getters: for..in sees them where Object.keys does not.
  for (const key in limits) {
    const value = (limits as unknown as Record<string, unknown>)[key];
    if (typeof value === 'number') record[key] = value;
  }
  return record;
}

/** The description of an adapter, limits and features included. */
export function describeAdapter(adapter: GPUAdapter, backend?: string): AdapterDescription {
  const info = adapter.info;
  return {
    vendor: info.vendor,
    architecture: info.architecture,
    device: info.device,
    description: info.description,
    isFallbackAdapter: info.isFallbackAdapter ?? false,
    ...(info.subgroupMinSize === undefined ? {} : { subgroupMinSize: info.subgroupMinSize }),
    ...(info.subgroupMaxSize === undefined ? {} : { subgroupMaxSize: info.subgroupMaxSize }),
    ...(backend === undefined ? {} : { backend }),
    features: [...adapter.features].sort(),
    limits: limitsRecord(adapter.limits),
  };
}

/** True when `filter` is a case-insensitive substring of the vendor, architecture, device or description. */
export function adapterMatches(adapter: Pick<AdapterDescription, 'vendor' | 'architecture' | 'device' | 'description'>, filter: string): boolean {
  const needle = filter.toLowerCase();
  return [adapter.vendor, adapter.architecture, adapter.device, adapter.description].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** One line naming an adapter, e.g. `mesa software llvmpipe-llvm-15-0-6-256-bits- (llvmpipe: Mesa 25.0.7) [fallback]`. */
export function adapterSummary(adapter: Omit<AdapterDescription, 'features' | 'limits'>): string {
  const names = [adapter.vendor, adapter.architecture, adapter.device].filter((part) => part !== '').join(' ');
  const description = adapter.description === '' ? '' : ` (${adapter.description})`;
  const backend = adapter.backend === undefined ? '' : ` [${adapter.backend}]`;
  const fallback = adapter.isFallbackAdapter ? ' [fallback]' : '';
  return `${names || 'unnamed adapter'}${description}${backend}${fallback}`;
}
