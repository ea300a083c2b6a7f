import { availableParallelism } from 'node:os';
import {
  generateErdosRenyi, generateGrid, generateKronecker, generateKroneckerParallel, generateRmat, generateRmatParallel,
  generateSprand, type EdgeList, type WeightSpec,
} from '@semiforge/graph-io';
import { UsageError } from '../errors.js';

export const GENERATORS = ['kronecker', 'rmat', 'er', 'grid', 'road', 'sprand'] as const;
export type Generator = (typeof GENERATORS)[number];

/** `semiforge generate` size, seed and weight flags (commander's camelCase keys). */
export interface GeneratorFlags {
  readonly scale?: number;
  readonly vertices?: number;
  readonly edgeFactor?: number;
  readonly edges?: number;
  readonly rows?: number;
  readonly cols?: number;
  readonly seed: number;
  readonly weights?: WeightSpec;
  readonly directed?: boolean;
  readonly threads?: number;
}

/** A generated graph; `symmetrize` when its edges are listed once and the graph is undirected. */
export interface Generated {
  readonly edges: EdgeList;
  readonly symmetrize: boolean;
  readonly coordinates?: { readonly x: Float64Array; readonly y: Float64Array };
  /** The parameters in effect, defaults included, for the summary. */
  readonly params: Readonly<Record<string, number | string | boolean>>;
}

const CMD = 'generate';

function scaleOf(kind: Generator, flags: GeneratorFlags): number {
  if (flags.scale === undefined) throw new UsageError(`${kind} needs --scale N (2^N vertices)`, CMD);
  return flags.scale;
}

function vertexCount(kind: Generator, flags: GeneratorFlags): number {
  if (flags.vertices !== undefined && flags.scale !== undefined) throw new UsageError('give --scale or --vertices, not both', CMD);
  if (flags.vertices !== undefined) return flags.vertices;
  return 2 ** scaleOf(kind, flags);
}

/** Worker threads pay off from about a million edges; below that their start-up dominates. */
function threadsFor(scale: number, flags: GeneratorFlags): number {
  return flags.threads ?? (scale >= 20 ? availableParallelism() : 1);
}

const flagName = (key: string): string => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Refuses a shape flag the generator would ignore, so a typo'd command never silently means something else. */
function refuse(kind: Generator, flags: GeneratorFlags, allowed: readonly (keyof GeneratorFlags)[]): void {
  const stray = (['scale', 'vertices', 'edgeFactor', 'edges', 'rows', 'cols', 'directed', 'threads'] as const).find(
    (k) => flags[k] !== undefined && !allowed.includes(k),
  );
  if (stray !== undefined) {
    throw new UsageError(`${flagName(stray)} does not apply to ${kind} (it takes ${allowed.map(flagName).join(', ')})`, CMD);
  }
}

function gridSides(kind: Generator, flags: GeneratorFlags): [number, number] {
  if (flags.rows !== undefined || flags.cols !== undefined) {
    if (flags.scale !== undefined) throw new UsageError('give --scale or --rows/--cols, not both', CMD);
    const rows = flags.rows ?? flags.cols ?? 1;
    return [rows, flags.cols ?? rows];
  }
  const scale = scaleOf(kind, flags);
  return [2 ** Math.floor(scale / 2), 2 ** Math.ceil(scale / 2)];
}

function integerRange(kind: Generator, weights: WeightSpec | undefined, fallback: { min: number; max: number }): { min: number; max: number } {
  if (weights === undefined) return fallback;
  if (typeof weights === 'string' || weights.integer === false) throw new UsageError(`--weights: ${kind} takes an integer range MIN..MAX`, CMD);
  return weights;
}

/**
 * Runs one generator with the flags' sizes, seed and weights, checking that each flag applies to it.
 * Kronecker and R-MAT list each edge once (Graph500 tuples) and are symmetrised unless `--directed`.
 *
 * @example
 * ```ts
 * const g = await generateGraph('kronecker', { scale: 16, seed: 1 }); // 2^16 vertices, 2^20 tuples
 * ```
 */
export async function generateGraph(kind: Generator, flags: GeneratorFlags): Promise<Generated> {
  const { seed, weights } = flags;
  switch (kind) {
    case 'kronecker': {
      refuse(kind, flags, ['scale', 'edgeFactor', 'directed', 'threads']);
      if (typeof weights === 'object') throw new UsageError('--weights: kronecker takes none or unit (f32 in [0, 1), as Graph500)', CMD);
      const scale = scaleOf(kind, flags);
      const options = { scale, edgeFactor: flags.edgeFactor ?? 16, seed, weights: weights === 'f32-unit' };
      const threads = threadsFor(scale, flags);
      const edges = threads > 1 ? await generateKroneckerParallel({ ...options, threads }) : generateKronecker(options);
      return { edges, symmetrize: !flags.directed, params: { ...options, weights: weights ?? 'none', directed: !!flags.directed } };
    }
    case 'rmat': {
      refuse(kind, flags, ['scale', 'edgeFactor', 'directed', 'threads']);
      const scale = scaleOf(kind, flags);
      const options = { scale, averageDegree: 2 * (flags.edgeFactor ?? 16), seed, weights: weights ?? 'none' };
      const threads = threadsFor(scale, flags);
      const edges = threads > 1 ? await generateRmatParallel({ ...options, threads }) : generateRmat(options);
      return { edges, symmetrize: !flags.directed, params: { scale, averageDegree: options.averageDegree, seed, weights: JSON.stringify(options.weights), directed: !!flags.directed } };
    }
    case 'er': {
      refuse(kind, flags, ['scale', 'vertices', 'edgeFactor', 'edges', 'directed']);
      const n = vertexCount(kind, flags);
      const m = flags.edges ?? (flags.edgeFactor ?? 8) * n;
      const edges = generateErdosRenyi({ n, m, seed, directed: !!flags.directed, weights: weights ?? 'none' });
      return { edges, symmetrize: false, params: { n, m, seed, weights: JSON.stringify(weights ?? 'none'), directed: !!flags.directed } };
    }
    case 'grid':
    case 'road': {
      refuse(kind, flags, ['scale', 'rows', 'cols']);
      const [rows, cols] = gridSides(kind, flags);
      const range = integerRange(kind, weights, { min: 1, max: 100 });
      const { graph, x, y } = generateGrid({ rows, cols, weights: range, seed, roadLike: kind === 'road' });
      return { edges: graph, symmetrize: false, coordinates: { x, y }, params: { rows, cols, seed, weights: `${range.min}..${range.max}` } };
    }
    case 'sprand': {
      refuse(kind, flags, ['scale', 'vertices', 'edgeFactor', 'edges']);
      const n = vertexCount(kind, flags);
      const m = flags.edges ?? (flags.edgeFactor ?? 4) * n;
      if (weights === 'f32-unit' || weights === 'none') throw new UsageError('--weights: sprand takes a range MIN..MAX (default 0..n, integers)', CMD);
      const range = weights ?? { min: 0, max: n, integer: true };
      const edges = generateSprand({ n, m, seed, minWeight: range.min, maxWeight: range.max, floatWeights: range.integer === false });
      return { edges, symmetrize: false, params: { n, m, seed, weights: `${range.min}..${range.max}` } };
    }
  }
}
