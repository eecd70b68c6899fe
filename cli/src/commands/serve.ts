import type { Command } from '../main.ts';
import { EXIT } from '../io.ts';

/** `keyfob serve`: not built yet. */
export const serveCommand: Command = async (_argv, io) => {
  io.stderr('keyfob serve: not available yet\n');
  return Promise.resolve(EXIT.failed);
};
