// Exits 0 when Dawn (the `webgpu` package) finds a WebGPU adapter, 1 otherwise; prints what it found.
import { create } from 'webgpu';

const gpu = create([]);
const adapter = await gpu.requestAdapter().catch(() => null);
if (!adapter) {
  console.error('probe-adapter: no WebGPU adapter found');
  process.exit(1);
}
const { vendor, architecture, description } = adapter.info;
console.error(`probe-adapter: ${[vendor, architecture, description].filter(Boolean).join(' ')}`);
process.exit(0);
