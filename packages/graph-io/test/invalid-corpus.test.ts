import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { graphFileKind, parseGraph, readDimacsCo, type ParseGraphOptions } from '../src/index.js';
import { expectParseError } from './helpers/expect-parse-error.js';

/** One small file per failure under corpus/invalid/, and the exact `line[:column]: rule` it must give. */
const EXPECTED: ReadonlyArray<readonly [string, string]> = [
  ["co-duplicate-vertex.co", "5:3: vertex 1 appears twice (first on line 3)"],
  ["co-missing-vertex.co", "3: found 2 vertices but the p line (line 1) declares 3; vertex 2 has no 'v' line"],
  ["co-vertex-out-of-range.co", "3:3: vertex id 3 out of range 1..2 (p aux sp co 2)"],
  ["co-wrong-problem.co", "1:3: expected 'aux', found 'sp' (expected 'p aux sp co N')"],
  ["el-one-based-id-zero.el", "2:1: tail id 0 in a one-based edge list (ids start at 1)"],
  ["gr-arc-count-mismatch.gr", "3: found 2 arcs but the p line (line 1) declares 3"],
  ["gr-head-out-of-range.gr", "2:5: arc head 4 out of range 1..3 (p sp 3 1)"],
  ["gr-no-p-line.gr", "2:1: arc line before the 'p sp N M' line"],
  ["gr-weight-not-integer.gr", "2:7: arc weight '3.5' is not an integer"],
  ["mm-array-pattern.mtx", "1:29: 'array pattern' is not a valid combination (an array file lists values)"],
  ["mm-array-too-few-values.mtx", "5: found 3 values but the size line (line 2) implies 4 for a general array"],
  ["mm-array-two-values-on-a-line.mtx", "3:3: unexpected '2' after the value (expected 'value (array files list one value per line)')"],
  ["mm-banner-missing.mtx", "1: missing banner: line 1 must be '%%MatrixMarket matrix <coordinate|array> <real|integer|pattern> <general|symmetric|skew-symmetric|hermitian>'"],
  ["mm-banner-misspelt-format.mtx", "1:23: unknown format 'cordinate' (expected coordinate or array)"],
  ["mm-banner-vector-object.mtx", "1:16: unsupported object 'vector' (supported: matrix)"],
  ["mm-complex-field.mtx", "1:34: unsupported field 'complex' (supported: real, integer, pattern)"],
  ["mm-count-too-few.mtx", "4: found 2 entries but the size line (line 2) declares 3"],
  ["mm-count-too-many.mtx", "5:1: more entries than the 2 declared by the size line (line 2)"],
  ["mm-duplicate-entry.mtx", "5: entry (1, 2) repeats the position of line 3 (duplicates: 'error')"],
  ["mm-index-n-plus-1.mtx", "4:3: column index 4 out of range 1..3 (size line 3 3 2)"],
  ["mm-index-zero.mtx", "4:1: row index 0 out of range 1..3 (size line 3 3 2)"],
  ["mm-integer-field-decimal.mtx", "3:5: value '1.5' is not an integer (field is integer)"],
  ["mm-no-size-line.mtx", "3: no size line 'rows cols entries' after the banner"],
  ["mm-non-numeric-value.mtx", "4:5: value '1,5' is not a decimal number"],
  ["mm-pattern-hermitian.mtx", "1:42: 'pattern hermitian' is not a valid combination (a pattern has no values to negate or conjugate)"],
  ["mm-size-overflow.mtx", "2:1: row count '99999999999999999999' is not an integer in 0..4294967295"],
  ["mm-size-rectangular.mtx", "3:3: matrix is 3x4 but a graph needs a square matrix"],
  ["mm-skew-diagonal.mtx", "4: diagonal entry (2, 2) in a skew-symmetric matrix (its diagonal is zero and not stored)"],
  ["mm-symmetric-both-triangles.mtx", "5: symmetric file mixes lower (line 3) and upper triangle entries; store one triangle only"],
  ["mm-truncated-last-line.mtx", "4:4: line ends before the value (expected 'i j value')"],
  ["mm-value-overflow.mtx", "3:5: value 1e400 overflows a double"],
  ["snap-header-edges-mismatch.txt", "2: the header declares 3 edges but the file has 2 edge lines"],
  ["snap-header-nodes-mismatch.txt", "1: the header declares 2 nodes but the edges name 3 distinct vertices"],
  ["snap-negative-id.txt", "2:1: tail id '-1' is not a non-negative integer"],
  ["snap-weight-column-mixed.txt", "2:4: line has 2 columns but line 1 has 3 (a weight column must be on all lines or none)"],
  ["wel-non-numeric-weight.wel", "2:5: weight 'two' is not a decimal number"],
];
/** Cases whose rule only applies under a reader option. */
const OPTIONS: Readonly<Record<string, ParseGraphOptions>> = {
  'el-one-based-id-zero.el': { ids: 'one-based' },
  'mm-duplicate-entry.mtx': { duplicates: 'error' },
};
const DIR = new URL('./corpus/invalid/', import.meta.url);

function read(name: string): unknown {
  const bytes = readFileSync(new URL(name, DIR));
  const format = graphFileKind(name).format;
  if (format === undefined) throw new Error(`${name}: corpus files need a known extension`);
  if (format === 'dimacs-co') return readDimacsCo(bytes, { file: name });
  return parseGraph(bytes, format, { file: name, ...OPTIONS[name] });
}

describe('invalid-file corpus', () => {
  it('has an expected message for every file and a file for every message', () => {
    expect(readdirSync(DIR).sort()).toEqual(EXPECTED.map(([name]) => name).sort());
  });

  it.each(EXPECTED)('%s', (name, where) => {
    const error = expectParseError(() => read(name));
    expect(error.message).toBe(`${name}:${where}`);
    expect([error.file, error.format]).toEqual([name, graphFileKind(name).format]);
  });
});
