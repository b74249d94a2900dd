// A run's downloads: the synthetic CSV with what publishing it costs, the receipt, the report, the
// mechanism's own files (with their notes) and the DP models, a separate release with its own cost.
import { useMemo } from 'preact/hooks';
import type { SynthesisResult } from 'privsynth';

import { findMechanismUi } from '../mechanisms/registry';
import { DownloadButton } from '../ui/download-button';
import { formatDecimal, formatInteger, formatList } from '../ui/format';
import { Mount } from '../ui/mount';

/** "ε 1" or "ε 1.41, δ 2e-9": a cost as the receipts state it. */
function costText(epsilon: number, delta: number): string {
  return `ε ${formatDecimal(epsilon, 3)}${delta > 0 ? `, δ ${Number(delta.toPrecision(2))}` : ''}`;
}

/**
 * Beside a download: what publishing the file costs, alone and (with the DP models) together with
 * the run's other release, as both receipts state it (privacy.tableAndDpModels).
 */
function CostNote(props: { testId: string; alone: string; together: string | null; other: string }) {
  const { alone, together, other } = props;
  return (
    <span class="download-cost" data-testid={props.testId}>
      {together ? `${alone} alone; ${together} with the ${other} (published together)` : alone}
    </span>
  );
}

export interface DownloadsProps {
  result: SynthesisResult;
  baseName: string;
  /** The standalone HTML report, made when its button is pressed. */
  reportFile: () => string;
}

export function DownloadsView({ result, baseName, reportFile }: DownloadsProps) {
  // Made once per result: a mechanism's notes are elements.
  const own = useMemo(
    () => findMechanismUi(result.receipt.mechanism.name)?.downloads?.(result, baseName) ?? [],
    [result, baseName],
  );
  const { privacy } = result.receipt;
  const models = result.directModels;
  const together = models?.receipt.privacy.tableAndDpModels;
  const bothCost = together ? costText(together.epsilon, together.delta) : null;
  return (
    <div class="downloads">
      <div class="download-with-cost">
        <DownloadButton
          testId="download-csv"
          label="Download synthetic CSV"
          primary
          fileName={`${baseName}-synthetic.csv`}
          mimeType="text/csv;charset=utf-8"
          text={() => result.csv}
        />
        <CostNote
          testId="csv-cost"
          alone={`${costText(privacy.epsilonSpent, privacy.delta)}${privacy.privacyUnit ? ' per person' : ''}`}
          together={bothCost}
          other="DP model"
        />
      </div>
      <DownloadButton
        testId="download-receipt"
        label="Download receipt (JSON)"
        fileName={`${baseName}-receipt.json`}
        mimeType="application/json"
        text={() => `${JSON.stringify(result.receipt, null, 2)}\n`}
      />
      <DownloadButton
        testId="download-report"
        label="Download report (HTML)"
        fileName={`${baseName}-report.html`}
        mimeType="text/html;charset=utf-8"
        text={reportFile}
      />
      {own.map(({ file }) => (
        <DownloadButton key={file.testId} {...file} />
      ))}
      {models ? (
        <div class="download-with-cost">
          <DownloadButton
            testId="download-dp-model"
            label="Download DP model (separate release, JSON)"
            fileName={`${baseName}-dp-model.json`}
            mimeType="application/json"
            text={() => `${JSON.stringify(models, null, 2)}\n`}
          />
          <CostNote
            testId="dp-model-cost"
            alone={costText(models.receipt.privacy.epsilonSpent, models.receipt.privacy.delta)}
            together={bothCost}
            other="synthetic CSV"
          />
        </div>
      ) : null}
      <p class="hint">
        {`${formatInteger(result.rows)} rows × ${result.columns.length} columns. Files are saved from this page's memory. ` +
          'The receipt may be published; the report (computed on your real data) is for your eyes only.'}
      </p>
      {own.map(({ file, note }) => (note ? <Mount key={file.testId} element={note} /> : null))}
      {models ? (
        <p class="hint" data-testid="dp-model-note">
          {`The DP model (logistic regression for ${formatList(models.models.map((m) => `“${m.target}”`))}, trained ` +
            'directly under DP, all on one budget) is a separate release with its own receipt inside the file. ' +
            (bothCost
              ? `Publishing it as well as the synthetic table costs ${bothCost} in total.`
              : 'Publishing it as well as the synthetic table adds its cost to the table’s.')}
        </p>
      ) : null}
    </div>
  );
}
