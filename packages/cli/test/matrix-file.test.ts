import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatF32 } from '../src/output/format.js';
import { BIN_HEADER_BYTES, checkMatrixSize, matrixFormat, writeMatrix } from '../src/output/matrix-file.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'semiforge-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const f32 = Float32Array.from([0, 0.1, Infinity, -2.5]);
const i32 = Int32Array.from([0, 7, 2147483647, -3]);

describe('matrix files', () => {
  it('writes .bin as a 16-byte header and little-endian elements', async () => {
    const path = join(dir, 'd.bin');
    await writeMatrix(path, 'bin', f32, 2, { type: 'f32', semiring: 'min-plus' });
    const bytes = await readFile(path);
    expect(bytes.length).toBe(BIN_HEADER_BYTES + 16);
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('SFDM');
    expect(bytes.readUInt32LE(4)).toBe(1);
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('f32\0');
    expect(bytes.readUInt32LE(12)).toBe(2);
    const values = [0, 1, 2, 3].map((i) => bytes.readFloatLE(BIN_HEADER_BYTES + 4 * i));
    expect(values).toEqual([0, Math.fround(0.1), Infinity, -2.5]);
  });

  it('writes .json with null for infinity', async () => {
    const path = join(dir, 'd.json');
    await writeMatrix(path, 'json', i32, 2, { type: 'i32', semiring: 'min-plus' });
    const doc = JSON.parse(await readFile(path, 'utf8'));
    expect(doc).toEqual({ format: 'semiforge-matrix', version: 1, n: 2, type: 'i32', semiring: 'min-plus', dist: [[0, 7], [null, -3]] });
  });

  it('writes .csv with the shortest float32 text and inf', async () => {
    const path = join(dir, 'd.csv');
    await writeMatrix(path, 'csv', f32, 2, { type: 'f32', semiring: 'min-plus' });
    expect(await readFile(path, 'utf8')).toBe('0,0.1\ninf,-2.5\n');
  });

  it('picks the format by extension and refuses text for large n', () => {
    expect(matrixFormat('x/D.BIN')).toBe('bin');
    expect(() => matrixFormat('d.txt')).toThrow('--out d.txt: unknown extension; use .bin');
    expect(() => checkMatrixSize('d.csv', 'csv', 5000)).toThrow('n = 5000 is too large for .csv (at most 4096); write .bin instead');
    expect(() => checkMatrixSize('d.bin', 'bin', 5000)).not.toThrow();
  });

  it('formats float32 values as the shortest text that reads back', () => {
    expect(formatF32(Math.fround(0.1))).toBe('0.1');
    expect(formatF32(Math.fround(1 / 3))).toBe('0.33333334');
    expect(formatF32(12)).toBe('12');
  });
});

describe('writeMatrix failures', () => {
  it('a failed write leaves the existing file as it was, and names the path', async () => {
    const path = join(dir, 'keep.csv');
    await writeFile(path, 'earlier result\n');
    // A read that fails midway through the rows, as a full disk would midway through the file.
    const failing = new Proxy(Float32Array.from([0, 1, 2, 3]), {
      get: (target, key) => {
        if (key === '3') throw new Error('stopped midway');
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(writeMatrix(path, 'csv', failing, 2, { type: 'f32', semiring: 'min-plus' })).rejects.toThrow('stopped midway');
    expect(await readFile(path, 'utf8')).toBe('earlier result\n');
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('an I/O error says write, not read, and names the path', async () => {
    const path = join(dir, 'no-such-dir', 'd.bin');
    await expect(writeMatrix(path, 'bin', f32, 2, { type: 'f32', semiring: 'min-plus' })).rejects.toThrow(`cannot write '${path}': no such file or directory`);
  });
});
