import { describe, expect, it } from 'vitest';
import { parseWeightTypes } from './graphs.js';

describe('the SSSP suite --weights flag', () => {
  it('takes one type or a comma-separated list, both when absent', () => {
    expect(parseWeightTypes('u32')).toEqual(['u32']);
    expect(parseWeightTypes('u32,f32')).toEqual(['u32', 'f32']);
    expect(parseWeightTypes(undefined)).toEqual(['f32', 'u32']);
  });

  it('refuses a type it does not know, naming it', () => {
    expect(() => parseWeightTypes('f32,i32')).toThrow("--weights: unknown weight type 'i32' (expected f32, u32, or both comma-separated)");
    expect(() => parseWeightTypes('')).toThrow("unknown weight type ''");
  });
});
