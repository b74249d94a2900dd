// The receipt's unions over the mechanisms, made from the mechanisms' own parts instead of a list
// kept beside the registry: each `core/src/mechanisms/<id>/<id>_receipt.schema.json` names its
// mechanism, `"mechanism": { "id", "parameters", "released" }` (the id as the registry has it and
// the names of its two definitions), and the assembler adds what every receipt refers to:
// MechanismId, MechanismParameters, MechanismReleased, and ParametersOfEachMechanism (validation
// only: a receipt of mechanism X has X's parameters and by-products). Mechanisms in id order.

/** Checks one part's `mechanism` entry; returns it. */
export function mechanismEntryOf(part, entry) {
  const keys = ['id', 'parameters', 'released'];
  const ok =
    entry && typeof entry === 'object' && keys.every((key) => typeof entry[key] === 'string' && entry[key].length > 0);
  if (!ok || Object.keys(entry).length !== keys.length) {
    throw new Error(`${part}: "mechanism" is { "id", "parameters", "released" }, three names`);
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
