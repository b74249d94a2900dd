// The paragraph printed on stderr after a run: what was written where, what it cost in privacy,
// and the NOT PRIVATE warning whenever the receipt says so.
import type { DuckDbSynthesisResult, SynthesisResult } from '../node.js';
import { STDOUT } from './output.js';

export interface WrittenTo {
  out: string;
  schemaOut?: string;
  receipt?: string;
  report?: string;
  dpModel?: string;
  /** The public schema given, if any (a hint names where a privacy unit goes). */
  schemaPath?: string;
}

const MAX_NAMED_COLUMNS = 8;

const number = (x: number) => String(Number(x.toPrecision(6)));

function columnList(columns: string[]): string {
  const named = columns.slice(0, MAX_NAMED_COLUMNS).join(', ');
  return columns.length > MAX_NAMED_COLUMNS ? `${named}, ...` : named;
}

/**
 * What DuckDB counted, when it read the data (synthesizeWithDuckDb()): exact counts of the private
 * table, so labelled for the owner only, as the utility report is.
 */
function countedPart(result: SynthesisResult | DuckDbSynthesisResult): string {
  if (!('counted' in result)) return '';
  return `; ${ownerOnlyCounts(result.counted)}`;
}

/**
 * Exact counts of records read and left out (with a privacy unit, also those beyond a person's
 * rowsPerPerson and those without an identifier), labelled as what they are: not for publication.
 */
export function ownerOnlyCounts(counted: {
  inputRows: number;
  leftOutRows: number;
  beyondLimitRows?: number;
  withoutPersonRows?: number;
}): string {
  const count = (n: number) => n.toLocaleString('en-US');
  const parts = [
    counted.leftOutRows > 0 ? `${count(counted.leftOutRows)} left out (values outside the schema)` : '',
    counted.beyondLimitRows ? `${count(counted.beyondLimitRows)} beyond their person's rowsPerPerson` : '',
    counted.withoutPersonRows ? `${count(counted.withoutPersonRows)} without a person identifier` : '',
  ].filter(Boolean);
  const detail = parts.length ? `, ${parts.join(', ')}` : '';
  return `${count(counted.inputRows)} records read${detail} (exact counts of your data: for your eyes only, do not publish them)`;
}

export function summaryParagraph(
  result: SynthesisResult | DuckDbSynthesisResult,
  where: WrittenTo,
  seconds: number,
): string {
  const { receipt } = result;
  const { privacy } = receipt;
  const destination = where.out === STDOUT ? 'standard output' : where.out;
  const parts = [
    `privsynth: ${result.rows.toLocaleString('en-US')} synthetic rows x ${result.columns.length} columns ` +
      `(${columnList(result.columns)}) to ${destination}`,
    countedPart(result),
    where.receipt
      ? `; the privacy receipt to ${where.receipt} (publish it with the data)`
      : '; no receipt (--no-receipt)',
    where.report ? `; the utility report to ${where.report} (measured on the real data: keep it private)` : '',
    where.dpModel && result.directModels
      ? `; ${result.directModels.models.length} model(s) trained directly under DP to ${where.dpModel} (a separate ` +
        'release with its own receipt)'
      : '',
    ...privacyParts(receipt.mechanism.name, privacy),
    unitPart(receipt, where.schemaPath !== undefined),
    discoveryPart(receipt, where.schemaOut),
    where.dpModel && result.directModels ? togetherPart(result.directModels.receipt.privacy) : '',
    receipt.mechanismChoice ? `. Chosen by "auto": ${receipt.mechanismChoice.reason.replace(/\.$/, '')}` : '',
    `. Wall time ${seconds.toFixed(1)} s.`,
  ];
  const ownerLines = where.report ? [personsLine(result), fidelityLine(result)].filter(Boolean) : [];
  return (
    parts.join('') +
    ownerLines.map((line) => `\n${line}`).join('') +
    (receipt.private ? '' : `\n${notPrivateWarning(result)}`)
  );
}

/**
 * With a privacy unit, one line from the report's persons section: how many people and rows were
 * read, how many rows each kept and how many were left out. Exact counts: for the owner only.
 */
export function personsLine(result: SynthesisResult): string | null {
  const persons = result.report?.persons;
  if (!persons) return null;
  const n = (x: number) => x.toLocaleString('en-US');
  const k = persons.rowsPerPerson;
  const varied = Object.entries(persons.personsWithVaryingPerPersonValue)
    .filter(([, count]) => (count ?? 0) > 0)
    .map(([name, count]) => `${name} differed between the rows of ${n(count ?? 0)} of them (one value kept)`);
  const parts = [
    `${n(persons.persons)} people in ${n(persons.rowsRead)} rows; each kept at most ${k}: ${n(persons.rowsKept)} rows used, ` +
      `${n(persons.rowsRead - persons.rowsKept)} left out`,
    persons.personsOverLimit > 0
      ? `${n(persons.personsOverLimit)} had more than ${k} rows (the most: ${n(persons.mostRowsOfAPerson)})`
      : '',
    persons.rowsWithoutPerson > 0
      ? `${n(persons.rowsWithoutPerson)} rows had no ${persons.privacyUnit} and were left out`
      : '',
    ...varied,
  ].filter(Boolean);
  return `People (for your eyes only, as the report): ${parts.join('; ')}.`;
}

/**
 * One line from the report's fidelity section: how far the synthetic correlations and numeric
 * distributions are from the real values as read. Measured on the real data, so labelled as the
 * report is: for the owner's eyes only. Null when the report has no numeric column to compare.
 */
export function fidelityLine(result: SynthesisResult): string | null {
  const fidelity = result.report?.fidelity;
  if (!fidelity) return null;
  const parts: string[] = [];
  const c = fidelity.correlation;
  if (c && c.meanAbsDifference !== null && c.maxAbsDifference !== null && c.worstPair) {
    parts.push(
      `mean |Δ correlation| ${c.meanAbsDifference.toFixed(2)} (worst: ${c.worstPair.join(' × ')} ` +
        `${c.maxAbsDifference.toFixed(2)})`,
    );
  }
  let worst: { column: string; w1: number } | null = null;
  for (const column of fidelity.numeric) {
    const w1 = column.wasserstein1Normalized;
    if (w1 !== null && (!worst || w1 > worst.w1)) worst = { column: column.column, w1 };
  }
  if (worst) parts.push(`worst W1 / real p1-p99 range ${worst.w1.toFixed(3)} (${worst.column})`);
  const outside = fidelity.numeric.reduce((sum, column) => sum + column.real.aboveMax + column.real.belowMin, 0);
  const unreadable = fidelity.numeric.reduce((sum, column) => sum + column.real.unparsable, 0);
  if (outside) parts.push(`${outside.toLocaleString('en-US')} real values outside the schema's bounds`);
  if (unreadable) parts.push(`${unreadable.toLocaleString('en-US')} real cells unreadable`);
  if (!parts.length) return null;
  return `Fidelity against the real values as read (for your eyes only, as the report): ${parts.join('; ')}.`;
}

/**
 * Who the release protects, from the receipt alone: each person with all their rows when the schema
 * names a privacy unit. A row-level release says nothing more unless its schema has an identifier
 * column, the sign that a person might have several rows: then a short hint names where the unit goes.
 */
function unitPart(receipt: SynthesisResult['receipt'], withSchema: boolean): string {
  const unit = receipt.privacy.privacyUnit;
  if (unit) {
    return `; the release protects each ${unit.column} with all their rows, at most ${unit.rowsPerPerson} kept per person`;
  }
  const ids = (receipt.schema?.notMeasured ?? []).filter((column) => column.type === 'id').map(({ name }) => name);
  if (!ids.length) return '';
  const how = withSchema ? `the schema's "privacyUnit": "${ids[0]}"` : `--privacy-unit ${ids[0]}`;
  return (
    '; the release protects each row as if it were a different person (if a person can have several rows, ' +
    `name the column that identifies a person, as in ${how})`
  );
}

/** What a schema found privately holds, per kind, and the columns left out of the synthesis. */
function discoveryPart(receipt: SynthesisResult['receipt'], schemaOut: string | undefined): string {
  const columns = (receipt.schemaDiscovery?.columns ?? []) as Array<{ name: string; found: string }>;
  if (!columns.length) return '';
  // What each synthesized column was found to hold, as a noun for "N ... column(s)".
  const synthesized: Record<string, string> = {
    numbers: 'number',
    codes: 'code',
    categories: 'category',
    dates: 'date',
    'date-times': 'date-time',
  };
  const counts = new Map<string, number>();
  for (const { found } of columns) {
    if (Object.hasOwn(synthesized, found)) counts.set(found, (counts.get(found) ?? 0) + 1);
  }
  const kinds = [...counts]
    .map(([found, count]) => `${count} ${synthesized[found]} column${count === 1 ? '' : 's'}`)
    .join(', ');
  const left = columns
    .filter(({ found }) => !Object.hasOwn(synthesized, found))
    .map(({ name, found }) => `${name} (${found})`);
  return (
    `. Columns found: ${kinds || 'none'}` +
    (left.length ? `; not synthesized: ${columnList(left)}` : '') +
    ` (why: receipt.schemaDiscovery.columns${schemaOut ? `; the schema to ${schemaOut}` : '; save the schema with --schema-out'})`
  );
}

/**
 * What the release cost: the headline epsilon and delta are the whole release's; with a privately
 * discovered schema they split into this run's (of its own budget) and the discovery's.
 */
function privacyParts(mechanism: string, privacy: SynthesisResult['receipt']['privacy']): string[] {
  const delta = (value: number) => (value > 0 ? `, delta ${value}` : '');
  const { thisRun, domainDiscovery } = privacy;
  if (thisRun && domainDiscovery?.rho !== undefined && privacy.rhoSpent !== undefined) {
    const share = Math.round((100 * domainDiscovery.rho) / privacy.rhoSpent);
    return [
      `. Mechanism ${mechanism}: epsilon ${number(privacy.epsilonSpent)}${delta(privacy.delta)} for the whole release ` +
        `(${privacy.definition}): the schema was found privately in your data with ${share}% of it, the run used the rest`,
    ];
  }
  if (!thisRun || !domainDiscovery) {
    return [
      `. Mechanism ${mechanism}: epsilon ${number(privacy.epsilonSpent)} spent of ${number(privacy.epsilonBudget)}`,
      delta(privacy.delta),
      ` (${privacy.definition})`,
    ];
  }
  return [
    `. Mechanism ${mechanism}: epsilon ${number(privacy.epsilonSpent)}${delta(privacy.delta)} for the whole release (${privacy.definition}): `,
    `this run spent epsilon ${number(thisRun.epsilonSpent)} of ${number(privacy.epsilonBudget)}${delta(thisRun.delta)}, `,
    `the schema's private discovery epsilon ${number(domainDiscovery.epsilon)}${delta(domainDiscovery.delta)}`,
  ];
}

/**
 * The one total of what the run's outputs publish together: the table and the models file (and the
 * schema's discovery, counted once), as both receipts state it.
 */
function togetherPart(models: SynthesisResult['receipt']['privacy']): string {
  const together = models.tableAndDpModels;
  if (!together) return '';
  const delta = together.delta > 0 ? `, delta ${number(together.delta)}` : '';
  return (
    `. PUBLISHING BOTH the table and the models costs epsilon ${number(together.epsilon)}${delta} in total ` +
    `(privacy.tableAndDpModels in both receipts; the models alone: epsilon ${number(models.epsilonSpent)})`
  );
}

/**
 * The warning for a table with no record to learn from (a header only, or every row left out for a
 * value outside the schema): the release is still made, as for any table (refusing would tell an
 * empty table from its neighbours), but its rows come from the noise alone. For the owner's eyes.
 */
export function emptyTableWarning(result: SynthesisResult | DuckDbSynthesisResult): string | null {
  const kept = 'counted' in result ? result.counted.keptRows : result.report?.encoding?.keptRows;
  if (kept !== 0) return null;
  const read = 'counted' in result ? result.counted.inputRows : result.report.encoding.inputRows;
  const why =
    read === 0
      ? 'it has no data rows'
      : read === 1
        ? 'its one row was left out'
        : `all ${read.toLocaleString('en-US')} rows were left out`;
  return (
    `warning: the table gave no record to learn from (${why}; for your eyes only): the ` +
    `${result.rows.toLocaleString('en-US')} synthetic rows come from the noise alone`
  );
}

export function notPrivateWarning(result: SynthesisResult): string {
  const reasons = result.receipt.notPrivateReasons.join('; ');
  return `NOT PRIVATE: ${reasons}. Do not publish this table as private data.`;
}
