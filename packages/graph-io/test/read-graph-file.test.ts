import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { GraphParseError, graphFileKind, parseGraph, readGraphFile, readStreamFile, writeEdgeList, writeMatrixMarket, type GraphFormat } from '../src/index.js';
import { arcs, sameArcsInAnyOrder } from './helpers/edge-arrays.js';
import { HAS_SHARED_DATA, SHARED_DATA_SKIP_REASON, dataPath } from './helpers/shared-data.js';

const dir = mkdtempSync(join(tmpdir(), 'graph-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** A named pipe in the test folder (`mkfifo`). */
function fifo(name: string): string {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
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
    ['USA-road-d.NY.co.gz', 'dimacs-co', true],
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

  it('refuses a .co file: coordinates, not a graph', async () => {
    await expect(readGraphFile(file('g.co', 'p aux sp co 1\nv 1 0 0\n'))).rejects.toThrow(/g\.co: a DIMACS \.co file holds vertex coordinates, not a graph; read it with readDimacsCo/);
  });

  it('passes reader options through', async () => {
    const g = await readGraphFile(file('d.mtx', '%%MatrixMarket matrix coordinate integer general\n2 2 2\n1 2 3\n1 2 4\n'), { duplicates: 'min' });
    expect(arcs(g)).toEqual([[0, 1, 3]]);
    expect((await readGraphFile(file('s.el', '10 20\n'), { ids: 'compact' })).ids).toEqual(Uint32Array.of(10, 20));
  });

  it('leaves I/O errors as they are', async () => {
    await expect(readGraphFile(join(dir, 'missing.gr'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('names a directory given as the file (Node leaves the path out of a failed read)', async () => {
    for (const name of ['folder.mtx', 'folder.sfg']) {
      const path = join(dir, name);
      mkdirSync(path);
      for (const threads of name.endsWith('.sfg') ? [undefined] : [1, 2]) {
        const error = await readGraphFile(path, { threads }).catch((e: unknown) => e);
        expect(error).toMatchObject({ code: 'EISDIR', syscall: 'read', path });
        expect((error as Error).message).toBe(`EISDIR: illegal operation on a directory, read '${path}'`);
      }
    }
  });

  it('reads a pipe to its end, gzip included', async () => {
    for (const [name, content] of [['pipe.el', '0 1\n1 2\n'], ['pipe.el.gz', gzipSync('0 1\n1 2\n')]] as const) {
      const path = fifo(name);
      const writing = new Promise<void>((done, fail) => createWriteStream(path).end(content, done).on('error', fail));
      const g = await readGraphFile(path);
      await writing;
      expect([...g.src]).toEqual([0, 1]);
      expect([...g.dst]).toEqual([1, 2]);
    }
  });

  it('stops at the first NUL byte of a device or pipe (/dev/zero read forever before), naming line and column', async () => {
    const error = await readGraphFile('/dev/zero', { format: 'edge-list' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphParseError);
    expect((error as Error).message).toBe('/dev/zero:1:1: a NUL byte (byte 0 of the stream): not a text graph file, whose formats hold none');
    const path = fifo('nul.el');
    const writing = new Promise<void>((done, fail) => createWriteStream(path).end('0 1\n1 2\n3\u00004\n', done).on('error', fail));
    await expect(readGraphFile(path)).rejects.toThrow(`${path}:3:2: a NUL byte (byte 9 of the stream)`);
    await writing;
  });

  it('gives a pipe\'s bytes exactly, whatever the sizes of the writes that fed it', async () => {
    const path = fifo('small-writes.el');
    const body = Array.from({ length: 300_000 }, (_, i) => `${i % 1000} ${(i * 7) % 1000}\n`).join(''); // ~2.4 MB
    const writing = (async () => {
      const out = createWriteStream(path, { highWaterMark: 4096 });
      for (let at = 0; at < body.length; at += 3000) if (!out.write(body.slice(at, at + 3000))) await new Promise<void>((go) => out.once('drain', () => go()));
      await new Promise<void>((done) => out.end(done));
    })();
    const bytes = await readStreamFile(path);
    await writing;
    expect(Buffer.from(bytes).toString()).toBe(body);
  });

  it('counts lines and columns across its 1 MiB blocks', async () => {
    const path = fifo('late-nul.el');
    const lines = 400_000; // 1.6 MB of '0 1\n' before the NUL
    const writing = new Promise<void>((done) => createWriteStream(path).end(`${'0 1\n'.repeat(lines)}22\u00003\n`, done).on('error', () => done()));
    await expect(readGraphFile(path)).rejects.toThrow(`${path}:${lines + 1}:3: a NUL byte (byte ${4 * lines + 2} of the stream)`);
    await writing;
  });

  it('caps what it reads from a stream, naming the limit', async () => {
    await expect(readStreamFile('/dev/urandom', 1 << 20)).rejects.toThrow(/NUL byte|more than 1048576 bytes/);
    const path = fifo('endless.el');
    const body = '0 1\n'.repeat(1 << 19);
    const writing = new Promise<void>((done) => createWriteStream(path).end(body, done).on('error', () => done()));
    await expect(readStreamFile(path, 1 << 20)).rejects.toThrow(`${path}: more than 1048576 bytes from a file that is not a regular file (a pipe or a device): the limit of one read; save it to a file first`);
    await writing;
  });
});

describe('parseGraph', () => {
  it('dispatches on the format', () => {
    expect(parseGraph(GR, 'dimacs-gr').n).toBe(2);
    expect(parseGraph('0 5\n', 'edge-list', { ids: 'zero-based' }).n).toBe(6);
    expect(parseGraph('%%MatrixMarket matrix coordinate real general\n1 1 2\n1 1 2\n1 1 3\n', 'matrix-market', { duplicates: 'sum' }).weight).toEqual(Float64Array.of(5));
  });

  it('refuses options that do not apply to the format', () => {
    expect(() => parseGraph('0 1\n', 'edge-list', { duplicates: 'sum' })).toThrow('options.duplicates applies to Matrix Market files only, not edge-list');
  });

  it('refuses a format it does not know with a RangeError naming it, not a TypeError from inside', () => {
    expect(() => parseGraph('0 1\n', 'xml' as GraphFormat)).toThrow(new RangeError('format = "xml" (expected dimacs-gr, matrix-market or edge-list)'));
    expect(() => parseGraph('p aux sp co 1\nv 1 0 0\n', 'dimacs-co' as GraphFormat)).toThrow(/dimacs-co holds vertex coordinates, not a graph; read it with readDimacsCo/);
  });
});

describe.skipIf(!HAS_SHARED_DATA)(`readGraphFile on shared data (${HAS_SHARED_DATA ? 'present' : SHARED_DATA_SKIP_REASON})`, () => {
  // Every file in shared/data, with the counts PROVENANCE.md gives; none has sparse ids, so 'auto' reads them 0-based.
  it.each([
    ['lagraph/karate.mtx', 34, 156, false],
    ['lagraph/west0067.mtx', 67, 294, true],
    ['lagraph/jagmesh7.mtx', 1138, 7450, false],
    ['lagraph/bcsstk13.mtx', 2003, 83883, false],
    ['lagraph/test_FW_1000.mtx', 1000, 3996, true],
    ['snap/p2p-Gnutella08.txt', 6301, 20777, true],
    ['snap/email-Eu-core.txt', 1005, 25571, true],
    ['snap/facebook_combined.txt', 4039, 88234, true],
  ] as const)('%s', async (name, n, m, directed) => {
    const g = await readGraphFile(dataPath(name));
    expect([g.n, g.src.length, g.directed, g.ids]).toEqual([n, m, directed, undefined]);
  });

  it.each([
    ['lagraph/bcsstk13.mtx', {}],
    ['lagraph/west0067.mtx', {}],
    ['snap/facebook_combined.txt', { directed: false }],
  ] as const)('%s: our writers give every arc back', async (name, options) => {
    const g = await readGraphFile(dataPath(name), options);
    expect(sameArcsInAnyOrder(parseGraph(writeMatrixMarket(g), 'matrix-market'), g)).toBe(true);
    expect(sameArcsInAnyOrder(parseGraph(writeEdgeList(g), 'edge-list', { directed: g.directed }), g)).toBe(true);
  });
});

describe('readGraphFile with worker threads', () => {
  const lines = (count: number, weighted: boolean): string =>
    Array.from({ length: count }, (_, k) => `${(k * 7919) % 500} ${(k * 104729) % 500}${weighted ? ` ${(k % 13) / 4}` : ''}`).join('\n');

  it.each([
    ['g.mtx', `%%MatrixMarket matrix coordinate real symmetric\n% c\n500 500 3000\n${lines(3000, true).replace(/^(\d+) (\d+)/gm, (_, a: string, b: string) => `${Math.max(+a, +b) + 1} ${Math.min(+a, +b) + 1}`)}\n`],
    ['g.txt', `# Nodes: 500 Edges: 3000\n${lines(3000, false)}\n`],
    ['g.wel', `${lines(3000, true)}`],
  ])('%s gives the same graph on 1 and 3 threads', async (name, text) => {
    const path = file(`threads-${name}`, text);
    const one = await readGraphFile(path, { threads: 1 });
    const three = await readGraphFile(path, { threads: 3 });
    expect(three).toEqual(one);
    expect(one.src.length).toBeGreaterThanOrEqual(3000);
  });

  it('names the exact line of an error found in a worker chunk', async () => {
    const body = lines(3000, false).split('\n');
    body[2500] = '17 x9';
    const path = file('threads-bad.txt', `${body.join('\n')}\n`);
    await expect(readGraphFile(path, { threads: 3 })).rejects.toThrow(`${path}:2501:4: head id 'x9' is not a non-negative integer`);
  });

  it('refuses a thread count that is not a positive integer', async () => {
    await expect(readGraphFile(file('t.gr', GR), { threads: 0 })).rejects.toThrow(RangeError);
  });
});
