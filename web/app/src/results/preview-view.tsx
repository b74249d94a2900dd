// The first rows of the synthetic table.
import { useId, useMemo } from 'preact/hooks';
import { parseCsv, type SynthesisResult } from 'privsynth';

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

/** The header and the first rows of the synthetic CSV. */
function firstRows(result: SynthesisResult): { header: string[]; rows: string[][] } {
  try {
    const { header, rows } = parseCsv(leadingLines(result.csv, PREVIEW_ROWS));
    return { header, rows: rows.slice(0, PREVIEW_ROWS) };
  } catch {
    // A quoted line break in the first rows: parse the whole table instead.
    return { header: result.columns, rows: parseCsv(result.csv).rows.slice(0, PREVIEW_ROWS) };
  }
}

export function PreviewView({ result }: { result: SynthesisResult }) {
  const titleId = useId();
  const { header, rows } = useMemo(() => firstRows(result), [result]);
  const caption = `First ${rows.length} of ${formatInteger(result.rows)} synthetic rows`;
  return (
    <section class="result-card" data-testid="preview" aria-labelledby={titleId}>
      <h3 id={titleId}>Synthetic data preview</h3>
      <details class="preview-details">
        <summary>{caption}</summary>
        <div class="table-scroll" tabIndex={0} role="region" aria-label={caption}>
          <table class="data-table">
            <caption>{caption}</caption>
            <thead>
              <tr>
                {header.map((name, i) => (
                  <th key={i} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, r) => (
                <tr key={r}>
                  {cells.map((cell, c) => (
                    <td key={c}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
