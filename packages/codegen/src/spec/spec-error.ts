/** A spec that cannot become a kernel; the message names the parameter and the rule. */
export class SpecError extends Error {
  override readonly name = 'SpecError';
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(`KernelSpec.${parameter}: ${message}`);
  }
}

/**
 * A spec value as a SpecError quotes it: arrays and objects as JSON (interpolated, `{"a":1}` reads as
 * `[object Object]` and `[3]` as `3`), anything else as String does.
 *
 * @example
 * shown({ a: 1 }); // '{"a":1}'
 * shown(3);        // '3'
 */
export function shown(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}
