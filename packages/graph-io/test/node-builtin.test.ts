import { afterEach, describe, expect, it } from 'vitest';
import { nodeBuiltin } from '../src/node-builtin.js';
import { readGraphFile } from '../src/index.js';

describe('nodeBuiltin', () => {
  const get = process.getBuiltinModule;
  afterEach(() => {
    process.getBuiltinModule = get;
  });

  it("gives Node's own module", async () => {
    expect(nodeBuiltin('node:zlib', 'test').crc32).toBe((await import('node:zlib')).crc32);
  });

  it('names the function and what to use instead where there is no Node (a browser)', async () => {
    // A browser has no process.getBuiltinModule: graph-io's file functions must say so, not fail deep inside.
    process.getBuiltinModule = undefined as unknown as typeof get;
    expect(() => nodeBuiltin('node:fs/promises', 'readGraphFile')).toThrow(/readGraphFile needs Node\.js ≥ 20\.16 \(node:fs\/promises\); in a browser, fetch the file and pass its text or bytes to parseGraph/);
    await expect(readGraphFile('g.mtx')).rejects.toThrow(/readGraphFile needs Node\.js/);
  });
});
