import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readEdgeList } from '../src/index.js';
import { arcs } from './helpers/edge-arrays.js';
import { parseErrorMessage } from './helpers/expect-parse-error.js';
import { HAS_SHARED_DATA, SHARED_DATA_SKIP_REASON, dataPath } from './helpers/shared-data.js';

const read = (text: string, options = {}) => readEdgeList(text, { file: 'e.txt', ...options });

describe('readEdgeList', () => {
  it('reads SNAP style: # comments, tabs, CRLF, n = max id + 1', () => {
    const g = read('# Directed graph\r\n# FromNodeId\tToNodeId\r\n0\t1\r\n\r\n4\t2\r\n');
    expect([g.n, g.weight, g.directed]).toEqual([5, null, true]);
    expect(arcs(g)).toEqual([
      [0, 1, null],
      [4, 2, null],
    ]);
  });

  it('reads a weight column, % comments and self-loops', () => {
    const g = read('% konect style\n0 0 1.5\n1 0 -2\n');
    expect(arcs(g)).toEqual([
      [0, 0, 1.5],
      [1, 0, -2],
    ]);
  });

  it('expands undirected input (self-loops once)', () => {
    const g = read('0 1 3\n2 2 1\n', { directed: false });
    expect(g.directed).toBe(false);
    expect(arcs(g)).toEqual([
      [0, 1, 3],
      [1, 0, 3],
      [2, 2, 1],
    ]);
  });

  it('takes n from the options and checks ids against it', () => {
    expect(read('0 1\n', { n: 10 }).n).toBe(10);
    expect(parseErrorMessage(() => read('0 1\n3 2\n', { n: 3 }))).toBe('e.txt:2:1: tail id 3 out of range 0..2 (n = 3)');
    expect(() => read('', { n: -1 })).toThrow(RangeError);
  });

  it('reads an empty or comment-only file as an empty graph', () => {
    for (const text of ['', '# nothing\n', '\n\n']) {
      const g = read(text);
      expect([g.n, g.src.length]).toEqual([0, 0]);
    }
  });

  describe('ids', () => {
    const sparse = '100 7\n7 3000\n3000 100\n';

    it('compact: distinct ids in ascending order become 0..k-1, ids keeps the labels', () => {
      const g = read(sparse, { ids: 'compact' });
      expect([g.n, Array.from(g.ids ?? [])]).toEqual([3, [7, 100, 3000]]);
      expect(arcs(g)).toEqual([
        [1, 0, null],
        [0, 2, null],
        [2, 1, null],
      ]);
    });

    it('auto compacts when max id + 1 > 2 × distinct ids, else reads zero-based', () => {
      expect(read(sparse).ids).toEqual(Uint32Array.of(7, 100, 3000));
      const dense = read('0 1\n3 2\n5 4\n');
      expect([dense.n, dense.ids]).toEqual([6, undefined]);
      expect(read('0 5\n').n).toBe(2);
      expect(read('0 5\n', { n: 6 }).n).toBe(6);
    });

    it('zero-based keeps sparse ids as they are', () => {
      const g = read(sparse, { ids: 'zero-based' });
      expect([g.n, g.ids, g.src[0]]).toEqual([3001, undefined, 100]);
    });

    it('one-based shifts ids down and refuses id 0', () => {
      const g = read('1 2\n3 1\n', { ids: 'one-based' });
      expect([g.n, ...arcs(g)]).toEqual([3, [0, 1, null], [2, 0, null]]);
      expect(read('1 2\n', { ids: 'one-based', n: 5 }).n).toBe(5);
      expect(parseErrorMessage(() => read('1 2\n2 0\n', { ids: 'one-based' }))).toBe('e.txt:2:3: head id 0 in a one-based edge list (ids start at 1)');
      expect(parseErrorMessage(() => read('1 6\n', { ids: 'one-based', n: 5 }))).toBe('e.txt:1:3: head id 6 out of range 1..5 (n = 5)');
    });

    it('compact maps mirrors of undirected input and refuses n', () => {
      const g = read('10 20\n', { ids: 'compact', directed: false });
      expect([g.n, ...arcs(g)]).toEqual([2, [0, 1, null], [1, 0, null]]);
      expect(() => read('0 1\n', { ids: 'compact', n: 2 })).toThrow(RangeError);
    });
  });

  describe('SNAP header', () => {
    const header = '# Directed graph: x.txt\n# Nodes: 4 Edges: 2\n# FromNodeId\tToNodeId\n';

    it('is checked and raises n to the node count (isolated vertices)', () => {
      const g = read(`${header}0\t1\n1\t2\n`);
      expect([g.n, g.src.length]).toEqual([4, 2]);
    });

    it.each([
      [`${header}0\t1\n`, 'e.txt:2: the header declares 2 edges but the file has 1 edge lines'],
      [`${header}0\t1\n1\t2\n2\t3\n`, 'e.txt:2: the header declares 2 edges but the file has 3 edge lines'],
      ['# Nodes: 2 Edges: 2\n0 1\n1 2\n', 'e.txt:1: the header declares 2 nodes but the edges name 3 distinct vertices'],
      ['# Nodes: x Edges: 2\n', "e.txt:1:10: Nodes count 'x' is not an integer in 0..9007199254740991"],
      ['# Nodes: 2 Vertices: 2\n', "e.txt:1:12: expected 'Edges:' after the node count (expected '# Nodes: N Edges: M')"],
      ['# Nodes: 4294967296 Edges: 0\n', 'e.txt:1:10: Nodes count 4294967296 exceeds the largest supported vertex count 4294967295'],
    ])('rejects %j', (text, message) => {
      expect(parseErrorMessage(() => read(text))).toBe(message);
    });
  });

  it.each([
    ['0 1\n1 2 3\n', 'e.txt:2:5: line has 3 columns but line 1 has 2 (a weight column must be on all lines or none)'],
    ['# c\n0 1 2\n1 2\n', 'e.txt:3:4: line has 2 columns but line 2 has 3 (a weight column must be on all lines or none)'],
    ['0\n', "e.txt:1:2: line ends before the head id (expected 'u v')"],
    ['0 1 x\n', "e.txt:1:5: weight 'x' is not a decimal number"],
    ['0 1 1e999\n', 'e.txt:1:5: weight 1e999 overflows a double'],
    ['0 -1\n', "e.txt:1:3: head id '-1' is not a non-negative integer"],
    ['1.5 2\n', "e.txt:1:1: tail id '1.5' is not a non-negative integer"],
    ['0 4294967295\n', 'e.txt:1:3: head id 4294967295 exceeds the largest supported id 4294967294'],
    ['0 1 2 3\n', "e.txt:1:7: unexpected '3' after the weight (edge lines are 'u v' or 'u v w')"],
    ['0 1\n2 3 4 5\n', "e.txt:2:5: unexpected '4' after the head id (edge lines are 'u v' or 'u v w')"],
    ['0,1\n', "e.txt:1:1: tail id '0,1' is not a non-negative integer"],
  ])('rejects %j', (text, message) => {
    expect(parseErrorMessage(() => read(text))).toBe(message);
  });
});

describe.skipIf(!HAS_SHARED_DATA)(`readEdgeList on SNAP files (${HAS_SHARED_DATA ? 'present' : SHARED_DATA_SKIP_REASON})`, () => {
  const load = (name: string, options = {}) => readEdgeList(readFileSync(dataPath(`snap/${name}`)), { file: name, ...options });

  it('p2p-Gnutella08: tabs and CRLF, 6301 vertices, 20777 arcs', () => {
    const g = load('p2p-Gnutella08.txt');
    expect([g.n, g.src.length, g.weight]).toEqual([6301, 20777, null]);
    expect(arcs(g).at(-1)).toEqual([6296, 6299, null]);
  });

  it('email-Eu-core: 1005 vertices, 25571 arcs, 642 self-loops', () => {
    const g = load('email-Eu-core.txt');
    expect([g.n, g.src.length]).toEqual([1005, 25571]);
    let loops = 0;
    for (let k = 0; k < g.src.length; k++) if (g.src[k] === g.dst[k]) loops++;
    expect(loops).toBe(642);
  });

  it('facebook_combined read as undirected: 4039 vertices, 2 × 88234 arcs', () => {
    const g = load('facebook_combined.txt', { directed: false });
    expect([g.n, g.src.length, g.directed]).toEqual([4039, 2 * 88234, false]);
  });
});
