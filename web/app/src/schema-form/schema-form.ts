// Step 2's form for users without a schema file: one card per column of the CSV header (or of the
// chosen schema), whose domain is either typed as public knowledge or discovered privately with
// the library's discoverSchema(). "Use this schema" builds schema JSON v1, validates it with the
// library and selects it like an uploaded schema; a schema with discovered domains is
// "dp-discovered" and records everything discovery has cost in this form.
import './schema-form.css';

import { discoverSchema, type Schema, type SchemaColumn, validateSchema } from 'privsynth';

import { downloadText } from '../ui/download';
import { h, replaceChildren, show } from '../ui/dom';
import { formatList } from '../ui/format';
import { recordDiscovery } from '../privacy-ledger/ledger';
import { failureOf, type FailureInfo, type SchemaChoice, type Store } from '../store';
import {
  addCost,
  buildSchema,
  type Cost,
  describeCost,
  describeDomain,
  discoveredColumn,
  discoveryKey,
  NO_COST,
  notPrivateReasonsOf,
} from './build-schema';
import { type ColumnRow, columnRow, type RowContext } from './column-row';
import { discoveryBox } from './discovery';

/** The default missing tokens of a table without a schema: empty cells and "?". */
const DEFAULT_MISSING = ['', '?'];

export interface SchemaFormOptions {
  store: Store;
  /** Selects a schema the form made (already validated), as an uploaded schema is selected. */
  use(candidate: Omit<SchemaChoice, 'schema'>, schema: Schema): void;
}

/** A made schema: the JSON handed on, and the library's normalized copy. */
interface Made {
  schema: Schema;
  validated: Schema;
}

export function schemaForm({ store, use }: SchemaFormOptions): HTMLElement {
  let rows: ColumnRow[] = [];
  let schemaName = 'schema';
  /**
   * Discovery on the loaded data in this form. Starting the form again keeps it (what was found has
   * been seen); only other data resets it.
   */
  let spentHere: Cost = NO_COST;
  /** The cost of the discovered schema the form started from, when not already counted above. */
  let carried: Cost = NO_COST;
  /** Whether the form has selected a schema of its own since the data was loaded (its cost is counted here). */
  let madeForThisInput = false;
  const spent = (): Cost => addCost(spentHere, carried);
  /** The found domain per column, with the discovery key of the request that found it. */
  const found = new Map<string, { key: string; column: SchemaColumn }>();
  /** Ignores a discovery that ends after the form was restarted or the data changed. */
  let discoveryToken = 0;

  // Missing-value tokens and the stated source: public choices for the whole schema.
  const missingEmpty = h('input', {
    type: 'checkbox',
    id: 'sf-missing-empty',
    'data-testid': 'sf-missing-empty',
    checked: true,
  });
  const missingOther = h('input', {
    type: 'text',
    id: 'sf-missing-other',
    'data-testid': 'sf-missing-other',
    value: '?',
    'aria-describedby': 'sf-missing-hint',
    autocomplete: 'off',
  });
  const sourceInput = h('input', {
    type: 'text',
    id: 'sf-source',
    'data-testid': 'sf-source',
    'aria-describedby': 'sf-source-hint',
    autocomplete: 'off',
  });
  const missingTokens = (): string[] => {
    const other = missingOther.value
      .split(',')
      .map((token) => token.trim())
      .filter((token) => token !== '');
    return [...new Set([...(missingEmpty.checked ? [''] : []), ...other])];
  };
  const setMissing = (tokens: string[]) => {
    missingEmpty.checked = tokens.includes('');
    missingOther.value = tokens.filter((token) => token !== '').join(', ');
  };

  const startHeader = h(
    'button',
    {
      type: 'button',
      class: 'button button--small',
      'data-testid': 'sf-start-header',
      'aria-describedby': 'sf-start-hint',
    },
    'Start from the CSV header',
  );
  const startSchema = h(
    'button',
    {
      type: 'button',
      class: 'button button--small',
      'data-testid': 'sf-start-schema',
      'aria-describedby': 'sf-start-hint',
    },
    'Start from the chosen schema',
  );
  const startHint = h('p', { class: 'hint', id: 'sf-start-hint', 'data-testid': 'sf-start-hint' });
  /** Shown while a discovery behind the schemas made here is not private (e.g. the chosen schema's, made with a test seed). */
  const notPrivate = h('div', {
    class: 'notice notice--error',
    'data-testid': 'sf-not-private',
    role: 'status',
    hidden: true,
  });
  const rowList = h('div', { class: 'sf-rows', 'data-testid': 'sf-rows' });
  const useButton = h(
    'button',
    { type: 'button', class: 'button button--primary', 'data-testid': 'sf-use', 'aria-describedby': 'sf-status' },
    'Use this schema',
  );
  const downloadButton = h(
    'button',
    { type: 'button', class: 'button', 'data-testid': 'sf-download', 'aria-describedby': 'sf-status' },
    'Download schema',
  );
  const status = h('p', { id: 'sf-status', class: 'sf-status', 'data-testid': 'sf-status', role: 'status' });
  const errorBox = h('div', { class: 'notice notice--error', 'data-testid': 'sf-error', role: 'alert', hidden: true });
  const discovery = discoveryBox(
    () => void discover(),
    () => planDiscovery(),
  );
  const body = h('div', { class: 'sf__body' });

  const showError = (...message: Array<Node | string>) => {
    replaceChildren(errorBox, ...message);
    show(errorBox, true);
  };
  /** Names the rows with invalid fields and focuses the first such field; false when there are none. */
  const refuseInvalid = (invalid: ColumnRow[]): boolean => {
    if (invalid.length === 0) return false;
    showError(`Fix the fields marked in ${formatList(invalid.map((row) => `“${row.name}”`))}.`);
    invalid[0].focusFirstError();
    return true;
  };
  const showFailure = (failure: FailureInfo) =>
    showError(
      h('strong', {}, 'The library refused this schema. '),
      h('code', { class: 'error-code', 'data-testid': 'sf-error-code' }, failure.code),
      ' ',
      failure.message,
    );

  const context: RowContext = {
    missing: missingTokens,
    found(request) {
      const entry = found.get(request.name);
      if (!entry) return null;
      return { text: describeDomain(entry.column), stale: entry.key !== discoveryKey(request, missingTokens()) };
    },
    onChange: () => planDiscovery(),
  };

  function planDiscovery() {
    const marked = rows.filter((row) => row.mode() === 'discover');
    discovery.plan(marked.length, marked.filter((row) => row.type() === 'categorical').length);
  }

  const refreshRows = () => {
    for (const row of rows) row.refresh();
    planDiscovery();
  };
  missingEmpty.addEventListener('change', refreshRows);
  missingOther.addEventListener('input', refreshRows);

  const setCosts = (here: Cost, fromSeed: Cost) => {
    spentHere = here;
    carried = fromSeed;
    discovery.setSpent(spent());
    const reasons = notPrivateReasonsOf(spent());
    replaceChildren(
      notPrivate,
      h('strong', {}, 'NOT PRIVATE: '),
      `a discovery behind the schemas made here is not private (${formatList(reasons)}). `,
      'Every schema made here carries this reason, and every run with it is labelled not private.',
    );
    show(notPrivate, reasons.length > 0);
  };

  /** Empties the form (a discovery under way is ignored when it ends). */
  const clearRows = () => {
    discoveryToken += 1;
    rows = [];
    found.clear();
    discovery.setBusy(false);
    discovery.clear();
    replaceChildren(rowList);
    show(errorBox, false);
    status.textContent = '';
  };

  /** Why the chosen schema cannot seed the form ('' when it can). */
  const schemaSeedProblem = (choice: SchemaChoice | null): string => {
    if (!choice) return 'No schema is chosen yet.';
    if (choice.schema.provenance === 'inferred-from-data')
      return 'The chosen schema was read from the data, so its domains are not public knowledge.';
    return '';
  };

  const start = (from: 'header' | 'schema') => {
    const { input, schema: choice } = store.get();
    const seed = from === 'schema' && !schemaSeedProblem(choice) ? choice!.schema : null;
    const header = input?.header ?? null;
    const byName = new Map((seed?.columns ?? []).map((column) => [column.name, column]));
    const names = header ?? seed?.columns.map((column) => column.name) ?? [];
    if (names.length === 0) return;
    clearRows();
    schemaName = seed?.name ?? input?.baseName ?? 'schema';
    setMissing(seed ? (seed.missing ?? ['']) : DEFAULT_MISSING);
    sourceInput.value = seed?.provenance === 'public' ? (seed.source ?? '') : '';
    // A discovered schema's domains were paid for: a schema made from them carries that cost, unless
    // the form made it from this data (then its cost is counted already, carried part included).
    const ownSchema = seed !== null && choice?.id === 'form' && madeForThisInput;
    // Its reasons not to be private (a seeded discovery) go with the cost into every schema made here.
    if (!ownSchema)
      setCosts(
        spentHere,
        seed?.provenance === 'dp-discovered' && seed.discovery ? addCost(NO_COST, seed.discovery) : NO_COST,
      );
    rows = names.map((name, index) => columnRow(name, index, byName.get(name) ?? null, context));
    replaceChildren(rowList, ...rows.map((row) => row.element));
    const absent =
      header && seed ? seed.columns.map((column) => column.name).filter((name) => !header.includes(name)) : [];
    status.textContent =
      (seed
        ? `Started from ${choice!.label}: ${rows.length} columns.`
        : `Started from the CSV header: ${rows.length} columns, all left out until you choose a type.`) +
      (absent.length ? ` Not in your CSV, so left out: ${formatList(absent)}.` : '');
    planDiscovery();
  };
  startHeader.addEventListener('click', () => start('header'));
  startSchema.addEventListener('click', () => start('schema'));

  /** Builds and validates the schema; shows what is wrong (and focuses it) and returns null otherwise. */
  const make = async (): Promise<Made | null> => {
    show(errorBox, false);
    for (const row of rows) row.revealErrors();
    const missing = missingTokens();
    const columns: SchemaColumn[] = [];
    const invalid: ColumnRow[] = [];
    const undiscovered: string[] = [];
    const discovered: string[] = [];
    for (const row of rows) {
      const { request } = row.read();
      if (!request) invalid.push(row);
      else if (request.kind === 'typed') columns.push(request.column);
      else if (request.kind === 'discover') {
        const entry = found.get(row.name);
        if (entry && entry.key === discoveryKey(request.request, missing)) {
          columns.push(discoveredColumn(request.request, entry.column));
          discovered.push(row.name);
        } else undiscovered.push(row.name);
      }
    }
    if (rows.length === 0) {
      showError('Start the form first: from the CSV header or from the chosen schema.');
      return null;
    }
    if (refuseInvalid(invalid)) return null;
    if (undiscovered.length) {
      showError(
        `Discover ${formatList(undiscovered.map((name) => `“${name}”`))} first (“Discover privately” below), or type ${undiscovered.length === 1 ? 'its domain' : 'their domains'}.`,
      );
      return null;
    }
    if (columns.length === 0) {
      showError('Every column is left out: choose a type for at least one column.');
      return null;
    }
    const schema = buildSchema(
      { name: schemaName, source: sourceInput.value, missing, spent: spent(), discovered },
      columns,
    );
    try {
      return { schema, validated: await validateSchema(schema) };
    } catch (error) {
      showFailure(failureOf(error));
      return null;
    }
  };

  const useMade = async () => {
    const made = await make();
    if (!made) return;
    const { schema, validated } = made;
    const privately = schema.provenance === 'dp-discovered';
    const reasons = schema.discovery?.notPrivateReasons ?? [];
    use(
      {
        kind: 'uploaded',
        id: 'form',
        label: reasons.length
          ? 'From the form: NOT private'
          : privately
            ? 'From the form, partly found'
            : 'From the form',
        text: JSON.stringify(schema, null, 1),
        // Found in this form from this file: every attempt is on the file's ledger.
        discoveredHere: privately && carried.epsilon === 0,
      },
      validated,
    );
    madeForThisInput = true;
    status.textContent = `Selected as the schema: ${schema.columns.length} column${schema.columns.length === 1 ? '' : 's'}, ${
      privately
        ? `provenance “dp-discovered” (${describeCost(schema.discovery!)} added to every run).`
        : 'provenance “public”.'
    }${reasons.length ? ` NOT PRIVATE: every run with it is labelled not private (${formatList(reasons)}).` : ''}`;
  };
  useButton.addEventListener('click', () => void useMade());

  downloadButton.addEventListener('click', async () => {
    const made = await make();
    if (!made) return;
    const fileName = `${store.get().input?.baseName ?? made.schema.name}.schema.json`;
    downloadText(fileName, `${JSON.stringify(made.schema, null, 2)}\n`, 'application/json');
    status.textContent = `Saved ${fileName}.`;
  });

  async function discover() {
    const input = store.get().input;
    show(errorBox, false);
    if (!input) {
      showError('Load a table first (step 1): discovery reads it.');
      return;
    }
    const marked = rows.filter((row) => row.mode() === 'discover');
    for (const row of marked) row.revealErrors();
    const invalid = marked.filter((row) => !row.read().request);
    const budget = discovery.read();
    if (marked.length === 0) {
      showError('Tick “Discover … privately” on at least one column first.');
      return;
    }
    if (refuseInvalid(invalid)) return;
    if (!budget) {
      showError('Fix the budget of the discovery (ε and δ).');
      return;
    }
    const columns = marked.flatMap((row) => {
      const { request } = row.read();
      return request?.kind === 'discover' ? [request.request] : [];
    });
    const categorical = columns.some((column) => column.type === 'categorical');
    const missing = missingTokens();
    const token = ++discoveryToken;
    discovery.setBusy(true);
    try {
      const result = await discoverSchema({
        csv: input.csv,
        epsilon: budget.epsilon,
        ...(categorical ? { delta: budget.delta } : {}),
        columns,
        missing,
        name: schemaName,
      });
      if (token !== discoveryToken) return;
      const cost = result.schema.discovery ?? { epsilon: budget.epsilon, delta: categorical ? budget.delta : 0 };
      setCosts(addCost(spentHere, cost), carried);
      store.set({ ledgers: recordDiscovery(store.get().ledgers, input.key, input.label, cost, null) });
      for (const column of result.schema.columns) {
        const request = columns.find((c) => c.name === column.name);
        if (request) found.set(column.name, { key: discoveryKey(request, missing), column });
      }
      discovery.showOutcome({ cost, found: result.schema.columns, receipt: result.receipt });
      refreshRows();
      await useMade();
    } catch (error) {
      if (token !== discoveryToken) return;
      const failure = failureOf(error);
      // "Nothing frequent enough" is an answer of the mechanism: the attempt spent its budget.
      const charged =
        failure.code === 'EMPTY_DATA' ? { epsilon: budget.epsilon, delta: categorical ? budget.delta : 0 } : null;
      if (charged) {
        setCosts(addCost(spentHere, charged), carried);
        store.set({ ledgers: recordDiscovery(store.get().ledgers, input.key, input.label, charged, null) });
      }
      discovery.showFailure(failure, charged);
    } finally {
      if (token === discoveryToken) discovery.setBusy(false);
    }
  }

  // New data: the rows, the found domains and the spent budget belonged to the old data.
  store.watch(
    (state) => [state.input],
    () => {
      clearRows();
      madeForThisInput = false;
      setCosts(NO_COST, NO_COST);
      planDiscovery();
    },
  );
  store.watch(
    (state) => [state.input, state.schema],
    ({ input, schema }) => {
      const problem = schemaSeedProblem(schema);
      startHeader.disabled = !input?.header;
      startSchema.disabled = Boolean(problem);
      startHint.textContent = [
        input?.header ? '' : 'Load a table first to start from its header.',
        problem ? `Starting from the chosen schema is not possible: ${problem}` : '',
        'Starting again discards what is typed here.',
      ]
        .filter(Boolean)
        .join(' ');
    },
  );

  const details = h(
    'details',
    { class: 'sf', 'data-testid': 'schema-form' },
    h(
      'summary',
      { 'data-testid': 'schema-form-toggle' },
      'No schema file? Write it in a form, or discover it privately',
    ),
    body,
  );
  // Opening the form for the first time starts it from the chosen schema, or else from the header.
  details.addEventListener('toggle', () => {
    if (!details.open || rows.length > 0) return;
    if (!schemaSeedProblem(store.get().schema)) start('schema');
    else if (store.get().input?.header) start('header');
  });

  replaceChildren(
    body,
    h(
      'p',
      { class: 'sf__public', 'data-testid': 'sf-public-note' },
      h('strong', {}, 'Type only public knowledge: '),
      'what documentation, a code book or common sense says about each column, never values looked up in your data, because the schema is published as public with the synthetic data.',
    ),
    h('div', { class: 'button-row' }, startHeader, startSchema),
    startHint,
    notPrivate,
    h(
      'div',
      { class: 'sf-grid sf-grid--wide' },
      h(
        'div',
        { class: 'sf-field' },
        h('label', { for: 'sf-missing-other' }, 'Cell texts that mean missing'),
        missingOther,
        h('p', { class: 'hint', id: 'sf-missing-hint' }, 'Separated by commas, e.g. ?, NA'),
        h(
          'div',
          { class: 'checkbox sf-check' },
          missingEmpty,
          h('label', { for: 'sf-missing-empty' }, 'Empty cells mean missing'),
        ),
      ),
      h(
        'div',
        { class: 'sf-field' },
        h('label', { for: 'sf-source' }, 'Where the domains come from (optional)'),
        sourceInput,
        h('p', { class: 'hint', id: 'sf-source-hint' }, 'Published in the schema, e.g. “the survey’s code book”.'),
      ),
    ),
    rowList,
    discovery.element,
    h('div', { class: 'button-row sf-actions' }, useButton, downloadButton),
    status,
    errorBox,
  );
  return details;
}
