// The command line and the library call that make a page's run again (web/app/src/results/reproduce.ts):
// exact text, with shell quoting.
import { describe, expect, it } from 'vitest';

import { cliCommand, libraryCall, shellWord } from '../../web/app/src/results/reproduce';

const run = {
  fileName: "patients (2024)'s.csv",
  schemaFileName: 'patients.schema.json',
  columns: ['age', 'sex'],
  options: { epsilon: 1, mechanism: 'auto', outOfDomain: 'clamp', mlTarget: 'sex', mlExtraTargets: ['age'] },
  baseName: 'patients',
};

describe('making a run of the page again', () => {
  it('quotes what the shell would split or expand', () => {
    expect(shellWord('adult.csv')).toBe('adult.csv');
    expect(shellWord('a b')).toBe("'a b'");
    expect(shellWord("it's")).toBe("'it'\\''s'");
    expect(shellWord('{"a":1}')).toBe('\'{"a":1}\'');
  });

  it('writes the CLI command with the dedicated flags and the other options as JSON', () => {
    expect(cliCommand(run)).toBe(
      [
        "npx privsynth synth 'patients (2024)'\\''s.csv'",
        '--schema patients.schema.json',
        '--columns age,sex',
        '--epsilon 1',
        '--mechanism auto',
        '--target sex',
        '--extra-targets age',
        '--options-json \'{"outOfDomain":"clamp"}\'',
        '--out patients-synthetic.csv',
        '--receipt patients-receipt.json',
      ].join(' \\\n  '),
    );
    // No schema: the run finds the kinds itself, and nothing else to pass as JSON.
    const schemaFree = cliCommand({ ...run, schemaFileName: null, options: { epsilon: 0.5, mechanism: 'auto' } });
    expect(schemaFree).not.toContain('--schema');
    expect(schemaFree).not.toContain('--options-json');
    expect(schemaFree).toContain('--epsilon 0.5');
  });

  it('writes the library call with every option', () => {
    expect(libraryCall({ ...run, schemaFileName: null, options: { epsilon: 1, mechanism: 'auto' } })).toBe(
      [
        "import { readFile, writeFile } from 'node:fs/promises';",
        "import { synthesize } from 'privsynth';",
        '',
        'const result = await synthesize({',
        "  csv: await readFile(\"patients (2024)'s.csv\", 'utf8'),",
        '  columns: ["age","sex"],',
        '  epsilon: 1,',
        '  mechanism: "auto",',
        '});',
        'await writeFile("patients-synthetic.csv", result.csv);',
        'await writeFile("patients-receipt.json", JSON.stringify(result.receipt, null, 2));',
      ].join('\n'),
    );
  });
});
