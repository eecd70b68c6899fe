import type { Command } from '../main.ts';
import { EXIT } from '../io.ts';

/** `keyfob history`: not built yet. */
export const historyCommand: Command = async (_argv, io) => {
  io.stderr('keyfob history: not available yet\n');
  return Promise.resolve(EXIT.failed);
};
