import { describe, expect, it } from 'vitest';
import { GraphParseError, readDimacsGr } from '../src/index.js';
import { arcs } from './helpers/edge-arrays.js';
import { expectParseError, parseErrorMessage } from './helpers/expect-parse-error.js';

const read = (text: string) => readDimacsGr(text, { file: 'graph.gr' });

describe('readDimacsGr', () => {
  it('reads comments, the p line, arcs (negative weights kept) and blank lines', () => {
    const g = read('c 9th DIMACS challenge\nc\np sp 3 3\n\na 1 2 7\nc mid-file comment\na 2 3 -4\n  a 3 1 0\n');
    expect(g.n).toBe(3);
    expect(g.directed).toBe(true);
    expect(arcs(g)).toEqual([
      [0, 1, 7],
      [1, 2, -4],
      [2, 0, 0],
    ]);
    expect(g.src).toBeInstanceOf(Uint32Array);
    expect(g.weight).toBeInstanceOf(Float64Array);
  });

  it('accepts bytes, tabs, CRLF, a UTF-8 BOM and a missing final newline', () => {
    const bytes = new TextEncoder().encode('\uFEFFp\tsp 2 2\r\na 1 2 5\r\na 2 1 6');
    expect(arcs(readDimacsGr(bytes))).toEqual([
      [0, 1, 5],
      [1, 0, 6],
    ]);
  });

  it('reads parallel arcs, self-loops and an empty graph', () => {
    expect(arcs(read('p sp 2 3\na 1 2 5\na 1 2 3\na 2 2 1\n'))).toEqual([
      [0, 1, 5],
      [0, 1, 3],
      [1, 1, 1],
    ]);
    const empty = read('p sp 0 0\n');
    expect([empty.n, empty.src.length]).toEqual([0, 0]);
  });

  it('gives file, line, column, text and rule for an out-of-range id', () => {
    const e = expectParseError(() => read('c\np sp 10 20\na 3 12 5\n'));
    expect(e.message).toBe('graph.gr:3:5: arc head 12 out of range 1..10 (p sp 10 20)');
    expect([e.file, e.line, e.column, e.text, e.format]).toEqual(['graph.gr', 3, 5, '12', 'dimacs-gr']);
  });

  it.each([
    ['', 'graph.gr:1: no \'p sp N M\' line'],
    ['c only comments\n', "graph.gr:1: no 'p sp N M' line"],
    ['a 1 2 3\np sp 2 1\n', "graph.gr:1:1: arc line before the 'p sp N M' line"],
    ['p sp 2 1\np sp 2 1\n', 'graph.gr:2:1: second p line (the first is line 1)'],
    ['p max 2 1\n', "graph.gr:1:3: problem type 'max' is not 'sp' (expected 'p sp N M')"],
    ['p sp 2\n', "graph.gr:1:7: line ends before the arc count M (expected 'p sp N M')"],
    ['p sp -2 1\n', "graph.gr:1:6: vertex count '-2' is not an integer in 0..4294967295"],
    ['p sp 4294967296 1\n', "graph.gr:1:6: vertex count '4294967296' is not an integer in 0..4294967295"],
    ['p sp 2 x\n', "graph.gr:1:8: arc count 'x' is not an integer in 0..9007199254740991"],
    ['p sp 2 1 9\n', "graph.gr:1:10: unexpected '9' after the arc count (expected 'p sp N M')"],
    ['p sp 2 2\na 1 2 3\n', 'graph.gr:2: found 1 arcs but the p line (line 1) declares 2'],
    ['p sp 2 1\na 1 2 3\na 2 1 3\n', 'graph.gr:3:1: more arcs than the 1 declared by the p line (line 1)'],
    ['p sp 2 1\na 0 2 3\n', 'graph.gr:2:3: arc tail 0 out of range 1..2 (p sp 2 1)'],
    ['p sp 2 1\na 1 -2 3\n', 'graph.gr:2:5: arc head -2 out of range 1..2 (p sp 2 1)'],
    ['p sp 2 1\na 1 x 3\n', "graph.gr:2:5: arc head 'x' is not an integer"],
    ['p sp 2 1\na 1 2 1.5\n', "graph.gr:2:7: arc weight '1.5' is not an integer"],
    ['p sp 2 1\na 1 2 99999999999999999999\n', 'graph.gr:2:7: arc weight 99999999999999999999 is outside the safe integer range ±9007199254740991'],
    ['p sp 2 1\na 1 2\n', "graph.gr:2:6: line ends before the arc weight (expected 'a U V W')"],
    ['p sp 2 1\na\n', "graph.gr:2:2: line ends before the arc tail (expected 'a U V W')"],
    ['p sp 2 1\na 1 2 3 4\n', "graph.gr:2:9: unexpected '4' after the arc weight (expected 'a U V W')"],
    ['p sp 2 1\na 1 2 3\nn 1\n', "graph.gr:3:1: unknown line type 'n' (expected 'c' comment, 'p sp N M' or 'a U V W')"],
    ['p sp 2 1\nab 1 2 3\n', "graph.gr:2:1: unknown line type 'ab' (expected 'c' comment, 'p sp N M' or 'a U V W')"],
    ['p sp 2 1\na 1\x002 3\n', "graph.gr:2:3: arc tail '1\\x002' is not an integer"],
  ])('rejects %j', (text, message) => {
    expect(parseErrorMessage(() => read(text))).toBe(message);
  });

  it('names <input> when no file is given and keeps huge tokens short', () => {
    const e = expectParseError(() => readDimacsGr(`p sp 2 1\na 1 ${'9'.repeat(10_000)} 3\n`));
    expect(e).toBeInstanceOf(GraphParseError);
    expect(e.message.startsWith('<input>:2:5: arc head 9999')).toBe(true);
    expect(e.message.length).toBeLessThan(200);
  });
});
