// The utility report: how close the synthetic table is to the real one. It is computed on the real
// data, so it is NOT private: for the data owner's eyes only, never to be published. The run's
// mechanism adds its own sections after the headline metrics (MechanismUi.report).
import type { UtilityReport } from 'privsynth';

import { findMechanismUi } from '../mechanisms/registry';
import { reportPlots } from '../plots/report-plots';
import { definitionList, h, table } from '../ui/dom';
import { eyesOnly } from '../ui/eyes-only';
import { formatDecimal, formatInteger, formatList } from '../ui/format';
import { fidelityView } from './fidelity-view';
import { marginalTable } from './marginal-table';
import { mlReportView } from './ml-report-view';
import { personsReportView } from './persons-report-view';

/** " (1,234 distinct)" after the synthetic rows; nothing when the records were streamed, not counted. */
export const distinct = (rows: number | undefined): string =>
  rows === undefined ? '' : ` (${formatInteger(rows)} distinct)`;

function metric(label: string, value: string, note?: string): HTMLElement {
  return h(
    'div',
    { class: 'metric' },
    h('p', { class: 'metric__value' }, value),
    h('p', { class: 'metric__label' }, label),
    note ? h('p', { class: 'metric__note' }, note) : null,
  );
}

/** Kreačić et al.'s kernel distances, present for runs of numeric columns with unbinned output. */
function kernelMetrics(report: UtilityReport): Array<HTMLElement | null> {
  const k = report.kernel;
  if (!k || k.mmd === undefined) return [];
  const sampled =
    k.realPoints < report.rows.real || k.syntheticPoints < report.rows.synthetic ? `; ${k.pointsNote}` : '';
  const error = k.mmdStandardError !== undefined ? ` ± ${formatDecimal(k.mmdStandardError, 2)}` : '';
  return [
    metric(
      'MMD (Gaussian kernel)',
      `${formatDecimal(k.mmd, 3)}${error}`,
      `columns scaled to [0, 1], γ = ${formatDecimal(k.gamma, 3)}${sampled}`,
    ),
    k.kdeSupDistance !== undefined
      ? metric(
          'max KDE difference',
          formatDecimal(k.kdeSupDistance, 3),
          'largest gap of the two kernel density estimates',
        )
      : null,
  ];
}

function metrics(report: UtilityReport): HTMLElement {
  const m = report.marginals;
  const max = report.maxStatisticError;
  return h(
    'div',
    { class: 'metrics', 'data-testid': 'report-metrics' },
    m ? metric('mean 1-way TV', formatDecimal(m.meanOneWayTV, 3)) : null,
    m && m.twoWay.length ? metric('mean 2-way TV', formatDecimal(m.meanTwoWayTV, 3)) : null,
    m && m.threeWaySample.length
      ? metric(
          'mean 3-way TV',
          formatDecimal(m.meanThreeWaySampleTV, 3),
          `sample of ${m.threeWaySample.length} of ${m.threeWayTotal}`,
        )
      : null,
    max ? metric('max statistic error', formatDecimal(max.value, 3), `on ${max.marginal.join(' × ')}`) : null,
    ...kernelMetrics(report),
    metric(
      'rows',
      `${formatInteger(report.rows.synthetic)}`,
      `synthetic${distinct(report.rows.distinctSynthetic)}, from ${formatInteger(report.rows.real)} real`,
    ),
  );
}

function encodingSection(report: UtilityReport): HTMLElement {
  const { encoding } = report;
  const touched = encoding.columns.filter((c) => c.missing || c.clamped || c.mappedToMissing || c.rejectedRows);
  return h(
    'div',
    { class: 'encoding', 'data-testid': 'report-encoding' },
    h('h4', {}, 'How your rows were read'),
    definitionList([
      ['Rows in the file', formatInteger(encoding.inputRows)],
      ['Rows used', formatInteger(encoding.keptRows)],
      ['Rows rejected', formatInteger(encoding.rejectedRows)],
      ['Values clamped', formatInteger(encoding.columns.reduce((sum, c) => sum + c.clamped, 0))],
      ['Values mapped to missing', formatInteger(encoding.columns.reduce((sum, c) => sum + c.mappedToMissing, 0))],
      [
        'Ignored columns (not in the schema)',
        encoding.ignoredColumns.length ? formatList(encoding.ignoredColumns) : 'none',
      ],
    ]),
    touched.length
      ? table(
          'Columns with missing, clamped or out-of-domain values',
          ['Column', 'Missing', 'Clamped', 'Mapped to missing', 'Rows rejected'],
          touched.map((c) => [
            c.name,
            formatInteger(c.missing),
            formatInteger(c.clamped),
            formatInteger(c.mappedToMissing),
            formatInteger(c.rejectedRows),
          ]),
        )
      : h('p', { class: 'hint' }, 'No value was missing, clamped or outside its domain.'),
  );
}

function plotsSection(report: UtilityReport): HTMLElement | null {
  const plots = reportPlots(report);
  if (!plots.length) return null;
  return h(
    'section',
    { class: 'report-plots', 'data-testid': 'report-plots', 'aria-labelledby': 'report-plots-title' },
    h('h4', { id: 'report-plots-title' }, 'Plots'),
    eyesOnly('plots-notice', 'These plots draw the distributions of your real rows: do not publish or share them.'),
    ...plots,
  );
}

/** The report of a run of `mechanism` (the receipt's mechanism.name). */
export function reportView(report: UtilityReport, mechanism: string): HTMLElement {
  const marginals = report.marginals ? [...report.marginals.oneWay, ...report.marginals.twoWay] : [];
  return h(
    'section',
    { class: 'result-card result-card--private', 'data-testid': 'report', 'aria-labelledby': 'report-title' },
    h('h3', { id: 'report-title' }, 'Utility report'),
    eyesOnly('report-notice', 'Do not publish or share this report; it is not private.'),
    metrics(report),
    personsReportView(report),
    fidelityView(report),
    ...(findMechanismUi(mechanism)?.report?.sections(report) ?? []),
    plotsSection(report),
    report.ml ? mlReportView(report.ml) : null,
    ...(report.mlExtraTargets ?? []).map((ml, index) => mlReportView(ml, index + 1)),
    marginals.length
      ? h(
          'details',
          { class: 'report-details' },
          h('summary', {}, 'The distance of every marginal'),
          marginalTable(marginals),
        )
      : null,
    encodingSection(report),
  );
}
