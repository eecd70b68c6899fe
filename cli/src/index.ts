export { main } from './main.ts';
export type { Command } from './main.ts';
export { EXIT, UsageError, processIo } from './io.ts';
export type { CliIo } from './io.ts';
