import { expect } from 'vitest';
import { normalizeSpec, SpecError, type KernelSpec } from '../../src/index.js';

/** Asserts that `spec` is refused with a {@link SpecError} naming `parameter`, its message matching `message`. */
export function expectSpecError(spec: KernelSpec, parameter: string, message: RegExp): void {
  let error: unknown;
  try {
    normalizeSpec(spec);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(SpecError);
  expect((error as SpecError).parameter).toBe(parameter);
  expect((error as Error).message).toMatch(message);
}
