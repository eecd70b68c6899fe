export { formatDuration, parseDuration } from './parse-duration.ts';
