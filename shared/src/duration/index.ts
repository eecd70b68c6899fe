export { formatDuration, MAX_DURATION_SECONDS, parseDuration } from './parse-duration.ts';
export type { DurationOptions, FormatDurationOptions, ParsedDuration } from './parse-duration.ts';
