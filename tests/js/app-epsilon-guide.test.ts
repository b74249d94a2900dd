// ε in plain words on the page (web/app/src/panels/epsilon-guide.tsx): exact words for each range.
import { describe, expect, it } from 'vitest';

import { oddsFactor, protectionOf } from '../../web/app/src/panels/epsilon-guide';

describe('ε in plain words', () => {
  it('names the protection of each range of ε', () => {
    expect(protectionOf(0.1).level).toBe('Strong protection');
    expect(protectionOf(0.5).level).toBe('Strong protection');
    expect(protectionOf(1).level).toBe('Good protection');
    expect(protectionOf(2).level).toBe('Good protection');
    expect(protectionOf(4).level).toBe('Moderate protection');
    expect(protectionOf(10).level).toBe('Weak protection');
    expect(protectionOf(11).level).toBe('Almost no protection');
  });

  it('states e^ε, the most one person changes the chance of any result', () => {
    expect(oddsFactor(1)).toBe('2.72 times');
    expect(oddsFactor(0.1)).toBe('1.11 times');
    expect(oddsFactor(5)).toBe('148 times');
    expect(oddsFactor(1e9)).toBe('more than a million times');
  });
});
