// The report's verdict (UtilityReport.verdict, written by the core): the overall grade and its
// reason first, then each column, the poor ones first, with its reasons in plain words. It compares
// the synthetic table with the real one: NOT private, for the data owner's eyes only.
import { useId } from 'preact/hooks';
import type { ColumnVerdict, UtilityReport, VerdictGrade } from 'privsynth';

import './verdict.css';

const GRADE_LABELS: Record<VerdictGrade, string> = {
  good: 'Good',
  'usable-with-care': 'Usable with care',
  poor: 'Poor',
};

const GRADE_MEANINGS: Record<VerdictGrade, string> = {
  good: 'close to your data in every check made.',
  'usable-with-care': 'a difference some analyses will notice: read its reasons before relying on it.',
  poor: 'results that rest on it are unlikely to hold in your real data.',
};

const GRADE_ORDER: Record<VerdictGrade, number> = { poor: 0, 'usable-with-care': 1, good: 2 };

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function GradeBadge({ grade }: { grade: VerdictGrade }) {
  return <span class={`utility-verdict__badge utility-verdict__badge--${grade}`}>{GRADE_LABELS[grade]}</span>;
}

function ColumnRow({ column }: { column: ColumnVerdict }) {
  return (
    <li
      class={`utility-verdict__column utility-verdict__column--${column.grade}`}
      data-testid="verdict-column"
      data-grade={column.grade}
    >
      <div class="utility-verdict__column-head">
        <span class="utility-verdict__column-name">{column.column}</span>
        <GradeBadge grade={column.grade} />
      </div>
      <ul class="utility-verdict__reasons">
        {column.reasons.map((reason, index) => (
          <li key={index}>{sentence(reason)}.</li>
        ))}
      </ul>
    </li>
  );
}

/** The verdict of a run's report; nothing when the report has none (evaluate was false). */
export function VerdictView(props: { report: UtilityReport }) {
  const headingId = useId();
  const verdict = props.report.verdict;
  if (!verdict) return null;
  const { overall } = verdict;
  const columns = [...verdict.columns].sort((a, b) => GRADE_ORDER[a.grade] - GRADE_ORDER[b.grade]);
  return (
    <section class="utility-verdict" data-testid="verdict" aria-labelledby={headingId}>
      <div
        class={`utility-verdict__overall utility-verdict__overall--${overall.grade}`}
        data-testid="verdict-overall"
        data-grade={overall.grade}
      >
        <h3 class="utility-verdict__heading" id={headingId}>
          How well does the synthetic table match your data? <GradeBadge grade={overall.grade} />
        </h3>
        <p class="utility-verdict__reason">{overall.reason}</p>
      </div>
      <p class="eyes-only utility-verdict__eyes-only">
        This verdict compares the synthetic table with your real rows: for your eyes only. Do not publish it.
      </p>
      <ul class="utility-verdict__columns" aria-label="Each column, the weakest first">
        {columns.map((column) => (
          <ColumnRow key={column.column} column={column} />
        ))}
      </ul>
      {verdict.note ? <p class="hint">{sentence(verdict.note)}.</p> : null}
      <details class="utility-verdict__legend">
        <summary>What the grades mean</summary>
        <ul>
          {(['good', 'usable-with-care', 'poor'] as const).map((grade) => (
            <li key={grade}>
              <GradeBadge grade={grade} /> {sentence(GRADE_MEANINGS[grade])}
            </li>
          ))}
        </ul>
        <p class="hint">
          Each column is checked for lost categories, how far its distribution is from yours, its median, quartiles and
          mean, and its correlations with the other numeric columns. A column takes the grade of its worst check; the
          table, that of its worst column.
        </p>
      </details>
    </section>
  );
}
