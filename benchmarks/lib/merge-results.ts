// Results of an earlier run kept in this run's file: a suite too long for one command on the GPU host runs
// in several (e.g. --classes power-law,stencil, then the rest), each merging the one before.
import { readResults } from './read-results.js';
import type { BenchResult } from './results.js';

/** The results of `path`, refusing a file of another suite or device (its figures would not compare). */
export function earlierResults(path: string, suite: string, device: string): BenchResult[] {
  const earlier = readResults(path);
  if (earlier.suite !== suite || earlier.context.device !== device) {
    throw new Error(`--merge ${path}: a ${earlier.suite} run on ${earlier.context.device}; this is ${suite} on ${device}`);
  }
  return earlier.results;
}

/**
 * The results to write: a case measured again (same params) keeps only its newest figure, so a file merged
 * over several commands never quotes one case twice.
 */
export function newestPerCase(results: readonly BenchResult[]): BenchResult[] {
  const last = new Map<string, number>();
  results.forEach((r, i) => last.set(stableKey(r.params), i));
  return results.filter((r, i) => last.get(stableKey(r.params)) === i);
}

const stableKey = (params: BenchResult['params']): string => JSON.stringify(Object.keys(params).sort().map((k) => [k, params[k]]));
