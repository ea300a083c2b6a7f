/**
 * What a value is, for a message about a value of the wrong type: `null`, `a string ("5")`, `an Array`,
 * `a Float32Array`…
 *
 * @example
 * describeValue('5'); // 'a string ("5")'
 */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return `a string (${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value)})`;
  if (typeof value !== 'object') return `a ${typeof value} (${String(value)})`;
  const name = (value as object).constructor?.name ?? 'Object';
  return /^[AEIOU]/.test(name) ? `an ${name}` : `a ${name}`;
}

/**
 * Refuses a value that is not a number, naming it and what was wanted: a string "20" printed as
 * `scale = 20 is not an integer in 1..31` (or compared as a number and let through) read as a wrong number.
 *
 * @example
 * checkNumberType('pagerank: damping', '0.85', 'a number'); // TypeError: pagerank: damping is a string ("0.85"), not a number
 */
export function checkNumberType(what: string, value: unknown, wanted: string): void {
  if (typeof value !== 'number') throw new TypeError(`${what} is ${describeValue(value)}, not ${wanted}`);
}
