import { describe, expect, it } from 'vitest';
import { GraphParseError } from '../src/index.js';

describe('GraphParseError', () => {
  it('formats file:line:column: rule', () => {
    const e = new GraphParseError({ file: 'graph.gr', line: 7, column: 5, text: '12', rule: 'arc head 12 out of range 1..10 (p sp 10 20)' });
    expect(e.message).toBe('graph.gr:7:5: arc head 12 out of range 1..10 (p sp 10 20)');
    expect(e.name).toBe('GraphParseError');
    expect(e).toBeInstanceOf(Error);
    expect([e.file, e.line, e.column, e.text, e.rule]).toEqual(['graph.gr', 7, 5, '12', 'arc head 12 out of range 1..10 (p sp 10 20)']);
  });

  it('leaves out what is unknown', () => {
    expect(new GraphParseError({ rule: 'r' }).message).toBe('<input>: r');
    expect(new GraphParseError({ file: 'f', line: 3, rule: 'r' }).message).toBe('f:3: r');
  });
});
