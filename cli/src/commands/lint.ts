import type { Command } from '../main.ts';
import { EXIT } from '../io.ts';

/** `keyfob lint`: not built yet. */
export const lintCommand: Command = async (_argv, io) => {
  io.stderr('keyfob lint: not available yet\n');
  return Promise.resolve(EXIT.failed);
};
