import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  edgeListFromArrays, matrixMarketChunks, readGraphFile, writeEdgeList, writeGraphFile, writeMatrixMarket, writeTextFile,
} from '../src/index.js';
import { sortedArcs } from './helpers/edge-arrays.js';
import { anyComments, anyEdgeList, writerCases } from './helpers/writer-cases.js';

const dir = mkdtempSync(join(tmpdir(), 'graph-io-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileCount = 0;
/** A fresh directory per test, so that a leftover temporary file is seen. */
function freshDir(): string {
  const d = join(dir, `t${fileCount++}`);
  mkdirSync(d);
  return d;
}

describe('writeGraphFile / writeTextFile', () => {
  it('write the string writers’ bytes exactly, plain or gzipped, with chunk boundaries anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(anyEdgeList, anyComments, fc.integer({ min: 1, max: 64 }), fc.boolean(), async (g, comments, chunkBytes, gzip) => {
        const d = freshDir();
        for (const c of writerCases(g, comments)) {
          const path = join(d, `${c.name.replace(/\W+/g, '-')}${c.file?.extension ?? '.co'}${gzip ? '.gz' : ''}`);
          if (c.file === undefined) await writeTextFile(path, c.chunks({ chunkBytes }));
          else await writeGraphFile(path, g, { ...c.file.options, chunkBytes });
          const bytes = readFileSync(path);
          expect((gzip ? gunzipSync(bytes) : bytes).equals(Buffer.from(c.text())), c.name).toBe(true);
        }
        expect(readdirSync(d).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('take the format, the edge-list style and gzip from the name', async () => {
    const d = freshDir();
    const g = edgeListFromArrays(3, [0, 2], [1, 0], [0.5, -2]);
    await writeGraphFile(join(d, 'g.MTX.GZ'), g);
    expect(gunzipSync(readFileSync(join(d, 'g.MTX.GZ'))).toString()).toBe(writeMatrixMarket(g));
    await writeGraphFile(join(d, 'g.wel'), g);
    expect(readFileSync(join(d, 'g.wel'), 'utf8')).toBe(writeEdgeList(g, { style: 'wel' }));
    await writeGraphFile(join(d, 'g.txt'), g, { comments: ['x'], field: 'pattern' }); // options of other formats are ignored
    expect(readFileSync(join(d, 'g.txt'), 'utf8')).toBe(writeEdgeList(g, { comments: ['x'] }));
    await writeGraphFile(join(d, 'g.data'), { ...g, weight: Float64Array.of(4, -2) }, { format: 'dimacs-gr', gzip: true });
    expect(gunzipSync(readFileSync(join(d, 'g.data'))).toString()).toBe('p sp 3 2\na 1 2 4\na 3 1 -2\n');
  });

  it('writes .gz files that readGraphFile reads back to the same graph', async () => {
    const d = freshDir();
    await fc.assert(
      fc.asyncProperty(anyEdgeList, async (g) => {
        const path = join(d, 'g.mtx.gz');
        await writeGraphFile(path, g, { chunkBytes: 7 });
        const back = await readGraphFile(path);
        expect([back.n, back.directed]).toEqual([g.n, g.directed]);
        expect(sortedArcs(back)).toEqual(sortedArcs(g));
      }),
      { numRuns: 40 },
    );
  });

  it('keeps memory at one chunk for a file thousands of chunks long', async () => {
    const m = 250_000;
    const src = Uint32Array.from({ length: m }, (_, k) => (k * 2654435761) % 100_000);
    const dst = Uint32Array.from({ length: m }, (_, k) => (k * 40503) % 100_000);
    const g = edgeListFromArrays(100_000, src, dst, Float64Array.from({ length: m }, (_, k) => Math.fround(k / 9973)));
    const path = join(freshDir(), 'big.mtx');
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    let chunks = 0;
    function* sampled(inner: Iterable<Uint8Array>): Generator<Uint8Array> {
      for (const chunk of inner) {
        if (chunks++ % 16 === 0) peak = Math.max(peak, process.memoryUsage().arrayBuffers);
        yield chunk;
      }
    }
    await writeTextFile(path, sampled(matrixMarketChunks(g, { chunkBytes: 4096 })));
    const written = readFileSync(path);
    expect(written.length).toBeGreaterThan(6e6);
    expect(chunks).toBeGreaterThan(1500);
    // The old writers held the whole text (here > 6 MB) in one growing buffer, then in a string.
    expect(peak - before).toBeLessThan(1 << 20);
    expect(written.toString()).toBe(writeMatrixMarket(g));
  });

  it('replaces an existing file only when the new one is complete', async () => {
    const d = freshDir();
    const path = join(d, 'g.el');
    writeFileSync(path, 'old\n');
    const failing = function* (): Generator<Uint8Array> {
      yield new TextEncoder().encode('0 1\n');
      throw new Error('disk on fire');
    };
    await expect(writeTextFile(path, failing())).rejects.toThrow('disk on fire');
    await expect(writeTextFile(`${path}.gz`, failing())).rejects.toThrow('disk on fire');
    expect(readdirSync(d)).toEqual(['g.el']);
    expect(readFileSync(path, 'utf8')).toBe('old\n');
    await writeGraphFile(path, edgeListFromArrays(2, [0], [1]));
    expect(readFileSync(path, 'utf8')).toBe('0 1\n');
  });

  it('fails a write that fails midway (a full disk) without hanging or leaving a file', () => {
    const d = freshDir();
    const script = join(import.meta.dirname, 'helpers', 'write-past-size-limit.ts');
    const run = spawnSync('bash', ['-c', `ulimit -f 256 && exec node --import tsx --conditions=source ${script} ${d}`], { encoding: 'utf8', timeout: 30_000 });
    expect(run.stdout).toBe('g.txt: EFBIG\ng.txt.gz: EFBIG\nleft: []\n');
  });

  it('writes a chunk past Node’s 2 GiB per-call limit in several calls (a CLI .bin matrix is one chunk)', async () => {
    const d = freshDir();
    const probe = await open(join(d, 'probe'), 'w');
    const handlePrototype = Object.getPrototypeOf(probe) as FileHandle;
    await probe.close();
    // Node refuses a write of more than 2^31 − 1 bytes at once; record the calls instead of writing 2 GiB.
    const lengths: number[] = [];
    const write = vi.spyOn(handlePrototype, 'write').mockImplementation((async (buffer: Uint8Array, _offset: number, length: number) => {
      if (length > 2 ** 31 - 1) throw new RangeError(`The value of "length" is out of range. Received ${length}`);
      lengths.push(length);
      return { bytesWritten: length, buffer };
    }) as unknown as FileHandle['write']);
    try {
      const big = new Uint8Array(2 ** 31 + 5); // never touched: the pages are not committed
      await writeTextFile(join(d, 'big.bin'), [big], { gzip: false });
    } finally {
      write.mockRestore();
    }
    expect(lengths.reduce((a, b) => a + b, 0)).toBe(2 ** 31 + 5);
    expect(Math.max(...lengths)).toBeLessThan(2 ** 31);
  });

  it('leaves Node’s I/O errors as they are and no temporary file behind', async () => {
    const g = edgeListFromArrays(2, [0], [1]);
    await expect(writeGraphFile(join(dir, 'no-such-dir', 'g.mtx'), g)).rejects.toMatchObject({ code: 'ENOENT', syscall: 'open' });
    const d = freshDir();
    mkdirSync(join(d, 'taken.mtx'));
    await expect(writeGraphFile(join(d, 'taken.mtx'), g)).rejects.toMatchObject({ code: 'EISDIR', syscall: 'rename' });
    await expect(writeGraphFile(join(d, 'taken.mtx.gz'), g)).resolves.toBeUndefined();
    expect(readdirSync(d).sort()).toEqual(['taken.mtx', 'taken.mtx.gz']);
  });

  it('refuses a graph or a name before touching the disk', async () => {
    const d = freshDir();
    await expect(writeGraphFile(join(d, 'g.mtx'), edgeListFromArrays(2, [0], [1], [NaN]))).rejects.toThrow('has weight NaN, not finite');
    await expect(writeGraphFile(join(d, 'g.el'), edgeListFromArrays(2, [0], [1], [1]))).rejects.toThrow("style 'el' would drop them");
    await expect(writeGraphFile(join(d, 'g.gr'), edgeListFromArrays(2, [0], [1]))).rejects.toThrow('pass options.patternWeight');
    await expect(writeGraphFile(join(d, 'g.sfg'), edgeListFromArrays(2, [0], [1]))).rejects.toThrow('cannot tell the graph format from the file name');
    await expect(writeGraphFile(join(d, 'g.co'), edgeListFromArrays(2, [0], [1]))).rejects.toThrow('a .co file holds coordinates, not a graph');
    expect(readdirSync(d)).toEqual([]);
  });
});
