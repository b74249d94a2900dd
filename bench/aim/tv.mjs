// Total variation between the marginals of two CSV tables with the same header (cells compared as
// text): the mean and the worst over every pair of columns, and the mean over every triple. How
// bench/aim/aim.mjs scores privsynth's and the reference code's synthetic tables alike.
import Papa from 'papaparse';

function parse(text) {
  const { data } = Papa.parse(text.trim(), { skipEmptyLines: true });
  return { header: data[0], rows: data.slice(1) };
}

function distribution(rows, columns) {
  const counts = new Map();
  for (const row of rows) {
    const key = columns.map((c) => row[c]).join('\u0001');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [key, count] of counts) counts.set(key, count / rows.length);
  return counts;
}

function totalVariation(p, q) {
  let sum = 0;
  for (const [key, value] of p) sum += Math.abs(value - (q.get(key) ?? 0));
  for (const [key, value] of q) if (!p.has(key)) sum += value;
  return sum / 2;
}

/** { meanTwoWay, worstTwoWay, meanThreeWay } of `synthetic` against `real` (CSV texts). */
export function marginalDistances(realText, syntheticText) {
  const real = parse(realText);
  const synthetic = parse(syntheticText);
  const index = synthetic.header.map((name) => real.header.indexOf(name));
  if (index.some((i) => i < 0)) throw new Error('the synthetic table has a column the real one lacks');
  const realRows = real.rows.map((row) => index.map((i) => row[i]));
  const d = synthetic.header.length;
  const pairs = [];
  const triples = [];
  for (let a = 0; a < d; ++a) {
    for (let b = a + 1; b < d; ++b) {
      pairs.push(totalVariation(distribution(realRows, [a, b]), distribution(synthetic.rows, [a, b])));
      for (let c = b + 1; c < d; ++c) {
        triples.push(totalVariation(distribution(realRows, [a, b, c]), distribution(synthetic.rows, [a, b, c])));
      }
    }
  }
  const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
  return { meanTwoWay: mean(pairs), worstTwoWay: Math.max(...pairs), meanThreeWay: mean(triples) };
}
