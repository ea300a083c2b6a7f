import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CubinCache, cubinCacheDir, cubinCacheKey } from '../src/index.js';

const parts = { kernelName: 'fw_update__min_plus_f32__row_major__t64u4k4c8w16x16__cuda__0123456789ab', arch: 'sm_90a', compiler: 'nvcc 13.0.88', source: 'extern "C" __global__ void k() {}' };

describe('cubinCacheDir', () => {
  it('takes SEMIFORGE_CUDA_CACHE, then XDG_CACHE_HOME, then ~/.cache', () => {
    expect(cubinCacheDir({ SEMIFORGE_CUDA_CACHE: '/scratch/c', XDG_CACHE_HOME: '/x' })).toBe('/scratch/c');
    expect(cubinCacheDir({ XDG_CACHE_HOME: '/x' })).toBe('/x/semiforge/cuda');
    expect(cubinCacheDir({})).toBe(join(homedir(), '.cache', 'semiforge', 'cuda'));
  });
});

describe('cubinCacheKey', () => {
  it('starts with the kernel name and architecture, so a directory listing is readable', () => {
    expect(cubinCacheKey(parts)).toMatch(/^fw_update__min_plus_f32__row_major__t64u4k4c8w16x16__cuda__0123456789ab\.sm_90a\.[0-9a-f]{16}\.cubin$/);
  });

  it('changes with the architecture, the compiler version and the source, and with nothing else', () => {
    const keys = new Set([
      cubinCacheKey(parts),
      cubinCacheKey({ ...parts, arch: 'sm_100a' }),
      cubinCacheKey({ ...parts, compiler: 'nvcc 13.1.0' }),
      cubinCacheKey({ ...parts, source: `${parts.source}\n` }),
    ]);
    expect(keys.size).toBe(4);
    expect(cubinCacheKey({ ...parts })).toBe(cubinCacheKey(parts));
  });
});

describe('CubinCache', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('misses, then returns what was put, from a directory it creates', async () => {
    const root = await mkdtemp(join(tmpdir(), 'cubin-cache-'));
    dirs.push(root);
    const cache = new CubinCache(join(root, 'nested', 'cuda'));
    expect(await cache.get(parts)).toBeUndefined();
    const cubin = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 1, 2, 3]);
    expect(await cache.put(parts, cubin)).toBeUndefined();
    expect(await cache.get(parts)).toEqual(cubin);
    expect(await cache.get({ ...parts, arch: 'sm_80' })).toBeUndefined();
    expect(await readdir(cache.dir)).toEqual([cubinCacheKey(parts)]);
  });

  it('returns, not throws, the error of an unwritable directory', async () => {
    const root = await mkdtemp(join(tmpdir(), 'cubin-cache-'));
    dirs.push(root);
    const file = join(root, 'a-file');
    await writeFile(file, 'not a directory');
    const error = await new CubinCache(join(file, 'cuda')).put(parts, new Uint8Array(4));
    expect(error?.message).toMatch(/ENOTDIR|EEXIST/);
  });
});
