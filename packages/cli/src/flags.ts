import type { WeightSpec } from '@semiforge/graph-io';
import { UsageError } from './errors.js';

/**
 * Parsers of flag values. Each throws a {@link UsageError} naming the flag, the value and the rule, so that
 * `--tile abc` reads `--tile abc: not an integer; the tile must be a power of two from 8 to 256`.
 */

function show(value: string): string {
  return value === '' ? "''" : value;
}

/** A decimal integer (no exponent, no fraction) or undefined when the text is not one. */
function integer(text: string): number | undefined {
  if (!/^[+-]?\d+$/.test(text.trim())) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

export interface IntRule {
  readonly min: number;
  readonly max: number;
  /** Also require a power of two. */
  readonly powerOfTwo?: boolean;
  /** The rule in words, shown after the value, e.g. `the tile must be a power of two from 8 to 256`. */
  readonly rule: string;
}

/** Parses an integer flag value within a rule. */
export function parseIntFlag(flag: string, text: string, rule: IntRule): number {
  const value = integer(text);
  const problem =
    value === undefined
      ? 'not an integer'
      : value < rule.min || value > rule.max
        ? `out of range ${rule.min}..${rule.max}`
        : rule.powerOfTwo && (value & (value - 1)) !== 0
          ? 'not a power of two'
          : undefined;
  if (problem !== undefined) throw new UsageError(`${flag} ${show(text)}: ${problem}; ${rule.rule}`);
  return value as number;
}

/** Parses a value that must be one of a few words. */
export function parseChoice<T extends string>(flag: string, text: string, choices: readonly T[]): T {
  if ((choices as readonly string[]).includes(text)) return text as T;
  throw new UsageError(`${flag} ${show(text)}: must be one of ${choices.join(', ')}`);
}

/** Parses a workgroup shape `XxY` (e.g. `16x16`) with at most 1024 threads. */
export function parseWorkgroup(flag: string, text: string): [number, number] {
  const m = /^(\d+)[x×*,](\d+)$/i.exec(text.trim());
  const x = m ? Number(m[1]) : NaN;
  const y = m ? Number(m[2]) : NaN;
  if (!m || x < 1 || y < 1) throw new UsageError(`${flag} ${show(text)}: must be two positive integers XxY, e.g. 16x16`);
  if (x * y > 1024) throw new UsageError(`${flag} ${show(text)}: ${x}×${y} = ${x * y} threads; a workgroup has at most 1024`);
  return [x, y];
}

/** A commander argument parser for an integer flag within a rule. */
export const intOption =
  (flag: string, rule: IntRule) =>
  (text: string): number =>
    parseIntFlag(flag, text, rule);

/** A commander argument parser for a flag that takes one of a few words. */
export const choiceOption =
  <T extends string>(flag: string, choices: readonly T[]) =>
  (text: string): T =>
    parseChoice(flag, text, choices);

/** Parses a positive finite decimal (e.g. a bandwidth in GB/s: `3350`, `2039.5`). */
export function parsePositiveNumber(flag: string, text: string, rule: string): number {
  const value = /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : NaN;
  if (!(value > 0) || !Number.isFinite(value)) throw new UsageError(`${flag} ${show(text)}: not a positive number; ${rule}`);
  return value;
}

/** A commander argument parser for a positive decimal flag. */
export const positiveNumberOption =
  (flag: string, rule: string) =>
  (text: string): number =>
    parsePositiveNumber(flag, text, rule);

/** What a real-valued flag accepts: a finite number strictly between `above` and `below`, described in words. */
export interface RealRule {
  readonly above: number;
  readonly below: number;
  /** An inclusive lower bound, where the rule has one (checked beside `above`). */
  readonly atLeast?: number;
  readonly rule: string;
}

/** Parses a finite number in decimal or exponent form (`0.85`, `1e-6`) within a rule. */
export function parseRealFlag(flag: string, text: string, rule: RealRule): number {
  const value = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(text) ? Number(text) : NaN;
  const problem = !Number.isFinite(value) ? 'not a number' : value <= rule.above || value >= rule.below || value < (rule.atLeast ?? -Infinity) ? 'out of range' : undefined;
  if (problem !== undefined) throw new UsageError(`${flag} ${show(text)}: ${problem}; ${rule.rule}`);
  return value;
}

/** A commander argument parser for a real-valued flag. */
export const realOption =
  (flag: string, rule: RealRule) =>
  (text: string): number =>
    parseRealFlag(flag, text, rule);

/** A commander argument parser for a comma-separated list of integers, each within a rule (`0,7,42`). */
export const intListOption =
  (flag: string, rule: IntRule) =>
  (text: string): number[] =>
    text.split(',').map((item) => parseIntFlag(flag, item.trim(), rule));

/**
 * Parses generator weights: `none`, `unit` (f32 uniform in [0, 1), Graph500's), `MIN..MAX` with integers
 * (integers uniform in MIN..MAX) or with a decimal point in either (doubles uniform in [MIN, MAX)).
 *
 * @example
 * ```ts
 * parseWeights('--weights', '1..100'); // { min: 1, max: 100, integer: true }
 * parseWeights('--weights', '0..1.5'); // { min: 0, max: 1.5, integer: false }
 * ```
 */
export function parseWeights(flag: string, text: string): WeightSpec {
  if (text === 'none') return 'none';
  if (text === 'unit') return 'f32-unit';
  const m = /^(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)$/.exec(text.trim());
  if (m === null || Number(m[1]) > Number(m[2])) {
    throw new UsageError(`${flag} ${show(text)}: must be none, unit (f32 in [0, 1)) or MIN..MAX with MIN ≤ MAX (integers, or decimals for doubles)`);
  }
  const integer = !m[1].includes('.') && !m[2].includes('.');
  // Past 2^53 an integer bound would silently become another number (99999999999999999999 reads as 1e20).
  const unsafe = integer ? [m[1], m[2]].find((bound) => !Number.isSafeInteger(Number(bound))) : undefined;
  if (unsafe !== undefined) {
    throw new UsageError(`${flag} ${show(text)}: integer bound ${unsafe} is beyond ±${Number.MAX_SAFE_INTEGER} (2^53 − 1); give a decimal point for doubles`);
  }
  return { min: Number(m[1]), max: Number(m[2]), integer };
}

/** The flag rules shared by `apsp` and `codegen`. */
export const RULES = {
  tile: { min: 8, max: 256, powerOfTwo: true, rule: 'the tile must be a power of two from 8 to 256' },
  unroll: { min: 1, max: 8, rule: 'unroll is the results per thread along each axis, 1 to 8 (u×u must fit in 64 registers)' },
  generate: { min: 2, max: 46_340, rule: 'the random graph needs 2 to 46340 vertices (its dense n×n matrix must stay below 2^31 elements)' },
  seed: { min: 0, max: 0xffffffff, rule: 'the seed is an integer from 0 to 4294967295' },
  trials: { min: 1, max: 1000, rule: 'trials must be an integer from 1 to 1000' },
  runs: { min: 1, max: 1000, rule: 'runs are the products timed, an integer from 1 to 1000' },
  scale: { min: 1, max: 31, rule: 'the scale is log2 of the vertex count, 1 to 31' },
  vertices: { min: 2, max: 0xfffffffe, rule: 'a graph needs 2 to 4294967294 vertices' },
  edgeFactor: { min: 1, max: 1 << 20, rule: 'the edge factor is edges per vertex, 1 to 1048576' },
  edges: { min: 0, max: 0xffffffff, rule: 'edges must be an integer from 0 to 4294967295' },
  side: { min: 1, max: 65_535, rule: 'a grid side is 1 to 65535 vertices' },
  threads: { min: 1, max: 256, rule: 'threads must be an integer from 1 to 256' },
  lineBytes: { min: 4, max: 4096, powerOfTwo: true, rule: 'the cache line is a power of two from 4 to 4096 bytes' },
  cacheBytes: { min: 0, max: 2 ** 40, rule: 'the cache is 0 to 2^40 bytes' },
  rows: { min: 1, max: 1024, rule: 'rows per workgroup are 1 to 1024' },
  lanes: { min: 1, max: 1024, powerOfTwo: true, rule: 'lanes per row are a power of two from 1 to 1024' },
  workgroupSize: { min: 1, max: 1024, rule: 'a workgroup has 1 to 1024 invocations' },
  maxIterations: { min: 1, max: 1_000_000, rule: 'iterations are an integer from 1 to 1000000' },
  top: { min: 0, max: 1_000_000, rule: 'top is how many vertices to print, 0 to 1000000' },
  vertex: { min: 0, max: 0xfffffffe, rule: 'a vertex is an integer from 0 to 4294967294 (0-based, or the ids of the file)' },
  hubDegree: { min: 0, max: 0xffffffff, rule: 'the hub degree is the arcs from which a vertex waits, an integer from 0 (no hubs) to 4294967295' },
  hubRounds: { min: 1, max: 1 << 20, rule: 'hub rounds are an integer from 1 to 1048576 (the hub step is the bucket width / rounds)' },
  chunk: { min: 1, max: 1 << 16, powerOfTwo: true, rule: 'a chunk is the arcs one queue item covers, a power of two from 1 to 65536' },
  arcUnroll: { min: 1, max: 16, powerOfTwo: true, rule: 'arcs a step are a power of two from 1 to 16' },
} satisfies Record<string, IntRule>;

/** The real-valued flag rules of `pagerank` and `sssp`. */
export const REAL_RULES = {
  damping: { above: 0, below: 1, rule: 'the damping is the probability of following an arc, strictly between 0 and 1 (e.g. 0.85)' },
  tolerance: { above: 0, below: Infinity, rule: 'the tolerance is an L1 norm > 0 (e.g. 1e-6)' },
  distance: { above: 0, below: Infinity, rule: 'the largest distance to search, a number > 0' },
  delta: { above: 0, below: Infinity, rule: "near-far's bucket width, a number > 0 (an integer with --weights u32)" },
  hubGrowth: { above: 0, atLeast: 1, below: 1025, rule: 'the hub step\'s factor after each release, a number from 1 (the step stays) to 1024' },
} satisfies Record<string, RealRule>;
