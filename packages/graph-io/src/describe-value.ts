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
