import { describe, expect, it } from 'vitest';
import { ResidentStore } from '../src/resident-store.js';

describe('ResidentStore', () => {
  it('frees a deleted entry only when the last task pinning it lets go', () => {
    const store = new ResidentStore();
    const freed: string[] = [];
    const a = store.put('a', { name: 'a' }, 100, (v) => freed.push(v.name));
    store.pin('a');
    store.pin('a');
    store.delete('a');
    expect(store.get('a')).toBeUndefined();
    expect(store.bytes).toBe(100);
    store.unpin('a', a);
    expect(freed).toEqual([]);
    store.unpin('a', a);
    expect(freed).toEqual(['a']);
    expect(store.bytes).toBe(0);
  });

  it('replaces a key, keeps the pins of the old value apart, and names a missing key', () => {
    const store = new ResidentStore();
    const freed: number[] = [];
    const old = store.put('k', 1, 8, (v) => freed.push(v));
    store.pin('k');
    store.put('k', 2, 8, (v) => freed.push(v));
    expect(store.get('k')).toBe(2);
    store.unpin('k', old);
    expect(freed).toEqual([1]);
    store.deletePrefix('k');
    expect(freed).toEqual([1, 2]);
    expect(() => store.require('k')).toThrow(/resident data 'k' is not on this device/);
  });
});
