// "Make this run again": the command line and the library call that repeat the run with the same
// file, schema, columns and options, and the schema file they read.
import { downloadText } from '../ui/download';
import { cliCommand, libraryCall, type RunRequest } from './reproduce';

export function ReproduceView({ run, schemaText }: { run: RunRequest; schemaText: string | null }) {
  return (
    <details class="reproduce" data-testid="reproduce">
      <summary>Make this run again from the command line or from code</summary>
      <p class="hint">
        The same file, columns and settings. Each run draws new noise and spends its ε again: count it with the others
        made from the same people.
      </p>
      {run.schemaFileName && schemaText !== null ? (
        <p>
          <button
            type="button"
            class="button button--secondary button--small"
            data-testid="download-schema"
            onClick={() => downloadText(run.schemaFileName!, `${schemaText}\n`, 'application/json')}
          >
            Download the schema ({run.schemaFileName})
          </button>
        </p>
      ) : null}
      <h4 class="reproduce__title">Command line</h4>
      <pre class="reproduce__code" data-testid="reproduce-cli" tabIndex={0}>
        {cliCommand(run)}
      </pre>
      <h4 class="reproduce__title">JavaScript (npm package privsynth)</h4>
      <pre class="reproduce__code" data-testid="reproduce-library" tabIndex={0}>
        {libraryCall(run)}
      </pre>
    </details>
  );
}
