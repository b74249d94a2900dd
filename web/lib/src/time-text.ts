// Date and time cells written from their steps (docs/schema.md, "Dates and times"): the core reads
// a date or date-time cell as whole steps of its column's granularity since 1970-01-01T00:00
// (core/src/data/time_text.cpp) and returns synthetic values in those steps; they are written here
// in the column's format with the same pattern rules, ISO 8601 by default.
import type { DateColumn, DateTimeColumn, TimeGranularity } from './generated/contract-types.js';

type Part = 'YYYY' | 'MM' | 'DD' | 'HH' | 'mm' | 'ss';
const TOKENS: Part[] = ['YYYY', 'MM', 'DD', 'HH', 'mm', 'ss'];
const SECONDS_PER_STEP: Partial<Record<TimeGranularity, number>> = { day: 86_400, hour: 3_600, minute: 60, second: 1 };

/** A pattern as its parts and literal texts, in order (the core's pattern_pieces). */
function patternPieces(pattern: string): Array<{ part: Part } | { literal: string }> {
  const pieces: Array<{ part: Part } | { literal: string }> = [];
  for (let at = 0; at < pattern.length;) {
    const token = TOKENS.find((candidate) => pattern.startsWith(candidate, at));
    if (token) {
      pieces.push({ part: token });
      at += token.length;
      continue;
    }
    const last = pieces.at(-1);
    if (last && 'literal' in last) last.literal += pattern[at];
    else pieces.push({ literal: pattern[at] });
    at += 1;
  }
  return pieces;
}

function isoPattern(column: DateColumn | DateTimeColumn): string {
  if (column.type === 'date') {
    const granularity = column.granularity ?? 'day';
    return granularity === 'year' ? 'YYYY' : granularity === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  }
  const pattern = (column.granularity ?? 'second') === 'second' ? 'YYYY-MM-DDTHH:mm:ss' : 'YYYY-MM-DDTHH:mm';
  return column.timezone === 'utc' ? `${pattern}Z` : pattern;
}

/** The parts of a step as a UTC calendar date and time. */
function partsOf(steps: number, granularity: TimeGranularity): Record<Part, number> {
  const whole = Math.floor(steps);
  if (granularity === 'year' || granularity === 'month') {
    const months = granularity === 'year' ? whole * 12 : whole;
    return { YYYY: 1970 + Math.floor(months / 12), MM: (((months % 12) + 12) % 12) + 1, DD: 1, HH: 0, mm: 0, ss: 0 };
  }
  const date = new Date(whole * SECONDS_PER_STEP[granularity]! * 1000);
  return {
    YYYY: date.getUTCFullYear(),
    MM: date.getUTCMonth() + 1,
    DD: date.getUTCDate(),
    HH: date.getUTCHours(),
    mm: date.getUTCMinutes(),
    ss: date.getUTCSeconds(),
  };
}

/** A value in whole steps since 1970-01-01T00:00 (floored) as the column writes it. */
export function formatTimeSteps(steps: number, column: DateColumn | DateTimeColumn): string {
  const granularity = column.granularity ?? (column.type === 'date' ? 'day' : 'second');
  const parts = partsOf(steps, granularity);
  return patternPieces(column.format ?? isoPattern(column))
    .map((piece) =>
      'literal' in piece ? piece.literal : String(parts[piece.part]).padStart(piece.part === 'YYYY' ? 4 : 2, '0'),
    )
    .join('');
}
