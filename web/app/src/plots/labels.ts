// Tick labels of the plots: level names can be long ("Outlying-US(Guam-USVI-etc)") and many (100
// bins), so they are shortened to a number of characters and the margins are sized from them; the
// core's names of bins are rewritten for people, and levels put in their natural order (below).
import { formatAxisNumber, needsGrouping, roundSignificant } from '../ui/format';

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
 * step; otherwise turned by 45°, or by 90° when turned by 45° they would touch; and only every
 * `every`-th when even upright they would. `margin` is the room they need below the axis (with
 * its title).
 */
export function horizontalTicks(
  labels: readonly string[],
  step: number,
  max: number,
): { rotate: number; margin: number; every: number } {
  const width = labelsWidth(labels, max);
  if (width <= step - 4) return { rotate: 0, margin: 42, every: 1 };
  if (step * Math.SQRT1_2 >= FONT_SIZE) {
    return { rotate: -45, margin: Math.ceil(width * Math.SQRT1_2 + FONT_SIZE + 30), every: 1 };
  }
  return { rotate: -90, margin: Math.ceil(width + 30), every: tickEvery(step) };
}

/** Every `every`-th of the levels, starting with the first. */
export function thinned<T>(levels: readonly T[], every: number): T[] {
  return levels.filter((_, i) => i % every === 0);
}

/** A value between the bounds. */
export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

// ---------------------------------------------------------------------------------------------
// Level names for people. The core names a column's levels (OneWayDistribution.levels): its
// categories; or its bins, "[0.2363, 58.13)" (real), "21–22" (whole numbers) or "2019-01-01–04-02"
// (a date or time column in ISO 8601, the end without the fields it shares with the start); its
// common values, "= 40"; and "missing". A column is read as numeric when at least one of its
// levels is a range and all of them parse; otherwise its levels are categories, shown as they are.

interface Numeric {
  kind: 'number';
  value: number;
}
interface Instant {
  kind: 'time';
  /** ISO 8601 as the core writes it: "2019-01", "2019-01-31", "2019-01-31T13:45Z". */
  iso: string;
}
type Point = Numeric | Instant;

/** A parsed level: a range of the column (real bins are half-open), one value, or "missing". */
type Level =
  | { kind: 'range'; start: Point; end: Point; real: boolean }
  | { kind: 'value'; value: Point; common: boolean }
  | { kind: 'missing' };

const NUMBER = String.raw`-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?`;
const REAL_BIN = new RegExp(String.raw`^\[(${NUMBER}), (${NUMBER})[)\]]$`, 'i');
const WHOLE = /^-?\d+$/;
const ISO = /^\d{4}-\d{2}(?:-\d{2}(?:T\d{2}:\d{2}(?::\d{2})?)?)?(?:Z)?$/;

function parsePoint(text: string): Point | null {
  if (WHOLE.test(text)) return { kind: 'number', value: Number(text) };
  if (ISO.test(text)) return { kind: 'time', iso: text };
  return null;
}

function parseLevel(text: string, last: boolean): Level | null {
  if (last && text === 'missing') return { kind: 'missing' };
  if (text.startsWith('= ')) {
    const value = parsePoint(text.slice(2)) ?? parseReal(text.slice(2));
    return value && { kind: 'value', value, common: true };
  }
  const real = REAL_BIN.exec(text);
  if (real) {
    const [start, end] = [Number(real[1]), Number(real[2])];
    if (!Number.isFinite(start) || !Number.isFinite(end)) return null;
    return { kind: 'range', start: { kind: 'number', value: start }, end: { kind: 'number', value: end }, real: true };
  }
  const dash = text.indexOf('–', 1);
  if (dash < 0) {
    const value = parsePoint(text);
    return value && { kind: 'value', value, common: false };
  }
  const start = parsePoint(text.slice(0, dash));
  const tail = text.slice(dash + 1);
  if (start?.kind === 'number') {
    const end = parsePoint(tail);
    return end?.kind === 'number' ? { kind: 'range', start, end, real: false } : null;
  }
  // A time range's end leaves out the start's leading fields: put them back.
  if (start?.kind !== 'time' || tail.length > start.iso.length) return null;
  const end = parsePoint(start.iso.slice(0, start.iso.length - tail.length) + tail);
  return end?.kind === 'time' ? { kind: 'range', start, end, real: false } : null;
}

function parseReal(text: string): Numeric | null {
  const value = new RegExp(`^${NUMBER}$`, 'i').test(text) ? Number(text) : NaN;
  return Number.isFinite(value) ? { kind: 'number', value } : null;
}

/** The column's levels parsed, or null when they are categories. */
function parseLevels(levels: readonly string[]): Level[] | null {
  const parsed = levels.map((level, i) => parseLevel(level, i === levels.length - 1));
  if (!parsed.some((level) => level?.kind === 'range')) return null;
  if (parsed.some((level) => level === null)) return null;
  const kinds = new Set(parsed.flatMap(points).map((point) => point.kind));
  return kinds.size === 1 ? (parsed as Level[]) : null;
}

function points(level: Level | null): Point[] {
  if (level === null || level.kind === 'missing') return [];
  return level.kind === 'range' ? [level.start, level.end] : [level.value];
}

// --- numbers ------------------------------------------------------------------------------------

/**
 * The real bins' bounds, each rounded to the fewest significant digits (at least 2) that keep it
 * nearer to itself than to the neighbouring bounds: neighbouring bins stay distinct and in order.
 */
function roundedBounds(levels: readonly Level[]): Map<number, number> {
  const bounds = [
    ...new Set(levels.flatMap((level) => (level.kind === 'range' && level.real ? points(level) : [])).map(pointValue)),
  ].sort((a, b) => a - b);
  const digits = new Map<number, number>();
  bounds.forEach((bound, i) => {
    const low = i > 0 ? (bounds[i - 1] + bound) / 2 : -Infinity;
    const high = i + 1 < bounds.length ? (bound + bounds[i + 1]) / 2 : Infinity;
    let d = 2;
    while (d < 17) {
      const rounded = roundSignificant(bound, d);
      if (rounded > low && rounded < high) break;
      ++d;
    }
    digits.set(bound, d);
  });
  return digits;
}

const pointValue = (point: Point): number => (point.kind === 'number' ? point.value : NaN);

function numberLabels(levels: readonly Level[]): string[] {
  const grouped = needsGrouping(levels.flatMap(points).map(pointValue));
  const digits = roundedBounds(levels);
  const number = (point: Point, round: boolean) =>
    formatAxisNumber(pointValue(point), grouped, round ? digits.get(pointValue(point)) : undefined);
  return levels.map((level) => {
    if (level.kind === 'missing') return 'missing';
    if (level.kind === 'value') return `${level.common ? '= ' : ''}${number(level.value, false)}`;
    return `${number(level.start, level.real)}–${number(level.end, level.real)}`;
  });
}

// --- dates and times ----------------------------------------------------------------------------

interface Civil {
  year: string;
  month: string;
  day?: string;
  /** "13:45" or "13:45:30". */
  time?: string;
}

/** The fields of an ISO 8601 text as the core writes it; a UTC column's "Z" is left out. */
function civil(iso: string): Civil {
  const [date, time] = iso.replace(/Z$/, '').split('T');
  const [year, month, day] = date.split('-');
  return { year, month, day, time };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Milliseconds since 1970 of a date and time with all its fields (read as UTC: only differences count). */
function instant(c: Civil): number {
  const [hour, minute, second] = (c.time ?? '00:00').split(':').map(Number);
  return Date.UTC(Number(c.year), Number(c.month) - 1, Number(c.day ?? 1), hour, minute, second ?? 0);
}

function civilAt(ms: number, seconds: boolean): Civil {
  const d = new Date(ms);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${seconds ? `:${pad(d.getUTCSeconds())}` : ''}`;
  return { year: pad(d.getUTCFullYear(), 4), month: pad(d.getUTCMonth() + 1), day: pad(d.getUTCDate()), time };
}

const DAY = 86_400_000;
/** The units a datetime column's bin bounds are rounded to, coarsest first. */
const TIME_UNITS = [DAY, 3_600_000, 60_000, 1_000];

const lastDayOfMonth = (c: Civil) => new Date(Date.UTC(Number(c.year), Number(c.month), 0)).getUTCDate();
const isMonthStart = (c: Civil) => c.day === undefined || c.day === '01';
const isMonthEnd = (c: Civil) => c.day === undefined || Number(c.day) === lastDayOfMonth(c);

type Precision = 'year' | 'month' | 'day' | 'time';

interface CivilRange {
  start: Civil;
  end: Civil;
  /** Whether `end` is the start of the next bin (times) rather than the bin's last step (dates). */
  exclusive: boolean;
}

/**
 * A datetime column's bins with their bounds rounded to the coarsest unit (day, hour, minute,
 * second) that keeps each bound nearer to itself than to its neighbours, as the numbers' bounds.
 * Rounded to whole days, a bin becomes a range of dates (its last day included); otherwise it runs
 * from its start to the next bin's start ("09:00–17:00").
 */
function roundedTimeRanges(ranges: readonly { start: Civil; end: Civil }[]): CivilRange[] {
  const seconds = ranges.some((r) => (r.start.time ?? '').length > 5);
  const step = seconds ? 1_000 : 60_000;
  const bins = ranges.map((r) => ({ start: instant(r.start), end: instant(r.end) + step }));
  const bounds = [...new Set(bins.flatMap((bin) => [bin.start, bin.end]))].sort((a, b) => a - b);
  const keepsOrder = (unit: number) =>
    bounds.every((bound, i) => {
      const rounded = Math.round(bound / unit) * unit;
      const low = i > 0 ? (bounds[i - 1] + bound) / 2 : -Infinity;
      const high = i + 1 < bounds.length ? (bound + bounds[i + 1]) / 2 : Infinity;
      return rounded > low && rounded < high;
    });
  const unit = TIME_UNITS.find((u) => u >= step && keepsOrder(u)) ?? step;
  const round = (ms: number) => Math.round(ms / unit) * unit;
  return bins.map((bin) => {
    if (unit !== DAY) {
      return { start: civilAt(round(bin.start), seconds), end: civilAt(round(bin.end), seconds), exclusive: true };
    }
    const [start, end] = [civilAt(round(bin.start), false), civilAt(round(bin.end) - DAY, false)];
    return { start: { ...start, time: undefined }, end: { ...end, time: undefined }, exclusive: false };
  });
}

/** The coarsest precision that writes every range exactly: whole years, whole months, days, or times. */
function timePrecision(ranges: readonly CivilRange[]): Precision {
  if (ranges.some((r) => r.start.time !== undefined)) return 'time';
  if (!ranges.every((r) => isMonthStart(r.start) && isMonthEnd(r.end))) return 'day';
  return ranges.every((r) => r.start.month === '01' && r.end.month === '12') ? 'year' : 'month';
}

function writeCivil(c: Civil, precision: Precision): string {
  if (precision === 'year') return c.year;
  if (precision === 'month' || c.day === undefined) return `${c.year}-${c.month}`;
  const date = `${c.year}-${c.month}-${c.day}`;
  return precision === 'day' || c.time === undefined ? date : `${date} ${c.time}`;
}

/**
 * A range's end without the leading fields it shares with its start: a date's year and month
 * ("2018-01-01–31", "2019-01-01–04-02"), a time's date, or its year ("2020-01-01 12:00–01-02 08:00").
 */
function writeEnd(start: Civil, end: Civil, precision: Precision): string {
  const [first, last] = [writeCivil(start, precision), writeCivil(end, precision)];
  if (precision === 'time') {
    if (writeCivil(start, 'day') === writeCivil(end, 'day')) return end.time ?? last;
    return start.year === end.year ? last.slice(5) : last;
  }
  let shared = 0;
  for (let i = 0; i < Math.min(first.length, last.length) && first[i] === last[i]; ++i) {
    if (first[i] === '-') shared = i + 1;
  }
  return last.slice(shared);
}

const pointIso = (point: Point): string => (point.kind === 'time' ? point.iso : '');

function timeLabels(levels: readonly Level[]): string[] {
  const parsed = levels.flatMap((level) =>
    level.kind === 'range' ? [{ start: civil(pointIso(level.start)), end: civil(pointIso(level.end)) }] : [],
  );
  const ranges = parsed.some((r) => r.start.time !== undefined)
    ? roundedTimeRanges(parsed)
    : parsed.map((r) => ({ ...r, exclusive: false }));
  const precision = timePrecision(ranges);
  let next = 0;
  return levels.map((level) => {
    if (level.kind === 'missing') return 'missing';
    // One value is exact: written with all its fields.
    if (level.kind === 'value') return `${level.common ? '= ' : ''}${writeCivil(civil(pointIso(level.value)), 'time')}`;
    const { start, end, exclusive } = ranges[next++];
    const first = writeCivil(start, precision);
    return first === writeCivil(end, precision) && !exclusive ? first : `${first}–${writeEnd(start, end, precision)}`;
  });
}

// --- the column's labels and order ---------------------------------------------------------------

/**
 * Short names of a column's levels, in the same order: bins with bounds rounded as far as they stay
 * distinct ("0.24–58"), thousands separators when the column has numbers ≥ 10,000, dates as
 * ISO dates (or months or years when every bin covers whole ones); categories unchanged.
 */
export function levelLabels(levels: readonly string[]): string[] {
  const parsed = parseLevels(levels);
  if (parsed === null) return [...levels];
  return parsed.some((level) => points(level).some((point) => point.kind === 'time'))
    ? timeLabels(parsed)
    : numberLabels(parsed);
}

const naturalCompare = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * The levels in the order to show them. A numeric column's bins and common values by value (so
 * "= 40" sits between "38–39" and "41–44"); categories that are all numbers by value, categories
 * listed in plain text order ("10" before "9") in natural order; other categories in the schema's
 * order. "missing" stays last.
 */
export function naturalOrder(levels: readonly string[]): string[] {
  const missing = levels.at(-1) === 'missing' ? ['missing'] : [];
  const rest = levels.slice(0, levels.length - missing.length);
  const parsed = parseLevels(levels);
  if (parsed !== null) {
    const key = (i: number) => {
      const level = parsed[i];
      const point = level.kind === 'range' ? level.start : level.kind === 'value' ? level.value : null;
      return point === null ? '' : point.kind === 'time' ? point.iso : point.value;
    };
    // Numbers by value; ISO 8601 texts of one column sort as their dates do.
    const order = rest.map((_, i) => i);
    order.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (typeof x === 'number' && typeof y === 'number') return x - y;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    return [...order.map((i) => rest[i]), ...missing];
  }
  if (rest.length > 0 && rest.every((level) => parseReal(level) !== null)) {
    return [...[...rest].sort((a, b) => Number(a) - Number(b)), ...missing];
  }
  const textOrder = rest.every((level, i) => i === 0 || rest[i - 1] <= level);
  return textOrder ? [...[...rest].sort(naturalCompare), ...missing] : [...levels];
}

/** A tick's tooltip: the short label, and the core's own name of the level when it differs. */
export function levelTitle(level: string, label: string): string {
  return label === level ? level : `${label}\n${level}`;
}

/** Show every n-th tick, so that ticks `step` px apart are at least a line of text apart. */
export function tickEvery(step: number): number {
  return Math.max(1, Math.ceil(FONT_SIZE / Math.max(step, 1)));
}

/** A column's levels on an axis: their order, short tick label and tooltip. */
export interface AxisLevels {
  /** The core's level names (the data's keys) in the order to show them. */
  domain: string[];
  /** The short label (levelLabels), cut to `max` characters when given. */
  label: (level: string, max?: number) => string;
  title: (level: string) => string;
}

export function axisLevels(levels: readonly string[]): AxisLevels {
  const labels = levelLabels(levels);
  const short = new Map(levels.map((level, i) => [level, labels[i]]));
  const label = (level: string) => short.get(level) ?? level;
  return {
    domain: naturalOrder(levels),
    label: (level, max) => (max === undefined ? label(level) : truncate(label(level), max)),
    title: (level) => levelTitle(level, label(level)),
  };
}
