// The privacy receipt: a readable summary (private or not and why, epsilon, neighbours, mechanism,
// ledger, parameters) and the raw JSON. The receipt is safe to publish with the synthetic data.
// The parameters start with the mechanism's own rows (MechanismUi.receiptRows), then every
// parameter a receipt may state, in a fixed order.
import type {
  AdaptiveMarginalsParameters,
  MarginalLpParameters,
  PrivacyReceipt,
  ReducedSpaceLpParameters,
} from 'privsynth';

import type { Row } from '../mechanisms/mechanism-ui';
import { findMechanismUi } from '../mechanisms/registry';
import { definitionList, h, table } from '../ui/dom';
import { formatDecimal, formatInteger, formatPercent } from '../ui/format';

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const asNumber = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const asText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** "ε = 1.5 and δ = 0.000001" (δ left out when it is 0). */
const epsilonDelta = (epsilon: number, delta: number) =>
  `ε = ${formatDecimal(epsilon, 6)}${delta ? ` and δ = ${delta}` : ''}`;

/** How the parts of a release with a discovery add up: their ρ in zCDP (then converted once), or their ε and δ. */
const compositionOf = (domainDiscovery: NonNullable<PrivacyReceipt['privacy']['domainDiscovery']>) =>
  domainDiscovery.rho !== undefined
    ? 'composed in zCDP: their ρ’s add, and the total converts to the ε and δ above, less than the sum of the parts’ ε’s'
    : 'basic composition: the ε’s and δ’s add';

/**
 * With a privately discovered schema, how the headline (the whole release's ε and δ) splits: this
 * run's own figures and the discovery's, and how they compose. Null without a discovery.
 */
function discoverySplit(privacy: PrivacyReceipt['privacy']): HTMLElement | null {
  const { thisRun, domainDiscovery } = privacy;
  if (!thisRun || !domainDiscovery) return null;
  return h(
    'p',
    { 'data-testid': 'receipt-split' },
    `It has two parts: this run, ${epsilonDelta(thisRun.epsilonSpent, thisRun.delta)} on its own, and the private discovery of the schema’s domains on the same data, ` +
      `${epsilonDelta(domainDiscovery.epsilon, domainDiscovery.delta)} on its own (${compositionOf(domainDiscovery)}).`,
  );
}

/**
 * Who the ε protects, in plain words beside it: each person with all their rows (with a person
 * column, privacy.privacyUnit), or each row taken to be a different person.
 */
export function protectedUnitText(privacy: PrivacyReceipt['privacy']): string {
  const unit = privacy.privacyUnit;
  if (!unit) return 'Each row is treated as a different person.';
  const k = unit.rowsPerPerson;
  return `Protects each person with all their rows: the rows with the same “${unit.column}” (at most ${k} ${k === 1 ? 'row' : 'rows'} kept per person).`;
}

function privacyVerdict(receipt: PrivacyReceipt): HTMLElement {
  if (receipt.private) {
    return h(
      'div',
      { class: 'verdict verdict--ok', 'data-testid': 'receipt-private', 'data-private': 'true' },
      h('p', { class: 'verdict__title' }, 'Private: yes'),
      h(
        'p',
        { 'data-testid': 'receipt-guarantee' },
        `This release satisfies ${receipt.privacy.definition} with ${epsilonDelta(receipt.privacy.epsilonSpent, receipt.privacy.delta)}` +
          ` (neighbouring datasets: ${receipt.privacy.neighbours}).`,
      ),
      h(
        'p',
        { 'data-testid': 'receipt-protects', class: receipt.privacy.privacyUnit ? null : 'hint' },
        protectedUnitText(receipt.privacy),
      ),
      discoverySplit(receipt.privacy),
    );
  }
  return h(
    'div',
    { class: 'verdict verdict--danger', 'data-testid': 'receipt-private', 'data-private': 'false' },
    h('p', { class: 'verdict__title' }, 'Private: NO, this release is not private'),
    h('ul', {}, ...receipt.notPrivateReasons.map((reason) => h('li', {}, reason))),
  );
}

const count = (value: unknown) => (asNumber(value) === undefined ? undefined : formatInteger(asNumber(value)!));

// The LP's second stage (docs/lp-solvers.md): the densest solution within the certified error.
function secondStageText(stage: Record<string, unknown>): string | undefined {
  const method = asText(stage.method);
  if (!method) return undefined;
  if (method === 'none') return 'none: the first stage’s solution (a vertex)';
  const tolerance = asNumber(stage.tolerance),
    gap = asNumber(stage.dualityGap);
  const parts = [
    tolerance !== undefined && `every statistic within ${formatDecimal(tolerance, 6)} of its target`,
    asNumber(stage.maxError) !== undefined && `max error ${formatDecimal(asNumber(stage.maxError)!, 6)}`,
    asNumber(stage.klToReference) !== undefined &&
      `KL to the reference ${formatDecimal(asNumber(stage.klToReference)!, 3)} (first stage ${formatDecimal(asNumber(stage.firstStageKlToReference) ?? 0, 3)})`,
    gap !== undefined && `duality gap ${formatDecimal(gap, 4)} after ${count(stage.sweeps)} sweeps`,
  ];
  return `${method}: ${parts.filter(Boolean).join(', ')}`;
}

/**
 * The fields several mechanisms' parameters share, each absent where the run's mechanism has none
 * (its own rows come from its MechanismUi).
 */
type SharedParameters = Partial<
  Pick<
    ReducedSpaceLpParameters & MarginalLpParameters & AdaptiveMarginalsParameters,
    | 'degree'
    | 'marginals'
    | 'statistics'
    | 'reducedSpace'
    | 'syntheticRows'
    | 'syntheticRowsChoice'
    | 'lp'
    | 'workload'
    | 'fit'
    | 'fitNote'
    | 'budgetSplit'
    | 'mlHoldout'
    | 'countBudgetFraction'
  >
>;

function parameterRows(receipt: PrivacyReceipt): Row[] {
  const p: SharedParameters = 'sampler' in receipt.parameters ? {} : receipt.parameters;
  const rows: Row[] = [...(findMechanismUi(receipt.mechanism.name)?.receiptRows?.(receipt) ?? [])];
  const add = (label: string, value: string | undefined) => {
    if (value !== undefined) rows.push([label, value]);
  };
  add('Degree', count(p.degree));
  add('Marginals', count(p.marginals));
  add('Statistics', count(p.statistics));
  const space = asObject(p.reducedSpace);
  const size = count(space.size);
  if (size) add('Reduced space size', `${size}${asText(space.choice) ? ` (${asText(space.choice)})` : ''}`);
  const k = count(p.syntheticRows);
  if (k) add('Synthetic rows', `${k}${asText(p.syntheticRowsChoice) ? ` (${asText(p.syntheticRowsChoice)})` : ''}`);
  const lp = asObject(p.lp);
  if (Object.keys(lp).length) {
    const shape = [
      count(lp.rows) && `${count(lp.rows)} rows`,
      count(lp.columns) && `${count(lp.columns)} columns`,
      count(lp.iterations) && `${count(lp.iterations)} iterations`,
    ];
    add(
      'Linear program',
      [asText(lp.solver), asText(lp.method), shape.filter(Boolean).join(', ')].filter(Boolean).join(' · '),
    );
    add('LP second stage', secondStageText(asObject(lp.secondStage)));
  }
  add('Workload', asText(p.workload));
  add('Fit', asText(p.fit) && [asText(p.fit), asText(p.fitNote)].filter(Boolean).join(': '));
  add('Budget split', asText(p.budgetSplit));
  const heldOut = asNumber(asObject(p.mlHoldout).testFraction);
  add(
    'Held out for the utility report',
    heldOut === undefined ? undefined : `${formatPercent(heldOut)} of the rows, at random`,
  );
  add(
    'Share of ε for the record count',
    asNumber(p.countBudgetFraction) === undefined ? undefined : formatDecimal(asNumber(p.countBudgetFraction)!),
  );
  add('Values outside the schema', receipt.schema.outOfDomainPolicy);
  return rows;
}

/** The zCDP budget and its conversion to (epsilon, delta), for the mechanisms accounted in zCDP. */
function zcdpRows(privacy: PrivacyReceipt['privacy']): Array<[string, string]> {
  if (privacy.rhoBudget === undefined) return [];
  return [
    ['ρ spent / budget (zCDP)', `${formatDecimal(privacy.rhoSpent ?? 0, 6)} of ${formatDecimal(privacy.rhoBudget, 6)}`],
    ['Conversion to (ε, δ)', privacy.conversion ?? '—'],
  ];
}

/**
 * What was spent: ε of the run's budget; with a privately discovered schema, the whole release's ε
 * (the headline), this run's own of its budget, and the discovery's.
 */
function spentRows(privacy: PrivacyReceipt['privacy']): Array<[string, string]> {
  const { thisRun, domainDiscovery, tableAndDpModels } = privacy;
  const together: Array<[string, string]> = tableAndDpModels
    ? [
        [
          'With the DP model, published together',
          `${epsilonDelta(tableAndDpModels.epsilon, tableAndDpModels.delta)} (${tableAndDpModels.composition})`,
        ],
      ]
    : [];
  if (!thisRun || !domainDiscovery)
    return [
      ['ε spent / budget', `${formatDecimal(privacy.epsilonSpent, 6)} of ${formatDecimal(privacy.epsilonBudget, 6)}`],
      ...together,
    ];
  const delta = (value: number) => (value ? `, δ = ${value}` : '');
  return [
    [
      'ε spent in all',
      `${formatDecimal(privacy.epsilonSpent, 6)}${delta(privacy.delta)} (this run and the schema’s discovery)`,
    ],
    [
      'This run on its own',
      `ε = ${formatDecimal(thisRun.epsilonSpent, 6)}${delta(thisRun.delta)} (the whole release’s budget: ε = ${formatDecimal(privacy.epsilonBudget, 6)}; ${compositionOf(domainDiscovery)})`,
    ],
    [
      'Discovery of the schema',
      `ε = ${formatDecimal(domainDiscovery.epsilon, 6)}${delta(domainDiscovery.delta)}: ${domainDiscovery.note}`,
    ],
    ...together,
  ];
}

/** Who is protected and, with a person column, the bounding and the method's own guarantee per row. */
function unitRows(privacy: PrivacyReceipt['privacy']): Array<[string, string]> {
  const unit = privacy.privacyUnit;
  const protects: Array<[string, string]> = privacy.protects ? [['Protects', privacy.protects]] : [];
  if (!unit) return protects;
  const rowLevel = asObject(unit.rowLevel);
  const epsilon = asNumber(rowLevel.epsilonSpent);
  return [
    ...protects,
    ['Rows per person', `at most ${unit.rowsPerPerson}: ${unit.bounding}`],
    [
      'The method per row',
      `${epsilon === undefined ? '' : `${epsilonDelta(epsilon, asNumber(rowLevel.delta) ?? 0)}; `}${unit.note}`,
    ],
  ];
}

/** A calibration figure, or a dash for a release without one (e.g. a sample that adds no noise). */
const optionalDecimal = (value: number | undefined) => (value === undefined ? '—' : formatDecimal(value));

/** A person-level charge of the mechanism's releases (group privacy over a person's rows): the group's size. */
const groupSizeText = (entry: PrivacyReceipt['ledger'][number]) =>
  entry.groupSize === undefined ? undefined : `a person’s ${entry.groupSize} rows`;

/** A zCDP release's noise: a Gaussian's σ, a Laplace scale, a selection's ε, or a group charge's ρ per row. */
function zcdpNoiseText(entry: Extract<PrivacyReceipt['ledger'][number], { rho: number }>): string {
  if (entry.noiseStd !== undefined) return `σ = ${formatDecimal(entry.noiseStd)}`;
  if (entry.noiseScale !== undefined) return `Laplace scale ${formatDecimal(entry.noiseScale)}`;
  if (entry.rowRho !== undefined) return `ρ per row = ${formatDecimal(entry.rowRho, 6)}`;
  return entry.epsilon !== undefined ? `ε = ${formatDecimal(entry.epsilon, 4)}` : '—';
}

/** Every release: its epsilon (pure DP), or its rho (zCDP: Gaussian measurements and exponential-mechanism selections). */
function ledgerTable(receipt: PrivacyReceipt): HTMLElement {
  const zcdp = receipt.privacy.rhoBudget !== undefined;
  return table(
    `Privacy ledger: every release and its share of ${zcdp ? 'ρ' : 'ε'}`,
    zcdp
      ? ['Release', 'Mechanism', 'ρ', 'Sensitivity (L2 or score)', 'Noise σ or selection ε']
      : ['Release', 'Mechanism', 'ε', 'Sensitivity (L1 or score)', 'Noise scale'],
    receipt.ledger.map((entry) =>
      'rho' in entry
        ? [
            entry.release,
            entry.mechanism,
            `ρ = ${formatDecimal(entry.rho, 6)}`,
            groupSizeText(entry) ??
              optionalDecimal(entry.l2Sensitivity ?? entry.scoreSensitivity ?? entry.l1Sensitivity),
            zcdpNoiseText(entry),
          ]
        : [
            entry.release,
            entry.mechanism,
            formatDecimal(entry.epsilon, 6) + (entry.delta ? `, δ = ${entry.delta}` : ''),
            groupSizeText(entry) ?? optionalDecimal(entry.l1Sensitivity ?? entry.scoreSensitivity),
            entry.rowEpsilon !== undefined
              ? `ε per row = ${formatDecimal(entry.rowEpsilon, 6)}`
              : optionalDecimal(entry.noiseScale),
          ],
    ),
  );
}

export function receiptView(receipt: PrivacyReceipt): HTMLElement {
  return h(
    'section',
    { class: 'result-card', 'data-testid': 'receipt', 'aria-labelledby': 'receipt-title' },
    h('h3', { id: 'receipt-title' }, 'Privacy receipt'),
    h(
      'p',
      { class: 'hint', 'data-testid': 'receipt-lead' },
      receipt.private
        ? 'Safe to publish next to the synthetic data: it describes how the data was made, not what is in your table.'
        : 'This release is not private: do not publish the synthetic data. The receipt says how it was made and why it is not private.',
    ),
    privacyVerdict(receipt),
    // The details, one click away: for experts and for whoever checks the release.
    h(
      'details',
      { class: 'receipt-details', 'data-testid': 'receipt-details' },
      h('summary', {}, 'How it was made: the definition, the budget of each step, the settings'),
      ...receiptDetails(receipt),
    ),
  );
}

/** The receipt's details: the guarantee's terms, the budget's ledger, the parameters, the raw JSON. */
function receiptDetails(receipt: PrivacyReceipt): HTMLElement[] {
  const { privacy, mechanism } = receipt;
  return [
    definitionList([
      ...spentRows(privacy),
      ...zcdpRows(privacy),
      ['Definition', `${privacy.definition}${privacy.delta ? `, δ = ${privacy.delta}` : ''}`],
      ['Neighbouring datasets', privacy.neighbours],
      ...unitRows(privacy),
      ['Composition', privacy.composition],
      ['Mechanism', mechanism.title],
      ['Paper', mechanism.paper],
      // Only the mechanisms that draw candidate records from a reference measure state one.
      ...(mechanism.referenceMeasure ? [['Reference measure', mechanism.referenceMeasure] as [string, string]] : []),
      ['Randomness', receipt.randomness],
      ['Schema', `${receipt.schema.name} (${receipt.schema.provenance})`],
      ['Data read from', receipt.input.meaning],
      ...(privacy.tablesCovered ? [['Tables the guarantee covers', privacy.tablesCovered] as [string, string]] : []),
      ['Privacy note', mechanism.privacyNote],
      [
        'Software',
        [receipt.software.name, receipt.software.version].join(' ') +
          (receipt.software.lpSolver ? `, ${receipt.software.lpSolver}` : ''),
      ],
    ]),
    h('div', { 'data-testid': 'receipt-ledger' }, ledgerTable(receipt)),
    h('h4', {}, 'Parameters'),
    definitionList(parameterRows(receipt)),
    h(
      'details',
      { class: 'raw' },
      h('summary', {}, 'Raw receipt (JSON)'),
      h('pre', { 'data-testid': 'receipt-json', tabindex: 0 }, JSON.stringify(receipt, null, 2)),
    ),
  ];
}
