import type { CacheFiles } from './credential-process.ts';

/** The file-system calls `directoryFiles` makes (shared code has none): Node's `node:fs` has them all. */
export interface SyncFileSystem {
  readFileSync(path: string, encoding: 'utf8'): string;
  writeFileSync(path: string, text: string, options: { mode: number }): void;
  chmodSync(path: string, mode: number): void;
  renameSync(from: string, to: string): void;
  mkdirSync(path: string, options: { recursive: true; mode: number }): unknown;
}

/**
 * Files in one directory (made 0700 when absent): each written 0600 under a temporary name
 * (`randomHex` tells concurrent writers apart) and renamed, so a tool reading it at the same moment
 * (`credential_process`, the AWS CLI reading a profile) sees the old text or the new, never half of one.
 */
export function directoryFiles(dir: string, fs: SyncFileSystem, randomHex: () => string): CacheFiles {
  return {
    read(name) {
      try {
        return fs.readFileSync(`${dir}/${name}`, 'utf8');
      } catch {
        return undefined;
      }
    },
    write(name, text) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      const temporary = `${dir}/.${name}.${randomHex()}`;
      fs.writeFileSync(temporary, text, { mode: 0o600 });
      fs.chmodSync(temporary, 0o600);
      fs.renameSync(temporary, `${dir}/${name}`);
    },
  };
}
