// The plain-text table the suites print on the console after a run.

/**
 * Rows of cells as columns padded to their widest cell, two spaces apart, no trailing blanks.
 *
 * @example
 * console.log(formatTable([['n', 'ms'], ['1024', '0.8']]));
 */
export function formatTable(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd()).join('\n');
}
