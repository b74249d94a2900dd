// How bench/own-table/own-table.mjs scores a synthetic table against the real one, from the two
// tables' cells alone (never from the library's report), so that every row of the bench is measured
// the same way. The evaluation binning depends only on the real table:
// - a column is numeric when every present cell parses as a number and it has more than 20
//   distinct values; it is cut into 10 bins at the real deciles (right-closed, so a point mass at
//   the low end keeps a bin of its own), numbers outside the real range going to the end bins;
// - every other column is categorical: its 30 most frequent real values, "other" (unseen
//   values included) and "missing". In a column whose real cells are all numbers, cells are compared
//   as numbers ("1.0" is "1").
// Missing cells: empty, "?", "NA", "N/A", "NaN", "nan", "null" or "NULL" (after trimming).

import { seededGenerator } from '../seeded-generator.mjs';

const MISSING = new Set(['', '?', 'NA', 'N/A', 'NaN', 'nan', 'null', 'NULL']);
const isMissing = (cell) => MISSING.has(cell.trim());
/** The number a cell holds, or undefined. */
const numberOf = (cell) => {
  const text = cell.trim();
  if (text === '') return undefined;
  const x = Number(text);
  return Number.isFinite(x) ? x : undefined;
};

const NUMERIC_MIN_DISTINCT = 21;
const DECILES = 10;
const TOP_CATEGORIES = 30;
/** Categories holding at least this share of the real rows count for coverage. */
const COVERAGE_SHARE = 0.005;
export const MAX_PAIRS = 300;

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

/** The lower quantile of sorted values: the smallest x with at least share p of them <= x. */
function quantile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** Index of the first element of sorted `edges` that is >= x (the number of edges below x). */
function edgesBelow(edges, x) {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edges[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The column pairs to score: all of them, or MAX_PAIRS drawn with a fixed seed. */
function pairsOf(columnCount) {
  const all = [];
  for (let a = 0; a < columnCount; ++a) for (let b = a + 1; b < columnCount; ++b) all.push([a, b]);
  if (all.length <= MAX_PAIRS) return all;
  const random = seededGenerator(20240611);
  for (let i = 0; i < MAX_PAIRS; ++i) {
    const j = i + Math.floor(random() * (all.length - i));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, MAX_PAIRS).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

/** One column's evaluation binning, from its real cells. */
function columnBinning(name, cells) {
  const present = cells.filter((cell) => !isMissing(cell));
  const numbers = present.map(numberOf);
  const allNumbers = present.length > 0 && numbers.every((x) => x !== undefined);
  if (allNumbers && new Set(numbers).size >= NUMERIC_MIN_DISTINCT) {
    const sorted = Float64Array.from(numbers).sort();
    const edges = [...new Set(Array.from({ length: DECILES - 1 }, (_, k) => quantile(sorted, (k + 1) / DECILES)))];
    const valueBins = edges.length + 1;
    let range = quantile(sorted, 0.99) - quantile(sorted, 0.01);
    if (!(range > 0)) range = sorted[sorted.length - 1] - sorted[0];
    return {
      name,
      numeric: true,
      sorted,
      range,
      // value bins, then "missing", then "not a number"
      bins: valueBins + 2,
      binOf: (cell) => {
        if (isMissing(cell)) return valueBins;
        const x = numberOf(cell);
        return x === undefined ? valueBins + 1 : edgesBelow(edges, x);
      },
    };
  }
  const keyOf = allNumbers ? (cell) => String(numberOf(cell) ?? cell.trim()) : (cell) => cell.trim();
  const counts = new Map();
  for (const cell of present) {
    const key = keyOf(cell);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const ranked = [...counts].sort((p, q) => q[1] - p[1] || (p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : 0));
  const index = new Map(ranked.slice(0, TOP_CATEGORIES).map(([key], i) => [key, i]));
  const other = index.size;
  return {
    name,
    numeric: false,
    keyOf,
    common: ranked.filter(([, count]) => count >= COVERAGE_SHARE * cells.length).map(([key]) => key),
    // top categories, then "other", then "missing"
    bins: other + 2,
    binOf: (cell) => (isMissing(cell) ? other + 1 : (index.get(keyOf(cell)) ?? other)),
  };
}

/**
 * The evaluation binning of a real table ({ header, rows }): one binning per column, and the column
 * pairs the 2-way TV is averaged over (all, or MAX_PAIRS of them drawn with a fixed seed).
 */
export function evaluationBinning(real) {
  const columns = real.header.map((name, c) =>
    columnBinning(
      name,
      real.rows.map((row) => row[c]),
    ),
  );
  const pairs = pairsOf(columns.length);
  return { columns, pairs, sampledPairs: pairs.length < (columns.length * (columns.length - 1)) / 2 };
}

/** Exact Wasserstein-1 distance between the empirical distributions of two sorted samples. */
export function wasserstein1(a, b) {
  if (!a.length || !b.length) return NaN;
  let i = 0;
  let j = 0;
  let u = 0;
  let total = 0;
  while (i < a.length && j < b.length) {
    const next = Math.min((i + 1) / a.length, (j + 1) / b.length);
    total += (next - u) * Math.abs(a[i] - b[j]);
    u = next;
    if ((i + 1) / a.length <= next) ++i;
    if ((j + 1) / b.length <= next) ++j;
  }
  return total;
}

/** Pearson's correlation over the rows where both are numbers, or NaN when a side is constant. */
function pearson(xs, ys) {
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let r = 0; r < xs.length; ++r) {
    if (Number.isNaN(xs[r]) || Number.isNaN(ys[r])) continue;
    ++n;
    sx += xs[r];
    sy += ys[r];
  }
  if (n < 2) return NaN;
  const mx = sx / n;
  const my = sy / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let r = 0; r < xs.length; ++r) {
    if (Number.isNaN(xs[r]) || Number.isNaN(ys[r])) continue;
    sxy += (xs[r] - mx) * (ys[r] - my);
    sxx += (xs[r] - mx) ** 2;
    syy += (ys[r] - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : NaN;
}

/** Per column of `binning`, the bin of every row of `table` (which must hold that column). */
function binsOf(binning, table, columns) {
  return columns.map((c) => {
    const at = table.header.indexOf(binning.columns[c].name);
    return Int32Array.from(table.rows, (row) => binning.columns[c].binOf(row[at]));
  });
}

/** Per column, the rows' numbers (NaN where missing or not a number). */
function numbersOf(binning, table, columns) {
  return columns.map((c) => {
    const at = table.header.indexOf(binning.columns[c].name);
    return Float64Array.from(table.rows, (row) => (isMissing(row[at]) ? NaN : (numberOf(row[at]) ?? NaN)));
  });
}

/** TV between the joint distributions of bins (a, b) of the real and the synthetic rows. */
function twoWayTV(realA, realB, synthA, synthB, widthB, cells) {
  const p = new Float64Array(cells);
  const q = new Float64Array(cells);
  for (let r = 0; r < realA.length; ++r) p[realA[r] * widthB + realB[r]] += 1 / realA.length;
  for (let r = 0; r < synthA.length; ++r) q[synthA[r] * widthB + synthB[r]] += 1 / synthA.length;
  let sum = 0;
  for (let k = 0; k < cells; ++k) sum += Math.abs(p[k] - q[k]);
  return sum / 2;
}

/**
 * The scores of `synthetic` against `real` ({ header, rows } both) under `binning`, leaving out the
 * real columns named in `unmeasured` and those the synthetic table lacks:
 * { tv, w1, pearson, coverage, measured, unmeasured, pairs }. A score with nothing to average is NaN.
 */
export function scoreSynthetic(binning, real, synthetic, unmeasured = []) {
  const skip = new Set(unmeasured);
  const measured = [];
  binning.columns.forEach((column, c) => {
    if (!skip.has(column.name) && synthetic.header.includes(column.name)) measured.push(c);
  });
  const position = new Map(measured.map((c, i) => [c, i]));
  const realBins = binsOf(binning, real, measured);
  const synthBins = binsOf(binning, synthetic, measured);
  const pairs = binning.pairs.filter(([a, b]) => position.has(a) && position.has(b));
  const tv = mean(
    pairs.map(([a, b]) => {
      const [i, j] = [position.get(a), position.get(b)];
      const width = binning.columns[b].bins;
      return twoWayTV(realBins[i], realBins[j], synthBins[i], synthBins[j], width, binning.columns[a].bins * width);
    }),
  );

  const numeric = measured.filter((c) => binning.columns[c].numeric);
  const realNumbers = numbersOf(binning, real, numeric);
  const synthNumbers = numbersOf(binning, synthetic, numeric);
  const w1 = mean(
    numeric
      .map((c, i) => {
        const sorted = synthNumbers[i].filter((x) => !Number.isNaN(x)).sort();
        return wasserstein1(binning.columns[c].sorted, sorted) / binning.columns[c].range;
      })
      .filter((x) => !Number.isNaN(x)),
  );
  const deltas = [];
  for (let i = 0; i < numeric.length; ++i) {
    for (let j = i + 1; j < numeric.length; ++j) {
      const delta = Math.abs(pearson(realNumbers[i], realNumbers[j]) - pearson(synthNumbers[i], synthNumbers[j]));
      if (!Number.isNaN(delta)) deltas.push(delta);
    }
  }

  let common = 0;
  let covered = 0;
  for (const c of measured.filter((c) => !binning.columns[c].numeric)) {
    const column = binning.columns[c];
    const at = synthetic.header.indexOf(column.name);
    const seen = new Set(synthetic.rows.map((row) => column.keyOf(row[at])));
    common += column.common.length;
    covered += column.common.filter((key) => seen.has(key)).length;
  }
  return {
    tv,
    w1,
    pearson: mean(deltas),
    coverage: common ? covered / common : NaN,
    measured: measured.length,
    unmeasured: binning.columns.length - measured.length,
    pairs: pairs.length,
  };
}

/** Checks the scores on toy tables by hand; returns a list of failures (empty when all hold). */
export function selfCheck() {
  const failures = [];
  const near = (label, got, want) => {
    if (!(Math.abs(got - want) < 1e-12)) failures.push(`${label}: got ${got}, want ${want}`);
  };
  // W1 by hand: {0, 1} vs {0, 3}: half the mass moves by 2, so 1; {0, 1, 2} vs {0, 2}: the quantile
  // functions differ by 2 on (1/3, 1/2] and by 0 elsewhere... {0,1,2}: 0 on (0,1/3], 1 on (1/3,2/3],
  // 2 on (2/3,1]; {0,2}: 0 on (0,1/2], 2 on (1/2,1]: |1-0| * 1/6 + |1-2| * 1/6 = 1/3.
  near('W1 {0,1} vs {0,3}', wasserstein1([0, 1], [0, 3]), 1);
  near('W1 {0,1,2} vs {0,2}', wasserstein1([0, 1, 2], [0, 2]), 1 / 3);
  near('W1 shift by 5', wasserstein1([1, 2, 3], [6, 7, 8]), 5);

  // A toy table: x numeric (30 distinct values), y a function of x, c categorical.
  const header = ['x', 'y', 'c'];
  const rows = Array.from({ length: 60 }, (_, i) => [String(i % 30), String(2 * (i % 30) + 1), i % 3 ? 'a' : 'b']);
  const real = { header, rows };
  const binning = evaluationBinning(real);
  const same = scoreSynthetic(binning, real, { header, rows: rows.map((row) => [...row]) });
  near('identical: TV', same.tv, 0);
  near('identical: W1', same.w1, 0);
  near('identical: Pearson', same.pearson, 0);
  near('identical: coverage', same.coverage, 1);
  // Reordered columns and "1.0" for "1" change nothing.
  const reordered = scoreSynthetic(binning, real, {
    header: ['c', 'y', 'x'],
    rows: rows.map(([x, y, c]) => [c, `${y}.0`, x]),
  });
  near('reordered: TV', reordered.tv, 0);
  near('reordered: W1', reordered.w1, 0);
  // Category "b" never appears: coverage 1/2; TV of (x, c) and (y, c): the "b" third moves to "a".
  const noB = scoreSynthetic(binning, real, { header, rows: rows.map(([x, y]) => [x, y, 'a']) });
  near('no "b": coverage', noB.coverage, 1 / 2);
  near('no "b": TV', noB.tv, (0 + 1 / 3 + 1 / 3) / 3);
  // x shifted by +30 (outside the real range: all in the top bin); W1 = 30 / (p99 - p1) = 30 / 29.
  const shifted = scoreSynthetic(binning, real, { header, rows: rows.map(([x, y, c]) => [String(+x + 30), y, c]) });
  near('shifted: W1', shifted.w1, (30 / 29 + 0) / 2);
  near('shifted: Pearson', shifted.pearson, 0);
  // Dropping a column leaves it unmeasured.
  const dropped = scoreSynthetic(binning, real, { header: ['x', 'c'], rows: rows.map(([x, , c]) => [x, c]) });
  if (dropped.unmeasured !== 1 || dropped.pairs !== 1) failures.push('dropped column: not left out');
  return failures;
}
