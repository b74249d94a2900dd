// Space partitioning's choices (Kreačić et al.): a KD-tree or a grid, their labels and hints, and
// the one rule the page checks before a run: numeric columns must not be nullable (the core places
// numeric values in space and refuses a column that may be missing; a category's "missing" level
// is just one more bin, so nullable categorical columns are fine).
import type { Schema, SpacePartitionOptions } from 'privsynth';

import type { AppState } from '../../store';
import { formatList } from '../../ui/format';
import type { ColumnRefusal } from '../mechanism-ui';

export type Partition = NonNullable<SpacePartitionOptions['partition']>;

export const PARTITION_LABELS: Record<Partition, string> = {
  'kd-tree': 'KD-tree: bins adapt to the data (default)',
  grid: 'grid: equal cells, independent of the data',
};

export const PARTITION_HINTS: Record<Partition, string> = {
  'kd-tree':
    'Boxes are halved without looking at the data while an edge is longer than s1, then split further only where a noisy count ' +
    'exceeds τ, never below an edge s2 (Algorithms 2–3): dense regions get small bins. The forecast shows s1, s2, τ and the threshold t.',
  grid:
    'Every numeric axis is cut into equal cells of width w (Algorithm 1); by default as many as Theorem 3 suggests for the noisy ' +
    'record count. The forecast shows w and the threshold t.',
};

const quoted = (names: string[]) => formatList(names.map((name) => `“${name}”`));

/** The chosen numeric (date, datetime) columns that the schema makes nullable, in schema order. */
export function nullableNumericColumns(schema: Schema, columns: string[]): string[] {
  return schema.columns
    .filter(
      (c) =>
        columns.includes(c.name) && (c.type === 'numeric' || c.type === 'date' || c.type === 'datetime') && c.nullable,
    )
    .map((c) => c.name);
}

/** The chosen columns space partitioning refuses: the nullable numeric ones (null when there are none). */
export function refusedColumns(schema: Schema, columns: string[]): ColumnRefusal | null {
  const names = nullableNumericColumns(schema, columns);
  return names.length ? { columns: names, blocker: nullableNumericBlocker(names) } : null;
}

/** The nullable numeric columns that stop a space-partition run (none while another mechanism is chosen). */
export function partitionRefuses(state: AppState): string[] {
  if (state.mechanism !== 'space-partition' || !state.schema) return [];
  return nullableNumericColumns(state.schema.schema, state.columns);
}

/** What the user should know about these nullable numeric columns, in one or two sentences. */
export function nullableNumericMessage(names: string[]): string {
  const verb = names.length === 1 ? 'is a nullable numeric column' : 'are nullable numeric columns';
  return (
    `${quoted(names)} ${verb} in the schema: space partitioning places every number in space, so numeric columns must not have ` +
    `missing values. Untick ${names.length === 1 ? 'it' : 'them'} in step 3, or choose another mechanism.`
  );
}

/** The run panel's blocker: "untick the nullable numeric column “age” (…)". */
export function nullableNumericBlocker(names: string[]): string {
  return `untick the nullable numeric ${names.length === 1 ? 'column' : 'columns'} ${quoted(names)} (space partitioning needs numbers without missing values)`;
}
