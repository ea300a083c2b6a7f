import { describe, expect, it } from 'vitest';
import { parseVariantLabel, spmvVariants, variantLabel } from './variants.js';

describe('parseVariantLabel', () => {
  it('reads back every swept variant from its label', () => {
    const plusTimes = spmvVariants({ minPlus: false, sweep: true, reorders: ['none', 'degree', 'hot'], streamItems: [4], streamThreads: [128] });
    expect(plusTimes.length).toBeGreaterThan(30);
    for (const v of plusTimes) expect(parseVariantLabel(variantLabel(v))).toEqual(v);
  });

  it('takes knob values the sweep lacks', () => {
    expect(parseVariantLabel('fold/w=96,u=2')).toEqual({ semiring: 'plus-times', format: 'fold', foldWidth: 96, unroll: 2 });
    expect(parseVariantLabel('fold/threads=1024,local=false')).toEqual({ semiring: 'plus-times', format: 'fold', threadsPerWorkgroup: 1024, localFold: false });
    expect(parseVariantLabel(variantLabel({ semiring: 'plus-times', format: 'fold', localFold: true }))).toEqual({ semiring: 'plus-times', format: 'fold', localFold: true });
  });

  it('names the label and what is wrong with it', () => {
    expect(() => parseVariantLabel('fold2/w=64')).toThrow("--variant fold2/w=64: unknown format 'fold2'");
    expect(() => parseVariantLabel('fold/width=64')).toThrow("--variant fold/width=64: unknown knob 'width=64'");
    expect(() => parseVariantLabel('fold/w=0')).toThrow('--variant fold/w=0: w=0 is not a positive integer');
    expect(() => parseVariantLabel('fold/u')).toThrow("unknown knob 'u'");
    expect(() => parseVariantLabel('fold/local=yes')).toThrow('--variant fold/local=yes: local=yes is not true or false');
  });
});
