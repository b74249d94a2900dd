// Saves text as a file: a Blob, an object URL and a temporary <a download> click. The bytes come
// from this page's memory; no network request is made.
import { h } from './dom';

export function downloadText(fileName: string, text: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file offered for download, and its button. */
export interface DownloadFile {
  testId: string;
  label: string;
  primary?: boolean;
  fileName: string;
  mimeType: string;
  /** The file's text, made when the button is pressed. */
  text: () => string;
}

export function downloadButton({ testId, label, primary, fileName, mimeType, text }: DownloadFile): HTMLElement {
  return h(
    'button',
    {
      type: 'button',
      class: `button ${primary ? 'button--primary' : 'button--secondary'}`,
      'data-testid': testId,
      onclick: () => downloadText(fileName, text(), mimeType),
    },
    label,
  );
}
