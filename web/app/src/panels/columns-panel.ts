// Step 3: which schema columns to synthesize, with what they mean to the chosen mechanism
// (MechanismUi.columnsNote). Each column's levels are the core's (state.schemaAdvice). What the
// columns will cost (marginals, noise, memory, time) is the core's forecast, shown below step 2
// (forecast-view.ts).
import type { SchemaColumn } from 'privsynth';

import { BUNDLED } from '../data/bundled';
import { mechanismUi } from '../mechanisms/registry';
import type { AppState, Store } from '../store';
import { h, panel, replaceChildren, show } from '../ui/dom';
import { formatList } from '../ui/format';

/** What the person column (persons/person-choice.ts) is in the run. */
const PERSON_META = 'who is a person: new person numbers in the output, always kept';

/** The column's kind and, once the core's advice is in, its encoded levels. */
function describeColumn(column: SchemaColumn, levels: number | undefined): string {
  if (column.type === 'id') return 'identifiers: fresh ones in the output, not measured';
  if (column.type === 'text') return 'free text: a placeholder in the output, not measured';
  const kind = column.type === 'categorical' ? 'categorical' : `${column.type} ${column.min}–${column.max}`;
  if (levels === undefined) return kind;
  return `${kind} · ${levels} levels${column.nullable ? ' (incl. missing)' : ''}`;
}

/** The bundled Adult sample starts with six columns; everything else with every column. */
function defaultColumns(state: AppState): string[] {
  const names = state.schema?.schema.columns.map((c) => c.name) ?? [];
  const sample = state.input?.sample;
  const preset = sample && state.schema?.id === sample ? BUNDLED[sample].defaultColumns : null;
  return preset ? names.filter((name) => preset.includes(name)) : names;
}

export function columnsPanel(store: Store): HTMLElement {
  const list = h('ul', { class: 'column-list', 'data-testid': 'column-list', 'aria-label': 'Columns' });
  const count = h('p', { class: 'estimate', 'data-testid': 'columns-count' });
  const mismatch = h('p', { class: 'notice notice--warning', 'data-testid': 'column-mismatch', hidden: true });
  const note = h('p', { class: 'hint', 'data-testid': 'columns-note' });

  const checkedColumns = () =>
    Array.from(list.querySelectorAll<HTMLInputElement>('input[type=checkbox]'))
      .filter((box) => box.checked)
      .map((box) => box.value);

  const setAll = (on: boolean) => {
    list.querySelectorAll<HTMLInputElement>('input[type=checkbox]:not(:disabled)').forEach((box) => (box.checked = on));
    store.set({ columns: checkedColumns() });
  };

  /** The description of each present column, filled in with its levels when the core's advice arrives. */
  let metas = new Map<string, { column: SchemaColumn; element: HTMLElement }>();
  const renderLevels = ({ schemaAdvice, persons }: AppState) => {
    for (const [name, { column, element }] of metas) {
      element.textContent =
        name === persons.column
          ? PERSON_META
          : describeColumn(column, schemaAdvice?.columns.find((c) => c.name === name)?.levels);
    }
  };
  const meta = (column: SchemaColumn) => {
    const element = h('span', { class: 'column-list__meta' });
    metas.set(column.name, { column, element });
    return element;
  };

  /** One column's box and label; `meta` says what it is. */
  const columnItem = (
    name: string,
    { checked, absent = false }: { checked: boolean; absent?: boolean },
    meta: HTMLElement,
  ) => {
    const id = `column-${name.replace(/[^\w-]/g, '_')}`;
    return h(
      'li',
      { class: 'column-list__item' },
      h('input', {
        type: 'checkbox',
        id,
        value: name,
        checked,
        disabled: absent,
        'data-absent': absent ? 'true' : null,
        'data-meta': meta.textContent,
        onchange: () => store.set({ columns: checkedColumns() }),
      }),
      h('label', { for: id }, h('span', { class: 'column-list__name' }, name), meta),
    );
  };
  const metaText = (text: string) => h('span', { class: 'column-list__meta' }, text);

  /**
   * The person column is always kept (checked and fixed): the synthetic table says whose rows are
   * whose in it. A column that stops being it is free again, unless the file does not have it.
   */
  const markPerson = (state: AppState) => {
    const person = state.persons.column;
    for (const box of list.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) {
      const isPerson = box.value === person;
      if (isPerson) box.checked = true;
      box.disabled = isPerson || box.dataset.absent === 'true';
      const meta = box.parentElement?.querySelector<HTMLElement>('.column-list__meta');
      if (meta && !metas.has(box.value)) meta.textContent = isPerson ? PERSON_META : (box.dataset.meta ?? '');
    }
    renderLevels(state);
    const columns = checkedColumns();
    if (columns.join('\n') !== state.columns.join('\n')) store.set({ columns });
  };

  /** The file's columns, all chosen: their kinds are found when the run starts. */
  const renderHeader = (header: string[]) => {
    metas = new Map();
    replaceChildren(
      list,
      ...header.map((name) => columnItem(name, { checked: true }, metaText('kind found when you run'))),
    );
    show(mismatch, false);
    store.set({ columns: checkedColumns() });
    markPerson(store.get());
  };

  const renderList = (state: AppState) => {
    const schema = state.schema?.schema;
    if (!schema && state.schemaInRun && state.input?.header) {
      renderHeader(state.input.header);
      return;
    }
    if (!schema) {
      replaceChildren(list, h('li', { class: 'hint' }, 'Choose a schema to see its columns.'));
      show(mismatch, false);
      store.set({ columns: [] });
      return;
    }
    const header = state.input?.header;
    // Only columns present in the CSV can be synthesized; the others stay unticked and disabled.
    const absent = header ? schema.columns.map((c) => c.name).filter((name) => !header.includes(name)) : [];
    const selected = new Set(defaultColumns(state).filter((name) => !absent.includes(name)));
    metas = new Map();
    replaceChildren(
      list,
      ...schema.columns.map((column) => {
        const absentHere = absent.includes(column.name);
        return columnItem(
          column.name,
          { checked: selected.has(column.name), absent: absentHere },
          absentHere ? metaText('not in your CSV') : meta(column),
        );
      }),
    );
    renderLevels(state);
    mismatch.textContent = absent.length
      ? `Your CSV has no column ${formatList(absent.map((n) => `"${n}"`))}, so it cannot be synthesized. If that is unexpected, check that the schema matches the file.`
      : '';
    show(mismatch, absent.length > 0);
    store.set({ columns: checkedColumns() });
    markPerson(store.get());
  };

  const renderCount = ({ schema, columns, mechanism, automatic, schemaInRun, input }: AppState) => {
    note.textContent = automatic
      ? 'The method chosen automatically measures the columns you keep; fewer columns give each one more of the budget.'
      : mechanismUi(mechanism).columnsNote;
    const total = schema ? schema.schema.columns.length : schemaInRun ? (input?.header?.length ?? 0) : 0;
    count.textContent = total
      ? `${columns.length} of ${total} columns chosen.${schema ? ' The forecast below shows what the run will measure and how noisy it will be.' : ''}`
      : '';
  };

  store.watch((state) => [state.schema, state.input, state.schemaInRun], renderList);
  store.watch((state) => [state.schemaAdvice], renderLevels);
  store.watch((state) => [state.persons], markPerson);
  store.watch(
    (state) => [state.schema, state.columns, state.mechanism, state.automatic, state.schemaInRun],
    renderCount,
  );

  return panel(
    'Columns',
    'columns-panel',
    h(
      'div',
      { class: 'button-row' },
      h(
        'button',
        { type: 'button', class: 'button button--small', 'data-testid': 'columns-all', onclick: () => setAll(true) },
        'Select all',
      ),
      h(
        'button',
        { type: 'button', class: 'button button--small', 'data-testid': 'columns-none', onclick: () => setAll(false) },
        'Select none',
      ),
    ),
    list,
    count,
    mismatch,
    note,
  );
}
