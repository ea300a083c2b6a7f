import { describe, expect, it } from 'vitest';
import { deviceSelectEnv, driPrimeTag } from '../src/process/device-select.js';

describe('device-select environment', () => {
  it("turns nvidia-smi's PCI bus id into the layer's DRI_PRIME tag", () => {
    expect(driPrimeTag('00000000:18:00.0')).toBe('pci-0000_18_00_0');
    expect(driPrimeTag('00000001:AB:1F.3')).toBe('pci-0001_ab_1f_3');
    expect(driPrimeTag('0000:2a:00.0')).toBe('pci-0000_2a_00_0');
    expect(deviceSelectEnv('00000000:18:00.0')).toEqual({ DRI_PRIME: 'pci-0000_18_00_0', MESA_VK_DEVICE_SELECT_FORCE_DEFAULT_DEVICE: '1' });
  });

  it('names a bus id it cannot read', () => {
    expect(() => driPrimeTag('GPU-1234')).toThrow(/PCI bus id 'GPU-1234'/);
  });
});
