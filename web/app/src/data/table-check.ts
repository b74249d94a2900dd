// What step 1 checks before it says a file is loaded: that its start reads as a table with a header
// row of column names and at least one data row. The whole file is read by the engine at run time;
// these checks catch, where the file is given, the files that cannot be a table at all (empty,
// binary, ragged, prose), with a message that says what is wrong and how to fix it.
import { parseCsv } from 'privsynth';

/** How much of a file step 1 reads. */
export const CHECKED_BYTES = 256 * 1024;

/** A header cell longer than this is a sentence, not a column name. */
const LONGEST_NAME = 100;

export interface TableStart {
  header: string[];
  /** Data rows in the part read (all of them when `whole`). */
  rows: number;
  /** The part read is the whole file. */
  whole: boolean;
}

/** The problem with a table's start, in words, or its header and rows. */
export type TableCheck = { ok: true; table: TableStart } | { ok: false; problem: string };

const problem = (text: string): TableCheck => ({ ok: false, problem: text });

/**
 * Checks `text`, the first part of a CSV (`whole`: all of it). A partial text is cut after its last
 * complete line, so that a row cut in two is not taken for a ragged one.
 */
export function checkTableText(text: string, whole: boolean): TableCheck {
  if (text.trim() === '') return problem('The file is empty. Choose a CSV whose first row holds the column names.');
  if (text.includes('\u0000') || (text.match(/\uFFFD/g)?.length ?? 0) > text.length / 100) {
    return problem('This is not a text file (it holds binary data). Choose a CSV or a Parquet file.');
  }
  if (/^\s*[[{]/.test(text)) {
    return problem('This looks like JSON, not a table. Save it as a CSV (or Parquet) file whose first row holds the column names.');
  }
  // The first line first: prose is refused as such, not as a table with ragged rows.
  const firstLine = text.slice(0, (text.indexOf('\n') + 1 || text.length + 1) - 1);
  const prose = firstLine.split(/[,;\t|]/).find((cell) => cell.length > LONGEST_NAME || /[a-z]\. [A-Z]/.test(cell));
  if (prose !== undefined) {
    return problem(`The first row does not look like column names ("${prose.trim().slice(0, 40)}…" is a sentence). Is this a CSV file?`);
  }
  const lastBreak = text.lastIndexOf('\n');
  const complete = whole || lastBreak < 0 ? text : text.slice(0, lastBreak + 1);
  let parsed;
  try {
    parsed = parseCsv(complete);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^\w+: /, '') : String(error);
    // A quote opened near the cut may close in the part not read.
    if (!whole && /quote/i.test(reason)) return checkTableText(text.slice(0, complete.lastIndexOf('\n', complete.length - 2) + 1), false);
    return problem(`This file cannot be read as a table: ${reason}. Check that every row has as many fields as the first row, and that quotes are closed.`);
  }
  const { header, rows } = parsed;
  const blank = header.findIndex((name) => name.trim() === '');
  if (blank >= 0) return problem(`Column ${blank + 1} of the first row has no name. The first row must hold a name for every column.`);
  const seen = new Set<string>();
  for (const name of header) {
    if (seen.has(name)) return problem(`Two columns are both named "${name}". Give every column its own name in the first row.`);
    seen.add(name);
  }
  if (rows.length === 0) return problem('The file has column names but no data rows.');
  return { ok: true, table: { header, rows: rows.length, whole } };
}

/** Checks the start of a CSV file (its first CHECKED_BYTES). */
export async function checkTableFile(file: Blob): Promise<TableCheck> {
  const whole = file.size <= CHECKED_BYTES;
  return checkTableText(await file.slice(0, CHECKED_BYTES).text(), whole);
}
