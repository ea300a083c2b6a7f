import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeGraphBinary, encodeGraphBinary, readGraphBinary, readGraphFile, writeGraphBinary, type Csr } from '../../src/index.js';
import { SFG_MAGIC } from '../../src/binary/sfg-format.js';
import { csrShape, section, smallCsr } from './sfg-fixtures.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sfg-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const empty = (n: number): Csr => ({ n, indptr: new Uint32Array(n + 1), indices: new Uint32Array(0), weight: null, directed: false, sorted: true });

const CASES: ReadonlyArray<[string, Csr]> = [
  ['pattern', smallCsr('none')],
  ['f32 weights', smallCsr('f32')],
  ['f64 weights', smallCsr('f64')],
  ['f32 weights and ids', smallCsr('f32', true)],
  ['ids without weights', smallCsr('none', true)],
  ['unsorted, undirected flags', { ...smallCsr('f64'), indices: Uint32Array.of(2, 1, 2, 0), sorted: false, directed: false }],
  ['no arcs', empty(5)],
  ['n = 0', empty(0)],
];

describe('.sfg round trips', () => {
  it.each(CASES)('%s: file and memory give back the same CSR', async (name, g) => {
    const path = join(dir, `${name.replace(/\W+/g, '-')}.sfg`);
    await writeGraphBinary(path, g);
    const fromFile = await readGraphBinary(path);
    expect(csrShape(fromFile)).toEqual(csrShape(g));
    const bytes = await encodeGraphBinary(g);
    expect((await stat(path)).size).toBe(bytes.length);
    expect(csrShape(await decodeGraphBinary(bytes))).toEqual(csrShape(g));
  });

  it('starts with the magic and places each section at a multiple of 64', async () => {
    const bytes = await encodeGraphBinary(smallCsr('f64', true));
    expect(bytes.subarray(0, 8)).toEqual(SFG_MAGIC);
    for (let i = 0; i < 4; i++) expect(section(bytes, i).offset % 64).toBe(0);
    expect(section(bytes, 0)).toMatchObject({ offset: 192, bytes: 20 });
    expect(section(bytes, 3).offset + section(bytes, 3).bytes).toBe(bytes.length);
  });

  it('keeps NaN payloads and signed zeros bit for bit', async () => {
    const g = smallCsr('f64');
    const w = g.weight as Float64Array;
    w[0] = -0;
    new DataView(w.buffer).setBigUint64(8, 0x7ff8_0000_dead_beefn, true);
    const back = await decodeGraphBinary(await encodeGraphBinary(g));
    expect(new Uint8Array((back.weight as Float64Array).buffer)).toEqual(new Uint8Array(w.buffer));
  });

  it('reports progress up to the total and leaves no temporary file', async () => {
    const seen: Array<[number, number]> = [];
    const path = join(dir, 'progress.sfg');
    await writeGraphBinary(path, smallCsr(), { onProgress: (d, t) => seen.push([d, t]) });
    await readGraphBinary(path, { onProgress: (d, t) => seen.push([d, t]) });
    expect(seen.at(-1)).toEqual([20 + 16 + 32, 20 + 16 + 32]);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('leaves neither the file nor a temporary one when writing fails', async () => {
    const path = join(dir, 'missing-dir', 'g.sfg');
    await expect(writeGraphBinary(path, smallCsr())).rejects.toThrow(/ENOENT/);
    await expect(writeGraphBinary(join(dir, 'refused.sfg'), { ...smallCsr(), n: 3 })).rejects.toThrow(RangeError);
    expect((await readdir(dir)).filter((f) => f.startsWith('refused') || f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses to write a CSR that a reader would refuse, naming the fault', async () => {
    const bad = { ...smallCsr(), indices: Uint32Array.of(1, 2, 9, 0) };
    await expect(encodeGraphBinary(bad)).rejects.toThrow('indices[2]: vertex 9 (row 1) is not below n = 4');
    await expect(encodeGraphBinary({ ...smallCsr(), indptr: Uint32Array.of(0, 2, 1, 4, 4) })).rejects.toThrow(RangeError);
    await expect(encodeGraphBinary({ ...smallCsr(), ids: Uint32Array.of(1) })).rejects.toThrow('ids has 1 entries but n = 4');
  });
});

describe('FORMAT.md', () => {
  it("matches its worked example: 0 → 1 is 196 bytes with indptr at 128 and indices at 192", async () => {
    const bytes = await encodeGraphBinary({ n: 2, indptr: Uint32Array.of(0, 1, 1), indices: Uint32Array.of(1), weight: null, directed: true, sorted: true });
    expect(bytes.length).toBe(196);
    expect([section(bytes, 0), section(bytes, 1)].map((s) => [s.offset, s.bytes])).toEqual([[128, 12], [192, 4]]);
    expect([...bytes.subarray(12, 24)]).toEqual([3, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0]);
  });
});

describe('readGraphFile', () => {
  it('reads .sfg files as the CSR\'s arcs in row order', async () => {
    const path = join(dir, 'via-read-graph-file.sfg');
    await writeGraphBinary(path, smallCsr('f32', true));
    const edges = await readGraphFile(path);
    expect(edges).toMatchObject({ n: 4, directed: true, src: Uint32Array.of(0, 0, 1, 2), dst: Uint32Array.of(1, 2, 2, 0), ids: Uint32Array.of(40, 10, 30, 20) });
    expect(edges.weight).toEqual(Float32Array.of(2.5, 5, 1, 0.25));
  });
});
