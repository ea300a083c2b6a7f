import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchTable, markers, replaceBlock } from './bench-table.js';
import { newestResults, readResults } from './read-results.js';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const fixture = readResults(join(FIXTURES, 'apsp-h100-20260101.json'));
const options = {
  source: 'benchmarks/lib/fixtures/apsp-h100-20260101.json',
  plot: 'benchmarks/lib/fixtures/apsp-h100-20260101.svg',
  regenerate: 'npx tsx --conditions=source benchmarks/lib/readme-table.ts --suite apsp --file README.md',
};

describe('benchTable', () => {
  const table = benchTable(fixture, options);

  it('matches the reviewed table', async () => {
    await expect(table).toMatchFileSnapshot('./fixtures/apsp-h100-20260101.table.md');
  });

  it('quotes the best validated variant per n, with the limit, the peer and the spread', () => {
    expect(table).toContain('| 1024 | method=b tile=64 unroll=4 layout=bdl (best of 3) | 2.20 | 13.2 % | 1818× |');
    expect(table).toContain('| 2048 | method=a tile=128 unroll=4 layout=row-major (best of 3) | 3.60 | 21.5 % | 3051× |');
    expect(table).toContain('git `0123456`');
    expect(table).toContain('Command: `tsx --conditions=source benchmarks/apsp/run.ts --n 1024,2048,4096 --runs 5`');
    expect(table).toContain('(benchmarks/lib/fixtures/apsp-h100-20260101.svg)');
  });

  it('never quotes an unvalidated result', () => {
    expect(table).not.toContain('method=plain');
    expect(table).not.toContain('9.9');
    expect(table).not.toContain('8.8');
    expect(table).toMatch(/\| 4096 \| no validated result \| — \| — \| — \| — \|/);
    expect(table).toContain('6 of 8 results validated');
  });

  it('refuses a file with nothing validated', () => {
    const none = { ...fixture, results: fixture.results.map((r) => ({ ...r, validated: false })) };
    expect(() => benchTable(none, options)).toThrow(/none of the 8 relaxations_per_s results is validated/);
  });
});

describe('replaceBlock', () => {
  const { start, end } = markers('apsp');
  const readme = `# Title\n\n${start}\nold table\n${end}\n\nafter\n`;

  it('replaces only the lines between the markers, and is stable', () => {
    const once = replaceBlock(readme, 'apsp', 'new table');
    expect(once).toBe(`# Title\n\n${start}\nnew table\n${end}\n\nafter\n`);
    expect(replaceBlock(once, 'apsp', 'new table')).toBe(once);
  });

  it('refuses missing, repeated or swapped markers', () => {
    expect(() => replaceBlock('# no markers\n', 'apsp', 'x')).toThrow(/bench:apsp:start --> is missing/);
    expect(() => replaceBlock(readme, 'bfs', 'x')).toThrow(/bench:bfs:start --> is missing and .* is missing/);
    expect(() => replaceBlock(readme + readme, 'apsp', 'x')).toThrow(/appears 2 times/);
    expect(() => replaceBlock(`${end}\n${start}\n`, 'apsp', 'x')).toThrow(/comes before/);
  });
});

describe('newestResults', () => {
  it('picks the latest context.date of the suite, whatever the file order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-results-'));
    copyFileSync(join(FIXTURES, 'apsp-h100-20260101.json'), join(dir, 'apsp-h100-20260101.json'));
    const older = { ...fixture, context: { ...fixture.context, date: '2025-12-01T00:00:00Z' } };
    writeFileSync(join(dir, 'apsp-lavapipe-20251201.json'), JSON.stringify(older));
    writeFileSync(join(dir, 'bfs-h100-20270101.json'), JSON.stringify({ ...fixture, suite: 'bfs' }));
    expect(newestResults('apsp', dir).path).toBe(join(dir, 'apsp-h100-20260101.json'));
    expect(newestResults('apsp', dir, 'lavapipe').context.date).toBe('2025-12-01T00:00:00Z');
    expect(() => newestResults('spmv', dir)).toThrow(/no results of suite "spmv"/);
  });

  it('reads a second run of the day, written beside the first with its time', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-results-'));
    copyFileSync(join(FIXTURES, 'apsp-h100-20260101.json'), join(dir, 'apsp-h100-20260101.json'));
    const later = { ...fixture, context: { ...fixture.context, date: '2026-01-01T23:59:00Z' } };
    writeFileSync(join(dir, 'apsp-h100-20260101-235900.json'), JSON.stringify(later));
    expect(newestResults('apsp', dir, 'h100').path).toBe(join(dir, 'apsp-h100-20260101-235900.json'));
  });
});
