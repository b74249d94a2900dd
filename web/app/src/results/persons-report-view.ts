// The report's part on people, for a run with a person column (the schema's privacyUnit): how many
// people and rows were read, how many rows each kept and how many were left out, who had more than
// k rows, and whose "same in every row" columns differed. Computed on the real data: for the data
// owner's eyes only, like the rest of the report.
import type { UtilityReport } from 'privsynth';

import { definitionList, h } from '../ui/dom';
import { formatInteger, formatList } from '../ui/format';

/** UtilityReport.persons, as the core writes it (pipeline/person_release.cpp, persons_report_json). */
export type PersonsReport = NonNullable<UtilityReport['persons']>;

/** The report's persons part, or null for a run without a person column. */
export function personsReportOf(report: UtilityReport): PersonsReport | null {
  return report.persons ?? null;
}

const people = (n: number) => `${formatInteger(n)} ${n === 1 ? 'person' : 'people'}`;
const rows = (n: number) => `${formatInteger(n)} ${n === 1 ? 'row' : 'rows'}`;

/** The sentences on the rows kept and left out. */
function keptSentences(p: PersonsReport): string[] {
  const k = p.rowsPerPerson;
  // rowsRead counts the rows with a person; those without one are counted apart.
  const left = p.rowsRead - p.rowsKept;
  const sentences = [
    `${people(p.persons)} in ${rows(p.rowsRead)}. Each person kept at most ${rows(k)}: ${rows(p.rowsKept)} were used` +
      (left > 0 ? ` and ${rows(left)} left out.` : ', none left out.'),
    p.personsOverLimit > 0
      ? `${people(p.personsOverLimit)} had more than ${rows(k)} (the most: ${formatInteger(p.mostRowsOfAPerson)}); the rows they kept were picked at random.`
      : `No one had more than ${rows(k)}.`,
  ];
  if (p.rowsWithoutPerson > 0)
    sentences.push(`${rows(p.rowsWithoutPerson)} had no “${p.privacyUnit}” and were left out.`);
  return sentences;
}

/** The sentence on the columns marked the same in every row of a person, or null when none was marked. */
function sameValueSentence(p: PersonsReport): string | null {
  const entries = Object.entries(p.personsWithVaryingPerPersonValue).map(
    ([name, count]) => [name, count ?? 0] as const,
  );
  if (entries.length === 0) return null;
  const varied = entries.filter(([, count]) => count > 0);
  if (varied.length === 0)
    return `${formatList(entries.map(([name]) => `“${name}”`))} had one value in all the rows of each person.`;
  return (
    varied.map(([name, count]) => `“${name}” differed between the rows of ${people(count)}`).join('; ') +
    ': each of them took the value of one of their rows, picked at random.'
  );
}

/** The report's section on people, or null for a run without a person column. */
export function personsReportView(report: UtilityReport): HTMLElement | null {
  const p = personsReportOf(report);
  if (!p) return null;
  const same = sameValueSentence(p);
  const counts = p.noisyPersonsByRowCount;
  return h(
    'section',
    { class: 'persons-report', 'data-testid': 'report-persons', 'aria-labelledby': 'report-persons-title' },
    h('h4', { id: 'report-persons-title' }, `People: the rows with the same “${p.privacyUnit}”`),
    ...keptSentences(p).map((text) => h('p', { 'data-testid': 'report-persons-line' }, text)),
    same ? h('p', { 'data-testid': 'report-persons-same' }, same) : null,
    h(
      'details',
      { class: 'report-details' },
      h('summary', {}, 'How many people have 1, 2, … rows, as measured with noise'),
      definitionList(counts.map((count, i) => [rows(i + 1), `about ${formatInteger(Math.max(0, Math.round(count)))}`])),
      h(
        'p',
        { class: 'hint' },
        `Measured with noise on the kept rows (at most ${rows(p.rowsPerPerson)} a person); the synthetic people take their numbers of rows from these counts.`,
      ),
    ),
  );
}
