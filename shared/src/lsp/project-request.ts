import type { Connection } from 'vscode-languageserver';
import type { FileFacts } from '../history/index.ts';
import { EDITOR_PROJECT_LIMITS, PROJECT_LIMITS } from '../history/index.ts';
import type { HttpMethod } from '../history/data-types.ts';

/**
 * A request the server sends to a client that said (initializationOptions `projectFacts: true`) it
 * owns the API history's project facts of its workspace folders: the VS Code extension, whose host
 * reads each folder once (`WorkspaceProjectFacts`) for its own end-of-line notes and answers its
 * server (a Node process or a web worker) from that read. Params `{ folderUri }`; result the folder's
 * saved files' facts (`projectFactsToWire`), null when it has none.
 */
export const PROJECT_FACTS_METHOD = 'keyfob/projectFacts';

/** The notification that client sends once it read a folder's files (again); params `{ folderUri }`: the server asks again. */
export const PROJECT_FACTS_CHANGED = 'keyfob/projectFactsChanged';

/** One saved file's facts on the wire: its path in the folder, its models' read templates, its HTTP helpers. */
export type WireFileFacts = [path: string, models: [name: string, templates: string[]][], helpers: [string, string][]];

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies HttpMethod[]);
/** A path in a folder at most this long (as the extension's folder reader allows). */
const MAX_PATH = 1024;

/** The saved files' facts of a folder, for PROJECT_FACTS_METHOD's answer. */
export function projectFactsToWire(files: ReadonlyMap<string, FileFacts>): WireFileFacts[] {
  return [...files].map(([path, facts]) => [
    path,
    [...facts.modelPaths].map(([name, templates]) => [name, [...templates]]),
    [...(facts.helpers ?? [])],
  ]);
}

/**
 * PROJECT_FACTS_METHOD's answer read at the edge: at most the editors' files, each within the project
 * facts' bounds (names and templates of at most a signature's length, helpers' methods HTTP methods);
 * what is out of shape is left out. Undefined when the answer is not a list (the client has none).
 */
export function projectFactsFromWire(raw: unknown): Map<string, FileFacts> | undefined {
  if (!Array.isArray(raw)) return undefined;
  const text = (value: unknown, max: number): value is string =>
    typeof value === 'string' && value !== '' && value.length <= max;
  const name = (value: unknown): value is string => text(value, PROJECT_LIMITS.signature);
  const files = new Map<string, FileFacts>();
  for (const entry of raw.slice(0, EDITOR_PROJECT_LIMITS.files)) {
    if (!Array.isArray(entry)) continue;
    const [path, models, helpers] = entry as unknown[];
    if (!text(path, MAX_PATH) || !Array.isArray(models) || !Array.isArray(helpers)) continue;
    const modelPaths = new Map<string, readonly string[]>();
    for (const model of models.slice(0, PROJECT_LIMITS.perFile)) {
      const [model_, templates] = Array.isArray(model) ? (model as unknown[]) : [];
      if (name(model_) && Array.isArray(templates))
        modelPaths.set(model_, templates.slice(0, PROJECT_LIMITS.pathsPerModel).filter(name));
    }
    const helperMethods = new Map<string, HttpMethod>();
    for (const helper of helpers.slice(0, PROJECT_LIMITS.perFile)) {
      const [helper_, method] = Array.isArray(helper) ? (helper as unknown[]) : [];
      if (name(helper_) && typeof method === 'string' && METHODS.has(method))
        helperMethods.set(helper_, method as HttpMethod);
    }
    files.set(path, helperMethods.size > 0 ? { modelPaths, helpers: helperMethods } : { modelPaths });
  }
  return files;
}

/** The saved files' facts of a folder as the client read them (PROJECT_FACTS_METHOD), checked at the edge. */
export async function clientProjectFacts(
  connection: Connection,
  folderUri: string,
): Promise<Map<string, FileFacts> | undefined> {
  return projectFactsFromWire(await connection.sendRequest(PROJECT_FACTS_METHOD, { folderUri }));
}
