// One column of the schema form, as a card: its name (from the CSV header, read-only), its type, and
// either its public domain typed in or what discovering it privately needs (a public rough range
// for numbers, dates and times). A date or datetime column shares the numeric fields, as ISO 8601
// text, with its granularity, time zone and format (docs/schema.md); an id or text column has none.
// Errors show under their field once it was edited (or all, after a submit), are announced
// (aria-live) and linked to their control (aria-describedby, aria-invalid).
import type { DiscoveryColumn, SchemaColumn } from 'privsynth';

import { h, show } from '../ui/dom';
import { categoriesProblem, categoryLines, commonValuesProblem, parseCategoryLines } from './build-schema';
import { timeFields, type TimeKind } from './time-fields';

export type RowMode = 'omit' | 'typed' | 'discover';

/** What a valid row asks for. */
export type RowRequest =
  { kind: 'omit' } | { kind: 'typed'; column: SchemaColumn } | { kind: 'discover'; request: DiscoveryColumn };

type FieldKey = 'categories' | 'min' | 'max' | 'range' | 'bins' | 'common';
type Errors = Partial<Record<FieldKey, string>>;

/** The row's request, or (when a field is invalid) its errors only. */
export interface RowReading {
  request?: RowRequest;
  errors: Errors;
}

/** A found domain as the row shows it; `stale` when the row's settings changed since. */
export interface FoundDomain {
  text: string;
  stale: boolean;
}

export interface RowContext {
  /** The cell texts that mean missing (a category may not be one). */
  missing(): string[];
  /** What discovery found for this request, if it ran. */
  found(request: DiscoveryColumn): FoundDomain | null;
  onChange(): void;
}

export interface ColumnRow {
  readonly name: string;
  readonly element: HTMLElement;
  mode(): RowMode;
  /** The chosen type ('' while the column is left out). */
  type(): '' | SchemaColumn['type'];
  read(): RowReading;
  /** Shows every error of the row, edited or not. */
  revealErrors(): void;
  /** Re-reads the row (after a change outside it, e.g. the missing tokens or a discovery). */
  refresh(): void;
  /** Focuses the first control marked invalid; false when there is none. */
  focusFirstError(): boolean;
}

export const MAX_BINS = 100000;

/** A form-safe version of a column name for ids and test ids. */
export const slugOf = (name: string): string => name.replace(/[^\w-]/g, '_');

function parseNumber(text: string): number | undefined {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
}

/** Blank (the library's default) or a whole number 1..MAX_BINS; null when invalid. */
function parseBins(text: string): number | undefined | null {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= MAX_BINS ? value : null;
}

export function columnRow(name: string, index: number, initial: SchemaColumn | null, context: RowContext): ColumnRow {
  const slug = slugOf(name);
  const idOf = (key: string) => `sf-${index}-${key}`;
  const testIdOf = (key: string) => `sf-${slug}-${key}`;
  const revealed = new Set<string>();
  let revealAll = false;

  const errorLines = new Map<FieldKey, HTMLElement>();
  /** An error line; `shared` lines sit together in one reserved line under the numeric fields. */
  const errorLine = (key: FieldKey, shared = false) => {
    const line = h('p', {
      id: idOf(`${key}-error`),
      class: shared ? 'sf-error sf-error--shared' : 'sf-error',
      'data-testid': testIdOf(`${key}-error`),
      'aria-live': 'polite',
    });
    errorLines.set(key, line);
    return line;
  };
  /** Gives a control its id, test id and field key, and points its label at it. */
  const identify = (key: string, control: HTMLElement, label: HTMLLabelElement) => {
    control.id = idOf(key);
    control.dataset.testid = testIdOf(key);
    control.dataset.field = key;
    label.htmlFor = control.id;
  };
  /** A label above its control, and whatever goes below (hint, error line). */
  const labelled = (key: string, label: HTMLLabelElement, control: HTMLElement, ...below: HTMLElement[]) => {
    identify(key, control, label);
    return h('div', { class: 'sf-field' }, label, control, ...below);
  };
  const checkbox = (key: string, text: string, checked: boolean) => {
    const box = h('input', { type: 'checkbox', checked });
    const label = h('label', {}, text);
    identify(key, box, label);
    return { box, label, element: h('div', { class: 'checkbox sf-check' }, box, label) };
  };
  const numberInput = (value: number | undefined, extra: Record<string, string> = {}) =>
    h('input', {
      type: 'number',
      step: 'any',
      inputmode: 'decimal',
      value: value === undefined ? undefined : String(value),
      ...extra,
    });

  const type = h(
    'select',
    {},
    h('option', { value: '' }, 'Leave out'),
    h('option', { value: 'categorical' }, 'Categorical'),
    h('option', { value: 'numeric' }, 'Numeric'),
    h('option', { value: 'date' }, 'Date'),
    h('option', { value: 'datetime' }, 'Date and time'),
    h('option', { value: 'id' }, 'Identifier (not measured)'),
    h('option', { value: 'text' }, 'Free text (not measured)'),
  );
  type.value = initial?.type ?? '';
  const discover = checkbox('discover', '', false);

  const categories = h('textarea', { rows: 4, spellcheck: 'false', autocapitalize: 'off' });
  categories.value = initial?.type === 'categorical' ? categoryLines(initial.categories) : '';
  const categoriesHint = h('p', { class: 'hint', id: idOf('categories-hint') }, 'One per line, spelled as in the CSV.');
  categories.setAttribute('aria-describedby', `${categoriesHint.id} ${idOf('categories-error')}`);
  const categoriesField = labelled(
    'categories',
    h('label', {}, 'Categories'),
    categories,
    categoriesHint,
    errorLine('categories'),
  );
  const categoriesFound = h(
    'p',
    { class: 'hint sf-note' },
    'The categories will be found privately: only values frequent enough are released.',
  );

  const numeric = initial?.type === 'numeric' ? initial : null;
  const timed = initial?.type === 'date' || initial?.type === 'datetime' ? initial : null;
  const min = numberInput(numeric?.min);
  const max = numberInput(numeric?.max);
  const bins = numberInput(numeric?.bins ?? timed?.bins, {
    step: '1',
    min: '1',
    max: String(MAX_BINS),
    placeholder: 'default',
  });
  const time = timeFields(idOf, testIdOf, timed);
  if (timed) {
    min.type = max.type = 'text';
    min.value = timed.min;
    max.value = timed.max;
  }
  const minLabel = h('label', {});
  const maxLabel = h('label', {});
  const rangeHint = h('p', { class: 'hint', id: idOf('range-hint') });
  min.setAttribute('aria-describedby', `${idOf('min-error')} ${idOf('range-error')} ${rangeHint.id}`);
  max.setAttribute('aria-describedby', `${idOf('max-error')} ${idOf('range-error')} ${rangeHint.id}`);
  bins.setAttribute('aria-describedby', `${idOf('bins-error')} ${idOf('bins-hint')}`);
  const integer = checkbox('integer', 'Whole numbers', Boolean(numeric?.integer));
  // Public values with a level each (40 hours a week): a spike of the data kept exactly.
  const common = h('input', {
    type: 'text',
    inputmode: 'decimal',
    placeholder: 'none (e.g. 0, 40)',
    value: numeric?.commonValues?.join(', ') ?? '',
  });
  common.setAttribute('aria-describedby', `${idOf('common-error')} ${idOf('common-hint')}`);
  const commonField = labelled(
    'common',
    h('label', {}, 'Common values'),
    common,
    h(
      'p',
      { class: 'hint', id: idOf('common-hint') },
      'Public values many records share exactly, each kept as its own level instead of spread over its bin.',
    ),
    errorLine('common'),
  );
  const numericGroup = h(
    'div',
    { class: 'sf-numeric' },
    h(
      'div',
      { class: 'sf-grid' },
      labelled('min', minLabel, min),
      labelled('max', maxLabel, max),
      labelled(
        'bins',
        h('label', {}, 'Bins'),
        bins,
        h('p', { class: 'hint', id: idOf('bins-hint') }, 'Blank: the default'),
      ),
    ),
    h(
      'div',
      { class: 'sf-errors' },
      errorLine('min', true),
      errorLine('max', true),
      errorLine('range', true),
      errorLine('bins', true),
    ),
    rangeHint,
    integer.element,
    commonField,
    time.element,
  );

  const unmeasuredNote = h('p', { class: 'hint sf-note', 'data-testid': testIdOf('not-measured') });
  const nullable = checkbox(
    'nullable',
    'May be missing (adds a “missing” level)',
    Boolean(initial && 'nullable' in initial && initial.nullable),
  );
  const found = h('p', { class: 'sf-found', 'data-testid': testIdOf('found') });
  const body = h(
    'div',
    { class: 'sf-row__body' },
    categoriesField,
    categoriesFound,
    numericGroup,
    unmeasuredNote,
    nullable.element,
    found,
  );

  const element = h(
    'fieldset',
    { class: 'sf-row', 'data-testid': testIdOf('row'), 'data-column': name },
    h('legend', {}, name),
    h('div', { class: 'sf-row__head' }, labelled('type', h('label', {}, 'Type'), type), discover.element),
    body,
  );

  const unmeasured = () => type.value === 'id' || type.value === 'text';
  const mode = (): RowMode =>
    type.value === '' ? 'omit' : discover.box.checked && !unmeasured() ? 'discover' : 'typed';

  const read = (): RowReading => {
    const current = mode();
    if (current === 'omit') return { request: { kind: 'omit' }, errors: {} };
    if (unmeasured()) {
      // A loaded schema's prefix or placeholder stays while the type does (the form has no field for it).
      const kept = initial?.type === type.value ? initial : { name, type: type.value as 'id' | 'text' };
      return { request: { kind: 'typed', column: { ...kept, name } }, errors: {} };
    }
    const nullableFlag = nullable.box.checked ? { nullable: true } : {};
    if (type.value === 'categorical') {
      if (current === 'discover')
        return { request: { kind: 'discover', request: { name, type: 'categorical', ...nullableFlag } }, errors: {} };
      const list = parseCategoryLines(categories.value);
      const problem = categoriesProblem(list, context.missing());
      if (problem) return { errors: { categories: problem } };
      // A loaded schema's hierarchy stays while its categories do (the form has no field for it).
      const hierarchy =
        initial?.type === 'categorical' &&
        initial.hierarchy &&
        categoryLines(initial.categories) === categoryLines(list)
          ? { hierarchy: initial.hierarchy }
          : {};
      return {
        request: {
          kind: 'typed',
          column: { name, type: 'categorical', categories: list, ...hierarchy, ...nullableFlag },
        },
        errors: {},
      };
    }
    if (type.value === 'date' || type.value === 'datetime') {
      const binCount = parseBins(bins.value);
      const reading = time.read(type.value, min.value, max.value, current === 'discover', (label) =>
        label === 'min' ? (minLabel.textContent ?? '') : (maxLabel.textContent ?? ''),
      );
      const errors: Errors = { ...reading.errors };
      if (binCount === null) errors.bins = `Bins: a whole number from 1 to ${MAX_BINS}, or blank for the default.`;
      if (Object.keys(errors).length || !reading.column) return { errors };
      const binsFlag = typeof binCount === 'number' ? { bins: binCount } : {};
      const { min: first, max: last, ...settings } = reading.column;
      if (current === 'discover') {
        const request = { name, ...settings, range: [first, last], ...binsFlag, ...nullableFlag } as DiscoveryColumn;
        return { request: { kind: 'discover', request }, errors: {} };
      }
      const column = { name, ...reading.column, ...binsFlag, ...nullableFlag } as SchemaColumn;
      return { request: { kind: 'typed', column }, errors: {} };
    }
    const errors: Errors = {};
    const low = parseNumber(min.value);
    const high = parseNumber(max.value);
    const binCount = parseBins(bins.value);
    const whole = integer.box.checked;
    // The numeric errors share one line under the fields, so each names its field.
    const numberProblem = (value: number | undefined, label: string) =>
      value === undefined
        ? `${label}: enter a number.`
        : whole && current === 'typed' && !Number.isInteger(value)
          ? `${label}: whole numbers only.`
          : undefined;
    const minProblem = numberProblem(low, minLabel.textContent ?? '');
    const maxProblem = numberProblem(high, maxLabel.textContent ?? '');
    if (minProblem) errors.min = minProblem;
    if (maxProblem) errors.max = maxProblem;
    if (low !== undefined && high !== undefined && !(low < high)) {
      errors.range =
        current === 'typed'
          ? 'The minimum must be less than the maximum.'
          : 'The lowest value must be less than the highest.';
    }
    if (binCount === null) errors.bins = `Bins: a whole number from 1 to ${MAX_BINS}, or blank for the default.`;
    else if (
      binCount !== undefined &&
      whole &&
      current === 'typed' &&
      !errors.min &&
      !errors.max &&
      !errors.range &&
      binCount > high! - low! + 1
    ) {
      errors.bins = `Bins: at most ${high! - low! + 1}, one per whole number.`;
    }
    const commonValues = common.value.trim()
      ? common.value
          .split(/[\s,;]+/)
          .filter(Boolean)
          .map(Number)
      : [];
    const commonProblem = commonValuesProblem(commonValues, common.value, low, high, whole, current === 'discover');
    if (commonProblem) errors.common = commonProblem;
    if (Object.keys(errors).length) return { errors };
    const binsFlag = typeof binCount === 'number' ? { bins: binCount } : {};
    const commonFlag = commonValues.length ? { commonValues } : {};
    if (current === 'discover') {
      const request: DiscoveryColumn = {
        name,
        type: 'numeric',
        range: [low!, high!],
        integer: whole,
        ...binsFlag,
        ...nullableFlag,
      };
      return { request: { kind: 'discover', request }, errors: {} };
    }
    return {
      request: {
        kind: 'typed',
        column: {
          name,
          type: 'numeric',
          min: low!,
          max: high!,
          integer: whole,
          ...binsFlag,
          ...commonFlag,
          ...nullableFlag,
        },
      },
      errors: {},
    };
  };

  const isShown = (key: FieldKey) =>
    revealAll || revealed.has(key) || (key === 'range' && (revealed.has('min') || revealed.has('max')));

  const layout = () => {
    const current = mode();
    const kind = type.value;
    const discovering = current === 'discover';
    element.classList.toggle('sf-row--omit', current === 'omit');
    element.classList.toggle('sf-row--discover', discovering);
    show(discover.element, current !== 'omit' && !unmeasured());
    show(unmeasuredNote, unmeasured());
    show(nullable.element, !unmeasured());
    unmeasuredNote.textContent =
      kind === 'id'
        ? 'Nothing is read from this column: the synthetic table gets fresh identifiers 1, 2, 3, …'
        : 'Nothing is read from this column: it is left empty in the synthetic table.';
    const timeKind = kind === 'date' || kind === 'datetime' ? (kind as TimeKind) : null;
    discover.label.textContent =
      kind === 'categorical' ? 'Discover the categories privately' : 'Discover the bounds privately';
    show(body, current !== 'omit');
    show(categoriesField, kind === 'categorical' && !discovering);
    show(categoriesFound, kind === 'categorical' && discovering);
    show(numericGroup, kind !== 'categorical' && !unmeasured());
    show(integer.element, kind === 'numeric');
    show(commonField, kind === 'numeric');
    time.layout(timeKind);
    for (const input of [min, max]) {
      const wanted = timeKind ? 'text' : 'number';
      if (input.type !== wanted) {
        input.value = '';
        input.type = wanted;
      }
      input.placeholder = timeKind === 'date' ? '2019-01-31' : timeKind === 'datetime' ? '2019-01-31T08:00' : '';
      input.inputMode = timeKind ? 'text' : 'decimal';
    }
    minLabel.textContent = discovering
      ? timeKind
        ? 'First (rough)'
        : 'Lowest (rough)'
      : timeKind
        ? 'First'
        : 'Minimum';
    maxLabel.textContent = discovering
      ? timeKind
        ? 'Last (rough)'
        : 'Highest (rough)'
      : timeKind
        ? 'Last'
        : 'Maximum';
    rangeHint.textContent = timeKind
      ? discovering
        ? 'A public rough range in ISO 8601, e.g. 2000-01-01 to 2030-12-31. The bounds are found privately inside it.'
        : 'Public first and last dates in ISO 8601 (2019-01-31, or 2019-01-31T08:00); values outside them are clamped.'
      : discovering
        ? 'A public rough range: what anyone could say, e.g. 0 to 150 for an age. The bounds are found privately inside it.'
        : 'Public bounds, e.g. from documentation; values outside them are clamped.';
  };

  const render = () => {
    layout();
    const { request, errors } = read();
    for (const [key, line] of errorLines) line.textContent = isShown(key) ? (errors[key] ?? '') : '';
    const invalid = (keys: FieldKey[]) => String(keys.some((key) => isShown(key) && Boolean(errors[key])));
    categories.setAttribute('aria-invalid', invalid(['categories']));
    min.setAttribute('aria-invalid', invalid(['min', 'range']));
    max.setAttribute('aria-invalid', invalid(['max', 'range']));
    bins.setAttribute('aria-invalid', invalid(['bins']));
    show(found, mode() === 'discover');
    const domain = request?.kind === 'discover' ? context.found(request.request) : null;
    found.classList.toggle('sf-found--stale', Boolean(domain?.stale));
    found.textContent = !domain
      ? 'Not discovered yet: use “Discover privately” below.'
      : domain.stale
        ? `Changed since the discovery (which found ${domain.text}): discover again, which spends budget again.`
        : `Found privately: ${domain.text}`;
  };

  const onEdit = (event: Event) => {
    const key = (event.target as HTMLElement).dataset.field;
    if (key) revealed.add(key);
    render();
    context.onChange();
  };
  element.addEventListener('input', onEdit);
  element.addEventListener('change', onEdit);
  render();

  return {
    name,
    element,
    mode,
    type: () => type.value as '' | SchemaColumn['type'],
    read,
    revealErrors: () => {
      revealAll = true;
      render();
    },
    refresh: render,
    focusFirstError: () => {
      const control = element.querySelector<HTMLElement>('[aria-invalid="true"]:not([hidden])');
      control?.focus();
      return Boolean(control);
    },
  };
}
