// A sortable table of marginal TV distances (worst first by default). Column headers are buttons;
// aria-sort tells assistive technology the current order.
import type { MarginalDistance } from 'privsynth';

import { h, replaceChildren } from '../ui/dom';
import { formatDecimal } from '../ui/format';

type SortKey = 'marginal' | 'degree' | 'tv';

interface Row {
  marginal: string;
  degree: number;
  tv: number;
}

const compare: Record<SortKey, (a: Row, b: Row) => number> = {
  marginal: (a, b) => a.marginal.localeCompare(b.marginal),
  degree: (a, b) => a.degree - b.degree || a.marginal.localeCompare(b.marginal),
  tv: (a, b) => a.tv - b.tv,
};

export function marginalTable(distances: MarginalDistance[]): HTMLElement {
  const rows: Row[] = distances.map((d) => ({ marginal: d.columns.join(' × '), degree: d.columns.length, tv: d.tv }));
  const worst = Math.max(1e-12, ...rows.map((row) => row.tv));
  let key: SortKey = 'tv';
  let descending = true;

  const body = h('tbody');
  const headers = new Map<SortKey, HTMLTableCellElement>();

  const render = () => {
    const sorted = [...rows].sort(compare[key]);
    if (descending) sorted.reverse();
    replaceChildren(
      body,
      ...sorted.map((row) =>
        h(
          'tr',
          {},
          h('td', {}, row.marginal),
          h('td', { class: 'numeric' }, row.degree),
          h(
            'td',
            { class: 'numeric tv-cell' },
            h('span', { class: 'tv-bar', style: `--share:${(row.tv / worst).toFixed(3)}`, 'aria-hidden': 'true' }),
            formatDecimal(row.tv, 3),
          ),
        ),
      ),
    );
    for (const [name, th] of headers)
      th.setAttribute('aria-sort', name === key ? (descending ? 'descending' : 'ascending') : 'none');
  };

  const header = (name: SortKey, label: string, numeric: boolean) => {
    const th = h(
      'th',
      { scope: 'col', class: numeric ? 'numeric' : '' },
      h(
        'button',
        {
          type: 'button',
          class: 'sort-button',
          'data-sort': name,
          onclick: () => {
            descending = key === name ? !descending : name === 'tv';
            key = name;
            render();
          },
        },
        label,
        h('span', { class: 'sort-button__icon', 'aria-hidden': 'true' }),
      ),
    );
    headers.set(name, th);
    return th;
  };

  const element = h(
    'div',
    { class: 'table-scroll table-scroll--tall', tabindex: 0, role: 'region', 'aria-label': 'Marginal distances' },
    h(
      'table',
      { class: 'data-table', 'data-testid': 'marginal-table' },
      h(
        'caption',
        {},
        'Total-variation distance of every 1-way and 2-way marginal (0 = identical, 1 = disjoint). Click a header to sort.',
      ),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          header('marginal', 'Marginal', false),
          header('degree', 'Columns', true),
          header('tv', 'TV distance', true),
        ),
      ),
      body,
    ),
  );
  render();
  return element;
}
