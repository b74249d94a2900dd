// `npm run bench -- persons`: what a privacy unit costs and keeps on data/visits (several visits per
// patient; docs/privacy/privacy-unit.md), to choose rowsPerPerson's default. At each epsilon, with
// mechanism "auto", side by side in one run:
//   (a) the row-level release: the visits schema without privacyUnit and perPerson (patient_id stays
//       an id column, and every row is taken to be a different person);
//   (b) the person-level release with the default k (the option left out; k read from the receipt);
//   (c) the person-level release for each k of --ks (the default's row reuses (b)'s runs).
// Each row is the mean over the seeds (testSeed 1..n) of, all computed here from the real and the
// synthetic CSV (never from the library's report, but for the rows the mechanism kept):
//   - real rows kept: the rows the mechanism read (report.persons.rowsKept; row level: every row kept);
//   - synthetic rows and synthetic persons (distinct patient_id; row level: each row is one);
//   - mean and worst 2-way TV over every pair of the schema's measured columns, numeric and date
//     columns cut into the schema's bins (equal-width over [min, max], or its binEdges), the synthetic
//     table against the REAL FULL table (not the bounded one);
//   - the bounding alone: the same mean 2-way TV for the real table cut to k rows per person (drawn
//     here with a seeded generator), which no budget removes, beside the same for as many rows drawn
//     uniformly (what keeping fewer rows costs by itself);
//   - per-person consistency: the share of synthetic persons with 2 or more rows whose perPerson
//     columns agree in all their rows (a person with one row agrees trivially; n/a at row level);
//   - rows-per-person TV: the distribution of the number of rows per synthetic person against the
//     real one, uncapped, and capped at k (min(rows, k), what the bounding keeps);
//   - |Δ| of four statistics a clinician would look at, real full table vs synthetic: mean cost,
//     median length_of_stay, share of emergency visits, Pearson's r of length_of_stay and cost;
//   - seconds: the synthesize() call.
// Prints markdown tables; asserts nothing.
//   (d) the person-level release with k chosen privately at each quantile of --quantiles.
// --table=purchases runs the same on a table of card purchases (purchases.mjs), shaped unlike the
// visits, with its own four statistics.
// Usage: npm run bench -- persons [--table=visits|purchases] [--seeds=3] [--epsilons=1,3] [--ks=1,2,4,8,16]
//        [--quantiles=0.5,0.75,0.9] [--quick]
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { readFlags } from '../flags.mjs';
import { seededGenerator } from '../seeded-generator.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

const flags = readFlags();
const quick = Boolean(flags.quick);
const list = (text) => String(text).split(',').map(Number);
const seeds = Number(flags.seeds ?? (quick ? 1 : 3));
const epsilons = list(flags.epsilons ?? (quick ? '1' : '1,3'));
const ks = list(flags.ks ?? (quick ? '1,4,16' : '1,2,4,8,16'));
const quantiles = list(flags.quantiles ?? (quick ? '0.75' : '0.5,0.75,0.9'));
const tableName = String(flags.table ?? 'visits');
if (!['visits', 'purchases'].includes(tableName)) {
  console.error('--table takes visits or purchases');
  process.exit(2);
}
if (!(Number.isInteger(seeds) && seeds > 0) || [...epsilons, ...ks].some((x) => !(x > 0))) {
  console.error('--seeds takes a whole number > 0, --epsilons and --ks comma-separated numbers > 0');
  process.exit(2);
}
if (!existsSync(`${root}web/lib/dist/node.js`)) {
  console.error(`${root}web/lib/dist/node.js is missing: run "bash scripts/build.sh lib"`);
  process.exit(2);
}
const { parseCsv, synthesize } = await import('privsynth');
const { purchasesTable } = await import('./purchases.mjs');
const TABLE =
  tableName === 'visits'
    ? {
        csv: readFileSync(`${root}data/visits/visits.csv`, 'utf8'),
        schema: JSON.parse(readFileSync(`${root}data/visits/visits.schema.json`, 'utf8')),
      }
    : purchasesTable(root);

const progress = (text) => process.stderr.write(`${text}\n`);
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs) => (xs.length > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1)) : 0);
const fixed = (x, digits = 3) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : 'n/a');
const whole = (x) => (typeof x === 'number' && Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : 'n/a');

const { schema } = TABLE;
const UNIT = schema.privacyUnit;
const PER_PERSON = schema.columns.filter((column) => column.perPerson).map((column) => column.name);
const MEASURED = schema.columns.filter((column) => column.type !== 'id' && column.type !== 'text');
const MISSING = new Set(schema.missing ?? ['']);

/** The schema without its unit: the row-level release of the same table. */
function rowLevelSchema() {
  const { privacyUnit: _unit, ...rest } = schema;
  return { ...rest, columns: schema.columns.map(({ perPerson: _perPerson, ...column }) => column) };
}

const DAY_MS = 86_400_000;
/** A column's value as a number: a date as whole days since 1970-01-01; NaN when missing or unreadable. */
function numberOf(column, text) {
  if (MISSING.has(text)) return NaN;
  if (column.type === 'date') return Date.parse(`${text}T00:00:00Z`) / DAY_MS;
  return text.trim() === '' ? NaN : Number(text);
}

/**
 * A column's level of a cell, as the schema bins it: a category's position (unknown values after
 * them), a numeric or date value's bin of [min, max] (clamped), and one level for missing.
 */
function levelOf(column) {
  if (column.type === 'categorical') {
    const position = new Map(column.categories.map((category, index) => [String(category), index]));
    const other = column.categories.length;
    return (text) => (MISSING.has(text) ? other + 1 : (position.get(text) ?? other));
  }
  const lo = numberOf(column, String(column.min));
  const hi = numberOf(column, String(column.max));
  const edges = column.binEdges
    ? column.binEdges.map((edge) => numberOf(column, String(edge)))
    : Array.from({ length: (column.bins ?? 16) + 1 }, (_, i) => lo + ((hi - lo) * i) / (column.bins ?? 16));
  const bins = edges.length - 1;
  return (text) => {
    const x = numberOf(column, text);
    if (Number.isNaN(x)) return bins;
    const clamped = Math.min(hi, Math.max(lo, x));
    let bin = 0;
    while (bin < bins - 1 && clamped >= edges[bin + 1]) ++bin;
    return bin;
  };
}

/** A table (parseCsv's) as the columns' levels, and its cells by name. */
function encode(table) {
  const index = Object.fromEntries(table.header.map((name, i) => [name, i]));
  const levels = MEASURED.map((column) => {
    const level = levelOf(column);
    const i = index[column.name];
    return Int32Array.from(table.rows, (row) => level(row[i]));
  });
  const cells = (name) => table.rows.map((row) => row[index[name]]);
  return { rows: table.rows.length, levels, cells };
}

/** Total variation between two tables' joint distributions of columns a and b. */
function pairTv(real, synthetic, a, b) {
  const histogram = (table) => {
    const counts = new Map();
    for (let r = 0; r < table.rows; ++r) {
      const key = table.levels[a][r] * 100_000 + table.levels[b][r];
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };
  const p = histogram(real);
  const q = histogram(synthetic);
  let sum = 0;
  for (const key of new Set([...p.keys(), ...q.keys()])) {
    sum += Math.abs((p.get(key) ?? 0) / real.rows - (q.get(key) ?? 0) / Math.max(1, synthetic.rows));
  }
  return sum / 2;
}

/** Total variation between two distributions given as count maps. */
function countTv(p, q) {
  const total = (counts) => [...counts.values()].reduce((a, b) => a + b, 0);
  const [np, nq] = [total(p), total(q)];
  let sum = 0;
  for (const key of new Set([...p.keys(), ...q.keys()]))
    sum += Math.abs((p.get(key) ?? 0) / np - (q.get(key) ?? 0) / nq);
  return sum / 2;
}

/** The persons of a table: their rows' indices, by identifier. */
function personsOf(table) {
  const persons = new Map();
  table.cells(UNIT).forEach((id, row) => persons.set(id, [...(persons.get(id) ?? []), row]));
  return persons;
}

/** How many persons have each number of rows, the numbers capped at `cap`. */
function rowsPerPerson(persons, cap = Infinity) {
  const counts = new Map();
  for (const rows of persons.values()) {
    const n = Math.min(rows.length, cap);
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  return counts;
}

const median = (xs) => {
  const sorted = Float64Array.from(xs).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
function pearson(xs, ys) {
  const pairs = xs.map((x, i) => [x, ys[i]]).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  const mx = mean(pairs.map(([x]) => x));
  const my = mean(pairs.map(([, y]) => y));
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** The four statistics a domain expert would check first, per table. */
const EXPERT = {
  visits: {
    of: (table, numbers, present) => {
      const cost = numbers('cost');
      const stay = numbers('length_of_stay');
      const emergency = table.cells('emergency');
      return {
        mean: mean(present(cost)),
        median: median(present(stay)),
        share: emergency.filter((value) => value === 'yes').length / emergency.length,
        corr: pearson(stay, cost),
      };
    },
    labels: ['|Δ mean cost|', '|Δ median stay|', '|Δ emergency share|', '|Δ r(stay, cost)|'],
    words: 'mean cost, median length_of_stay, share of emergency visits, r(length_of_stay, cost)',
  },
  purchases: {
    of: (table, numbers, present) => {
      const amount = numbers('amount');
      const category = table.cells('category');
      return {
        mean: mean(present(amount)),
        median: median(present(amount)),
        share: category.filter((value) => value === 'travel').length / category.length,
        corr: pearson(numbers('age'), amount),
      };
    },
    labels: ['|Δ mean amount|', '|Δ median amount|', '|Δ travel share|', '|Δ r(age, amount)|'],
    words: 'mean amount, median amount, share of travel purchases, r(age, amount)',
  },
}[tableName];
function statistics(table) {
  return EXPERT.of(
    table,
    (name) => table.cells(name).map(Number),
    (xs) => xs.filter(Number.isFinite),
  );
}
const STATISTICS = [
  ['mean', EXPERT.labels[0], 1],
  ['median', EXPERT.labels[1], 2],
  ['share', EXPERT.labels[2], 4],
  ['corr', EXPERT.labels[3], 3],
];

const realTable = encode(parseCsv(TABLE.csv));
const realPersons = personsOf(realTable);
const realStatistics = statistics(realTable);
const PAIRS = [];
for (let a = 0; a < MEASURED.length; ++a) for (let b = a + 1; b < MEASURED.length; ++b) PAIRS.push([a, b]);

/** The first `count` of `rows` after a partial Fisher-Yates shuffle: `count` of them drawn uniformly. */
function draw(rows, count, random) {
  const order = [...rows];
  for (let i = 0; i < count; ++i) {
    const j = i + Math.floor(random() * (order.length - i));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, count);
}

/** Mean 2-way TV between the real full table and its rows `kept`. */
function subsetTv(kept) {
  const subset = {
    rows: kept.length,
    levels: realTable.levels.map((level) => Int32Array.from(kept, (row) => level[row])),
  };
  return mean(PAIRS.map(([a, b]) => pairTv(realTable, subset, a, b)));
}

/**
 * The bounding alone, without noise: the mean 2-way TV between the real full table and the real
 * table with each person's rows cut to k, drawn at random as the core draws them (the perPerson
 * columns are constant per person in data/visits, so nothing else changes); and, to tell its bias
 * from the error of keeping fewer rows, the same for as many rows drawn uniformly from the table.
 */
function boundingAlone(k, seed) {
  const random = seededGenerator(seed * 7919 + k);
  const kept = [...realPersons.values()].flatMap((rows) => draw(rows, Math.min(k, rows.length), random));
  const all = Array.from({ length: realTable.rows }, (_, row) => row);
  return { bias: subsetTv(kept), uniform: subsetTv(draw(all, kept.length, random)) };
}

/** One release scored: `k` is the bounding's (undefined at row level). */
function score(result, k, seconds, seed) {
  const synthetic = encode(parseCsv(result.csv));
  const tvs = PAIRS.map(([a, b]) => pairTv(realTable, synthetic, a, b));
  const expert = statistics(synthetic);
  const scored = {
    mechanism: result.receipt.mechanism.name,
    kept: result.report.persons?.rowsKept ?? result.report.encoding.keptRows,
    rows: result.rows,
    meanTv: mean(tvs),
    worstTv: Math.max(...tvs),
    seconds,
    ...Object.fromEntries(STATISTICS.map(([key]) => [key, Math.abs(expert[key] - realStatistics[key])])),
  };
  if (k === undefined)
    return { ...scored, persons: NaN, consistency: NaN, rppTv: NaN, rppTvCapped: NaN, bias: NaN, uniform: NaN };
  const persons = personsOf(synthetic);
  const several = [...persons.values()].filter((rows) => rows.length > 1);
  const columns = PER_PERSON.map((name) => synthetic.cells(name));
  const agree = several.filter((rows) => columns.every((cells) => rows.every((row) => cells[row] === cells[rows[0]])));
  return {
    ...scored,
    persons: persons.size,
    consistency: several.length ? agree.length / several.length : NaN,
    rppTv: countTv(rowsPerPerson(realPersons), rowsPerPerson(persons)),
    rppTvCapped: countTv(rowsPerPerson(realPersons, k), rowsPerPerson(persons)),
    ...boundingAlone(k, seed),
  };
}

/** A row's runs over the seeds; an error stops the row and is printed in it. */
async function runRow(label, epsilon, options) {
  const runs = [];
  for (let seed = 1; seed <= seeds; ++seed) {
    progress(`  epsilon ${epsilon}, ${label}, seed ${seed}/${seeds}`);
    const start = performance.now();
    let result;
    try {
      result = await synthesize({
        csv: TABLE.csv,
        epsilon,
        evaluate: false,
        testSeed: seed,
        ...options,
      });
    } catch (error) {
      return { runs, error: `${error.code ?? error.name}: ${error.message}` };
    }
    const seconds = (performance.now() - start) / 1000;
    const k = result.receipt.privacy.privacyUnit?.rowsPerPerson;
    runs.push({ k, ...score(result, k, seconds, seed) });
  }
  return { runs };
}

const realSizes = [...realPersons.values()].map((rows) => rows.length);
console.log(
  `${tableName}: ${realTable.rows.toLocaleString('en-US')} rows of ${realPersons.size.toLocaleString('en-US')} ` +
    `persons; rows per person: ${fixed(mean(realSizes), 2)} on average, median ${median(realSizes)}, ` +
    `at most ${Math.max(...realSizes)}; ${realSizes.filter((n) => n === 1).length.toLocaleString('en-US')} ` +
    `with one row. Real full table (${EXPERT.words}): ${fixed(realStatistics.mean, 1)}, ` +
    `${fixed(realStatistics.median, 1)}, ${fixed(realStatistics.share, 4)}, ${fixed(realStatistics.corr, 3)}.\n`,
);
console.log(
  `Mechanism "auto", evaluate off, ${seeds} seed(s) per row (testSeed 1..${seeds}), means (± sd over the seeds). ` +
    `2-way TV: the ${PAIRS.length} pairs of the ${MEASURED.length} measured columns, binned as the schema bins ` +
    'them, the synthetic table against the real FULL table. Bounding alone: the mean 2-way TV of the real table ' +
    "cut to k rows per person (the bench's own random draw) against the real full table, no noise added: what no " +
    'budget removes; in brackets the same for as many rows drawn uniformly from the table, so the difference is ' +
    'the bias of keeping k rows per person rather than fewer rows. Consistent: the share of synthetic persons ' +
    'with 2+ rows whose perPerson columns ' +
    `(${PER_PERSON.join(', ')}) agree in every row. Rows/person TV: the distribution of rows per synthetic person ` +
    'against the real one, uncapped and capped at k. |Δ|: real full table vs synthetic. Row level: the schema ' +
    'without privacyUnit and perPerson (each row taken to be a different person).',
);

const percent = (x) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)} %` : 'n/a');
/** The table's columns: a header and the cell of a row's runs. */
const COLUMNS = [
  ['mechanism', (runs) => [...new Set(runs.map((run) => run.mechanism))].join(', ')],
  ['real rows kept', (runs, of) => whole(of('kept'))],
  ['synthetic rows', (runs, of) => whole(of('rows'))],
  ['synthetic persons', (runs, of) => whole(of('persons'))],
  ['mean 2-way TV', (runs, of) => `${fixed(of('meanTv'))} ± ${fixed(sd(runs.map((run) => run.meanTv)))}`],
  ['worst 2-way TV', (runs, of) => fixed(of('worstTv'))],
  ['bounding alone (uniform draw)', (runs, of) => `${fixed(of('bias'))} (${fixed(of('uniform'))})`],
  ['consistent', (runs, of) => percent(of('consistency'))],
  ['rows/person TV', (runs, of) => fixed(of('rppTv'))],
  ['rows/person TV (real capped at k)', (runs, of) => fixed(of('rppTvCapped'))],
  ...STATISTICS.map(([key, label, digits]) => [label, (runs, of) => fixed(of(key), digits)]),
  ['seconds', (runs, of) => fixed(of('seconds'), 1)],
];

for (const epsilon of epsilons) {
  progress(`epsilon ${epsilon}`);
  const rows = [];
  rows.push(['row level (no privacyUnit)', await runRow('row level', epsilon, { schema: rowLevelSchema() })]);
  const chosenK = (row) => [...new Set(row.runs.map((run) => run.k))].sort((a, b) => a - b).join(', ');
  const byDefault = await runRow('default: k chosen privately', epsilon, { schema });
  rows.push([`person, default: k chosen privately (${chosenK(byDefault)})`, byDefault]);
  for (const quantile of quantiles) {
    const row = await runRow(`q = ${quantile}`, epsilon, { schema, rowsPerPersonQuantile: quantile });
    rows.push([`person, k chosen privately at q = ${quantile} (${chosenK(row)})`, row]);
  }
  for (const k of ks) rows.push([`person, k = ${k}`, await runRow(`k = ${k}`, epsilon, { schema, rowsPerPerson: k })]);
  console.log(`\n### ε = ${epsilon}\n`);
  console.log(`| release | ${COLUMNS.map(([header]) => header).join(' | ')} |`);
  console.log(
    `| --- | --- | ${COLUMNS.slice(1)
      .map(() => '---:')
      .join(' | ')} |`,
  );
  for (const [label, { runs, error }] of rows) {
    if (!runs.length) {
      console.log(`| ${label} | error: ${String(error).replace(/\|/g, '\\|').slice(0, 200)} |`);
      continue;
    }
    const of = (key) => mean(runs.map((run) => run[key]));
    const failed = error ? ` (seed ${runs.length + 1} failed: ${error})` : '';
    console.log(`| ${label} | ${COLUMNS.map(([, cell]) => cell(runs, of)).join(' | ')}${failed} |`);
  }
}
