// A table made to trip an SQL engine that encodes cells differently from privsynth's row path:
// padded tokens, both missing tokens, numeric categories written five ways, values on bin edges,
// outside the bounds, not whole, not numbers, hexadecimal, beyond a double's range, subnormal; common
// values met exactly, by rounding and by clamping.
// Rows are drawn from fixed lists by a seeded generator, so the file is the same on every run.
import type { Schema } from '../../web/lib/src/schema-types';

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
