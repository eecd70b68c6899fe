import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import type { ConnectionSettings } from '@keyfob/shared/client';
import { credentialCache as sharedCache, directoryFiles, type CredentialCache } from '@keyfob/shared/credentials';
import type { CredentialFetch } from '@keyfob/shared/credentials';

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
  // The directory the user names is made (0700) when absent.
  const files = directoryFiles(dir, fs, () => randomBytes(6).toString('hex'));
  return sharedCache(files, request.role, identity, (text) => createHash('sha256').update(text).digest('hex'));
}
