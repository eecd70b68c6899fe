import picomatch from 'picomatch/posix';
import type { ServerDeps } from '@keyfob/shared/lsp';

/**
 * What the shared server needs from its host, the same in the Node process and the web worker:
 * picomatch's POSIX build matches `roleFiles.include` (the matcher `keyfob lint` uses, without
 * Node's path module, so it runs in a worker; document paths are URI paths, always `/`).
 */
export const hostDeps: ServerDeps = {
  compileGlob: (glob) => picomatch(glob, { dot: true }),
  now: () => new Date(),
  randomInt: (max) => Math.floor(Math.random() * max),
  schedule: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};
