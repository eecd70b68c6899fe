import type { Connection } from 'vscode-languageserver';
import type { ProjectFs } from '../history/index.ts';
import { PROJECT_FILE_RULES } from '../history/index.ts';

/**
 * A request the server sends to a client that said (initializationOptions `projectFiles: true`) it
 * reads workspace folders for the API history's project facts: the VS Code extension, whose server
 * may run in a web worker. Params `{ folderUri, op, path }` (op `readDirectory`, `stat` or `readFile`,
 * path relative to the folder); result `[name, kind][]`, `{ size, mtime }` or base64 text; null when
 * it cannot be read.
 */
export const PROJECT_FS_METHOD = 'keyfob/projectFs';

/** Entries kept at most from one directory listing. */
const MAX_ENTRIES = 10_000;
const KINDS = new Set(['file', 'directory', 'other']);

/** A folder read through the client (PROJECT_FS_METHOD), its answers checked at the edge. */
export function clientProjectFs(connection: Connection, folderUri: string): ProjectFs {
  const ask = (op: string, path: string): Promise<unknown> =>
    connection.sendRequest(PROJECT_FS_METHOD, { folderUri, op, path });
  return {
    readDirectory: async (path) => {
      const raw = await ask('readDirectory', path);
      if (!Array.isArray(raw)) return [];
      return raw.slice(0, MAX_ENTRIES).flatMap((entry: unknown) => {
        if (!Array.isArray(entry)) return [];
        const [name, kind] = entry as unknown[];
        return typeof name === 'string' && name !== '' && !/[/\\]|^\.\.?$/.test(name) && KINDS.has(kind as string)
          ? [[name, kind as 'file' | 'directory' | 'other'] as const]
          : [];
      });
    },
    stat: async (path) => {
      const { size, mtime } = ((await ask('stat', path)) ?? {}) as Record<string, unknown>;
      return typeof size === 'number' && typeof mtime === 'number' && size >= 0 ? { size, mtime } : undefined;
    },
    readFile: async (path) => {
      const raw = await ask('readFile', path);
      // Base64 of at most the walk's largest file.
      if (typeof raw !== 'string' || raw.length > (PROJECT_FILE_RULES.maxFileBytes / 3) * 4 + 4) return undefined;
      const binary = atob(raw);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return bytes;
    },
  };
}
