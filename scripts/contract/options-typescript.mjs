// The library's option types, from the catalogue: the lists of values (MECHANISMS, LP_SOLVERS, ...)
// with their types, CommonOptions and each mechanism's options interface, and the option names as
// lists (COMMON_OPTION_NAMES, MECHANISM_OPTION_NAMES, ...), and OPTION_CATALOGUE: each option's
// type, bounds, default and values as a constant, for forms built from it.
import { MECHANISM_OPTION, valuesOf } from './options-model.mjs';

const WIDTH = 100;

/** The words of `text` in lines of at most `width` characters (a longer word alone). */
function wrapped(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return [...lines, line];
}

/** A doc comment of these paragraphs, indented, its lines within WIDTH. */
function comment(paragraphs, indent = '') {
  const width = WIDTH - indent.length - 3;
  const lines = paragraphs
    .filter(Boolean)
    .flatMap((paragraph, i) => [...(i ? [''] : []), ...wrapped(paragraph, width)]);
  if (lines.length === 1 && lines[0].length <= width - 3) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} *${line ? ` ${line}` : ''}`).join('\n')}\n${indent} */\n`;
}

/** TSDoc reads `@` and braces as tags and links: an option's doc is prose. */
const prose = (text) => text.replace(/([@{}])/g, '\\$1');

const literal = (value) => (typeof value === 'string' ? `'${value}'` : String(value));

const numberText = (n) => (Math.abs(n) >= 10000 ? n.toLocaleString('en-US') : String(n));

/** "A number from 0 to 1.", "A whole number from 1 to 1,000.", "A number greater than 0.", or ''. */
export function rangeText(option) {
  if (option.type !== 'number' && option.type !== 'integer') return '';
  const what = option.type === 'integer' ? 'A whole number' : 'A number';
  if (option.minimumExcluded) return `${what} greater than ${numberText(option.minimum)}.`;
  if (option.minimum !== undefined && option.maximum !== undefined) {
    return `${what} from ${numberText(option.minimum)} to ${numberText(option.maximum)}.`;
  }
  return '';
}

function typeOf(model, where, option) {
  const list = model.listFor(where, option);
  if (list) return list.type;
  switch (option.type) {
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'text':
      return 'string';
    case 'text-list':
      return 'string[]';
    case 'column-sets':
      return 'WorkloadMarginal[]';
    default:
      throw new Error(`${where}: option "${option.name}" has a type the generator does not know: ${option.type}`);
  }
}

function member(model, where, option) {
  const defaultLine = option.default !== undefined ? `@defaultValue \`${JSON.stringify(option.default)}\`` : '';
  const range = model.listFor(where, option) ? '' : rangeText(option);
  const doc = comment([prose(option.doc), range, defaultLine], '  ');
  return `${doc}  ${option.name}${option.required ? '' : '?'}: ${typeOf(model, where, option)};\n`;
}

function valueList(list) {
  const readBy = list.readBy.filter((where) => where !== 'common');
  const where = readBy.length ? ` (${readBy.join(', ')})` : '';
  return (
    `/** The values of \`${list.option}\`${where}. */\n` +
    `export const ${list.list} = [${list.values.map(literal).join(', ')}] as const;\n` +
    `/** A value of \`${list.option}\`${where}. */\n` +
    `export type ${list.type} = (typeof ${list.list})[number];\n`
  );
}

function nameList(name, doc, options) {
  return `${comment([doc])}export const ${name} = [${options.map((o) => `'${o.name}'`).join(', ')}] as const;\n`;
}

/** An option's entry in OPTION_CATALOGUE: what a form needs, as the catalogue states it. */
function catalogueEntry(option) {
  const entry = { type: option.type };
  for (const key of ['minimum', 'maximum', 'minimumExcluded', 'default', 'defaultComputed']) {
    if (option[key] !== undefined) entry[key] = option[key];
  }
  const values = valuesOf(option);
  if (values) entry.values = values;
  entry.doc = option.doc;
  return entry;
}

function catalogueOf(options) {
  return `{\n${options.map((o) => `    ${o.name}: ${JSON.stringify(catalogueEntry(o))},\n`).join('')}  }`;
}

function optionCatalogue(model) {
  return (
    "/** An option as the core's catalogue states it: its type, bounds, default and values. */\n" +
    'export interface OptionSpec {\n' +
    "  type: 'integer' | 'number' | 'boolean' | 'choice' | 'text' | 'text-list' | 'column-sets';\n" +
    '  minimum?: number;\n  maximum?: number;\n' +
    '  /** The minimum itself is not allowed. */\n  minimumExcluded?: boolean;\n' +
    '  default?: string | number | boolean;\n' +
    '  /** The core computes the default from the data or the other options. */\n  defaultComputed?: boolean;\n' +
    '  /** The values it takes, when it takes a fixed set (a choice, or a small whole-number range). */\n' +
    '  values?: readonly (string | number)[];\n  doc: string;\n}\n' +
    comment([
      "Every option the library takes, as the core's catalogue states it (test switches left out): `common`, " +
        "then each mechanism's own, by name. Synchronous, for forms; mechanismCatalogue() is the same from the core.",
    ]) +
    'export const OPTION_CATALOGUE = {\n' +
    `  common: ${catalogueOf(model.common)},\n` +
    model.mechanisms.map((m) => `  '${m.id}': ${catalogueOf(m.options)},\n`).join('') +
    "} as const satisfies Record<Mechanism | 'common', Record<string, OptionSpec>>;\n"
  );
}

/** The generated TypeScript of the options, before Prettier formats it. */
export function optionsTypeScript(model, header) {
  const { mechanismOption } = model;
  const parts = [header];
  parts.push(
    comment([
      `Every mechanism, in the core's order. The option \`${MECHANISM_OPTION}\` also takes "auto" (the default).`,
    ]) +
      `export const MECHANISMS = [${model.mechanismIds.map(literal).join(', ')}] as const;\n` +
      `/** A mechanism's id. */\nexport type Mechanism = (typeof MECHANISMS)[number];\n` +
      comment([`What the option \`${MECHANISM_OPTION}\` takes. ${prose(mechanismOption.doc)}`]) +
      `export type MechanismChoice = Mechanism | ${literal(mechanismOption.default)};\n`,
  );
  parts.push(model.lists.map(valueList).join(''));
  parts.push(
    '/** A marginal of a listed workload: its columns by name, alone (weight 1) or with a weight. */\n' +
      'export type WorkloadMarginal = string[] | { columns: string[]; weight?: number };\n',
  );
  parts.push(
    `/** The options every mechanism reads (\`${MECHANISM_OPTION}\` aside: see MechanismOptions). */\n` +
      `export interface CommonOptions {\n${model.common.map((o) => member(model, 'common', o)).join('')}}\n`,
  );
  for (const mechanism of model.mechanisms) {
    parts.push(
      comment([`Options of \`mechanism: "${mechanism.id}"\`: ${mechanism.label}; ${mechanism.privacy.summary}.`]) +
        `export interface ${mechanism.typeName} {\n  ${MECHANISM_OPTION}: '${mechanism.id}';\n` +
        mechanism.options.map((o) => member(model, mechanism.id, o)).join('') +
        '}\n',
    );
  }
  parts.push(
    "/** Each mechanism's options interface, by id. */\n" +
      `export interface OptionsByMechanism {\n${model.mechanisms.map((m) => `  '${m.id}': ${m.typeName};\n`).join('')}}\n`,
  );
  parts.push(
    nameList(
      'COMMON_OPTION_NAMES',
      `The options every mechanism shares (the core reads \`${MECHANISM_OPTION}\` with them).`,
      model.common,
    ) +
      model.mechanisms
        .map((m) => nameList(m.namesConstant, `The options of ${m.id}, besides the common ones.`, m.options))
        .join('') +
      "/** Each mechanism's own option names, by id. */\n" +
      `export const MECHANISM_OPTION_NAMES = {\n${model.mechanisms.map((m) => `  '${m.id}': ${m.namesConstant},\n`).join('')}} as const;\n`,
  );
  parts.push(optionCatalogue(model));
  return parts.join('\n');
}
