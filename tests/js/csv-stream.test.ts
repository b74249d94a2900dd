// The streaming CSV reader must see exactly what the one-shot parser sees, whatever the chunk
// boundaries (inside a quoted field, inside a multi-byte character), and fail with the row number
// counted over the whole file.
import { describe, expect, it } from 'vitest';

import { parseCsv, unpackRows as unpack } from '../../web/lib/src/csv';
import { readCsvChunks } from '../../web/lib/src/csv-stream';
import { adultCsv } from './helpers';

async function readAll(source: string | Blob, pieceChars?: number) {
  let header: string[] = [];
  const rows: string[][] = [];
  let chunks = 0;
  const progress: number[] = [];
  await readCsvChunks(
    source,
    {
      header: (names) => (header = names),
      rows: (chunk) => {
        chunks += 1;
        rows.push(...unpack(chunk));
      },
    },
    (fraction) => progress.push(fraction),
    pieceChars,
  );
  return { header, rows, chunks, progress };
}

const TRICKY = '\uFEFFname, city ,note\n"Smith, J.",Zürich,"line one\nline two"\nLee,東京,"say ""hi"""\n\nNg,Köln,😀\n';

describe('readCsvChunks', () => {
  it('reads Adult from text and from a Blob in many chunks, row for row as parseCsv', async () => {
    const text = adultCsv();
    const expected = parseCsv(text);
    for (const source of [text, new Blob([text])]) {
      const read = await readAll(source, 100_000);
      expect(read.header).toEqual(expected.header);
      expect(read.rows.length).toBe(expected.rows.length);
      expect(read.rows).toEqual(expected.rows);
      expect(read.chunks).toBeGreaterThan(10);
      expect(read.progress.at(-1)).toBe(1);
      expect([...read.progress].sort((a, b) => a - b)).toEqual(read.progress);
    }
  });

  it('keeps quoted newlines, escaped quotes and multi-byte characters whole across every boundary', async () => {
    const expected = parseCsv(TRICKY.replace(/^\uFEFF/, ''));
    const bytes = new TextEncoder().encode(TRICKY);
    for (let piece = 1; piece <= 7; ++piece) {
      expect(await readAll(TRICKY, piece)).toMatchObject({ header: ['name', 'city', 'note'], rows: expected.rows });
    }
    // A Blob whose parts split characters in the middle of their UTF-8 bytes.
    for (let cut = 1; cut < bytes.length; cut += 3) {
      const blob = new Blob([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect((await readAll(blob, 1)).rows).toEqual(expected.rows);
    }
  });

  it('reads a file whose line breaks are mostly "\\r\\n" and some "\\n", after quoted fields too', async () => {
    // Files joined or edited on two systems: PapaParse took the first break for the file's and
    // refused the "\n" after a closing quote as a malformed quote.
    const text = 'name,note\r\n"Smith, J.","a"\r\nLee,"b"\nNg,"c"\r\nOh,"d"\n';
    const expected = [
      ['Smith, J.', 'a'],
      ['Lee', 'b'],
      ['Ng', 'c'],
      ['Oh', 'd'],
    ];
    expect(parseCsv(text).rows).toEqual(expected);
    for (let piece = 1; piece <= text.length; ++piece) {
      expect((await readAll(text, piece)).rows, `pieces of ${piece}`).toEqual(expected);
    }
    expect((await readAll(new Blob([text]))).rows).toEqual(expected);
  });

  it('reads "\\r\\n" line breaks after quoted fields across every boundary, also between "\\r" and "\\n"', async () => {
    const text = 'name,note\r\n"Smith, J.","a"\r\n"Lee",""\r\nNg,"b ""c"""\r\n';
    const expected = parseCsv(text);
    expect(expected.rows).toEqual([
      ['Smith, J.', 'a'],
      ['Lee', ''],
      ['Ng', 'b "c"'],
    ]);
    // From the first two lines on: PapaParse guesses the line break on the first piece.
    const firstTwoLines = text.indexOf('\n', 12) + 1;
    for (let piece = firstTwoLines; piece <= text.length; ++piece) {
      expect((await readAll(text, piece)).rows, `pieces of ${piece}`).toEqual(expected.rows);
    }
    const bytes = new TextEncoder().encode(text);
    for (let cut = firstTwoLines; cut < bytes.length; ++cut) {
      const blob = new Blob([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect((await readAll(blob, firstTwoLines)).rows, `a Blob read in two parts cut at ${cut}`).toEqual(
        expected.rows,
      );
    }
  });

  it('names the row of a ragged line counted over all chunks', async () => {
    const text = `a,b\n${'1,2\n'.repeat(5000)}3\n4,5\n`;
    await expect(readAll(text, 64)).rejects.toMatchObject({
      code: 'INVALID_CSV',
      message: 'row 5002 of the CSV has 1 fields but the header has 2',
    });
  });

  it('refuses an unclosed quote, an empty input and bytes that are not UTF-8', async () => {
    await expect(readAll('a,b\n1,"2\n3,4\n', 4)).rejects.toMatchObject({ code: 'INVALID_CSV' });
    await expect(readAll('')).rejects.toMatchObject({ code: 'EMPTY_DATA' });
    await expect(readAll('\n\n')).rejects.toMatchObject({ code: 'EMPTY_DATA' });
    const latin1 = new Blob([new Uint8Array([0x61, 0x0a, 0x4b, 0xf6, 0x6c, 0x6e, 0x0a])]); // "a\nK\xf6ln\n"
    await expect(readAll(latin1)).rejects.toMatchObject({ code: 'INVALID_CSV', message: 'the file is not UTF-8 text' });
  });

  it('stops at the first exception of the sink and rethrows it', async () => {
    let chunks = 0;
    const failure = new Error('the core refused the chunk');
    await expect(
      readCsvChunks(
        `a\n${'1\n'.repeat(10_000)}`,
        {
          header: () => {},
          rows: () => {
            chunks += 1;
            throw failure;
          },
        },
        undefined,
        100,
      ),
    ).rejects.toBe(failure);
    expect(chunks).toBe(1);
  });

  it('reads a header-only file as no rows', async () => {
    expect(await readAll('x,y\n')).toMatchObject({ header: ['x', 'y'], rows: [], chunks: 0 });
  });
});

// A record whose cells are all empty is a record: the samplers' public n is every record of the file
// (replace-one neighbours), so replacing a record by an all-missing one must not change how many are
// read. Only one final line break, which ends the last record (RFC 4180), adds none.
describe('blank lines after the header are records', () => {
  /**
   * The rows of `text` read whole, in pieces of every size from its first two lines to 8 characters
   * more, and as Blobs cut at every byte, which must all agree with parseCsv. (PapaParse guesses the
   * line break and the delimiter on the first piece, 4 Mi characters in a run: a first piece ending
   * inside a tiny file's second line would fool the guess, which is not what is tested here.)
   */
  async function recordsOf(text: string): Promise<string[][]> {
    const expected = parseCsv(text);
    const secondBreak = text.indexOf('\n', text.indexOf('\n') + 1);
    const firstLines = secondBreak < 0 ? Math.max(1, text.length) : secondBreak + 1;
    for (let piece = firstLines; piece <= firstLines + 8; ++piece) {
      expect((await readAll(text, piece)).rows, `pieces of ${piece}`).toEqual(expected.rows);
    }
    const bytes = new TextEncoder().encode(text);
    for (let cut = 0; cut <= bytes.length; ++cut) {
      expect(
        (await readAll(new Blob([bytes.subarray(0, cut), bytes.subarray(cut)]), firstLines)).rows,
        `a Blob cut at ${cut}`,
      ).toEqual(expected.rows);
    }
    const whole = await readAll(text);
    expect(whole.header).toEqual(expected.header);
    expect(whole.rows).toEqual(expected.rows);
    return expected.rows;
  }

  it('reads ",", "" and a whitespace-only line as records of empty cells, wherever they are', async () => {
    for (const newline of ['\n', '\r\n']) {
      const lines = (...rows: string[]) => rows.join(newline);
      expect(await recordsOf(lines('a,b', '1,2', ',', '3,4', ''))).toEqual([
        ['1', '2'],
        ['', ''],
        ['3', '4'],
      ]);
      expect(await recordsOf(lines('a,b', '1,2', '"",""', '3,4'))).toEqual([
        ['1', '2'],
        ['', ''],
        ['3', '4'],
      ]);
      expect(await recordsOf(lines('a,b', '1,2', '', '3,4', ''))).toEqual([
        ['1', '2'],
        ['', ''],
        ['3', '4'],
      ]);
      expect(await recordsOf(lines('a,b', '1,2', ' \t ', '3,4'))).toEqual([
        ['1', '2'],
        ['', ''],
        ['3', '4'],
      ]);
      expect(await recordsOf(lines('a,b', '', '', '1,2', ''))).toEqual([
        ['', ''],
        ['', ''],
        ['1', '2'],
      ]);
      // One column: an empty cell is a line of its own.
      expect(await recordsOf(lines('a', '1', '', '2', '', ''))).toEqual([['1'], [''], ['2'], ['']]);
      expect(await recordsOf(lines('a', '1', '""'))).toEqual([['1'], ['']]);
    }
  });

  it('adds no record for one final line break, and one for each line before it', async () => {
    for (const newline of ['\n', '\r\n']) {
      const text = ['a,b', '1,2', '3,4'].join(newline);
      expect(await recordsOf(text)).toHaveLength(2);
      expect(await recordsOf(text + newline)).toHaveLength(2);
      expect(await recordsOf(text + newline + newline)).toEqual([
        ['1', '2'],
        ['3', '4'],
        ['', ''],
      ]);
      expect(await recordsOf(text + newline + newline + newline)).toHaveLength(4);
      expect(await recordsOf(`x,y${newline}`)).toEqual([]);
    }
  });

  it('still skips blank lines before the header, and still refuses ragged rows and a blank row of the wrong width', async () => {
    expect(await readAll('\n \n,\na,b\n1,2\n')).toMatchObject({ header: ['a', 'b'], rows: [['1', '2']] });
    expect(parseCsv('\n \n,\na,b\n1,2\n')).toEqual({ header: ['a', 'b'], rows: [['1', '2']] });
    await expect(readAll('a,b,c\n1,2,3\n,\n')).rejects.toMatchObject({
      code: 'INVALID_CSV',
      message: 'row 3 of the CSV has 2 fields but the header has 3',
    });
    expect(() => parseCsv('a,b,c\n1,2,3\n,\n')).toThrow('row 3 of the CSV has 2 fields but the header has 3');
    await expect(readAll('a,b\n1,2\n\n3\n')).rejects.toMatchObject({
      code: 'INVALID_CSV',
      message: 'row 4 of the CSV has 1 fields but the header has 2',
    });
  });

  it('guesses the delimiter from the header line alone, never from the records', async () => {
    // Over the first data rows, "a,b;c" read with ";" when the rows held ";" and with "," when they
    // held ",": one record could change how every other one was read.
    // Now both read with ",": the rows that hold ";" are then one field wide, and refused.
    expect(parseCsv('a,b;c\n1,2\n1,3\n')).toEqual({
      header: ['a', 'b;c'],
      rows: [
        ['1', '2'],
        ['1', '3'],
      ],
    });
    expect((await readAll('a,b;c\n1,2\n1,3\n')).header).toEqual(['a', 'b;c']);
    expect(() => parseCsv('a,b;c\n1;2\n1;3\n')).toThrow('row 2 of the CSV has 1 fields but the header has 2');
    await expect(readAll('a,b;c\n1;2\n1;3\n')).rejects.toMatchObject({ code: 'INVALID_CSV' });
    expect(parseCsv('a;b\n1;2\n').header).toEqual(['a', 'b']);
    expect(parseCsv('a\tb\n1\t2\n').header).toEqual(['a', 'b']);
  });

  it('guesses the delimiter as before when blank lines come early', async () => {
    // PapaParse guesses on the first piece (4 Mi characters in a run); counted as one-field rows, the
    // blank lines here would make it fall back to a comma.
    const text = 'a;b\n\n\n\n1;2\n\n3;4\n';
    const expected = [
      ['', ''],
      ['', ''],
      ['', ''],
      ['1', '2'],
      ['', ''],
      ['3', '4'],
    ];
    expect(parseCsv(text)).toEqual({ header: ['a', 'b'], rows: expected });
    for (const source of [text, new Blob([text])])
      expect(await readAll(source)).toMatchObject({ header: ['a', 'b'], rows: expected });
  });
});
