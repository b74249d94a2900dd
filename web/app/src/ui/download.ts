// Saves text as a file: a Blob, an object URL and a temporary <a download> click. The bytes come
// from this page's memory; no network request is made.

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

/** A file offered for download (its button: download-button.tsx). */
export interface DownloadFile {
  testId: string;
  label: string;
  primary?: boolean;
  fileName: string;
  mimeType: string;
  /** The file's text, made when the button is pressed. */
  text: () => string;
}
