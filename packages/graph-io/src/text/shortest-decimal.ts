/**
 * The shortest decimal text that reads back as exactly `value` (JavaScript's own number-to-string,
 * which is shortest round-trip), with `-0` kept as `-0`. Exponents come out as `1e+21` / `5e-324`,
 * which C's `strtod`, scipy and our readers accept. Only for finite numbers.
 *
 * @example
 * ```ts
 * shortestDecimal(0.1);  // '0.1'
 * shortestDecimal(-0);   // '-0'
 * shortestDecimal(1e21); // '1e+21'
 * ```
 */
export function shortestDecimal(value: number): string {
  return Object.is(value, -0) ? '-0' : String(value);
}
