import { checkNumberType } from '../describe-value.js';

/**
 * Option checks shared by the generators, so every bad option reads the same way: the option's name,
 * the value given and the range allowed.
 */

/**
 * Throws a `RangeError` unless `value` is an integer in `min..max`.
 *
 * @example
 * ```ts
 * checkIntegerOption('scale', 40, 1, 31); // RangeError: scale = 40 is not an integer in 1..31
 * ```
 */
export function checkIntegerOption(name: string, value: number, min: number, max: number): void {
  checkNumberType(name, value, `an integer in ${min}..${max}`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} = ${value} is not an integer in ${min}..${max}`);
  }
}

/**
 * Throws a `RangeError` unless `value` is a finite number in `[min, max]`.
 *
 * @example
 * ```ts
 * checkNumberOption('a', 1.5, 0, 1); // RangeError: a = 1.5 is not a number in [0, 1]
 * ```
 */
export function checkNumberOption(name: string, value: number, min: number, max: number): void {
  checkNumberType(name, value, `a number in [${min}, ${max}]`);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new RangeError(`${name} = ${value} is not a number in [${min}, ${max}]`);
  }
}
