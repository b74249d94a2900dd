// Cheap facts about a CSV before a run: its header row and (for text) its number of data rows.
// Only the first line of a file is read; the full file is read by the engine's worker.
import { parseCsv } from 'privsynth';

/** The header cells of the first line, or null if it cannot be parsed. */
export function headerOf(text: string): string[] | null {
  const end = text.indexOf('\n');
  const firstLine = end < 0 ? text : text.slice(0, end);
  try {
    const { header } = parseCsv(firstLine);
    return header.length > 0 ? header : null;
  } catch {
    return null;
  }
}

/**
 * The data rows of CSV text as the library reads them: every line after the header (the first line
 * that holds more than delimiters and spaces), a blank line included (a record of empty cells), but
 * not one final line break, which ends the last record. The bundled samples' public n for a
 * mechanism whose neighbours replace one record, so it must be the run's n: exact for text without quoted line breaks, with "\n" or "\r\n" line breaks.
 */
export function countDataRows(text: string): number {
  let rows = -1;  // the header is not a data row
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (rows >= 0 || /[^\s,;|]/.test(text.slice(start, end))) rows += 1;
    start = end + 1;
  }
  return Math.max(0, rows);
}
