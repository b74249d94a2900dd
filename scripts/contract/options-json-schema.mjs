// The options as JSON Schema (draft 2020-12) definitions, from the catalogue: CommonOptions and one
// definition per mechanism, each property with its type, values or bounds, default and doc. Test
// switches are kept (a run accepts them); their docs say "Tests only".

const COLUMN_NAMES = { type: 'array', minItems: 1, items: { type: 'string' } };

/** The column sets of a listed workload: names, or { columns, weight > 0 }. */
const COLUMN_SETS = {
  type: 'array',
  minItems: 1,
  items: {
    anyOf: [
      COLUMN_NAMES,
      {
        type: 'object',
        properties: { columns: COLUMN_NAMES, weight: { type: 'number', exclusiveMinimum: 0 } },
        required: ['columns'],
        additionalProperties: false,
      },
    ],
  },
};

function propertySchema(option) {
  const schema = {};
  switch (option.type) {
    case 'number':
    case 'integer':
      schema.type = option.type;
      if (option.minimumExcluded) schema.exclusiveMinimum = option.minimum;
      else if (option.minimum !== undefined) schema.minimum = option.minimum;
      if (option.maximum !== undefined) schema.maximum = option.maximum;
      break;
    case 'boolean':
      schema.type = 'boolean';
      break;
    case 'text':
      schema.type = 'string';
      break;
    case 'text-list':
      schema.type = 'array';
      schema.items = { type: 'string' };
      break;
    case 'choice':
      schema.type = 'string';
      schema.enum = option.values;
      break;
    case 'column-sets':
      Object.assign(schema, COLUMN_SETS);
      break;
    default:
      throw new Error(`option "${option.name}" has a type the generator does not know: ${option.type}`);
  }
  if (option.default !== undefined) schema.default = option.default;
  schema.description = option.doc;
  return schema;
}

function objectSchema(description, options, extra = {}) {
  const required = options.filter((o) => o.required).map((o) => o.name);
  return {
    type: 'object',
    description,
    properties: { ...extra, ...Object.fromEntries(options.map((o) => [o.name, propertySchema(o)])) },
    ...(required.length ? { required } : {}),
  };
}

/** The JSON Schema document of the options. */
export function optionsJsonSchema(catalogue, note) {
  const ids = catalogue.mechanisms.map((m) => m.id);
  const common = catalogue.commonOptions.map((option) =>
    option.name === 'mechanism' ? { ...option, type: 'choice', values: ['auto', ...ids] } : option,
  );
  const defs = { CommonOptions: objectSchema('The options every mechanism reads.', common) };
  for (const mechanism of catalogue.mechanisms) {
    const name = `${mechanism.id.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase())}Options`;
    defs[name] = objectSchema(
      `Options of mechanism "${mechanism.id}": ${mechanism.label}; ${mechanism.privacy.summary}.`,
      mechanism.options,
      { mechanism: { const: mechanism.id } },
    );
    defs[name].required = ['mechanism', ...(defs[name].required ?? [])];
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'privsynth options',
    $comment: note,
    description:
      "The options of synthesize() as the core reads them: CommonOptions with one mechanism's options. Unknown options are refused.",
    $defs: defs,
  };
}
