// The first rows of the synthetic table.
import { parseCsv, type SynthesisResult } from 'privsynth';

import { h, table } from '../ui/dom';
import { formatInteger } from '../ui/format';

const PREVIEW_ROWS = 20;

/** Text up to (not including) the line break that ends data row `rows` (header + rows lines). */
function leadingLines(text: string, rows: number): string {
  let end = -1;
  for (let line = 0; line <= rows; ++line) {
    end = text.indexOf('\n', end + 1);
    if (end < 0) return text;
  }
  return text.slice(0, end);
}

export function previewView(result: SynthesisResult): HTMLElement {
  let header: string[] = result.columns;
  let rows: string[][];
  try {
    ({ header, rows } = parseCsv(leadingLines(result.csv, PREVIEW_ROWS)));
  } catch {
    // A quoted line break in the first rows: parse the whole table instead.
    rows = parseCsv(result.csv).rows;
  }
  rows = rows.slice(0, PREVIEW_ROWS);
  return h(
    'section',
    { class: 'result-card', 'data-testid': 'preview', 'aria-labelledby': 'preview-title' },
    h('h3', { id: 'preview-title' }, 'Synthetic data preview'),
    table(`First ${rows.length} of ${formatInteger(result.rows)} synthetic rows`, header, rows),
  );
}
