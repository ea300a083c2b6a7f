const MINUS = 45;
const PLUS = 43;
const DOT = 46;
const ZERO = 48;
const LOWER_E = 101;

/** 10^0 … 10^22: every one is exact as a double (Clinger's fast path). */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);
/** Largest mantissa that can take one more digit and stay ≤ 2^53. */
const MANTISSA_LIMIT = (2 ** 53 - 9) / 10;

/**
 * Parses `bytes[start, end)` as an optionally signed decimal integer (`[+-]?[0-9]+`).
 * Returns `NaN` when the text is not of that form. Values past 2^53 come back inexact but
 * still larger than `Number.MAX_SAFE_INTEGER`, so callers can range-check them.
 *
 * @example
 * ```ts
 * parseIntegerBytes(new TextEncoder().encode('-42'), 0, 3); // -42
 * ```
 */
export function parseIntegerBytes(bytes: Uint8Array, start: number, end: number): number {
  const first = bytes[start];
  if (first === MINUS) return -parseUnsignedBytes(bytes, start + 1, end);
  return parseUnsignedBytes(bytes, first === PLUS ? start + 1 : start, end);
}

/**
 * Parses `bytes[start, end)` as an unsigned decimal integer (`[0-9]+`, no sign).
 * Returns `NaN` when the text is not of that form.
 *
 * @example
 * ```ts
 * parseUnsignedBytes(new TextEncoder().encode('17'), 0, 2); // 17
 * ```
 */
export function parseUnsignedBytes(bytes: Uint8Array, start: number, end: number): number {
  if (start >= end) return NaN;
  let value = 0;
  for (let p = start; p < end; p++) {
    const d = bytes[p] - ZERO;
    if (d < 0 || d > 9) return NaN;
    value = value * 10 + d;
  }
  return value;
}

/**
 * Parses `bytes[start, end)` as a decimal number: `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`.
 * Returns `NaN` for anything else (no hex, `Infinity`, `NaN`, underscores or blanks). The result is
 * the correctly rounded double: a fast exact path handles up to 2^53 mantissa and |exponent| ≤ 22,
 * the rest goes through `Number()`. Overflow gives ±Infinity, which callers reject.
 *
 * @example
 * ```ts
 * parseDecimalBytes(new TextEncoder().encode('-.2788416'), 0, 9); // -0.2788416
 * ```
 */
export function parseDecimalBytes(bytes: Uint8Array, start: number, end: number): number {
  let p = start;
  let negative = false;
  const first = bytes[p];
  if (first === MINUS || first === PLUS) {
    negative = first === MINUS;
    p++;
  }
  let mantissa = 0;
  let exact = true;
  let digits = 0;
  let scale = 0;
  for (; p < end; p++) {
    const d = bytes[p] - ZERO;
    if (d < 0 || d > 9) break;
    digits++;
    if (mantissa <= MANTISSA_LIMIT) mantissa = mantissa * 10 + d;
    else exact = false;
  }
  if (p < end && bytes[p] === DOT) {
    p++;
    for (; p < end; p++) {
      const d = bytes[p] - ZERO;
      if (d < 0 || d > 9) break;
      digits++;
      if (mantissa <= MANTISSA_LIMIT) {
        mantissa = mantissa * 10 + d;
        scale--;
      } else if (d !== 0) {
        exact = false;
      }
    }
  }
  if (digits === 0) return NaN;
  let exponent = 0;
  if (p < end && (bytes[p] | 0x20) === LOWER_E) {
    p++;
    let expNegative = false;
    if (p < end && (bytes[p] === MINUS || bytes[p] === PLUS)) {
      expNegative = bytes[p] === MINUS;
      p++;
    }
    let expDigits = 0;
    for (; p < end; p++) {
      const d = bytes[p] - ZERO;
      if (d < 0 || d > 9) break;
      expDigits++;
      if (exponent < 1e9) exponent = exponent * 10 + d;
    }
    if (expDigits === 0) return NaN;
    if (expNegative) exponent = -exponent;
  }
  if (p !== end) return NaN;
  const e10 = exponent + scale;
  let value: number;
  if (exact && e10 >= -22 && e10 <= 22) {
    value = e10 >= 0 ? mantissa * POW10[e10] : mantissa / POW10[-e10];
    return negative ? -value : value;
  }
  return Number(asciiText(bytes, start, end));
}

function asciiText(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let p = start; p < end; p++) s += String.fromCharCode(bytes[p]);
  return s;
}
