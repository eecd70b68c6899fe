import type { Command } from '../main.ts';
import { EXIT } from '../io.ts';

/** `keyfob apply`: not built yet. */
export const applyCommand: Command = async (_argv, io) => {
  io.stderr('keyfob apply: not available yet\n');
  return Promise.resolve(EXIT.failed);
};
