// The receipt's unions over the mechanisms, made from the mechanisms' own parts instead of a list
// kept beside the registry: each `core/src/mechanisms/<id>/<id>_receipt.schema.json` names its
// mechanism, `"mechanism": { "id", "parameters", "released", "forecastParameters"? }` (the id as
// the registry has it, the names of its definitions, and the plan's public choices its forecast
// states, if it states any), and the assembler adds what every receipt and forecast refers to:
// MechanismId, MechanismParameters, MechanismReleased, MechanismForecastParameters, and
// ParametersOfEachMechanism (validation only: a receipt of mechanism X has X's parameters and
// by-products). Mechanisms in id order.

/** Checks one part's `mechanism` entry; returns it. */
export function mechanismEntryOf(part, entry) {
  const keys = ['id', 'parameters', 'released'];
  const optional = ['forecastParameters'];
  const isName = (value) => typeof value === 'string' && value.length > 0;
  const ok =
    entry &&
    typeof entry === 'object' &&
    keys.every((key) => isName(entry[key])) &&
    Object.keys(entry).every((key) => keys.includes(key) || (optional.includes(key) && isName(entry[key])));
  if (!ok) {
    throw new Error(`${part}: "mechanism" is { "id", "parameters", "released", "forecastParameters"? }, names`);
  }
  return entry;
}

/** The four definitions, for the mechanisms the parts named. */
export function mechanismUnions(entries) {
  const mechanisms = [...entries].sort((a, b) => (a.id < b.id ? -1 : 1));
  const ref = (name) => ({ $ref: `#/$defs/${name}` });
  return {
    MechanismId: {
      description: 'A mechanism of the registry, by its id.',
      enum: mechanisms.map(({ id }) => id),
    },
    MechanismParameters: {
      description: "The public choices a receipt states: one mechanism's.",
      anyOf: mechanisms.map(({ parameters }) => ref(parameters)),
    },
    MechanismForecastParameters: {
      description: "The plan's public choices a forecast states: one mechanism's.",
      anyOf: mechanisms.filter((entry) => entry.forecastParameters).map((entry) => ref(entry.forecastParameters)),
    },
    MechanismReleased: {
      description: "The by-products a receipt states as released: one mechanism's.",
      anyOf: mechanisms.map(({ released }) => ref(released)),
    },
    ParametersOfEachMechanism: {
      description:
        "Validation only: the receipt of each mechanism has that mechanism's parameters and released by-products.",
      allOf: mechanisms.map(({ id, parameters, released }) => ({
        if: {
          type: 'object',
          properties: { mechanism: { type: 'object', properties: { name: { const: id } } } },
        },
        then: {
          type: 'object',
          properties: { parameters: ref(parameters), released: ref(released) },
        },
      })),
    },
  };
}
