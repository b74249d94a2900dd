// CSV in and out with PapaParse, and the packed form the core reads: one UTF-8 byte buffer plus
// offsets, copied once into WebAssembly memory.
import Papa from 'papaparse';

import { errorFromCode } from './errors.js';

export interface ParsedCsv {
  header: string[];
  /** Data rows, each with header.length cells. */
  rows: string[][];
}

/** parseCsv() refuses text longer than this (256 Mi characters): it holds every cell as a string. Runs read CSVs in chunks (csv-stream.ts) and have no such limit. */
export const MAX_CSV_BYTES = 256 * 1024 * 1024;

/**
 * Throws on PapaParse's fatal errors: quote errors (a "Delimiter" notice only means PapaParse fell
 * back to commas). `recordsBefore` counts the records of earlier chunks, so rows are numbered over
 * the whole file (1-based, the header is row 1). (Typed by shape: the shipped declarations must not
 * need PapaParse's types.)
 */
export function throwIfMalformed(
  errors: ReadonlyArray<{ type: string; row?: number; message: string }>,
  recordsBefore = 0,
): void {
  const fatal = errors.find((error) => error.type === 'Quotes');
  if (!fatal) return;
  const where = fatal.row === undefined ? '' : ` in row ${recordsBefore + fatal.row + 1}`;
  throw errorFromCode('INVALID_CSV', `the CSV is malformed${where}: ${fatal.message}`);
}

/** Throws unless every row has `width` cells; rows[0] is record `firstRecord` of the file (the header is record 0). */
export function checkRowWidths(rows: string[][], width: number, firstRecord: number): void {
  rows.forEach((row, index) => {
    if (row.length !== width) {
      throw errorFromCode(
        'INVALID_CSV',
        `row ${firstRecord + index + 1} of the CSV has ${row.length} fields but the header has ${width}`,
      );
    }
  });
}

/**
 * The delimiter, guessed by PapaParse from the header line alone (the first line that is not blank,
 * in `text`: the first piece, when streamed). Neighbouring tables share their header, while a guess
 * over the first data rows (PapaParse's own, ten rows) would let one record change how every row is
 * read: "a,b;c" over the rows "1;2" reads with ";", over "1,2" with ",". Falls back to a comma.
 */
export function guessDelimiter(text: string): string {
  const header = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  return Papa.parse<string[]>(header, { preview: 1 }).meta.delimiter || ',';
}

/** PapaParse's options for reading a CSV: no line is skipped; recordsOf() handles blank lines. */
export const PARSE_OPTIONS = { header: false, skipEmptyLines: false, delimiter: guessDelimiter } as const;

/** A row whose cells are all empty or whitespace: skipped before the header, which names the columns. */
export const isBlankRow = (row: string[]): boolean => row.every((cell) => cell.trim() === '');

/**
 * The records of parsed data rows: a line that is empty or holds only whitespace (PapaParse's one
 * field) is a record of `width` empty cells, in one-column and wider files alike, and the core's
 * out-of-domain policy handles it as any record with missing values. Such lines are never skipped:
 * the samplers' public n is every record of the file (replace-one neighbours), and a record replaced
 * by an all-missing one must not change it. Every other row must have `width` cells
 * (checkRowWidths); rows[0] is record `firstRecord` of the file (the header is record 0).
 */
export function recordsOf(rows: string[][], width: number, firstRecord: number): string[][] {
  const records = rows.map((row) =>
    row.length === 1 && row[0].trim() === '' ? new Array<string>(width).fill('') : row,
  );
  checkRowWidths(records, width, firstRecord);
  return records;
}

/**
 * Text with its "\r\n" line breaks as "\n". PapaParse takes the first line break it sees as
 * the file's, so a file whose lines mostly end in "\r\n" but one in "\n" (files joined or edited
 * on two systems) was refused as a malformed quote wherever a quoted field ended such a line. The
 * streaming reader never ends a piece between "\r" and "\n" (csv-stream.ts pieceEnd), so each break
 * is replaced whole; a quoted value's own "\r\n" becomes "\n" too.
 */
export function withLineFeeds(text: string): string {
  return text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
}

/**
 * Parses CSV text with a header row. Malformed input is a DataError that names the row. Blank lines
 * before the header are skipped; after it every line is a record (recordsOf), except the one final
 * line break that may end the last record (RFC 4180), as in the streaming reader (csv-stream.ts).
 */
export function parseCsv(text: string): ParsedCsv {
  if (text.length > MAX_CSV_BYTES) {
    throw errorFromCode(
      'DOMAIN_TOO_LARGE',
      `the CSV has ${text.length} characters; at most ${MAX_CSV_BYTES} are supported`,
    );
  }
  const body = withLineFeeds(text.replace(/^\uFEFF/, ''));
  const parsed = Papa.parse<string[]>(body, PARSE_OPTIONS);
  throwIfMalformed(parsed.errors);
  const rows = parsed.data;
  // After a final line break PapaParse reads one more, empty, row: the end of the file, not a record.
  // (The streaming reader never sees it: the text after the last line break is empty.)
  const last = rows.at(-1);
  if (/[\r\n]$/.test(body) && last && last.length === 1 && last[0] === '') rows.pop();
  let headerIndex = 0;
  while (headerIndex < rows.length && isBlankRow(rows[headerIndex])) headerIndex += 1;
  if (headerIndex === rows.length) throw errorFromCode('EMPTY_DATA', 'the CSV is empty: it needs a header row');
  const names = rows[headerIndex].map((name) => name.trim());
  return { header: names, rows: recordsOf(rows.slice(headerIndex + 1), names.length, headerIndex + 1) };
}

export interface PackedCells {
  bytes: Uint8Array;
  offsets: Uint32Array;
  rowCount: number;
  columnCount: number;
}

/** Rows of `columnCount` cells as one UTF-8 buffer with offsets (row-major). */
export function packRows(rows: string[][], columnCount: number): PackedCells {
  const offsets = new Uint32Array(rows.length * columnCount + 1);
  const encoder = new TextEncoder();
  let bytes = new Uint8Array(Math.max(1024, rows.length * columnCount * 8));
  let used = 0;
  let index = 0;
  const add = (cell: string) => {
    // A UTF-16 code unit takes at most 3 UTF-8 bytes.
    if (used + cell.length * 3 > bytes.length) {
      const grown = new Uint8Array(Math.max(bytes.length * 2, used + cell.length * 3));
      grown.set(bytes.subarray(0, used));
      bytes = grown;
    }
    // ASCII cells (nearly all) are copied directly: a TextEncoder call per cell costs ~1 us in
    // Chromium (0.9 s for Adult's 780k cells, against 0.05 s this way).
    let ascii = true;
    for (let i = 0; i < cell.length; ++i) {
      const code = cell.charCodeAt(i);
      if (code > 0x7f) {
        ascii = false;
        break;
      }
      bytes[used + i] = code;
    }
    used += ascii ? cell.length : encoder.encodeInto(cell, bytes.subarray(used)).written;
    if (used > 0xffffffff) throw errorFromCode('DOMAIN_TOO_LARGE', 'a chunk of the table is larger than 4 GiB');
    offsets[++index] = used;
  };
  for (const row of rows) row.forEach(add);
  return { bytes: bytes.subarray(0, used), offsets, rowCount: rows.length, columnCount };
}

/** The rows of packed cells as strings again (packRows' inverse). */
export function unpackRows(chunk: PackedCells): string[][] {
  const decoder = new TextDecoder();
  const rows: string[][] = [];
  for (let r = 0; r < chunk.rowCount; ++r) {
    const row: string[] = [];
    for (let c = 0; c < chunk.columnCount; ++c) {
      const cell = r * chunk.columnCount + c;
      row.push(decoder.decode(chunk.bytes.subarray(chunk.offsets[cell], chunk.offsets[cell + 1])));
    }
    rows.push(row);
  }
  return rows;
}

/** Header + rows as one UTF-8 buffer with offsets (row-major, header first). */
export function packCells({ header, rows }: ParsedCsv): PackedCells {
  return packRows([header, ...rows], header.length);
}

/** Writes a table of text cells as CSV (RFC 4180 quoting where needed). */
export function writeCsv(header: string[], columns: string[][], rows: number): string {
  const data: string[][] = new Array(rows);
  for (let row = 0; row < rows; ++row) data[row] = columns.map((column) => column[row]);
  return Papa.unparse({ fields: header, data }, { newline: '\n' });
}
