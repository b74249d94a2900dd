// Which reference measure mu a run will use and how epsilon is split, forecast from the public
// schema before running. Mirrors the core (core/src/reference/reference_release.cpp): "auto" is
// uniform while the encoded domain has at most 1,000,000 cells and the tree beyond; the default
// share of epsilon for mu is 0.5 for the histogram and the KDE, 0.3 for the tree.
// A core rule written again here, to be replaced by the library; only this folder imports it
// (fields.ts: continuousPossible, resolveReference, budgetSplit, DEFAULT_REFERENCE_FRACTION;
// planner-view.ts: budgetSplit, domainCells).
import type { ReferenceMeasure, Schema } from 'privsynth';

import { levelCount } from '../../data/levels';

export type ResolvedReference = Exclude<ReferenceMeasure, 'auto'>;

export const AUTO_UNIFORM_CELLS = 1e6;

export const DEFAULT_REFERENCE_FRACTION: Record<ResolvedReference, number> = {
  uniform: 0,
  histogram: 0.5,
  tree: 0.3,
  'bernstein-kde': 0.5,
};

function chosen(schema: Schema, columns: string[]) {
  return schema.columns.filter((column) => columns.includes(column.name));
}

/** Cells of the full encoded domain of the chosen columns (the histogram's size). */
export function domainCells(schema: Schema, columns: string[]): number {
  return chosen(schema, columns).reduce((cells, column) => cells * levelCount(column), 1);
}

/** The KDE works on numeric values: every chosen column numeric and without a missing level. */
export function continuousPossible(schema: Schema, columns: string[]): boolean {
  const list = chosen(schema, columns);
  return list.length > 0 && list.every((column) => column.type === 'numeric' && !column.nullable);
}

export function resolveReference(choice: ReferenceMeasure, schema: Schema, columns: string[]): ResolvedReference {
  if (choice !== 'auto') return choice;
  return domainCells(schema, columns) <= AUTO_UNIFORM_CELLS ? 'uniform' : 'tree';
}

export interface BudgetSplit {
  reference: ResolvedReference;
  referenceEpsilon: number;
  lpEpsilon: number;
}

export function budgetSplit(
  epsilon: number,
  choice: ReferenceMeasure,
  fraction: number | undefined,
  schema: Schema,
  columns: string[],
): BudgetSplit {
  const reference = resolveReference(choice, schema, columns);
  const share = reference === 'uniform' ? 0 : fraction ?? DEFAULT_REFERENCE_FRACTION[reference];
  return { reference, referenceEpsilon: epsilon * share, lpEpsilon: epsilon * (1 - share) };
}
