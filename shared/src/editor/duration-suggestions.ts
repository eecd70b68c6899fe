import { formatDuration } from '../duration/index.ts';

/** A duration worth suggesting, with its meaning in seconds. */
export interface DurationSuggestion {
  readonly text: string;
  readonly seconds: number;
  /** "3600 s, read back as 1h0m0s". */
  readonly detail: string;
}

// Common lifetimes: short CI jobs, an hour (the engine's default ttl), a working day, a day.
// `h` is the largest unit the engine accepts, so a day is 24h, never 1d (seed 1, conventions).
const COMMON: readonly number[] = [900, 1800, 3600, 7200, 14400, 43200, 86400];
// Rotation periods are longer-lived: a day, a week, thirty days, ninety days.
const ROTATION: readonly number[] = [3600, 86400, 604800, 2592000, 7776000];

/** Durations to offer for a field: rotation periods for `rotation_period`, lifetimes otherwise. */
export function durationSuggestions(field: string): DurationSuggestion[] {
  const choices = field === 'rotation_period' ? ROTATION : COMMON;
  return choices.map((seconds) => {
    const text = formatDuration(seconds, { compact: true });
    return { text, seconds, detail: `${seconds} s, read back as ${formatDuration(seconds)}` };
  });
}
