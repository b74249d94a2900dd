// Number formatting for the UI (always en-US, so that tests and screenshots are stable).

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatInteger(value: number): string {
  return integerFormat.format(value);
}

/** A number with up to `digits` significant decimals, without trailing zeros. */
export function formatDecimal(value: number, digits = 4): string {
  if (!Number.isFinite(value)) return String(value);
  return new Intl.NumberFormat('en-US', { maximumSignificantDigits: digits }).format(value);
}

export function formatSeconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "a", "a and b", "a, b and c". */
export function formatList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A share in [0, 1] as a percentage with one decimal, e.g. 0.8059 -> "80.6%". */
export function formatPercent(share: number): string {
  return `${(100 * share).toFixed(1)}%`;
}
