/** Formatting of numbers and tables for people (stderr) and of matrix values for files. */

/** `12.3 ms`, `4.56 s`. */
export function formatMs(ms: number): string {
  if (ms < 1) return `${ms.toFixed(3)} ms`;
  if (ms < 1000) return `${ms.toPrecision(3)} ms`;
  return `${(ms / 1000).toPrecision(3)} s`;
}

const SI = ['', 'k', 'M', 'G', 'T', 'P'];

/** `1.23 G` style, for rates. */
export function formatSi(value: number): string {
  if (!Number.isFinite(value) || value === 0) return String(value);
  let i = 0;
  while (Math.abs(value) >= 1000 && i < SI.length - 1) {
    value /= 1000;
    i++;
  }
  return `${value.toPrecision(3)}${SI[i] === '' ? '' : ` ${SI[i]}`}`;
}

/** Left-aligned columns with a header row; the last column is not padded. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  return all.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]))).join('  ').trimEnd()).join('\n') + '\n';
}

/** The shortest decimal that reads back as the same float32 (`0.1` rather than `0.10000000149011612`). */
export function formatF32(value: number): string {
  if (Number.isInteger(value) || !Number.isFinite(value)) return String(value);
  for (let digits = 1; digits < 9; digits++) {
    const text = value.toPrecision(digits);
    if (Math.fround(Number(text)) === value) return String(Number(text));
  }
  return String(value);
}
