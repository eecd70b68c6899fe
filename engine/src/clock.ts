/**
 * The engine clock: wall time plus an offset that only moves forward (`POST /v1/sys/dev/clock`).
 * Every expiry, rotation and STS session is measured against it, so tests can jump hours ahead
 * without waiting. The offset is part of the persisted state.
 */
export class EngineClock {
  #offsetMs: number;
  readonly #wallNow: () => number;

  /** `wallNow` is injectable for unit tests; it defaults to `Date.now`. */
  constructor(offsetMs = 0, wallNow: () => number = Date.now) {
    this.#offsetMs = offsetMs;
    this.#wallNow = wallNow;
  }

  /** Engine time in milliseconds since the epoch. */
  now(): number {
    return this.#wallNow() + this.#offsetMs;
  }

  /** Engine time as a Date. */
  date(): Date {
    return new Date(this.now());
  }

  /** How far the engine clock runs ahead of the wall clock, in milliseconds. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Moves the clock forward by `seconds` (never backwards: expiries must stay monotonic). */
  advance(seconds: number): void {
    if (!(seconds >= 0)) throw new RangeError('the engine clock only moves forward');
    this.#offsetMs += Math.round(seconds * 1000);
  }
}

/** The latest time a JavaScript Date holds (+275760-09-13). */
const MAX_DATE_MS = 8.64e15;

/**
 * ISO 8601 UTC text of an engine time in milliseconds. Never throws: a time outside what a Date
 * holds (only possible in state written before inputs were bounded) is clamped, so no stored value
 * can break a later read.
 */
export function isoTime(ms: number): string {
  const safe = Number.isFinite(ms) ? Math.max(-MAX_DATE_MS, Math.min(MAX_DATE_MS, ms)) : MAX_DATE_MS;
  return new Date(safe).toISOString();
}
