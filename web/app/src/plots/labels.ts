// Tick labels of the plots: level names can be long ("Outlying-US(Guam-USVI-etc)") and many (100
// bins), so they are shortened to a number of characters and the margins are sized from them.

/** The plots' font size (px); Plot's own default is 10. */
export const FONT_SIZE = 11;

/** An estimate of one character's width at FONT_SIZE in the system UI font (px). */
export const CHAR_WIDTH = 6.4;

/** `label` cut to at most `max` characters, with an ellipsis where it was cut. */
export function truncate(label: string, max: number): string {
  return label.length <= max ? label : `${label.slice(0, Math.max(1, max - 1))}…`;
}

/** The width in px of the longest label once cut to `max` characters. */
export function labelsWidth(labels: readonly string[], max: number): number {
  return Math.min(max, Math.max(1, ...labels.map((label) => label.length))) * CHAR_WIDTH;
}

/**
 * Labels along a horizontal axis with `step` px per level: upright when the longest fits in its
 * step, otherwise rotated by 45°. `margin` is the room they need below the axis (with its title).
 */
export function horizontalTicks(
  labels: readonly string[],
  step: number,
  max: number,
): { rotate: number; margin: number } {
  const width = labelsWidth(labels, max);
  if (width <= step - 4) return { rotate: 0, margin: 42 };
  return { rotate: -45, margin: Math.ceil(width * Math.SQRT1_2 + FONT_SIZE + 30) };
}

/** A value between the bounds. */
export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
