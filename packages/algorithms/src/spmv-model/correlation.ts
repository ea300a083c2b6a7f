/** How well predictions follow measurements. */
export interface Correlation {
  /** Pairs compared. */
  readonly n: number;
  /** Pearson's r of the values; NaN when either side is constant or n < 2. */
  readonly pearson: number;
  /** Spearman's ρ: Pearson's r of the ranks (ties get their mean rank). */
  readonly spearman: number;
}

/**
 * Pearson and Spearman correlation of predicted against measured rates, for the benchmark report (the paper
 * reports Pearson: 0.20 before, 0.47 after its small-matrix correction).
 *
 * @example
 * correlation([1, 2, 3], [10, 30, 20]); // { n: 3, pearson: 0.5, spearman: 0.5 }
 */
export function correlation(predicted: ArrayLike<number>, measured: ArrayLike<number>): Correlation {
  if (predicted.length !== measured.length) {
    throw new RangeError(`correlation: ${predicted.length} predictions but ${measured.length} measurements; they must pair up`);
  }
  return { n: predicted.length, pearson: pearson(predicted, measured), spearman: pearson(ranks(predicted), ranks(measured)) };
}

function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  if (n < 2) return NaN;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i] / n;
    mb += b[i] / n;
  }
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  }
  return aa === 0 || bb === 0 ? NaN : ab / Math.sqrt(aa * bb);
}

/** 1-based ranks, ties sharing the mean of the ranks they span. */
function ranks(values: ArrayLike<number>): Float64Array {
  const order = Array.from({ length: values.length }, (_, i) => i).sort((i, j) => values[i] - values[j]);
  const out = new Float64Array(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && values[order[end + 1]] === values[order[start]]) end++;
    for (let k = start; k <= end; k++) out[order[k]] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return out;
}
