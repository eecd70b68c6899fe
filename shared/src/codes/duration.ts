import type { CodeInfo } from './code-info.ts';

/** Problem codes of the duration area. Codes are stable: never rename one, add a new one instead. */
export const durationCodes = {
  DURATION_EMPTY: {
    severity: 'error',
    summary: 'A duration is empty; give a number with a unit such as `30m` or `1h`.',
  },
  DURATION_SYNTAX: {
    severity: 'error',
    summary: 'A duration is not a number followed by a unit (`90s`, `30m`, `1h30m`).',
  },
  DURATION_BAD_UNIT: {
    severity: 'error',
    summary: 'A duration uses a unit the engine does not accept; `h` is the largest unit (`1d` is `24h`).',
  },
  DURATION_MISSING_UNIT: {
    severity: 'error',
    summary: 'A duration string has no unit where the field requires one (`3600` should be `3600s`).',
  },
  DURATION_INTEGER_NOT_ALLOWED: {
    severity: 'error',
    summary: 'An integer was given where the field takes only a duration string with a unit.',
  },
  DURATION_NEGATIVE: { severity: 'error', summary: 'A duration is negative.' },
  DURATION_OUT_OF_RANGE: {
    severity: 'error',
    summary: "A duration is longer than the engine can hold (Go's largest duration, 2562047h47m16s, about 292 years).",
  },
  DURATION_NOT_A_DURATION: {
    severity: 'error',
    summary: 'A duration field holds a value that is neither a string nor an integer.',
  },
} as const satisfies Record<string, CodeInfo>;
