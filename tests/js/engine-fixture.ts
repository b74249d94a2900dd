// A table made to trip an SQL engine that encodes cells differently from privsynth's row path:
// padded tokens, both missing tokens, numeric categories written five ways, values on bin edges,
// outside the bounds, not whole, not numbers, hexadecimal, beyond a double's range, subnormal; common
// values met exactly, by rounding and by clamping.
// Rows are drawn from fixed lists by a seeded generator, so the file is the same on every run.
import type { Schema } from '../../web/lib/src/generated/contract-types';

export const TRICKY_SCHEMA: Schema = {
  version: 1,
  name: 'tricky',
  source: 'made up for the engine tests',
  missing: ['', 'NA'],
  columns: [
    { name: 'cat', type: 'categorical', categories: ['a', 'b', 'c d'], nullable: true },
    { name: 'num_cat', type: 'categorical', categories: [1, 2.5, 'x'] },
    // Common values at a bound (where clamped cells land too), inside a bin, and a rounded one.
    {
      name: 'age',
      type: 'numeric',
      min: 0,
      max: 100,
      integer: true,
      bins: 7,
      commonValues: [0, 42, 100],
      nullable: true,
    },
    { name: 'score', type: 'numeric', min: -1.5, max: 2.5, bins: 5, commonValues: [0.5] },
    { name: 'flag', type: 'categorical', categories: ['yes', 'no'] },
  ],
} as Schema;

const CELLS: Record<string, string[]> = {
  cat: ['a', ' b ', 'c d', '\tc d', 'NA', '', 'zzz', 'A', 'a', 'b', 'b'],
  num_cat: ['1', '1.0', '01', '1e0', '+1', '2.5', '2.50', '25e-1', 'x', ' x', '3', 'NA', '0x1', '1', '2.5'],
  age: [
    '0',
    '100',
    '50',
    '50.5',
    '-3',
    '101',
    '1e2',
    'abc',
    '',
    'NA',
    ' 42 ',
    '99.5',
    '0.5',
    '-0.5',
    '-2.5',
    '14.5',
    '28.5',
    '42.5',
    '57.5',
    '14.285714285714286',
    '28.571428571428573',
    '28.57142857142857',
    '1e400',
    '-1e400',
    '1e-400',
    '.5e1',
    '5.',
    '0x10',
    'inf',
    'nan',
    '2.5',
    '71.42857142857143',
    '85.71428571428571',
    '-0',
    '33',
    '67',
    '12',
  ],
  score: [
    '0.5',
    '.5',
    '5e-1',
    '-1.5',
    '2.5',
    '0.1',
    '-0.7',
    '3',
    '-2',
    '1e-320',
    '-1e-320',
    'abc',
    '',
    'NA',
    '0.3',
    '1.7',
    '2.4999999999999996',
    '-0.6999999999999999',
    '0.8999999999999999',
    '0.9',
    '-0.7000000000000001',
    '1e-400',
    '2.1',
    '1.3',
    '-1.1',
    '0.5',
  ],
  flag: ['yes', 'no', 'yes', 'no', ' yes', 'maybe'],
};

/** CSV text of `rows` records (a quoted cell where it has a comma, quote or space at an end). */
export function trickyCsv(rows: number, seed = 7): string {
  let state = seed >>> 0;
  const next = (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  const quote = (cell: string) => (/[",\n\r\t ]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const names = TRICKY_SCHEMA.columns.map((column) => column.name);
  const lines = [names.join(',')];
  for (let r = 0; r < rows; r += 1) {
    lines.push(names.map((name) => quote(CELLS[name][next(CELLS[name].length)])).join(','));
  }
  return `${lines.join('\n')}\n`;
}

// Typed cells: a table whose columns an engine holds as numbers, booleans and text (a Parquet file
// written by DuckDB, a PostgreSQL table of the same types), made to trip a count query that reads a
// typed cell otherwise than privsynth's Parquet reader writes it: numeric missing tokens (-999, NaN,
// the largest BIGINT and the double it rounds to), float32 values whose double is not their text
// (0.7f is 0.699999988079071 as a double) on a bin edge, a common value and a category label, a
// DECIMAL(38, 20) whose correctly rounded double is a common value (0.30000000000000001700 reads
// 0.30000000000000004; scaled in double arithmetic it reads 0.3), categories held as numbers
// (DECIMAL, DOUBLE) with string labels, nulls, booleans, an empty text.
interface TypedColumn {
  name: string;
  duckdb: string;
  postgres: string;
  /** Cells as text literals of the type; null is SQL NULL. */
  cells: Array<string | null>;
}

export const TYPED_COLUMNS: TypedColumn[] = [
  {
    name: 'code',
    duckdb: 'INTEGER',
    postgres: 'integer',
    cells: ['0', '3', '7', '10', '-999', '11', '-1', null, '5'],
  },
  {
    name: 'big',
    duckdb: 'BIGINT',
    postgres: 'bigint',
    cells: [
      '9223372036854775807',
      '9223372036854775806',
      '4611686018427387904',
      '0',
      null,
      '-999',
      '-9223372036854775808',
    ],
  },
  {
    name: 'dbl',
    duckdb: 'DOUBLE',
    postgres: 'double precision',
    cells: [
      '0.5',
      '-999',
      '-999.5',
      'NaN',
      'Infinity',
      '-Infinity',
      '9223372036854775807',
      '-0',
      '1e-7',
      '0.25',
      null,
      '-1',
      '1',
    ],
  },
  {
    name: 'flt',
    duckdb: 'FLOAT',
    postgres: 'real',
    cells: ['0.7', '0.1', '0.3', '-999', 'NaN', null, '1.5', '0.2', '0.9', '0.7'],
  },
  {
    name: 'fcat',
    duckdb: 'FLOAT',
    postgres: 'real',
    cells: ['0.1', '0.7', '0.25', '0.3', '-999', null, '0.1', '0.7'],
  },
  {
    name: 'dec',
    duckdb: 'DECIMAL(38, 20)',
    postgres: 'numeric(38, 20)',
    cells: ['0.30000000000000001700', '0.5', '-999', null, '0.25', '0.3', '1.00000000000000000001', '2'],
  },
  // Categories held as a DECIMAL and a DOUBLE, their labels strings: DuckDB prints them "5.00" and
  // "1.0", the row path "5" and "1".
  {
    name: 'dcat',
    duckdb: 'DECIMAL(10, 2)',
    postgres: 'numeric(10, 2)',
    cells: ['5.00', '2.50', '-999.00', '7.25', null, '5'],
  },
  { name: 'ncat', duckdb: 'DOUBLE', postgres: 'double precision', cells: ['1', '2', '-999', '3', null, '1'] },
  { name: 'flag', duckdb: 'BOOLEAN', postgres: 'boolean', cells: ['true', 'false', null, 'true'] },
  { name: 'txt', duckdb: 'VARCHAR', postgres: 'text', cells: ['a', 'b', '', null, 'a'] },
];

/** The columns an engine holds as numbers: the count query reads them as such (typedColumns). */
export const TYPED_NUMERIC = ['code', 'big', 'dbl', 'flt', 'dec'];

/**
 * The typed table's schema. With `missing` given, its tokens include numbers a typed cell can be
 * (the first, "", is what a null reads as); with `missing: []` a null is the empty text, which the
 * text column `txt` has as a category.
 */
export function typedSchema(missing?: string[]): Schema {
  const noTokens = missing?.length === 0;
  return {
    version: 1,
    name: 'typed',
    source: 'made up for the engine tests',
    missing: missing ?? ['', '-999', 'NaN', '9223372036854775807', '9223372036854776000'],
    columns: [
      { name: 'code', type: 'numeric', min: 0, max: 10, integer: true, bins: 5, nullable: true },
      // Not `integer`: the core does not take whole-number bins past 2^53.
      { name: 'big', type: 'numeric', min: 0, max: 9300000000000000000, bins: 4, nullable: true },
      { name: 'dbl', type: 'numeric', min: -1, max: 1, bins: 4, nullable: true },
      { name: 'flt', type: 'numeric', min: 0, max: 1, bins: 10, commonValues: [0.7], nullable: true },
      { name: 'fcat', type: 'categorical', categories: [0.1, 0.7, 0.25], nullable: true },
      { name: 'dec', type: 'numeric', min: 0, max: 1, bins: 4, commonValues: [0.30000000000000004], nullable: true },
      { name: 'dcat', type: 'categorical', categories: ['5', '2.5'], nullable: true },
      { name: 'ncat', type: 'categorical', categories: ['1', '2'], nullable: true },
      { name: 'flag', type: 'categorical', categories: ['true', 'false'] },
      { name: 'txt', type: 'categorical', categories: noTokens ? ['a', 'b', ''] : ['a', 'b'], nullable: true },
    ],
  } as Schema;
}

/**
 * A SELECT of `rows` typed records drawn by a seeded generator (the same on every run), in
 * `engine`'s type names: `COPY (...) TO 'f.parquet'` in DuckDB, `CREATE TABLE t AS ...` in both.
 */
export function typedTableSql(engine: 'duckdb' | 'postgres', rows: number, seed = 5): string {
  let state = seed >>> 0;
  // The high bits: the low bits of this generator repeat with a short period (8 for the low 3).
  const next = (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 2 ** 32) * n);
  };
  const literal = (column: TypedColumn, cell: string | null) =>
    `CAST(${cell === null ? 'NULL' : `'${cell}'`} AS ${column[engine]})`;
  const records: string[] = [];
  for (let r = 0; r < rows; r += 1) {
    records.push(
      `(${TYPED_COLUMNS.map((column) => literal(column, column.cells[next(column.cells.length)])).join(', ')})`,
    );
  }
  const names = TYPED_COLUMNS.map((column) => `"${column.name}"`).join(', ');
  return `SELECT * FROM (VALUES ${records.join(',\n')}) AS typed_rows(${names})`;
}

/**
 * Float32s of every kind: every power of two with its neighbours (where the gap below is half the
 * gap above), subnormals, both signs, then seeded random bit patterns; each written with 9
 * significant digits, which read back as exactly that float32.
 */
export function float32Texts(count: number, seed = 12345): string[] {
  let state = seed >>> 0;
  const bits = new Uint32Array(1);
  const value = new Float32Array(bits.buffer);
  const texts: string[] = [];
  for (let exponent = 0; exponent < 255; exponent += 1) {
    for (const offset of [-1, 0, 1]) {
      bits[0] = Math.max(1, exponent * 2 ** 23 + offset);
      texts.push(value[0].toPrecision(9), (-value[0]).toPrecision(9));
    }
  }
  while (texts.length < count) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bits[0] = state;
    if (Number.isFinite(value[0])) texts.push(value[0].toPrecision(9));
  }
  return texts;
}
