// The golden receipts pin structure and numbers; their sentences for people live in one file
// (tests/js/golden/prose.json), so rewording one sentence changes one line there instead of every
// receipt that states it. A string is prose when it holds a space, except under the keys below,
// whose texts name what was released or how (a marginal, a mechanism, the seed's label): those stay
// pinned in each receipt, as they change only when the behaviour does.

/** Keys whose multi-word values are identifiers, not sentences. */
const PINNED_KEYS = new Set(['kind', 'release', 'mechanism', 'randomness', 'lpSolver', 'simplex']);

/** What a prose string becomes in a golden receipt. */
export const PROSE_MARK = '¶';

/** Every sentence, with the places (case and JSON path) that state it. */
export type ProseIndex = Record<string, string[]>;

/**
 * `value` with every prose string replaced by PROSE_MARK; each replaced sentence is added to
 * `index` under `place` (the case's name and the string's JSON path).
 */
export function withoutProse(value: unknown, caseName: string, index: ProseIndex, path = '', key = ''): unknown {
  if (typeof value === 'string') {
    if (!value.includes(' ') || PINNED_KEYS.has(key)) return value;
    (index[value] ??= []).push(`${caseName}: ${path || '.'}`);
    return PROSE_MARK;
  }
  if (Array.isArray(value)) return value.map((item, i) => withoutProse(item, caseName, index, `${path}[${i}]`, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, withoutProse(v, caseName, index, `${path}.${k}`, k)]),
    );
  }
  return value;
}

/** The index as committed: sentences sorted, each sentence's places sorted. */
export function proseIndexText(index: ProseIndex): string {
  const sorted = Object.keys(index)
    .sort()
    .map((sentence) => [sentence, [...index[sentence]].sort()]);
  return `${JSON.stringify(Object.fromEntries(sorted), null, 1)}\n`;
}
