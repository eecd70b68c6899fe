import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConnectionSettings } from '@keyfob/shared/client';
import { credentialCache as sharedCache, type CacheFiles, type CredentialCache } from '@keyfob/shared/credentials';
import type { CredentialFetch } from '@keyfob/shared/credentials';

/**
 * Files in a directory the user names: made (0700) when absent, each file written 0600 to a
 * temporary name and renamed, so a tool calling `credential_process` at the same moment reads the
 * old set or the new one, never half of one.
 */
function directoryFiles(dir: string): CacheFiles {
  return {
    read(name) {
      try {
        return readFileSync(join(dir, name), 'utf8');
      } catch {
        return undefined;
      }
    },
    write(name, text) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const temporary = join(dir, `.${name}.${randomBytes(6).toString('hex')}`);
      writeFileSync(temporary, text, { mode: 0o600 });
      chmodSync(temporary, 0o600);
      renameSync(temporary, join(dir, name));
    },
  };
}

/** The cache of one `keyfob creds` request under `dir`: one file per engine, mount and request. */
export function credentialCache(
  dir: string,
  request: CredentialFetch,
  connection: Pick<ConnectionSettings, 'url' | 'mount' | 'namespace'>,
): CredentialCache {
  const identity = {
    url: connection.url,
    mount: connection.mount,
    namespace: connection.namespace ?? '',
    role: request.role,
    method: request.method,
    params: request.params,
  };
  return sharedCache(directoryFiles(dir), request.role, identity, (text) =>
    createHash('sha256').update(text).digest('hex'),
  );
}
