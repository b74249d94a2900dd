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

/** Four-digit numbers (years, most counts) read better without a separator. */
const GROUPING_FROM = 10_000;

/** Whether a set of numbers shown together needs thousands separators (any of them ≥ 10,000). */
export function needsGrouping(values: readonly number[]): boolean {
  return values.some((value) => Math.abs(value) >= GROUPING_FROM);
}

/** `value` rounded to `digits` significant digits. */
export function roundSignificant(value: number, digits: number): number {
  return value === 0 || !Number.isFinite(value) ? value : Number(value.toPrecision(digits));
}

/**
 * A number for an axis: `digits` significant digits (all of them when omitted), never an exponent,
 * no trailing zeros, a true minus sign, and thousands separators when `grouped`.
 */
export function formatAxisNumber(value: number, grouped: boolean, digits?: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = new Intl.NumberFormat('en-US', {
    maximumSignificantDigits: digits ?? 17,
    useGrouping: grouped,
  }).format(digits === undefined ? value : roundSignificant(value, digits));
  return text.replace(/^-/, '−');
}
