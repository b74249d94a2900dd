// `privsynth validate-schema s.json`: the normalized schema on stdout, or the library's error.
import { validateSchema } from '../node.js';
import { parseCommandLine } from './args.js';
import { aboutFile, EXIT, UsageError } from './failure.js';
import { readInputText } from './files.js';

export async function validateSchemaCommand(args: string[]): Promise<number> {
  const { positionals } = parseCommandLine(args, {}, 1);
  const path = positionals[0];
  if (path === undefined) throw new UsageError('missing the schema file: privsynth validate-schema s.json');
  const text = readInputText(path, 'schema');
  try {
    process.stdout.write(`${JSON.stringify(await validateSchema(text), null, 2)}\n`);
  } catch (error) {
    throw aboutFile(error, path);
  }
  return EXIT.ok;
}
