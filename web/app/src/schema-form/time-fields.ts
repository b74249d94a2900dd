// The fields a date or datetime column adds to the schema form's numeric ones (docs/schema.md): its
// granularity, time zone (datetime) and cell format; and the reading of its first and last dates,
// typed as ISO 8601 text in the numeric group's min and max fields. The core checks the schema in
// full (impossible dates, bins against the steps); these checks name the common slips at once.
import type { DateColumn, DateTimeColumn } from 'privsynth';

import { h, show } from '../ui/dom';

export type TimeKind = 'date' | 'datetime';

type TimeDomain =
  | Omit<DateColumn, 'name' | 'bins' | 'nullable' | 'description'>
  | Omit<DateTimeColumn, 'name' | 'bins' | 'nullable' | 'description'>;

export interface TimeReading {
  column?: TimeDomain;
  errors: { min?: string; max?: string; range?: string };
}

const ISO = {
  date: /^\d{4}(-\d{2}(-\d{2})?)?$/,
  datetime: /^\d{4}-\d{2}-\d{2}([T ]\d{2}(:\d{2}(:\d{2}(\.\d+)?)?)?)?(Z|[+-]\d{2}:?\d{2})?$/,
};
const GRANULARITIES = { date: ['day', 'month', 'year'], datetime: ['second', 'minute', 'hour'] } as const;

export function timeFields(
  idOf: (key: string) => string,
  testIdOf: (key: string) => string,
  initial: DateColumn | DateTimeColumn | null,
) {
  const control = <T extends HTMLElement>(key: string, element: T, text: string) => {
    element.id = idOf(key);
    element.dataset.testid = testIdOf(key);
    element.dataset.field = key;
    return h('div', { class: 'sf-field' }, h('label', { for: element.id }, text), element);
  };
  const granularity = h('select', {});
  const timezone = h(
    'select',
    {},
    h('option', { value: 'naive' }, 'None (naive)'),
    h('option', { value: 'utc' }, 'UTC (offsets applied)'),
  );
  timezone.value = initial?.type === 'datetime' && initial.timezone === 'utc' ? 'utc' : 'naive';
  const format = h('input', { type: 'text', placeholder: 'ISO 8601 (default)', spellcheck: 'false' });
  format.value = initial?.format ?? '';
  const timezoneField = control('timezone', timezone, 'Time zone');
  const element = h(
    'div',
    { class: 'sf-grid sf-time' },
    control('granularity', granularity, 'Granularity'),
    timezoneField,
    control('format', format, 'Format in the CSV (YYYY, MM, DD, HH, mm, ss)'),
  );
  let shownKind: TimeKind | null = null;

  const layout = (kind: TimeKind | null) => {
    show(element, kind !== null);
    show(timezoneField, kind === 'datetime');
    if (kind === null || kind === shownKind) return;
    const wanted = initial?.type === kind ? initial.granularity : undefined;
    granularity.replaceChildren(...GRANULARITIES[kind].map((step) => h('option', { value: step }, step)));
    granularity.value = wanted ?? GRANULARITIES[kind][0];
    shownKind = kind;
  };

  const read = (
    kind: TimeKind,
    first: string,
    last: string,
    discovering: boolean,
    labelOf: (key: 'min' | 'max') => string,
  ): TimeReading => {
    const errors: TimeReading['errors'] = {};
    const example = kind === 'date' ? '2019-01-31' : '2019-01-31T08:00';
    for (const [key, text] of [
      ['min', first.trim()],
      ['max', last.trim()],
    ] as const) {
      if (!ISO[kind].test(text))
        errors[key] = `${labelOf(key)}: an ISO 8601 ${kind === 'date' ? 'date' : 'date and time'}, e.g. ${example}.`;
    }
    if (!errors.min && !errors.max && !(first.trim() < last.trim())) {
      errors.range = `The first ${discovering ? 'rough ' : ''}date must be before the last.`;
    }
    if (Object.keys(errors).length) return { errors };
    const common = {
      min: first.trim(),
      max: last.trim(),
      ...(format.value.trim() ? { format: format.value.trim() } : {}),
    };
    const column: TimeDomain =
      kind === 'date'
        ? { type: 'date', ...common, granularity: granularity.value as DateColumn['granularity'] }
        : {
            type: 'datetime',
            ...common,
            granularity: granularity.value as DateTimeColumn['granularity'],
            timezone: timezone.value as 'naive' | 'utc',
          };
    return { column, errors };
  };

  return { element, layout, read };
}
