import type { Command } from '../main.ts';
import { EXIT } from '../io.ts';

/** `keyfob creds`: not built yet. */
export const credsCommand: Command = async (_argv, io) => {
  io.stderr('keyfob creds: not available yet\n');
  return Promise.resolve(EXIT.failed);
};
