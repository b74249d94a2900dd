// The schema form's data side, without the DOM: category lines, the domain a discovery found for a
// column (with the public choices made after it), and the schema JSON v1 the form hands on.
import type { DiscoveryColumn, Schema, SchemaColumn } from 'privsynth';

/**
 * What discovering domains cost, as (ε, δ); costs add by basic composition. A discovery that is not
 * private (it ran with a fixed test seed, e.g. `privsynth discover --seed`) carries its reasons,
 * and so does every cost it is added to: each schema built on it, and each run with that schema,
 * is labelled not private.
 */
export interface Cost {
  epsilon: number;
  delta: number;
  notPrivateReasons?: string[];
}

export const NO_COST: Cost = { epsilon: 0, delta: 0 };

/** Why a discovery behind this cost is not private (none: it is private). */
export const notPrivateReasonsOf = (cost: Cost): string[] => cost.notPrivateReasons ?? [];

/** The sum of two costs, with every reason either one is not private for (each once). */
export const addCost = (a: Cost, b: Cost): Cost => {
  const reasons = [...new Set([...notPrivateReasonsOf(a), ...notPrivateReasonsOf(b)])];
  return {
    epsilon: a.epsilon + b.epsilon,
    delta: a.delta + b.delta,
    ...(reasons.length ? { notPrivateReasons: reasons } : {}),
  };
};

/** Nothing was spent, and nothing makes a schema built on it not private. */
export const isFree = (cost: Cost): boolean =>
  cost.epsilon === 0 && cost.delta === 0 && notPrivateReasonsOf(cost).length === 0;

/** A number for the UI: four significant digits, no grouping, exponent for tiny values (5e-7). */
export const formatCost = (value: number): string => String(Number(value.toPrecision(4)));

/** "ε = 1, δ = 0.000001" (δ left out when it is 0). */
export const describeCost = (cost: Cost): string =>
  `ε = ${formatCost(cost.epsilon)}${cost.delta ? `, δ = ${formatCost(cost.delta)}` : ''}`;

/**
 * The categories typed one per line. Blank lines are skipped and spaces trimmed; a line that is a
 * number in its plain spelling ("0", "2.5") becomes a number, which matches "0.0" too (schema v1).
 */
export function parseCategoryLines(text: string): Array<string | number> {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => (/^-?\d+(\.\d+)?$/.test(line) && String(Number(line)) === line ? Number(line) : line));
}

export const categoryLines = (categories: Array<string | number>): string => categories.map(String).join('\n');

/** Why these categories cannot be used ('' when they can). */
export function categoriesProblem(categories: Array<string | number>, missing: string[]): string {
  if (categories.length === 0) return 'Enter at least one category, one per line.';
  const seen = new Set<string>();
  for (const category of categories) {
    const label = String(category);
    if (seen.has(label)) return `“${label}” is listed twice.`;
    if (missing.includes(label)) return `“${label}” is also a missing-value token (above).`;
    seen.add(label);
  }
  return '';
}

/**
 * What a discovery of this column measured: the mechanism's inputs. When any of them changes, the
 * found domain no longer answers the request. Bins and nullable are public choices applied
 * afterwards (post-processing), so they may change freely.
 */
export function discoveryKey(request: DiscoveryColumn, missing: string[]): string {
  if (request.type === 'date' || request.type === 'datetime') {
    // The range and how cells are read (granularity, time zone, format) are what was measured.
    const { bins: _bins, nullable: _nullable, ...measured } = request;
    return JSON.stringify([request.name, measured, missing]);
  }
  const measured =
    request.type === 'numeric' ? [request.type, request.range, Boolean(request.integer)] : [request.type];
  return JSON.stringify([request.name, ...measured, missing]);
}

/** The schema column from a discovered domain and the row's current public choices. */
export function discoveredColumn(request: DiscoveryColumn, found: SchemaColumn): SchemaColumn {
  const nullable = request.nullable ? { nullable: true } : {};
  if (request.type === 'categorical' && found.type === 'categorical') {
    return { name: request.name, type: 'categorical', categories: found.categories, ...nullable };
  }
  if (request.type === 'numeric' && found.type === 'numeric') {
    // Bins left blank: the library's default for the found bounds (one per whole number when few).
    const bins = request.bins === undefined ? {} : { bins: request.bins };
    return {
      name: request.name,
      type: 'numeric',
      min: found.min,
      max: found.max,
      integer: Boolean(request.integer),
      ...bins,
      ...nullable,
    };
  }
  if ((request.type === 'date' || request.type === 'datetime') && found.type === request.type) {
    const { range: _range, ...settings } = request;
    return { ...settings, min: found.min, max: found.max } as SchemaColumn;
  }
  throw new Error(`the discovery of "${request.name}" returned a ${found.type} column`);
}

/** "Female, Male", "17 – 90, whole numbers, 8 bins" or "2019-01-01 – 2020-12-31, by day, 24 bins". */
export function describeDomain(column: SchemaColumn): string {
  if (column.type === 'categorical') return column.categories.map(String).join(', ');
  if (column.type === 'id') return `fresh identifiers ${column.prefix ?? ''}1, ${column.prefix ?? ''}2, …`;
  if (column.type === 'text') return column.placeholder ? `“${column.placeholder}” in every row` : 'left empty';
  if (column.type !== 'numeric') {
    const parts = [
      `${column.min} – ${column.max}`,
      `by ${column.granularity ?? (column.type === 'date' ? 'day' : 'second')}`,
    ];
    if (column.bins !== undefined) parts.push(`${column.bins} bins`);
    return parts.join(', ');
  }
  const parts = [`${formatCost(column.min)} – ${formatCost(column.max)}`];
  if (column.integer) parts.push('whole numbers');
  if (column.bins !== undefined) parts.push(`${column.bins} bins`);
  return parts.join(', ');
}

export interface SchemaMeta {
  name: string;
  /** Where the typed domains come from, as the user states it ('' when not stated). */
  source: string;
  missing: string[];
  /** What discovery on this data has cost so far; anything but zero makes the schema "dp-discovered". */
  spent: Cost;
  /** Names of the columns whose domains were found privately. */
  discovered: string[];
}

/**
 * Schema JSON v1: "public" when every domain was typed, else "dp-discovered" with its whole cost,
 * including why a discovery behind it is not private (`discovery.notPrivateReasons`), which the
 * core then names in every receipt made with the schema.
 */
export function buildSchema(meta: SchemaMeta, columns: SchemaColumn[]): Schema {
  const sources = [meta.source.trim() || 'typed in the privsynth demo as public knowledge'];
  if (meta.discovered.length)
    sources.push(`domains of ${meta.discovered.join(', ')} discovered with differential privacy from the data`);
  const cost: Pick<Schema, 'provenance' | 'discovery'> = isFree(meta.spent)
    ? { provenance: 'public' }
    : { provenance: 'dp-discovered', discovery: addCost(NO_COST, meta.spent) };
  return { version: 1, name: meta.name, source: sources.join('; '), ...cost, missing: meta.missing, columns };
}

/**
 * Why a row's common values cannot go into the schema, or '' (the core checks them again): each a
 * number inside the range, whole in a column of whole numbers, none twice; and only once the range
 * is known, not while it is being discovered.
 */
export function commonValuesProblem(
  values: number[],
  text: string,
  low: number | undefined,
  high: number | undefined,
  whole: boolean,
  discovering: boolean,
): string {
  if (!values.length) return '';
  if (discovering) return 'Common values: they need a known range; untick the private discovery, or leave them blank.';
  const bad = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .find((item) => !Number.isFinite(Number(item)));
  if (bad !== undefined) return `Common values: “${bad}” is not a number.`;
  if (low === undefined || high === undefined) return '';
  const outside = values.find((value) => value < low || value > high || (whole && !Number.isInteger(value)));
  if (outside !== undefined) {
    return `Common values: ${outside} is not ${whole ? 'a whole number ' : ''}between the minimum and the maximum.`;
  }
  const twice = values.find((value, index) => values.indexOf(value) !== index);
  return twice === undefined ? '' : `Common values: ${twice} is listed twice.`;
}
