import type { Problem } from '../problem.ts';

/** Seconds per unit the engine accepts (Go's `time.ParseDuration` units; `h` is the largest). */
const UNIT_SECONDS: Readonly<Record<string, number>> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  μs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/**
 * The longest duration the engine can hold, in seconds: Go's `time.Duration` is an int64 of
 * nanoseconds, so anything longer fails to parse there (`time: invalid duration`).
 */
const MAX_DURATION_SECONDS = 9_223_372_036;

/** Units people write that the engine refuses, with the seconds they mean (for the suggested fix). */
const FOREIGN_UNIT_SECONDS: Readonly<Record<string, number>> = { d: 86400, w: 604800, y: 31536000 };

/** How a field takes durations. */
export interface DurationOptions {
  /** The field accepts an integer number of seconds (`rotation_period`, `identity_token_ttl`). */
  readonly allowInteger?: boolean;
  /**
   * Whole days (`7d`) are accepted, as the real engine's duration-second parser takes them
   * (`rotation_period`). Seed 1's "h is the largest unit" is about the lease parameters, which
   * leave this off.
   */
  readonly allowDays?: boolean;
  /** A string must carry a unit (`lease`, `ttl`); otherwise a digits-only string counts as seconds. */
  readonly requireUnit?: boolean;
  /** JSON Pointer of the field, copied into problems. */
  readonly path?: string;
  /** Field name used in messages; defaults to the last segment of `path`. */
  readonly field?: string;
}

/** The outcome of parsing one duration: seconds (possibly fractional) or the problems. */
export interface ParsedDuration {
  readonly seconds: number | undefined;
  readonly problems: readonly Problem[];
}

/**
 * Parses a duration the way the engine does: a Go duration string (`90s`, `30m`, `1h30m`,
 * `1.5h`), or, where the field allows it, an integer number of seconds.
 *
 * Codes: `DURATION_EMPTY`, `DURATION_SYNTAX`, `DURATION_BAD_UNIT` (with `data.replacement`, e.g.
 * `24h` for `1d`), `DURATION_MISSING_UNIT` (with `data.replacement`), `DURATION_INTEGER_NOT_ALLOWED`,
 * `DURATION_NEGATIVE`, `DURATION_NOT_A_DURATION`, `DURATION_OUT_OF_RANGE` (past `MAX_DURATION_SECONDS`).
 *
 * @example parseDuration('1h30m').seconds // 5400
 */
export function parseDuration(input: unknown, options: DurationOptions = {}): ParsedDuration {
  const parsed = parseUnbounded(input, options);
  if (parsed.seconds === undefined || parsed.seconds <= MAX_DURATION_SECONDS) return parsed;
  const path = options.path ?? '';
  const field = options.field ?? (path.split('/').pop() || 'duration');
  const shown =
    typeof input === 'string' ? JSON.stringify(input.length > 40 ? `${input.slice(0, 37)}...` : input) : String(input);
  return {
    seconds: undefined,
    problems: [
      {
        code: 'DURATION_OUT_OF_RANGE',
        severity: 'error',
        message: `${field} ${shown} is out of range: the longest duration the engine holds is ${formatDuration(MAX_DURATION_SECONDS)} (about 292 years).`,
        path,
        target: 'value',
      },
    ],
  };
}

function parseUnbounded(input: unknown, options: DurationOptions): ParsedDuration {
  const path = options.path ?? '';
  const field = options.field ?? (path.split('/').pop() || 'duration');
  const fail = (code: Problem['code'], message: string, data?: Record<string, unknown>): ParsedDuration => ({
    seconds: undefined,
    problems: [{ code, severity: 'error', message, path, target: 'value', ...(data ? { data } : {}) }],
  });

  if (typeof input === 'number') {
    if (!options.allowInteger) {
      return fail(
        'DURATION_INTEGER_NOT_ALLOWED',
        `${field} must be a duration string with a unit, such as "${input}s".`,
        {
          replacement: `${input}s`,
        },
      );
    }
    if (!Number.isInteger(input))
      return fail('DURATION_SYNTAX', `${field} must be a whole number of seconds, not ${input}.`);
    if (input < 0) return fail('DURATION_NEGATIVE', `${field} must not be negative (got ${input}).`);
    return { seconds: input, problems: [] };
  }
  if (typeof input !== 'string') {
    return fail('DURATION_NOT_A_DURATION', `${field} must be a duration such as "1h" or "30m".`);
  }
  const text = input.trim();
  if (text === '') return fail('DURATION_EMPTY', `${field} is empty; give a duration such as "1h".`);
  if (/^[0-9]+$/.test(text)) {
    if (options.requireUnit) {
      return fail('DURATION_MISSING_UNIT', `${field} "${text}" has no unit; write "${text}s" for seconds.`, {
        replacement: `${text}s`,
      });
    }
    return { seconds: Number(text), problems: [] };
  }
  // Only a whole number of days alone, as the real parser reads a trailing `d` (`1d12h` is no duration there).
  if (options.allowDays && /^[0-9]+d$/.test(text)) return { seconds: Number(text.slice(0, -1)) * 86400, problems: [] };
  return parseGoDuration(text, field, fail);
}

type Fail = (code: Problem['code'], message: string, data?: Record<string, unknown>) => ParsedDuration;

/** Go's duration grammar: [-+]? (number unit)+, scanned in one pass without regular expressions. */
function parseGoDuration(text: string, field: string, fail: Fail): ParsedDuration {
  let i = 0;
  let negative = false;
  if (text[0] === '-' || text[0] === '+') {
    negative = text[0] === '-';
    i = 1;
  }
  if (i >= text.length)
    return fail('DURATION_SYNTAX', `${field} "${text}" is not a duration; write e.g. "30m" or "1h30m".`);
  let total = 0;
  let foreign = 0;
  let foreignUnit = '';
  while (i < text.length) {
    const numberStart = i;
    while (i < text.length && isDigitOrDot(text.charCodeAt(i))) i++;
    const digits = text.slice(numberStart, i);
    if (digits === '' || digits === '.' || digits.split('.').length > 2) {
      return fail('DURATION_SYNTAX', `${field} "${text}" is not a duration; write e.g. "30m" or "1h30m".`);
    }
    const unitStart = i;
    while (i < text.length && !isDigitOrDot(text.charCodeAt(i))) i++;
    const unit = text.slice(unitStart, i);
    const value = Number(digits);
    if (unit === '') {
      return fail('DURATION_MISSING_UNIT', `${field} "${text}" ends without a unit; add one such as "s", "m" or "h".`, {
        replacement: `${text}s`,
      });
    }
    const perUnit = UNIT_SECONDS[unit];
    if (perUnit !== undefined) {
      total += value * perUnit;
      continue;
    }
    const foreignPerUnit = FOREIGN_UNIT_SECONDS[unit.toLowerCase()];
    if (foreignPerUnit === undefined) {
      return fail(
        'DURATION_BAD_UNIT',
        `${field} "${text}" uses the unknown unit "${unit}"; use s, m or h (h is the largest).`,
      );
    }
    foreign += value * foreignPerUnit;
    foreignUnit ||= unit;
  }
  if (foreignUnit !== '') {
    const replacement = formatDuration(total + foreign, { compact: true });
    return fail(
      'DURATION_BAD_UNIT',
      `${field} "${text}" uses "${foreignUnit}", but h is the largest unit; write "${replacement}".`,
      { replacement },
    );
  }
  if (negative && total !== 0) return fail('DURATION_NEGATIVE', `${field} "${text}" is negative.`);
  return { seconds: total, problems: [] };
}

function isDigitOrDot(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 46;
}

/** Options for `formatDuration`. */
export interface FormatDurationOptions {
  /** Drop zero components (`24h` instead of `24h0m0s`), for suggestions people write. */
  readonly compact?: boolean;
}

/**
 * Formats seconds the way the engine reads durations back (Go's `Duration.String()`):
 * `1800` → `30m0s`, `43200` → `12h0m0s`, `90` → `1m30s`, `45` → `45s`, `0` → `0s`, `0.5` → `500ms`.
 */
export function formatDuration(seconds: number, options: FormatDurationOptions = {}): string {
  if (seconds === 0) return '0s';
  const sign = seconds < 0 ? '-' : '';
  const abs = Math.abs(seconds);
  if (abs < 1) return sign + formatSubSecond(abs);
  const hours = Math.floor(abs / 3600);
  const minutes = Math.floor((abs - hours * 3600) / 60);
  const rest = round9(abs - hours * 3600 - minutes * 60);
  const secondsText = `${trimFraction(rest)}s`;
  if (options.compact) {
    const parts = [hours ? `${hours}h` : '', minutes ? `${minutes}m` : '', rest ? secondsText : ''];
    return sign + parts.join('');
  }
  if (hours > 0) return `${sign}${hours}h${minutes}m${secondsText}`;
  if (minutes > 0) return `${sign}${minutes}m${secondsText}`;
  return sign + secondsText;
}

function formatSubSecond(abs: number): string {
  const ns = Math.round(abs * 1e9);
  if (ns < 1000) return `${ns}ns`;
  if (ns < 1e6) return `${trimFraction(ns / 1e3)}µs`;
  return `${trimFraction(ns / 1e6)}ms`;
}

function round9(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

function trimFraction(value: number): string {
  return String(round9(value));
}
