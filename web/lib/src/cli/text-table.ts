// Rows of cells as aligned plain-text columns (two spaces apart), each line prefixed by `indent`.
export function textTable(rows: string[][], indent: string): string[] {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map(
    (row) =>
      indent +
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
  );
}
