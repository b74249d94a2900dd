// Finding 1 of issue 33: how a CSV is read is decided from public inputs only, and the two engines
// read the same records. DuckDB's CSV sniffer once chose comment, line-break and skip settings from
// the data: in a table of "Room #1", "Room #2" and "Lobby", one added record starting with "#" made
// it read a thousand others as "Room ". Now a CSV's records come from the library's reader on both
// engines. Each awkward file below (mixed line breaks, blank and whitespace-only lines, "#" at a
// line start, a BOM, quoted line breaks, a stray carriage return, no final line break) is counted
// by DuckDB (synthesizeWithDuckDb's counting) and by a reference encoder over the records
// parseCsv() reads (the row engine's), and the count tables must be identical; so must the seeded
// releases of both engines.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { countWithDuckDb } from '../../web/lib/src/duckdb-counts';
import { countTables, parseCsv, synthesize, synthesizeWithDuckDb } from '../../web/lib/src/node';
import type { CountTables } from '../../web/lib/src/options-types';
import { expectSameRelease } from './helpers';

const CHANNELS = ['Room #1', 'Room #2', 'Lobby', 'Hall\nB'];
const AGES = ['20', '30', '40'];
const SCHEMA = {
  version: 1,
  name: 'visits',
  columns: [
    { name: 'age', type: 'categorical', categories: AGES, nullable: true },
    { name: 'channel', type: 'categorical', categories: CHANNELS, nullable: true },
  ],
};
const RUN = { schema: JSON.stringify(SCHEMA), epsilon: 1, mechanism: 'adaptive-marginals' as const, evaluate: false };

/** 1,500 records: each age and each of the first three channels 500 times. */
function records(): string[] {
  return Array.from({ length: 1500 }, (_, i) => `${AGES[i % 3]},${CHANNELS[Math.floor(i / 500)]}`);
}

const AWKWARD: Record<string, string> = {
  'a record starting with "#"': `age,channel\n${records().join('\n')}\n#N/A,Lobby\n`,
  'lines starting with "#" throughout': `age,channel\n${records()
    .map((line, i) => (i % 7 === 0 ? `#${line}` : line))
    .join('\n')}\n`,
  'mixed CRLF and LF line breaks, a quoted field ending an LF line': `age,channel\r\n${records()
    .map((line, i) => (i % 5 === 0 ? `${line.split(',')[0]},"${line.split(',')[1]}"\n` : `${line}\r\n`))
    .join('')}`,
  'blank and whitespace-only lines': `age,channel\n${records()
    .map((line, i) => (i % 50 === 0 ? `${line}\n\n   \n\t` : line))
    .join('\n')}\n\n`,
  'a BOM and CRLF': `\uFEFFage,channel\r\n${records().join('\r\n')}\r\n`,
  'quoted line breaks': `age,channel\n${records()
    .map((line, i) => (i % 9 === 0 ? `${AGES[i % 3]},"Hall\nB"` : i % 11 === 0 ? `${AGES[i % 3]},"Hall\r\nB"` : line))
    .join('\n')}\n`,
  'a stray carriage return inside a record': `age,channel\n${records()
    .map((line, i) => (i % 13 === 0 ? `${line}\rX` : line))
    .join('\n')}\n`,
  'no final line break, blank lines before the header': `\n\nage,channel\n${records().join('\n')}`,
};

/** The count tables of the records the row engine reads, by the schema's encoding (categories; any other cell missing). */
function referenceCounts(text: string, tables: string[][]): Map<string, number> {
  const { header, rows } = parseCsv(text);
  const code = (column: string, cell: string): number => {
    const categories = SCHEMA.columns.find((c) => c.name === column)!.categories;
    const index = categories.indexOf(cell.trim());
    return index >= 0 ? index : categories.length; // "" and unknown values: the missing level (clamp)
  };
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const columns of tables) {
      const key = `${columns.join('|')}:${columns.map((c) => code(c, row[header.indexOf(c)])).join(',')}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

function asMap(counts: CountTables): Map<string, number> {
  const map = new Map<string, number>();
  for (const table of counts.tables) {
    for (const cell of table.cells) map.set(`${table.columns.join('|')}:${cell.slice(0, -1).join(',')}`, cell.at(-1)!);
  }
  return map;
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'privsynth-csv-engines-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the row engine and DuckDB read the same records from awkward CSV files', () => {
  for (const [name, text] of Object.entries(AWKWARD)) {
    it(`${name}: identical count tables`, async () => {
      const file = join(dir, `${name.replace(/\W+/g, '-')}.csv`);
      writeFileSync(file, text);
      const { tables } = await countTables(RUN);
      const counted = await countWithDuckDb({ file, format: 'csv', run: RUN, countTables });
      expect(asMap(counted.counts)).toEqual(referenceCounts(text, tables));
      expect(counted.inputRows).toBe(parseCsv(text).rows.length);
    });
  }

  it('counts the issue\'s reproduction exactly: one added "#N/A,Lobby" changes one record\'s cells', async () => {
    const file = join(dir, 'hash.csv');
    writeFileSync(file, AWKWARD['a record starting with "#"']);
    const counted = await countWithDuckDb({ file, format: 'csv', run: RUN, countTables });
    // The channel's counts, summed over the first table that holds it.
    const table = counted.counts.tables.find((t) => t.columns.includes('channel'))!;
    const position = table.columns.indexOf('channel');
    const byCode: Record<string, number> = {};
    for (const cell of table.cells) {
      const label = CHANNELS[cell[position]] ?? 'missing';
      byCode[label] = (byCode[label] ?? 0) + cell.at(-1)!;
    }
    expect(byCode).toEqual({ 'Room #1': 500, 'Room #2': 500, Lobby: 501 });
    expect(counted.inputRows).toBe(1501);
  });

  for (const name of [
    'mixed CRLF and LF line breaks, a quoted field ending an LF line',
    'blank and whitespace-only lines',
  ]) {
    it(`${name}: the same seeded release from either engine`, async () => {
      const file = join(dir, `release-${name.replace(/\W+/g, '-')}.csv`);
      writeFileSync(file, AWKWARD[name]);
      const options = { ...RUN, testSeed: 21 };
      const fromRows = await synthesize({ ...options, csv: AWKWARD[name] });
      const fromDuckDb = await synthesizeWithDuckDb({ ...options, file });
      expectSameRelease(fromRows, fromDuckDb, { expected: 'csv', other: 'duckdb-csv' });
    });
  }
});
