import { describe, expect, it } from 'vitest';
import { storageBindingCount } from '../src/index.js';

describe('storageBindingCount', () => {
  it('counts the storage buffers a kernel binds, not its uniform parameter block', () => {
    const bindings = [
      { binding: 0, name: 'params', kind: 'uniform' },
      { binding: 1, name: 'x', kind: 'read-only-storage' },
      { binding: 2, name: 'y', kind: 'storage' },
    ] as const;
    expect(storageBindingCount({ bindings })).toBe(2);
    expect(storageBindingCount({ bindings: bindings.slice(0, 1) })).toBe(0);
  });
});
