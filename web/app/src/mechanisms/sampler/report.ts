// The private sampler in the utility report: the four samplers compared exactly on the data at the
// run's ε and N, the run's sampler highlighted, and for a histogram run the TV of the histogram it
// released. Computed on the real data: NOT private.
import type { UtilityReport } from 'privsynth';

import { h } from '../../ui/dom';
import { eyesOnly } from '../../ui/eyes-only';
import { formatDecimal, formatInteger } from '../../ui/format';
import type { ReportUi } from '../mechanism-ui';
import { SAMPLER_NAMES } from './choice';
import { comparisonNote, samplerComparisonTable } from './text';

function samplerSection(report: UtilityReport): HTMLElement | null {
  const sampler = report.sampler;
  if (!sampler) return null;
  return h(
    'section',
    {
      class: 'sampler-report',
      'data-testid': 'report-sampler',
      'data-used': sampler.used,
      'data-best': sampler.best,
      'aria-labelledby': 'report-sampler-title',
    },
    h('h4', { id: 'report-sampler-title' }, 'The samplers on your data'),
    eyesOnly(
      'sampler-notice',
      'The exact distances of every sampler to your records’ distribution: do not publish them.',
    ),
    h(
      'p',
      { 'data-testid': 'report-sampler-summary' },
      `This run used ${SAMPLER_NAMES[sampler.used]}; the best here is ${SAMPLER_NAMES[sampler.best]}` +
        `${sampler.used === sampler.best ? ' (the same)' : ''}. ${formatInteger(sampler.records)} records over ${formatInteger(sampler.alphabet)} symbols; smallest count of a symbol: ${formatInteger(sampler.smallestCount)}.`,
    ),
    sampler.releasedHistogramTv !== undefined
      ? h(
          'div',
          { class: 'metrics' },
          h(
            'div',
            {
              class: 'metric',
              'data-testid': 'report-released-histogram-tv',
              'data-value': String(sampler.releasedHistogramTv),
            },
            h('p', { class: 'metric__value' }, formatDecimal(sampler.releasedHistogramTv, 3)),
            h('p', { class: 'metric__label' }, 'TV of the released histogram'),
            h(
              'p',
              { class: 'metric__note' },
              'the distribution every sample of this run was drawn from, against your data’s',
            ),
          ),
        )
      : null,
    samplerComparisonTable(sampler, sampler.used, 'used in this run', 'report-sampler-table'),
    h('p', { class: 'hint' }, comparisonNote(sampler)),
  );
}

export const samplerReport: ReportUi = {
  sections: (report) => {
    const section = samplerSection(report);
    return section ? [section] : [];
  },
  // The highlighted sampler in the standalone report file (the page's rules: sampler.css).
  exportCss: `
.sampler-table__highlighted{background:#e3f2f1}
.sampler-table__highlighted th{font-weight:700}
`,
};
