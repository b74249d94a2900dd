// A small seeded generator (xorshift32) for the benches' own draws (samples of column pairs, a
// bounding without noise): uniform numbers in [0, 1), the same on every machine. Never for privacy.
export function seededGenerator(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}
