import { describe, expect, it } from 'vitest';
import { displayBytes, MAX_DISPLAY_BYTES } from '../src/text/display-bytes.js';

describe('displayBytes', () => {
  it('escapes control and non-ASCII bytes', () => {
    expect(displayBytes(Uint8Array.of(0x61, 0x00, 0x09, 0x0d, 0xff, 0x5c), 0, 6)).toBe('a\\x00\\t\\r\\xff\\\\');
  });

  it('shortens long text', () => {
    const long = new Uint8Array(1000).fill(0x41);
    expect(displayBytes(long, 0, 1000)).toBe(`${'A'.repeat(MAX_DISPLAY_BYTES)}…`);
  });
});
