// A button that saves one file of a run (downloadText: from this page's memory).
import { downloadText, type DownloadFile } from './download';

export function DownloadButton({ testId, label, primary, fileName, mimeType, text }: DownloadFile) {
  return (
    <button
      type="button"
      class={`button ${primary ? 'button--primary' : 'button--secondary'}`}
      data-testid={testId}
      onClick={() => downloadText(fileName, text(), mimeType)}
    >
      {label}
    </button>
  );
}
