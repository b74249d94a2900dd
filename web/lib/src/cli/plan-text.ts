// The planner's report as text: the primary theorem first, each with what it needs of n, k and m,
// its conditions as a table, and the constants it assumed. `plan --json` prints the report itself.
import type { PlannerCondition, PlannerReport, TheoremPlan } from '../node.js';
import { textTable } from './text-table.js';

/** Sizes (n, k, m) are whole numbers rounded up; other quantities keep 3 significant digits. */
function value(x: number | null, size = false): string {
  if (x === null) return '-';
  if (Math.abs(x) >= 1e6) return x.toExponential(2);
  return size ? Math.ceil(x).toLocaleString('en-US') : String(Number(x.toPrecision(3)));
}

const isSize = (name: string) => /^[nkm]\b/.test(name);
const METS = { true: 'met', false: 'NOT MET', null: 'unknown (not given)' } as const;
const ALL_MET = { true: 'all met', false: 'some NOT MET', null: 'none fails, some unknown' } as const;

function conditionRow(condition: PlannerCondition): string[] {
  const size = isSize(condition.name);
  return [
    condition.name,
    condition.formula,
    `${condition.relation} ${value(condition.required, size)}`,
    value(condition.actual, size),
    METS[String(condition.met) as keyof typeof METS],
  ];
}

function theoremLines(theorem: TheoremPlan): string[] {
  const { required } = theorem;
  const needs = (['n', 'k', 'm'] as const)
    .filter((size) => required[size] !== null)
    .map((size) => `${size} >= ${value(required[size], true)}`);
  const facts = [
    needs.length > 0 ? `needs ${needs.join(', ')}` : '',
    theorem.conditionNumberBound !== null
      ? `K = ${value(theorem.conditionNumberBound)} (${theorem.conditionNumberFormula})`
      : '',
    theorem.privacy.epsilon !== null
      ? `privacy: epsilon ${value(theorem.privacy.epsilon)} (${theorem.privacy.formula})`
      : '',
    theorem.success.probability !== null
      ? `success probability ${value(theorem.success.probability)} (${theorem.success.formula})`
      : '',
    theorem.accuracy !== null ? `accuracy 8 delta = ${value(theorem.accuracy)}` : '',
    theorem.bandwidth !== null ? `KDE bandwidth ${value(theorem.bandwidth)}` : '',
  ];
  return [
    '',
    `${theorem.id}${theorem.primary ? ' (primary)' : ''}: ${theorem.theorem}`,
    ...facts.filter((fact) => fact).map((fact) => `  ${fact}`),
    `  conditions: ${ALL_MET[String(theorem.allMet) as keyof typeof ALL_MET]}`,
    ...textTable([['condition', 'formula', 'required', 'given', ''], ...theorem.conditions.map(conditionRow)], '    '),
    ...theorem.constants.map(
      (constant) => `  ${constant.name} = ${constant.value}${constant.assumed ? ` (${constant.label})` : ''}`,
    ),
    ...theorem.notes.map((note) => `  note: ${note}`),
  ];
}

export function planText(report: PlannerReport): string {
  const inputs = Object.entries(report.inputs).map(
    ([key, x]) => `${key} ${typeof x === 'object' ? JSON.stringify(x) : x}`,
  );
  const theorems = [...report.theorems].sort((a, b) => Number(b.primary) - Number(a.primary));
  const lines = [
    'Planner forecast from public inputs only: no data read, no privacy budget spent.',
    `inputs: ${inputs.join(', ')}`,
    `sigma = ${value(report.sigma)} (Laplace scale of Algorithm 1, delta / log(|F|/gamma))`,
    ...(report.statisticsEpsilonAtN === null
      ? []
      : [`epsilon that this noise gives at n: ${value(report.statisticsEpsilonAtN)}`]),
    ...theorems.flatMap(theoremLines),
    '',
    ...report.notes.map((note) => `note: ${note}`),
  ];
  return `${lines.join('\n')}\n`;
}
