import { describe, expect, it } from 'vitest';
import { checkLimit } from './device-limits.js';
import { DeviceLostError, LimitError, NoAdapterError, SemiforgeGpuError, ShaderCompileError } from './errors.js';

describe('typed errors', () => {
  it('LimitError gives the limit, both numbers and a way out', () => {
    const check = () => checkLimit('maxStorageBufferBindingSize', 300, 200, 'storage buffer "dist"', { id: 'k1', name: 'fw' });
    expect(check).toThrow(LimitError);
    expect(check).toThrow('storage buffer "dist" needs 300 for maxStorageBufferBindingSize, but this device allows 200; split the data');
    expect(() => checkLimit('maxBufferSize', 200, 200, 'x')).not.toThrow();
  });

  it('ShaderCompileError quotes each error line', () => {
    const error = new ShaderCompileError(
      'abc123',
      'fw_update',
      [
        { type: 'warning', message: 'unused', line: 1, column: 1 },
        { type: 'error', message: "expected ')'", line: 2, column: 9 },
      ],
      'fn a() {}\nfn main( {\n',
    );
    expect(error).toBeInstanceOf(SemiforgeGpuError);
    expect(error.message).toBe("WGSL of kernel fw_update (id abc123) does not compile:\n  line 2:9: expected ')'\n    fn main( {");
  });

  it('NoAdapterError lists what was seen and what to try', () => {
    const error = new NoAdapterError('h100', ['mesa software llvmpipe'], 'Pass a substring.');
    expect(error.message).toBe('No WebGPU adapter matches "h100"; adapters seen:\n  - mesa software llvmpipe\nPass a substring.');
    expect(new NoAdapterError(undefined, [], 'Install lavapipe.').message).toBe('No WebGPU adapter found (none seen). Install lavapipe.');
  });

  it('DeviceLostError says whether the device was destroyed and during what', () => {
    const error = new DeviceLostError('destroyed', 'Device.destroy() was called', 'read');
    expect(error.name).toBe('DeviceLostError');
    expect(error.message).toMatch(/^GPU device was destroyed \(during read\)/);
  });
});
