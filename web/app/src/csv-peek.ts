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

export async function headerOfFile(file: Blob): Promise<string[] | null> {
  return headerOf(await file.slice(0, 64 * 1024).text());
}

/** Non-empty lines after the header (exact for files without quoted line breaks). */
export function countDataRows(text: string): number {
  let lines = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (text.slice(start, end).trim() !== '') lines += 1;
    start = end + 1;
  }
  return Math.max(0, lines - 1);
}
