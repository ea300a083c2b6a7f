import { describe, expect, it } from 'vitest';
import { reportError } from '../src/errors.js';

const systemError = (code: string, syscall: string, path: string): Error => Object.assign(new Error(`${code}: …, ${syscall} '${path}'`), { code, syscall, path });

describe('reportError for I/O errors', () => {
  it('a .sfg piped in (positioned reads fail) says what to do, not ESPIPE', () => {
    expect(reportError(systemError('ESPIPE', 'read', '/dev/stdin'))).toEqual({
      code: 1,
      message: "cannot read '/dev/stdin': a pipe, not a file that can be read at offsets (save it to a file first)",
    });
  });

  it('a directory read as a file is named (graph-io adds the path Node leaves out)', () => {
    expect(reportError(systemError('EISDIR', 'read', 'graphs/'))).toEqual({ code: 1, message: "cannot read 'graphs/': is a directory" });
  });
});
