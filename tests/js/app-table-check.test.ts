// Step 1's check of a file's start (web/app/src/data/table-check.ts): what it refuses, with which
// words, and what it lets through (exact answers).
import { describe, expect, it } from 'vitest';

import { checkTableText } from '../../web/app/src/data/table-check';

const problemOf = (text: string, whole = true) => {
  const check = checkTableText(text, whole);
  return check.ok ? null : check.problem;
};

describe("the demo's check of a table's start", () => {
  it('refuses files that cannot be a table, saying why', () => {
    expect(problemOf('')).toContain('The file is empty');
    expect(problemOf(' \n\n')).toContain('The file is empty');
    expect(problemOf('PK\u0003\u0004\u0000\u0000')).toContain('binary data');
    expect(problemOf('a,b,c\n1,2,3\n4,5\n')).toBe(
      'This file cannot be read as a table: row 3 of the CSV has 2 fields but the header has 3. Check that every row has as many fields as the first row, and that quotes are closed.',
    );
    expect(problemOf('age,sex\n"63,1\n')).toContain('quotes are closed');
    expect(problemOf('a,,c\n1,2,3\n')).toBe(
      'Column 2 of the first row has no name. The first row must hold a name for every column.',
    );
    expect(problemOf('a,b,a\n1,2,3\n')).toBe(
      'Two columns are both named "a". Give every column its own name in the first row.',
    );
    expect(problemOf(`${'word '.repeat(30)}\nmore text\n`)).toContain('does not look like column names');
    expect(problemOf('age,sex\n')).toBe('The file has column names but no data rows.');
    expect(problemOf('{"age": 63, "sex": 1}')).toContain('This looks like JSON, not a table.');
    expect(problemOf('[\n  {"age": 63}\n]\n')).toContain('This looks like JSON, not a table.');
  });

  it('reads the header and counts the rows of a good start', () => {
    expect(checkTableText('age,sex\n63,1\n41,0\n', true)).toEqual({
      ok: true,
      table: { header: ['age', 'sex'], rows: 2, whole: true },
    });
    // A part of a file ends after its last complete line: a row cut in two is not ragged.
    expect(checkTableText('age,sex\n63,1\n41,0\n5', false)).toEqual({
      ok: true,
      table: { header: ['age', 'sex'], rows: 2, whole: false },
    });
    // A quote opened in the last line read may close in the part not read.
    expect(checkTableText('age,note\n63,"a\nb"\n41,"c\n', false)).toEqual({
      ok: true,
      table: { header: ['age', 'note'], rows: 1, whole: false },
    });
  });
});
