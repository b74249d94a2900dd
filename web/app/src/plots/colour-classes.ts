// Colour classes of the heatmaps. Plot draws the legend of a continuous colour scale as a data:
// image, and the page makes no request of any kind after load (not even for data: URLs), so the
// heatmaps use threshold scales at round values: their legends are drawn as rectangles.

/** A round step (1, 2 or 5 times a power of ten) that cuts `span` into about `count` parts. */
export function roundStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const mantissa = raw / power;
  return (mantissa <= 1 ? 1 : mantissa <= 2 ? 2 : mantissa <= 5 ? 5 : 10) * power;
}

/** Thresholds step, 2·step, ... below `largest`: 4 to 10 classes from 0 (most shares are small, so rather many). */
export function shareThresholds(largest: number): number[] {
  const step = roundStep(Math.max(largest, 1e-9), 9);
  const thresholds: number[] = [];
  for (let k = 1; k * step < largest; k += 1) thresholds.push(k * step);
  return thresholds.length ? thresholds : [step];
}

/**
 * Thresholds symmetric about 0 that leave a middle class [−step/2, step/2] around 0, so that the
 * diverging scheme's neutral colour means "no difference": at most 9 classes.
 */
export function differenceThresholds(largest: number): number[] {
  const step = roundStep(Math.max(largest, 1e-9), 4);
  const upper: number[] = [];
  for (let k = 1; upper.length === 0 || (k - 0.5) * step < largest; k += 1) upper.push((k - 0.5) * step);
  return [...upper.map((t) => -t).reverse(), ...upper];
}
