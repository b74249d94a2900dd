// The count query's result (countTables() with a `query` target, docs/scale.md) turned into the
// count tables synthesizeFromCounts() takes. A result row whose code columns are all NULL counts
// records (privsynth_kept 1: kept, 0: left out as the row path would); any other row is one cell of
// the table over its non-NULL columns, kept only when privsynth_kept is 1. THE RESULT IS AS
// SENSITIVE AS THE ROWS.
import { errorFromCode } from './errors.js';
import type { CountTables } from './options-types.js';

export const KEPT_COLUMN = 'privsynth_kept';
export const COUNT_COLUMN = 'privsynth_count';

/** A result row: column name to value (a number or bigint from an engine, text from a CSV, null). */
export type CountQueryRow = Readonly<Record<string, unknown>>;

export interface CountQueryCounts {
  counts: CountTables;
  /** Records the engine read. */
  inputRows: number;
  /** Records the run keeps (the tables' n). */
  keptRows: number;
  /** Records left out: a cell no policy could fix, or any value outside the domain under "reject"/"error". */
  leftOutRows: number;
  /** With a privacy unit: records beyond their person's rowsPerPerson, and records without an identifier. */
  beyondLimitRows?: number;
  withoutPersonRows?: number;
}

function wholeNumber(value: unknown, what: string): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'bigint' ? Number(value) : typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) {
    throw errorFromCode(
      'INVALID_DATA',
      `the count query's result has ${what} ${String(value)}, not a whole number ≥ 0`,
    );
  }
  return number;
}

/**
 * `tables`: the tables the run reads (countTables().tables), whose columns are the result's code
 * columns. Throws a DataError on a result that is not the count query's.
 */
export function countsFromQueryResult(rows: Iterable<CountQueryRow>, tables: string[][]): CountQueryCounts {
  const byKey = new Map<string, { columns: string[]; cells: number[][] }>();
  const codeColumns = [...new Set(tables.flat())];
  for (const columns of tables) byKey.set([...columns].sort().join('\u0000'), { columns, cells: [] });
  // privsynth_kept: 1 kept, 0 left out by the encoding; with a privacy unit, 2 beyond the person's
  // rowsPerPerson and 3 without an identifier.
  const byKept = [0, 0, 0, 0];
  let sawTotals = false;
  for (const row of rows) {
    const isKept = wholeNumber(row[KEPT_COLUMN], KEPT_COLUMN);
    const count = wholeNumber(row[COUNT_COLUMN], COUNT_COLUMN);
    if (isKept === null || isKept > 3 || count === null) {
      throw errorFromCode(
        'INVALID_DATA',
        `the count query's result needs ${KEPT_COLUMN} (0 to 3) and ${COUNT_COLUMN} in every row; is it the query countTables() wrote?`,
      );
    }
    const present = codeColumns.filter((name) => row[name] !== null && row[name] !== undefined && row[name] !== '');
    if (present.length === 0) {
      sawTotals = true;
      byKept[isKept] += count;
      continue;
    }
    if (isKept !== 1) continue;
    const table = byKey.get([...present].sort().join('\u0000'));
    if (!table) {
      throw errorFromCode(
        'INVALID_DATA',
        `the count query's result has a cell over ${present.join(', ')}, which the run does not read`,
      );
    }
    table.cells.push([...table.columns.map((name) => wholeNumber(row[name], `a code of "${name}"`) as number), count]);
  }
  if (!sawTotals) {
    throw errorFromCode(
      'INVALID_DATA',
      `the count query's result has no row of totals (every code column NULL); is it the query countTables() wrote?`,
    );
  }
  const [leftOut, kept, beyondLimit, withoutPerson] = byKept;
  return {
    counts: { tables: [...byKey.values()] },
    inputRows: kept + leftOut + beyondLimit + withoutPerson,
    keptRows: kept,
    leftOutRows: leftOut,
    ...(beyondLimit + withoutPerson > 0 ? { beyondLimitRows: beyondLimit, withoutPersonRows: withoutPerson } : {}),
  };
}

/** The rows-per-person query's result (countTables().rowsPerPersonSql) as the count tables' rowsPerPerson. */
export function rowsPerPersonFromQueryResult(rows: Iterable<CountQueryRow>): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (const row of rows) {
    const records = wholeNumber(row.privsynth_rows, 'privsynth_rows');
    const persons = wholeNumber(row.privsynth_persons, 'privsynth_persons');
    if (records === null || persons === null) {
      throw errorFromCode(
        'INVALID_DATA',
        `the rows-per-person query's result needs privsynth_rows and privsynth_persons`,
      );
    }
    pairs.push([records, persons]);
  }
  return pairs;
}

/**
 * Under outOfDomain "error" the row path stops at the first value outside the schema; so does a
 * release from the count query.
 */
export function checkNothingLeftOut(result: CountQueryCounts, outOfDomain: string | undefined): void {
  if (outOfDomain === 'error' && result.leftOutRows > 0) {
    throw errorFromCode(
      'INVALID_DATA',
      `${result.leftOutRows.toLocaleString('en-US')} of ${result.inputRows.toLocaleString('en-US')} records have a value ` +
        'outside the schema (outOfDomain "error"); use "clamp" or "reject", or fix the schema',
    );
  }
}
