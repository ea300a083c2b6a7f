import { expect } from 'vitest';
import { GraphParseError } from '../../src/index.js';

/** Runs `fn`, expects a GraphParseError and returns it for further checks. */
export function expectParseError(fn: () => unknown): GraphParseError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphParseError);
    return error as GraphParseError;
  }
  throw new Error('expected a GraphParseError, but nothing was thrown');
}

/** The message of the GraphParseError that `fn` throws. */
export function parseErrorMessage(fn: () => unknown): string {
  return expectParseError(fn).message;
}
