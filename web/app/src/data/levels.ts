// The levels of a schema column as the core encodes it (level_count in core/src/data/schema.cpp):
// categories or bins, plus one for the missing level of nullable columns. Used to describe the
// columns, to offer binary prediction targets and to size the reference measure's domain.
// A core rule written again here, to be replaced by the library: only levelCount is imported
// (columns-panel, target-field, reduced-space-lp/reference-choice, recommendation).
import type { SchemaColumn } from 'privsynth';

const DEFAULT_BINS = 16;

export function levelCount(column: SchemaColumn): number {
  let base: number;
  if (column.type === 'categorical') {
    base = column.categories.length;
  } else if (column.bins !== undefined) {
    base = column.bins;
  } else {
    const wholeNumbers = column.integer ? column.max - column.min + 1 : Infinity;
    base = Math.min(DEFAULT_BINS, wholeNumbers);
  }
  return base + (column.nullable ? 1 : 0);
}
