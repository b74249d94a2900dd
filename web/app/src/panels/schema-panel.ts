// Step 2: the public schema (every column's domain). A bundled schema, the user's schema file, one
// written in a form (domains typed as public knowledge or discovered privately), or (after an
// explicit acknowledgement) a schema inferred from the data, which is NOT private.
import {
  DEFAULT_DISCOVERY_SHARE,
  discoverSchema,
  inferSchemaFromFile,
  NOT_PRIVATE_WARNING,
  type Schema,
  validateSchema,
} from 'privsynth';

import { BUNDLED, type BundledId } from '../data/bundled';
import { MECHANISMS } from '../mechanisms/registry';
import { describeCost } from '../schema-form/build-schema';
import { schemaForm } from '../schema-form/schema-form';
import { failureOf, type SchemaChoice, type Store } from '../store';
import { h, panel, replaceChildren, show } from '../ui/dom';
import { formatList } from '../ui/format';

type Candidate = Omit<SchemaChoice, 'schema'>;

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
  let latestRequest = 0;

  const select = h(
    'select',
    { id: 'schema-select', 'data-testid': 'schema-select', 'aria-describedby': 'schema-summary' },
    h('option', { value: '', disabled: true, selected: true }, 'Choose a schema…'),
    h('option', { value: 'adult' }, BUNDLED.adult.schemaLabel),
    h('option', { value: 'heart' }, BUNDLED.heart.schemaLabel),
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

  /** Selects `candidate`; `validated` skips the check when the caller already ran it. */
  const choose = async (candidate: Candidate, validated?: Schema) => {
    remembered.set(candidate.id, candidate);
    selectOption(candidate);
    show(errorBox, false);
    const request = ++latestRequest;
    store.set({ schemaBusy: true });
    try {
      const schema = validated ?? (await validateSchema(candidate.text));
      if (request !== latestRequest) return;
      store.set({ schema: { ...candidate, schema }, schemaBusy: false });
    } catch (error) {
      if (request !== latestRequest) return;
      const failure = failureOf(error);
      showError(failure.code, failure.message);
      store.set({ schema: null, schemaBusy: false });
    }
  };

  select.addEventListener('change', () => {
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
      await choose({ kind: 'uploaded', id: 'uploaded', label: `Your file: ${file.name}`, text: await file.text() });
    },
  });

  // The schema found privately, as the first part of the release: a share of the run's ε (step 4).
  const findButton = h(
    'button',
    { type: 'button', class: 'button', 'data-testid': 'find-schema', disabled: true },
    'Find the schema privately',
  );
  const findHint = h('p', { class: 'hint', id: 'find-hint' });
  findButton.setAttribute('aria-describedby', 'find-hint');
  const releaseEpsilon = () => store.get().parameters?.epsilon ?? 1;
  const updateFindButton = () => {
    const { input, running } = store.get();
    findButton.disabled = !input || running;
    findHint.textContent = !input
      ? 'Load a table first.'
      : `Uses ${Math.round(DEFAULT_DISCOVERY_SHARE * 100)}% of the privacy budget you set in step 4 (now ε = ${releaseEpsilon()}): ` +
        'each column’s kind, its categories or its range and bins. The run spends the rest, and its receipt states the total.';
  };
  findButton.addEventListener('click', async () => {
    const input = store.get().input;
    if (!input) return;
    show(errorBox, false);
    findButton.disabled = true;
    try {
      const epsilon = releaseEpsilon();
      const found = await discoverSchema({
        csv: input.csv,
        epsilon,
        share: DEFAULT_DISCOVERY_SHARE,
        name: `${input.baseName} (found privately)`,
      });
      await choose(
        {
          kind: 'found-privately',
          id: 'found-privately',
          label: `Found privately in ${input.label}`,
          text: JSON.stringify(found.schema, null, 1),
        },
        found.schema,
      );
    } catch (error) {
      const failure = failureOf(error);
      showError(failure.code, failure.message);
    } finally {
      updateFindButton();
    }
  });
  store.watch((state) => [state.input, state.running, state.parameters], updateFindButton);

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
        label: 'Inferred from your data (NOT private)',
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
  store.watch(
    (state) => [state.schema, state.schemaBusy],
    ({ schema, schemaBusy }) => {
      if (schemaBusy) {
        replaceChildren(summary, h('p', { class: 'hint' }, 'Checking the schema…'));
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
              'Found privately as the first part of your release: a run with it spends the rest of its ε, and the receipt states the total (the ε you set in step 4).',
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
          h('pre', {}, JSON.stringify(schema.schema, null, 2)),
        ),
      );
    },
  );

  const element = panel(
    '2. Schema',
    'schema-panel',
    h('div', { class: 'field' }, h('label', { for: 'schema-select' }, 'Schema of the table'), select),
    h('div', { class: 'field' }, h('label', { for: 'schema-file' }, 'Or upload a schema file (JSON)'), schemaFile),
    errorBox,
    summary,
    h(
      'fieldset',
      { class: 'find-box' },
      h('legend', {}, 'Your own table and no schema? Find it privately'),
      findButton,
      findHint,
    ),
    schemaForm({ store, use: (candidate, schema) => void choose(candidate, schema) }),
    h(
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
    ),
  );
  return { element, selectBundled: (id) => void choose(bundledCandidate(id)) };
}
