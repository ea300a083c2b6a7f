// I/O suite: read throughput (MB/s) of Matrix Market coordinate text and SNAP-style edge lists, on generated
// files of the asked sizes: the strict loop, the public readers (fast path) on one thread, the body and
// readGraphFile on worker threads, d3-dsv as the npm peer, the binary format, and the file read itself as the limit. Every reader's columns must equal
// the strict reader's (count and checksums) or the run fails. Writes results/io-<cpu>-<date>.json.
//   tsx --conditions=source benchmarks/io/run.ts [--sizes 100,1000] [--runs 3] [--threads 2] [--small] [--dir DIR] [--out DIR]
// --small: 4 MB files, results under --dir, for a quick check.
import { existsSync, mkdirSync, readFileSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suiteArgs } from '../lib/suite-args.js';
import { readFileShared, readGraphBinary, stopEntriesWorkers } from '@semiforge/graph-io';
import { summarize, writeResults, type BenchResult } from '../lib/results.js';
import { cpuContext, CPU_DEVICE } from '../lib/cpu-context.js';
import { binaryCase, sameCsr } from './binary-case.js';
import { fingerprint, sameFingerprint } from './checksum.js';
import { textReaders, type Columns } from './readers.js';
import { writeTextFile, type TextFile, type TextFormat } from './text-files.js';

const args = suiteArgs({
  options: {
    sizes: { type: 'string', default: '100,1000' },
    small: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    threads: { type: 'string', default: '2' },
    seed: { type: 'string', default: '1' },
    dir: { type: 'string', default: join(tmpdir(), 'semiforge-io') },
    out: { type: 'string', multiple: true },
  },
});

const MB = 1e6;
/** Vertices of the generated graphs: 2^22, so ids run to 7 digits as in mid-sized SuiteSparse / SNAP graphs (2^16 for --small). */
const VERTICES = args.small ? 1 << 16 : 1 << 22;
const FORMATS: readonly TextFormat[] = ['matrix-market', 'edge-list'];
const sizes = args.small ? [4] : args.sizes.split(',').map(Number);
const runs = Number(args.runs);
const threads = Number(args.threads);
const device = CPU_DEVICE;

/** One warm-up, then `runs` timed calls; the last result is kept for validation. */
async function timeRuns<T>(fn: () => Promise<T>): Promise<{ times: number[]; last: T }> {
  let last = await fn();
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t = performance.now();
    last = await fn();
    times.push(performance.now() - t);
  }
  return { times, last };
}

/** The generated file for `format` and `size` MB, reused when an earlier run left it (same seed, same code). */
function textFile(format: TextFormat, size: number): TextFile {
  const path = join(args.dir, `${format}-${size}MB-seed${args.seed}.${format === 'matrix-market' ? 'mtx' : 'txt'}`);
  const meta = `${path}.json`;
  if (existsSync(path) && existsSync(meta)) return JSON.parse(readFileSync(meta, 'utf8')) as TextFile;
  const t = performance.now();
  const file = writeTextFile(path, format, size * MB, VERTICES, Number(args.seed));
  writeFileSync(meta, JSON.stringify(file));
  console.error(`generated ${path} (${(file.bytes / MB).toFixed(0)} MB, ${file.entries} lines) in ${((performance.now() - t) / 1e3).toFixed(1)} s`);
  return file;
}

function checkDisk(): void {
  mkdirSync(args.dir, { recursive: true });
  const need = sizes.reduce((s, x) => s + x, 0) * MB * 2.5;
  const fs = statfsSync(args.dir);
  const free = fs.bavail * fs.bsize;
  if (free < need) throw new Error(`${args.dir} has ${(free / 1e9).toFixed(1)} GB free, the files need ${(need / 1e9).toFixed(1)} GB: pass --dir or smaller --sizes`);
}

/** A result in MB/s against the file-read limit of the same run. */
function mbpsResult(r: {
  case: string;
  params: BenchResult['params'];
  value: number;
  time: BenchResult['time_ms'];
  limit: { name: string; value: number };
  validated: boolean;
  validation: string;
}): BenchResult {
  const { time, ...rest } = r;
  return { ...rest, metric: 'MBps', unit: 'MB/s', time_ms: time, ratio_to_limit: r.value / r.limit.value };
}

function mbps(bytes: number, ms: number): number {
  return bytes / MB / (ms / 1e3);
}

function log(name: string, value: number, time: BenchResult['time_ms'], note = ''): void {
  console.error(`  ${name.padEnd(78)} ${value.toFixed(0).padStart(6)} MB/s  (median ${time.median.toFixed(0)} ms of ${time.runs}, ${time.min.toFixed(0)}–${time.max.toFixed(0)})${note}`);
}

checkDisk();
console.error(`io suite on ${device}; sizes ${sizes.join(', ')} MB, ${runs} runs after a warm-up, ${threads} threads`);
const results: BenchResult[] = [];
for (const size of sizes) {
  for (const format of FORMATS) {
    const file = textFile(format, size);
    const label = `${format === 'matrix-market' ? 'Matrix Market coordinate real general' : 'edge list (SNAP style, tab)'} ${size} MB`;
    console.error(`${label}: ${file.path}`);
    const plain = readFileSync(file.path);
    const shared = await readFileShared(file.path);
    const params = { format, size_mb: size, n: file.n, entries: file.entries, metric: 'MBps', backend: 'cpu' };

    const disk = await timeRuns(() => readFileShared(file.path));
    const diskTime = summarize(disk.times);
    const limit = { name: 'reading the file into a SharedArrayBuffer (page cache), same run', value: mbps(file.bytes, diskTime.median) };
    log('file read (limit)', limit.value, diskTime);

    const timed: { reader: ReturnType<typeof textReaders>[number]; time: BenchResult['time_ms']; ok: boolean }[] = [];
    let reference: ReturnType<typeof fingerprint> | null = null;
    let strict: Columns | null = null;
    for (const reader of textReaders(threads)) {
      const { times, last } = await timeRuns(() => reader.read(file, plain, shared));
      const print = fingerprint(last.src, last.dst, last.value, last.count);
      reference ??= print;
      strict ??= last;
      const time = summarize(times);
      const ok = sameFingerprint(print, reference) && print.count === file.entries;
      timed.push({ reader, time, ok });
      log(reader.name, mbps(file.bytes, time.median), time, ok ? '' : '  INVALID: columns differ from the strict reader');
    }
    const peer = timed.find((t) => t.reader.method === 'peer')!;
    const peerRate = mbps(file.bytes, peer.time.median);
    for (const { reader, time, ok } of timed) {
      const value = mbps(file.bytes, time.median);
      const result = mbpsResult({
        case: `${reader.name}: ${label}${reader.threads > 1 ? ` (${(value / reader.threads).toFixed(0)} MB/s per thread)` : ''}`,
        params: { ...params, method: reader.method, threads: reader.threads, from_disk: reader.fromDisk, per_thread_MBps: value / reader.threads },
        value,
        time,
        limit,
        validated: ok,
        validation: `${file.entries} entries; count and FNV-1a checksums of src, dst and value bits equal to the strict reader's`,
      });
      if (reader.method !== 'peer') Object.assign(result, { peer: { name: 'd3-dsv 3.0.2 parseRows (npm), same run', value: peerRate, same_run: true }, ratio_to_peer: value / peerRate });
      results.push(result);
    }

    if (format === 'matrix-market') {
      const graph = { n: file.n, src: strict!.src, dst: strict!.dst, weight: strict!.value, directed: true };
      const binary = await binaryCase(graph, join(args.dir, `matrix-market-${size}MB-seed${args.seed}.sfg`));
      const { times, last } = await timeRuns(() => readGraphBinary(binary.path));
      const time = summarize(times);
      const value = mbps(binary.bytes, time.median);
      const ok = sameCsr(last, binary.expected);
      log(`readGraphBinary (${(binary.bytes / MB).toFixed(0)} MB .sfg of the same graph)`, value, time, ok ? '' : '  INVALID');
      results.push(
        mbpsResult({
          case: `readGraphBinary: the ${label} graph as .sfg (${(binary.bytes / MB).toFixed(0)} MB; text-equivalent ${mbps(file.bytes, time.median).toFixed(0)} MB/s)`,
          params: { ...params, method: 'binary', threads: 1, from_disk: true, text_equivalent_MBps: mbps(file.bytes, time.median) },
          value,
          time,
          limit,
          validated: ok,
          validation: 'CSR arrays equal, bit for bit, to csrFromEdges of the strict reader',
        }),
      );
    }
  }
}
await stopEntriesWorkers();

// A --small run is a smoke test: its figures stay out of benchmarks/results unless --out says otherwise.
const out = [...new Set([...(args.out ?? [args.small ? join(args.dir, 'results') : 'benchmarks/results']), ...(process.env.OUT ? [process.env.OUT] : [])])];
const files = writeResults(
  'io',
  cpuContext('benchmarks/io/run.ts', { 'd3-dsv': '3.0.2' }),
  results,
  out,
);
console.error(`wrote ${files.join(', ')}`);
if (results.some((r) => !r.validated)) process.exitCode = 1;

