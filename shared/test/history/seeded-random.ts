// The tests' generated texts come from a fixed seed, so each run makes the same texts (a failure names one that
// stays): one linear congruential generator for every such test.

/** The generator's next 32-bit value from `seed`'s state. */
function stepper(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0);
}

/** A number in [0, 1) per call, from `seed`. */
export function seededRandom(seed: number): () => number {
  const next = stepper(seed);
  return () => next() / 2 ** 32;
}

/** A whole number in [0, n) per call (the 32-bit value modulo `n`), from `seed`. */
export function seededInts(seed: number): (n: number) => number {
  const next = stepper(seed);
  return (n) => next() % n;
}
