import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeShared, removeShared, SHARED_FROM_BYTES, SharedPayloads } from '../src/process/shared-payload.js';

describe('shared payloads', () => {
  it('sends large typed arrays through files and small values as they are, deleting each file once read', () => {
    const payloads = new SharedPayloads('test');
    const big = Float32Array.from({ length: SHARED_FROM_BYTES / 4 + 3 }, (_, i) => i * 0.5);
    const message = { kind: 'x', graph: { n: 3, src: new Uint32Array([1, 2]), big }, list: [big.subarray(1, 2), new Int32Array(SHARED_FROM_BYTES)] };
    const encoded = payloads.encode(message) as { graph: { big: { __sharedPayload: string } } };
    const path = encoded.graph.big.__sharedPayload;
    expect(existsSync(path)).toBe(true);
    expect(structuredClone(encoded)).toBeTruthy();
    const decoded = decodeShared(structuredClone(encoded)) as typeof message;
    expect(decoded.kind).toBe('x');
    expect(decoded.graph.src).toEqual(new Uint32Array([1, 2]));
    expect(decoded.graph.big).toBeInstanceOf(Float32Array);
    expect(decoded.graph.big.length).toBe(big.length);
    expect(decoded.graph.big.every((v, i) => v === big[i])).toBe(true);
    expect(decoded.list[0]).toEqual(new Float32Array([0.5]));
    expect(decoded.list[1]).toBeInstanceOf(Int32Array);
    expect(decoded.list[1].length).toBe(SHARED_FROM_BYTES);
    expect(existsSync(path)).toBe(false);
  });

  it('removes what a sender left behind', () => {
    const payloads = new SharedPayloads('left');
    const encoded = payloads.encode(new Uint8Array(SHARED_FROM_BYTES)) as { __sharedPayload: string };
    removeShared(payloads.prefix);
    expect(existsSync(encoded.__sharedPayload)).toBe(false);
  });
});
