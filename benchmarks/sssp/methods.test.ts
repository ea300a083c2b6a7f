import { describe, expect, it } from 'vitest';
import { METHODS, parseMethod } from './methods.js';

describe('SSSP suite method variants', () => {
  it('a bare name is the configuration as listed', () => {
    expect(parseMethod('bellman-ford-snapshot')).toEqual({ name: 'bellman-ford-snapshot', options: METHODS['bellman-ford-snapshot'] });
  });

  it('the degree order by name', () => {
    expect(parseMethod('near-far/bydegree/hub0').options).toEqual({ method: 'near-far', relabel: 'degree', hubDegree: 0 });
    expect(parseMethod('near-far/bydegree/fused/u2').options).toEqual({ method: 'near-far', relabel: 'degree', fuseAdvance: true, arcUnroll: 2 });
    expect(parseMethod('near-far/bydegree/fused/pull').options).toEqual({ method: 'near-far', relabel: 'degree', fuseAdvance: true, pullHubs: true });
    expect(parseMethod('near-far/bydegree/pull0.25').options).toEqual({ method: 'near-far', relabel: 'degree', pullHubs: true, pullShare: 0.25 });
  });

  it('packed queues, arcs a step and hubs off (hub0) by name', () => {
    expect(parseMethod('near-far/packed/u2/hub0').options).toEqual({ method: 'near-far', packedQueue: true, arcUnroll: 2, hubDegree: 0 });
    expect(parseMethod('near-far/bydegree/fused/apart').options).toEqual({ method: 'near-far', relabel: 'degree', fuseAdvance: true, packArcs: false });
  });

  it('tuning after slashes: lanes, chunk, batch, workgroup and a delta scale', () => {
    expect(parseMethod('near-far/l4/c64/b32/w128/d0.5')).toEqual({
      name: 'near-far/l4/c64/b32/w128/d0.5',
      options: { method: 'near-far', lanesPerVertex: 4, chunk: 64, batch: 32, workgroupSize: 128 },
      deltaScale: 0.5,
    });
  });

  it('fixed or indirect picks the launch of the frontier passes; g the fixed grid', () => {
    expect(parseMethod('near-far/indirect').options).toEqual({ method: 'near-far', dispatch: 'indirect' });
    expect(parseMethod('frontier/fixed/g256').options).toEqual({ method: 'frontier', dispatch: 'fixed', fixedWorkgroups: 256 });
  });

  it("heavy settles near-far's heavy arcs once a bucket, with other tuning", () => {
    expect(parseMethod('near-far/heavy/d2')).toEqual({ name: 'near-far/heavy/d2', options: { method: 'near-far', heavyArcs: 'settle' }, deltaScale: 2 });
    expect(parseMethod('near-far/heavy/l8/c64').options).toEqual({ method: 'near-far', heavyArcs: 'settle', lanesPerVertex: 8, chunk: 64 });
  });

  it("hub<D> makes near-far's hubs wait, r<k> sets their rounds", () => {
    expect(parseMethod('near-far/hub256')).toEqual({ name: 'near-far/hub256', options: { method: 'near-far', hubDegree: 256 } });
    expect(parseMethod('near-far/hub64/r4/d2')).toEqual({ name: 'near-far/hub64/r4/d2', options: { method: 'near-far', hubDegree: 64, hubRounds: 4 }, deltaScale: 2 });
    expect(parseMethod('near-far/bydegree/r128/hg1.5').options).toEqual({ method: 'near-far', relabel: 'degree', hubRounds: 128, hubGrowth: 1.5 });
  });

  it("tail<F> sets near-far's tail rule factor: tail0 off, tail alone the default", () => {
    expect(parseMethod('near-far/hub64/tail0')).toEqual({ name: 'near-far/hub64/tail0', options: { method: 'near-far', hubDegree: 64, tailFactor: 0 } });
    expect(parseMethod('near-far/tail').options).toEqual({ method: 'near-far', tailFactor: 2 });
    expect(parseMethod('near-far/tail1.5/d2')).toEqual({ name: 'near-far/tail1.5/d2', options: { method: 'near-far', tailFactor: 1.5 }, deltaScale: 2 });
  });

  it('refuses unknown methods and fields, naming what it takes', () => {
    expect(() => parseMethod('dijkstra')).toThrow(/unknown 'dijkstra' \(expected bellman-ford, bellman-ford-snapshot, frontier, near-far/);
    expect(() => parseMethod('near-far/x3')).toThrow(/'x3' in 'near-far\/x3' is not fixed, indirect, heavy, packed, bydegree, fused, apart, hub<degree>, hg<growth>, pull<share>, tail<factor>, or l<lanes>/);
    expect(() => parseMethod('near-far/l0')).toThrow(/with a positive number/);
  });
});
