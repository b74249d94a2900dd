// Step 2: the public schema (every column's domain). A bundled schema, the user's schema file, one
// written in a form (domains typed as public knowledge or discovered privately), or (after an
// explicit acknowledgement) a schema inferred from the data, which is NOT private.
import {
  DEFAULT_DISCOVERY_SHARE,
  type DiscoverInReleaseOptions,
  discoverSchema,
  inferSchemaFromFile,
  NOT_PRIVATE_WARNING,
  type Schema,
  validateSchema,
} from 'privsynth';

import { BUNDLED, type BundledId } from '../data/bundled';
import { LatestRequest, SUPERSEDED } from '../engine/latest-request';
import { nothingFoundEntry, recordDiscovery, recordEntry } from '../privacy-ledger/ledger';
import { MECHANISMS } from '../mechanisms/registry';
import { describeCost } from '../schema-form/build-schema';
import { schemaForm } from '../schema-form/schema-form';
import { failureOf, type SchemaChoice, type Store } from '../store';
import { h, panel, replaceChildren, show } from '../ui/dom';
import { formatList } from '../ui/format';

type Candidate = Omit<SchemaChoice, 'schema'>;

/**
 * discoverSchema()'s options with who is a person: the library hands them to the core, which then
 * reads one row of each person (docs/privacy/privacy-unit.md); its type does not list them yet.
 */
type DiscoveryWithPersons = DiscoverInReleaseOptions & { privacyUnit?: string; perPerson?: string[] };

/** The whole release's δ when the kinds are found first (so that a failed search is counted with it). */
const DISCOVERY_DELTA = 1e-9;

/** The select's value for no schema: the run finds the columns' kinds privately. */
const IN_RUN = 'in-run';
const IN_RUN_LABEL = 'Found privately in the run';

/** The mechanisms whose neighbours replace a record, for which a discovery's ε counts twice (from the registry). */
const REPLACE_ONE = (() => {
  const names = MECHANISMS.filter((ui) => ui.neighbours === 'replace-one').map((ui) => ui.inSentence);
  if (names.length === 0) return '';
  return ` (for ${formatList(names)}, whose neighbours replace a record, its ε counts twice)`;
})();

export interface SchemaPanel {
  element: HTMLElement;
  /** Selects and validates a bundled schema (used when a bundled sample is loaded). */
  selectBundled(id: BundledId): void;
}

function bundledCandidate(id: BundledId): Candidate {
  return { kind: 'bundled', id, label: BUNDLED[id].schemaLabel, text: BUNDLED[id].schemaText };
}

export function schemaPanel(store: Store): SchemaPanel {
  const remembered = new Map<string, Candidate>();
  const requests = new LatestRequest();

  const select = h(
    'select',
    { id: 'schema-select', 'data-testid': 'schema-select', 'aria-describedby': 'schema-summary' },
    h('option', { value: '', disabled: true, selected: true }, 'Choose a schema…'),
    h('option', { value: IN_RUN }, IN_RUN_LABEL),
    h('option', { value: 'adult' }, BUNDLED.adult.schemaLabel),
    h('option', { value: 'heart' }, BUNDLED.heart.schemaLabel),
    h('option', { value: 'visits' }, BUNDLED.visits.schemaLabel),
  );
  const errorBox = h('div', {
    class: 'notice notice--error',
    'data-testid': 'schema-error',
    role: 'alert',
    hidden: true,
  });
  const summary = h('div', {
    id: 'schema-summary',
    class: 'schema-summary',
    'data-testid': 'schema-summary',
    'aria-live': 'polite',
  });

  const showError = (code: string, message: string) => {
    replaceChildren(
      errorBox,
      h('strong', {}, 'This schema cannot be used. '),
      h('code', { class: 'error-code' }, code),
      ' ',
      message,
    );
    show(errorBox, true);
  };

  /** Makes sure the select has an option for `candidate` and selects it. */
  const selectOption = (candidate: Candidate) => {
    let option = Array.from(select.options).find((o) => o.value === candidate.id);
    if (!option) {
      option = h('option', { value: candidate.id });
      select.append(option);
    }
    option.textContent = candidate.label;
    select.value = candidate.id;
  };

  /** No schema: the run finds the columns' kinds and ranges privately, with a share of its ε. */
  const chooseInRun = () => {
    requests.drop();
    select.value = IN_RUN;
    show(errorBox, false);
    store.set({ schema: null, schemaInRun: true, schemaBusy: false });
  };

  /** Selects `candidate`; `validated` skips the check when the caller already ran it. */
  const choose = async (candidate: Candidate, validated?: Schema) => {
    remembered.set(candidate.id, candidate);
    selectOption(candidate);
    show(errorBox, false);
    store.set({ schemaBusy: true, schemaInRun: false });
    try {
      // A schema given already checked still supersedes a check on its way.
      const isLatest = requests.begin();
      const schema = validated ?? (await requests.ask(() => validateSchema(candidate.text), isLatest));
      if (schema === SUPERSEDED || !isLatest()) return;
      store.set({ schema: { ...candidate, schema }, schemaBusy: false });
    } catch (error) {
      const failure = failureOf(error);
      showError(failure.code, failure.message);
      store.set({ schema: null, schemaBusy: false });
    }
  };

  select.addEventListener('change', () => {
    if (select.value === IN_RUN) {
      chooseInRun();
      return;
    }
    const candidate =
      remembered.get(select.value) ?? (select.value in BUNDLED ? bundledCandidate(select.value as BundledId) : null);
    if (candidate) void choose(candidate);
  });

  const schemaFile = h('input', {
    type: 'file',
    id: 'schema-file',
    accept: '.json,application/json',
    'data-testid': 'schema-file',
    onchange: async () => {
      const file = schemaFile.files?.[0];
      schemaFile.value = '';
      if (!file) return;
      await choose({ kind: 'uploaded', id: 'uploaded', label: `File ${file.name}`, text: await file.text() });
    },
  });

  // The schema found privately, as the first part of the release: a share of the run's ε (step 2).
  const findButton = h(
    'button',
    { type: 'button', class: 'button', 'data-testid': 'find-schema', disabled: true },
    'Find the schema privately',
  );
  const findHint = h('p', { class: 'hint', id: 'find-hint' });
  findButton.setAttribute('aria-describedby', 'find-hint');
  const releaseEpsilon = () => store.get().parameters?.epsilon ?? 1;
  const updateFindButton = () => {
    const { input, running, persons } = store.get();
    findButton.disabled = !input || running;
    findHint.textContent = !input
      ? 'Load a table first.'
      : `Uses ${Math.round(DEFAULT_DISCOVERY_SHARE * 100)}% of the privacy budget you set in step 2 (now ε = ${releaseEpsilon()}), in the zCDP accounting the run uses: ` +
        'each column’s kind, its categories or its range and bins. The run spends the rest, and together they stay at that ε, as its receipt states. ' +
        'On its own this part is a larger share of ε (the ledger below shows it): finding the kinds is a release, charged even when it finds nothing.' +
        (persons.column === null ? '' : ` It reads one row of each person (“${persons.column}”, below).`);
  };
  findButton.addEventListener('click', async () => {
    const input = store.get().input;
    if (!input) return;
    show(errorBox, false);
    findButton.disabled = true;
    try {
      const epsilon = releaseEpsilon();
      // With a person column, the kinds are found reading one row of each person: the run can then protect persons.
      const { persons } = store.get();
      const options: DiscoveryWithPersons = {
        csv: input.csv,
        epsilon,
        delta: DISCOVERY_DELTA,
        share: DEFAULT_DISCOVERY_SHARE,
        name: `${input.baseName} (found privately)`,
        ...(persons.column === null
          ? {}
          : { privacyUnit: persons.column, perPerson: persons.perPerson.filter((name) => name !== persons.column) }),
      };
      const found = await discoverSchema(options);
      // The discovery is a release of its own: it goes on the file's ledger now.
      const cost = found.schema.discovery;
      if (cost)
        store.set({ ledgers: recordDiscovery(store.get().ledgers, input.key, input.label, cost, found.schema) });
      await choose(
        {
          kind: 'found-privately',
          id: 'found-privately',
          discoveredHere: true,
          label: 'Found privately, shown below',
          text: JSON.stringify(found.schema, null, 1),
        },
        found.schema,
      );
    } catch (error) {
      const failure = failureOf(error);
      // "Nothing could be described" is the discovery's own answer: it spent its budget. Counted at
      // the whole release's ε and δ, an upper bound on the discovery's share.
      if (failure.code === 'EMPTY_DATA') {
        const cost = { epsilon: releaseEpsilon(), delta: DISCOVERY_DELTA };
        store.set({ ledgers: recordEntry(store.get().ledgers, input.key, input.label, nothingFoundEntry(cost)) });
      }
      showError(failure.code, failure.message);
    } finally {
      updateFindButton();
    }
  });
  store.watch((state) => [state.input, state.running, state.parameters, state.persons], updateFindButton);

  const acknowledge = h('input', { type: 'checkbox', id: 'infer-ack', 'data-testid': 'infer-ack' });
  const inferButton = h(
    'button',
    { type: 'button', class: 'button button--warning', 'data-testid': 'infer-schema', disabled: true },
    'Infer the schema from the data',
  );
  const inferHint = h('p', { class: 'hint', id: 'infer-hint' });
  inferButton.setAttribute('aria-describedby', 'infer-hint');

  const updateInferButton = () => {
    const { input, running } = store.get();
    inferButton.disabled = !acknowledge.checked || !input || running;
    inferHint.textContent = !input
      ? 'Load a table first.'
      : acknowledge.checked
        ? `The schema will be read from ${input.label}.`
        : 'Tick the box above to enable this.';
  };
  acknowledge.addEventListener('change', updateInferButton);

  inferButton.addEventListener('click', async () => {
    const input = store.get().input;
    if (!input || !acknowledge.checked) return;
    show(errorBox, false);
    inferButton.disabled = true;
    try {
      const inferred = await inferSchemaFromFile(input.csv, { name: `${input.baseName} (inferred)` });
      await choose({
        kind: 'inferred',
        id: 'inferred',
        label: 'Read from the data: NOT private',
        text: JSON.stringify(inferred, null, 1),
      });
    } catch (error) {
      const failure = failureOf(error);
      showError(failure.code, failure.message);
    } finally {
      updateInferButton();
    }
  });

  store.watch((state) => [state.input, state.running], updateInferButton);
  // Your own table: unless the chosen schema fits its header, the run finds the kinds privately.
  store.watch(
    (state) => [state.input],
    ({ input, schema, schemaBusy }) => {
      if (!input || input.sample || schemaBusy) return;
      const fits =
        schema && input.header && schema.schema.columns.every((column) => input.header!.includes(column.name));
      if (!fits) chooseInRun();
    },
  );
  store.watch(
    (state) => [state.schema, state.schemaBusy, state.schemaInRun],
    ({ schema, schemaBusy, schemaInRun }) => {
      if (schemaBusy) {
        replaceChildren(summary, h('p', { class: 'hint' }, 'Checking the schema…'));
        return;
      }
      if (schemaInRun) {
        replaceChildren(
          summary,
          h(
            'p',
            { 'data-testid': 'schema-in-run' },
            'No schema needed: the run first finds each column’s kind (categories, numbers, dates) and its range privately, ' +
              'with a share of your ε, then makes the table with the rest. The receipt lists what was found and states the total. ' +
              'To see the kinds and the forecast before you run, find them now below.',
          ),
        );
        return;
      }
      if (!schema) {
        replaceChildren(
          summary,
          h('p', { class: 'hint' }, 'Every column needs a public domain: categories, or a numeric range and bins.'),
        );
        return;
      }
      const inferred = schema.kind === 'inferred';
      const discovery = schema.schema.provenance === 'dp-discovered' ? schema.schema.discovery : undefined;
      // A discovery that is not private (a fixed test seed): every run with the schema says so.
      const notPrivateReasons = discovery?.notPrivateReasons ?? [];
      replaceChildren(
        summary,
        h(
          'p',
          {},
          h('strong', {}, schema.schema.name ?? 'schema'),
          ` · ${schema.schema.columns.length} columns · `,
          inferred
            ? h('span', { class: 'tag tag--danger' }, 'read from your data: NOT private')
            : notPrivateReasons.length
              ? h('span', { class: 'tag tag--danger' }, 'from a discovery that is NOT private')
              : discovery
                ? h('span', { class: 'tag tag--ok' }, 'domains found privately')
                : h('span', { class: 'tag tag--ok' }, 'public domain'),
        ),
        discovery?.rho !== undefined
          ? h(
              'p',
              { class: 'hint', 'data-testid': 'schema-discovery-cost' },
              'Found privately as the first part of your release: a run with it spends the rest of its ε, and the receipt states the total (the ε you set in step 2).',
            )
          : discovery
            ? h(
                'p',
                { class: 'hint', 'data-testid': 'schema-discovery-cost' },
                `Finding the domains cost ${describeCost(discovery)}; the ε and δ in the receipt of every run with this schema include it${REPLACE_ONE}, and the receipt states both parts.`,
              )
            : null,
        notPrivateReasons.length
          ? h(
              'p',
              { class: 'notice notice--error', 'data-testid': 'schema-discovery-not-private' },
              h('strong', {}, 'NOT PRIVATE: '),
              `the discovery that found these domains is not private (${formatList(notPrivateReasons)}), so every run with this schema is labelled not private.`,
            )
          : null,
        schema.schema.source && !inferred ? h('p', { class: 'hint' }, schema.schema.source) : null,
        h(
          'details',
          { class: 'raw' },
          h('summary', {}, 'Show the schema JSON'),
          h('pre', { tabindex: 0 }, JSON.stringify(schema.schema, null, 2)),
        ),
      );
    },
  );

  const element = panel(
    'Column kinds and ranges (schema)',
    'schema-panel',
    h('div', { class: 'field' }, h('label', { for: 'schema-select' }, 'Where the kinds come from'), select),
    errorBox,
    summary,
    h(
      'fieldset',
      { class: 'find-box' },
      h('legend', {}, 'See the kinds before you run: find them privately now'),
      findButton,
      findHint,
    ),
    // The expert's routes, folded: a schema file, the form, or reading the schema from the data.
    h(
      'details',
      { class: 'schema-options', 'data-testid': 'schema-options' },
      h(
        'summary',
        { 'data-testid': 'schema-options-toggle' },
        'Other ways: a schema file, a form, or reading it from the data',
      ),
      h('div', { class: 'field' }, h('label', { for: 'schema-file' }, 'Upload a schema file (JSON)'), schemaFile),
      schemaForm({ store, use: (candidate, schema) => void choose(candidate, schema) }),
      inferBox(),
    ),
  );
  return { element, selectBundled: (id) => void choose(bundledCandidate(id)) };

  function inferBox(): HTMLElement {
    return h(
      'fieldset',
      { class: 'infer-box' },
      h('legend', {}, 'No schema? Read it from the data'),
      h(
        'p',
        { class: 'infer-box__warning', 'data-testid': 'infer-warning' },
        h('strong', {}, '⚠ '),
        NOT_PRIVATE_WARNING,
      ),
      h(
        'div',
        { class: 'checkbox' },
        acknowledge,
        h('label', { for: 'infer-ack' }, 'I understand that the result will not be private.'),
      ),
      inferButton,
      inferHint,
    );
  }
}
