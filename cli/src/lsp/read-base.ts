import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { gitBaseReader } from '@keyfob/shared/lsp';
import { SKIPPED_FOLDERS } from '../lint/collect-files.ts';

/**
 * `keyfob lsp`'s base reader (the "access changed since base" lenses): git in the folder, skipping
 * the folders the workspace walk skips.
 */
export const readBase = gitBaseReader(spawn, fileURLToPath, (path) =>
  path
    .split('/')
    .slice(0, -1)
    .some((segment) => SKIPPED_FOLDERS.has(segment)),
);
