import type { LineScanner } from '../../text/line-scanner.js';
import type { MatrixMarketField } from './matrix-market-header.js';

/**
 * Reads the value token of a Matrix Market entry (the scanner must have read it): a safe integer for
 * `integer`, a finite double for `real`. Shared by the coordinate and array bodies.
 */
export function matrixMarketValue(sc: LineScanner, field: Exclude<MatrixMarketField, 'pattern'>): number {
  if (field === 'integer') {
    const value = sc.tokenInteger();
    if (Number.isNaN(value)) sc.failAtToken(`value '${sc.tokenText()}' is not an integer (field is integer)`);
    if (!Number.isSafeInteger(value)) sc.failAtToken(`value ${sc.tokenText()} is outside the safe integer range ±${Number.MAX_SAFE_INTEGER}`);
    return value;
  }
  const value = sc.tokenDecimal();
  if (Number.isNaN(value)) sc.failAtToken(`value '${sc.tokenText()}' is not a decimal number`);
  if (!Number.isFinite(value)) sc.failAtToken(`value ${sc.tokenText()} overflows a double`);
  return value;
}
