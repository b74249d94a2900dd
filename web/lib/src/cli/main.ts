// The `privsynth` command (dist/cli.js, with a shebang added by the build). On the main thread it
// runs a command; as the worker of runner.ts it runs synthesize() instead.
import { isMainThread } from 'node:worker_threads';

import { wantsHelp } from './args.js';
import { EXIT, reportFailure, UsageError } from './failure.js';
import {
  COUNT_TABLES_HELP,
  DISCOVER_HELP,
  MAIN_HELP,
  PLAN_HELP,
  RELEASE_HELP,
  SQL_HELP,
  SYNTH_HELP,
  VALIDATE_SCHEMA_HELP,
} from './help.js';
import { discoverCommand } from './discover.js';
import { planCommand } from './plan.js';
import { countTablesCommand, releaseCommand, sqlCommand } from './release.js';
import { synthCommand } from './synth.js';
import { validateSchemaCommand } from './validate-schema.js';
import { versionCommand } from './version.js';
import { runWorker } from './worker.js';

const COMMANDS: Record<string, { run: (args: string[]) => Promise<number>; help: string }> = {
  synth: { run: synthCommand, help: SYNTH_HELP },
  plan: { run: planCommand, help: PLAN_HELP },
  'validate-schema': { run: validateSchemaCommand, help: VALIDATE_SCHEMA_HELP },
  discover: { run: discoverCommand, help: DISCOVER_HELP },
  'count-tables': { run: countTablesCommand, help: COUNT_TABLES_HELP },
  sql: { run: sqlCommand, help: SQL_HELP },
  release: { run: releaseCommand, help: RELEASE_HELP },
};

function commandNamed(name: string | undefined) {
  return name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
}

function printHelp(text: string): number {
  process.stdout.write(text);
  return EXIT.ok;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  try {
    if (name === undefined) {
      process.stderr.write(MAIN_HELP);
      return EXIT.usage;
    }
    if (name === '--help' || name === '-h') return printHelp(MAIN_HELP);
    if (name === '--version' || name === '-V') return await versionCommand();
    if (name === 'help') {
      if (args[0] === undefined) return printHelp(MAIN_HELP);
      const command = commandNamed(args[0]);
      if (!command) throw new UsageError(`unknown command "${args[0]}"`);
      return printHelp(command.help);
    }
    const command = commandNamed(name);
    if (!command)
      throw new UsageError(
        `unknown command "${name}" (synth, discover, plan, validate-schema, count-tables, sql, release)`,
      );
    if (wantsHelp(args)) return printHelp(command.help);
    return await command.run(args);
  } catch (error) {
    return reportFailure(error, commandNamed(name) ? name : undefined);
  }
}

if (isMainThread) {
  process.exitCode = await main(process.argv.slice(2));
} else {
  await runWorker();
}
