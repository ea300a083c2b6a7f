import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { GraphParseError, graphFileKind, parseGraph, readGraphFile } from '../src/index.js';
import { arcs } from './helpers/edge-arrays.js';
import { HAS_SHARED_DATA, SHARED_DATA_SKIP_REASON, dataPath } from './helpers/shared-data.js';

const dir = mkdtempSync(join(tmpdir(), 'graph-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const GR = 'p sp 2 1\na 1 2 9\n';

describe('graphFileKind', () => {
  it.each([
    ['a.gr', 'dimacs-gr', false],
    ['dir.x/A.GR.GZ', 'dimacs-gr', true],
    ['m.mtx', 'matrix-market', false],
    ['m.mtx.gz', 'matrix-market', true],
    ['e.txt', 'edge-list', false],
    ['e.el', 'edge-list', false],
    ['e.wel.gz', 'edge-list', true],
    ['noext', undefined, false],
    ['dir.gr/noext', undefined, false],
    ['x.gz', undefined, true],
  ])('%s', (path, format, gzip) => {
    expect(graphFileKind(path)).toEqual({ format, gzip });
  });
});

describe('readGraphFile', () => {
  it('picks the reader by extension', async () => {
    expect(arcs(await readGraphFile(file('g.gr', GR)))).toEqual([[0, 1, 9]]);
    expect(arcs(await readGraphFile(file('g.mtx', '%%MatrixMarket matrix coordinate real general\n2 2 1\n2 1 4\n')))).toEqual([[1, 0, 4]]);
    expect(arcs(await readGraphFile(file('g.el', '0 1\n')))).toEqual([[0, 1, null]]);
  });

  it('gunzips .gz files and gzip content under any name', async () => {
    expect(arcs(await readGraphFile(file('g.gr.gz', gzipSync(GR))))).toEqual([[0, 1, 9]]);
    expect(arcs(await readGraphFile(file('hidden.gr', gzipSync(GR))))).toEqual([[0, 1, 9]]);
  });

  it('passes edge-list options and an explicit format', async () => {
    const g = await readGraphFile(file('u.dat', '0 1\n'), { format: 'edge-list', directed: false, n: 4 });
    expect([g.n, g.src.length, g.directed]).toEqual([4, 2, false]);
  });

  it('names the path in parse errors', async () => {
    const path = file('bad.gr', 'p sp 2 1\na 1 3 9\n');
    await expect(readGraphFile(path)).rejects.toThrow(`${path}:2:5: arc head 3 out of range 1..2 (p sp 2 1)`);
  });

  it('refuses unknown extensions and corrupt gzip with a GraphParseError', async () => {
    await expect(readGraphFile(file('g.csv', '0,1\n'))).rejects.toThrow(/cannot tell the graph format from the file name/);
    const corrupt = gzipSync(GR).subarray(0, 12);
    const error = await readGraphFile(file('c.gr.gz', corrupt)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphParseError);
    expect((error as Error).message).toMatch(/c\.gr\.gz: gzip data could not be decompressed \(/);
  });

  it('leaves I/O errors as they are', async () => {
    await expect(readGraphFile(join(dir, 'missing.gr'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('parseGraph', () => {
  it('dispatches on the format', () => {
    expect(parseGraph(GR, 'dimacs-gr').n).toBe(2);
    expect(parseGraph('0 5\n', 'edge-list').n).toBe(6);
  });
});

describe.skipIf(!HAS_SHARED_DATA)(`readGraphFile on shared data (${HAS_SHARED_DATA ? 'present' : SHARED_DATA_SKIP_REASON})`, () => {
  it.each([
    ['lagraph/karate.mtx', 34, 156],
    ['lagraph/west0067.mtx', 67, 294],
    ['snap/p2p-Gnutella08.txt', 6301, 20777],
  ])('%s', async (name, n, m) => {
    const g = await readGraphFile(dataPath(name));
    expect([g.n, g.src.length]).toEqual([n, m]);
  });
});
