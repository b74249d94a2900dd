// The exact command line and library call that make a run of the page again: the same file, schema,
// columns and options. A new run draws new noise and spends its ε again; the receipt says so.

/** What a run of the page was given. */
export interface RunRequest {
  /** The data file's name as the user gave it. */
  fileName: string;
  /** The schema file to save beside it, or null when the run found the columns' kinds itself. */
  schemaFileName: string | null;
  columns: string[];
  /** synthesize()'s options as the page sent them, without the data, the schema and the columns. */
  options: Record<string, unknown>;
  /** Base of the output files' names. */
  baseName: string;
}

/** Flags of the CLI's synth command that set an option directly (the others go in --options-json). */
const DEDICATED_FLAGS: Record<string, string> = {
  epsilon: '--epsilon',
  mechanism: '--mechanism',
  delta: '--delta',
  mlTarget: '--target',
};

/** A POSIX shell word: left bare when safe, else in single quotes. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** `privsynth synth …` for the run, one flag per line. */
export function cliCommand(run: RunRequest): string {
  const parts: string[][] = [['npx', 'privsynth', 'synth', shellWord(run.fileName)]];
  if (run.schemaFileName) parts.push(['--schema', shellWord(run.schemaFileName)]);
  parts.push(['--columns', shellWord(run.columns.join(','))]);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(run.options)) {
    if (value === undefined) continue;
    const flag = DEDICATED_FLAGS[key];
    if (flag && (typeof value === 'number' || typeof value === 'string')) parts.push([flag, shellWord(String(value))]);
    else if (key === 'mlExtraTargets' && Array.isArray(value))
      parts.push(['--extra-targets', shellWord(value.join(','))]);
    else rest[key] = value;
  }
  if (Object.keys(rest).length > 0) parts.push(['--options-json', shellWord(JSON.stringify(rest))]);
  parts.push(
    ['--out', shellWord(`${run.baseName}-synthetic.csv`)],
    ['--receipt', shellWord(`${run.baseName}-receipt.json`)],
  );
  return parts.map((words) => words.join(' ')).join(' \\\n  ');
}

/** The same run from JavaScript with the npm package (in Node; in a browser pass a File as csv). */
export function libraryCall(run: RunRequest): string {
  const options = {
    columns: run.columns,
    ...Object.fromEntries(Object.entries(run.options).filter(([, value]) => value !== undefined)),
  };
  const lines = [
    "import { readFile, writeFile } from 'node:fs/promises';",
    "import { synthesize } from 'privsynth';",
    '',
    'const result = await synthesize({',
    `  csv: await readFile(${JSON.stringify(run.fileName)}, 'utf8'),`,
    ...(run.schemaFileName ? [`  schema: await readFile(${JSON.stringify(run.schemaFileName)}, 'utf8'),`] : []),
    ...Object.entries(options).map(([key, value]) => `  ${key}: ${JSON.stringify(value)},`),
    '});',
    `await writeFile(${JSON.stringify(`${run.baseName}-synthetic.csv`)}, result.csv);`,
    `await writeFile(${JSON.stringify(`${run.baseName}-receipt.json`)}, JSON.stringify(result.receipt, null, 2));`,
  ];
  return lines.join('\n');
}
