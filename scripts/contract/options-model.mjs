// The core's mechanism catalogue (mechanismCatalogue(), docs/api.md) as the option generators see
// it: the options of the library's types (test switches left out), and a name for every option that
// takes a fixed set of values, under which the library exports its list and its type.

/** An option shared by every mechanism whose type the library states itself (`MechanismChoice`). */
export const MECHANISM_OPTION = 'mechanism';

/**
 * The lists whose names do not follow the rule (the option's name in capitals, plus "S"; its type
 * the option's name capitalized). `<mechanism>.<option>` names the list of an option that another
 * mechanism reads with other values.
 */
const LIST_NAMES = {
  outOfDomain: { list: 'OUT_OF_DOMAIN_POLICIES', type: 'OutOfDomainPolicy' },
  syntheticRowsFrom: { list: 'SYNTHETIC_ROWS_FROM', type: 'SyntheticRowsFrom' },
  lpStage2: { list: 'LP_STAGE2', type: 'LpStage2' },
  moments: { list: 'MOMENT_ORDERS', type: 'MomentOrder' },
  'adaptive-marginals.workload': { list: 'ADAPTIVE_WORKLOADS', type: 'AdaptiveWorkload' },
};

/** An integer option with at most this many values is typed as their union (degree: 1 | 2 | 3). */
const LARGEST_INTEGER_UNION = 3;

const capitalized = (name) => name[0].toUpperCase() + name.slice(1);
const inCapitals = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
/** "reduced-space-lp" -> "ReducedSpaceLp" */
export const pascalCase = (id) => id.split('-').map(capitalized).join('');
/** "reduced-space-lp" -> "REDUCED_SPACE_LP" */
export const screamingCase = (id) => id.replace(/-/g, '_').toUpperCase();

/** The values an option takes as a list, or null: a choice's names, or a small integer range. */
export function valuesOf(option) {
  if (option.type === 'choice') return option.values;
  if (option.type !== 'integer' || option.minimum === undefined || option.maximum === undefined) return null;
  const count = option.maximum - option.minimum + 1;
  if (count > LARGEST_INTEGER_UNION) return null;
  return Array.from({ length: count }, (_, i) => option.minimum + i);
}

/**
 * The catalogue's options for the library: `common` (without `mechanism`) and each mechanism's,
 * without test switches, and `lists`, one per distinct set of values with the options that take it.
 */
export function optionModel(catalogue) {
  const isPublic = (option) => !option.testOnly;
  const common = catalogue.commonOptions.filter((o) => isPublic(o) && o.name !== MECHANISM_OPTION);
  const mechanisms = catalogue.mechanisms.map((mechanism) => ({
    ...mechanism,
    typeName: `${pascalCase(mechanism.id)}Options`,
    namesConstant: `${screamingCase(mechanism.id)}_OPTION_NAMES`,
    options: mechanism.options.filter(isPublic),
  }));
  const lists = new Map();
  const listOf = new Map();
  const place = (where, option) => {
    const values = valuesOf(option);
    if (!values) return;
    const known = lists.get(option.name);
    if (known && sameValues(known.values, values)) {
      if (!known.readBy.includes(where)) known.readBy.push(where);
      listOf.set(`${where}.${option.name}`, known);
      return;
    }
    const key = known ? `${where}.${option.name}` : option.name;
    const names = LIST_NAMES[key] ?? (known ? null : regularNames(option.name));
    if (!names) {
      throw new Error(
        `${where} reads "${option.name}" with other values than another mechanism: name its list in LIST_NAMES ` +
          `(scripts/contract/options-model.mjs) as "${key}"`,
      );
    }
    const list = { key, option: option.name, values, readBy: [where], ...names };
    lists.set(key, list);
    listOf.set(`${where}.${option.name}`, list);
  };
  for (const option of common) place('common', option);
  for (const mechanism of mechanisms) for (const option of mechanism.options) place(mechanism.id, option);
  const mechanismOption = catalogue.commonOptions.find((o) => o.name === MECHANISM_OPTION);
  return {
    mechanismIds: catalogue.mechanisms.map((m) => m.id),
    mechanismOption,
    common,
    mechanisms,
    lists: [...lists.values()],
    /** The list of values an option takes where it is read ('common' or a mechanism's id), if any. */
    listFor: (where, option) => listOf.get(`${where}.${option.name}`),
  };
}

function regularNames(name) {
  return { list: `${inCapitals(name)}S`, type: capitalized(name) };
}

function sameValues(a, b) {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
