// The contract rewritten in the forms json-schema-to-typescript reads as intended: it takes tuples
// as an array of `items`, not 2020-12's `prefixItems`; it has no use for the conditionals
// (`if`/`then`) that bind a receipt's parameters to its mechanism, nor for a definition made only of
// them (`ParametersOfEachMechanism`), which only validation needs: the TypeScript type of
// `parameters` is the union of every mechanism's; and it would declare a numbered copy of a
// definition (`KernelReport1`) for each `$ref` that has a description of its own, which `tsType`
// avoids while keeping the description as the field's doc. `$comment`s are for readers only.

/** Whether a definition only validates: an `allOf` of conditionals, with no shape of its own. */
const onlyValidates = (definition) =>
  Array.isArray(definition.allOf) &&
  Object.keys(definition).every((key) => ['description', 'type', 'allOf'].includes(key)) &&
  definition.allOf.every((part) => Object.keys(part).every((key) => ['if', 'then', 'else'].includes(key)));

/** The contract without its validation-only definitions, in the forms the generator reads. */
export function schemaForTypeGenerator(contract) {
  const dropped = Object.keys(contract.$defs).filter((name) => onlyValidates(contract.$defs[name]));
  const refs = new Set(dropped.map((name) => `#/$defs/${name}`));
  const $defs = Object.fromEntries(Object.entries(contract.$defs).filter(([name]) => !dropped.includes(name)));
  return generatorForm({ ...contract, $defs }, refs);
}

/** A deep copy of `schema` that json-schema-to-typescript turns into the intended types. */
function generatorForm(schema, droppedRefs) {
  if (Array.isArray(schema)) return schema.map((item) => generatorForm(item, droppedRefs));
  if (!schema || typeof schema !== 'object') return schema;
  const named = typeof schema.$ref === 'string' && /^#\/\$defs\/([^/]+)$/.exec(schema.$ref);
  if (named && Object.keys(schema).length > 1) return { description: schema.description, tsType: named[1] };
  const copy = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'if' || key === 'then' || key === 'else' || key === '$comment') continue;
    if (key === 'prefixItems') copy.items = generatorForm(value, droppedRefs);
    else copy[key] = generatorForm(value, droppedRefs);
  }
  if (Array.isArray(copy.allOf)) {
    copy.allOf = copy.allOf.filter((part) => Object.keys(part).length > 0 && !droppedRefs.has(part.$ref));
    if (copy.allOf.length === 0) delete copy.allOf;
  }
  // The generator ignores `allOf` beside `properties`: a schema that extends another by both
  // becomes the intersection of the two.
  if (copy.allOf && copy.properties) {
    const { properties, required, ...rest } = copy;
    return { ...rest, allOf: [...copy.allOf, { type: 'object', properties, required }] };
  }
  return copy;
}
