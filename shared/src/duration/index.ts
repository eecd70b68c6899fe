export { formatDuration, parseDuration } from './parse-duration.ts';
export type { DurationOptions, FormatDurationOptions, ParsedDuration } from './parse-duration.ts';
