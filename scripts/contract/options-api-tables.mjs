// The option tables of docs/api.md, from the catalogue: each between its two marker lines,
// `<!-- options:<name> -->` and `<!-- /options:<name> -->`, where <name> is "common" or a
// mechanism's id. The prose around them is written by hand.
const numberText = (n) => (Math.abs(n) >= 10000 ? n.toLocaleString('en-US') : String(n));
const cell = (text) => text.replace(/\|/g, '\\|');
/** A doc in a table cell: `*` and `_` are Markdown's emphasis. */
const prose = (text) => cell(text).replace(/([*_])/g, '\\$1');
const code = (text) => `\`${cell(text)}\``;

function typeText(model, where, option) {
  const list = model.listFor(where, option);
  if (list) return code(list.values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(' | '));
  switch (option.type) {
    case 'number':
    case 'integer': {
      const type = code(option.type === 'integer' ? 'integer' : 'number');
      if (option.minimumExcluded) return `${type} > ${numberText(option.minimum)}`;
      if (option.minimum === undefined || option.maximum === undefined) return type;
      return `${type} in [${numberText(option.minimum)}, ${numberText(option.maximum)}]`;
    }
    case 'text':
      return code('string');
    case 'text-list':
      return code('string[]');
    case 'column-sets':
      return code('(string[] | { columns: string[], weight?: number })[]');
    default:
      return code(option.type);
  }
}

function defaultText(option) {
  if (option.required) return 'required';
  if (option.default !== undefined) return code(JSON.stringify(option.default));
  return option.defaultComputed ? 'computed' : '—';
}

function table(model, where, options) {
  const rows = options.map(
    (o) => `| \`${o.name}\` | ${typeText(model, where, o)} | ${defaultText(o)} | ${prose(o.doc)} |`,
  );
  return ['| option | type | default | meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** Each marked section's table, by name. */
export function apiTables(model) {
  const ids = model.mechanismIds;
  const mechanismRow = {
    ...model.mechanismOption,
    type: 'choice',
    values: [model.mechanismOption.default, ...ids],
  };
  const tables = {
    common: table(
      {
        ...model,
        listFor: (where, o) => (o === mechanismRow ? { values: mechanismRow.values } : model.listFor(where, o)),
      },
      'common',
      [mechanismRow, ...model.common],
    ),
  };
  for (const mechanism of model.mechanisms) tables[mechanism.id] = table(model, mechanism.id, mechanism.options);
  return tables;
}

/** docs/api.md with every marked section's table replaced; fails on a missing or unknown section. */
export function withApiTables(markdown, tables, header) {
  const found = new Set();
  const replaced = markdown.replace(/<!-- options:([a-z-]+) -->\n[\s\S]*?<!-- \/options:\1 -->/g, (_, name) => {
    if (!(name in tables)) throw new Error(`docs/api.md: a section "options:${name}" the catalogue has no table for`);
    found.add(name);
    return `<!-- options:${name} -->\n${header}\n\n${tables[name]}\n\n<!-- /options:${name} -->`;
  });
  const missing = Object.keys(tables).filter((name) => !found.has(name));
  if (missing.length) {
    throw new Error(
      `docs/api.md has no section for ${missing.join(', ')}: add the lines ` +
        `"<!-- options:${missing[0]} -->" and "<!-- /options:${missing[0]} -->" where its table goes`,
    );
  }
  return replaced;
}
