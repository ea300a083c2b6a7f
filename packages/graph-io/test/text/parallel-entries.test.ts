import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { fastEntries, type FastEntriesRequest } from '../../src/text/fast-entries.js';
import { lineChunks } from '../../src/text/line-chunks.js';
import { parallelFastEntries, stopEntriesWorkers } from '../../src/text/parallel-entries.js';
import { readFileShared } from '../../src/text/read-file-shared.js';

const enc = new TextEncoder();
const dir = mkdtempSync(join(tmpdir(), 'semiforge-text-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await stopEntriesWorkers();
});

/** `lines` entries `i j v` over 1..50, with a comment and a blank line now and then, no final newline. */
function body(lines: number): string {
  const out: string[] = [];
  for (let k = 0; k < lines; k++) {
    if (k % 97 === 0) out.push('% note', '');
    out.push(`${1 + ((k * 7) % 50)}\t${1 + ((k * 13) % 50)} ${(k % 11) - 5}.${k % 1000}e-${k % 4}`);
  }
  return out.join('\n');
}

function request(text: string, expectedCount?: number): FastEntriesRequest {
  const bytes = enc.encode(text);
  return { bytes, start: 0, end: bytes.length, value: 'real', idBase: 1, maxId: 49, commentBytes: [0x25], expectedCount };
}

describe('lineChunks', () => {
  it('cuts at line starts, leaving empty ranges when lines are long', () => {
    const bytes = enc.encode('1 2\n3 4\n5 6\n');
    expect(lineChunks(bytes, 0, 12, 2)).toEqual([0, 8, 12]);
    expect(lineChunks(bytes, 4, 12, 3)).toEqual([4, 8, 12, 12]);
    expect(lineChunks(enc.encode('1 2 3 4 5 6'), 0, 11, 3)).toEqual([0, 11, 11, 11]);
  });
});

describe('parallelFastEntries', () => {
  it.each([1, 2, 3, 5])('gives fastEntries’ columns with %i threads', async (threads) => {
    const req = request(body(2000), 2000);
    const one = fastEntries(req)!;
    const many = await parallelFastEntries(req, { threads });
    expect(many).not.toBeNull();
    expect(many!.count).toBe(2000);
    expect(many!.largestId).toBe(one.largestId);
    expect(Array.from(many!.src)).toEqual(Array.from(one.src));
    expect(Array.from(many!.dst)).toEqual(Array.from(one.dst));
    expect(Array.from(many!.value!)).toEqual(Array.from(one.value!));
  });

  it('returns null when a worker’s chunk is bad or the total differs from expectedCount', async () => {
    expect(await parallelFastEntries(request(`${body(2000)}\n1 x 3\n`), { threads: 2 })).toBeNull();
    expect(await parallelFastEntries(request(body(2000), 1999), { threads: 2 })).toBeNull();
    expect(await parallelFastEntries(request(body(2000), 1e15), { threads: 2 })).toBeNull();
    expect(await parallelFastEntries(request(body(2000)), { threads: 2 })).not.toBeNull();
  });
});

describe('readFileShared', () => {
  it('reads plain and gzip files into shared memory', async () => {
    const text = enc.encode(body(500));
    writeFileSync(join(dir, 'a.mtx'), text);
    writeFileSync(join(dir, 'a.mtx.gz'), gzipSync(text));
    for (const name of ['a.mtx', 'a.mtx.gz']) {
      const bytes = await readFileShared(join(dir, name));
      expect(bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(Buffer.from(bytes).equals(Buffer.from(text))).toBe(true);
    }
  });
});
