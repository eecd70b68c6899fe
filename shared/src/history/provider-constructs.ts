import { providerSdkMatch } from './block-labels.ts';
import { matchingClose } from './brackets.ts';
import { profileFor } from './language-profile.ts';
import type { Lines } from './lines.ts';
import type { Match } from './match-types.ts';
import { providerArgument, providerTypeResource, providerTypes } from './sdk-names.ts';
import { LinePlaces } from './source-text.ts';
import type { HistoryIndex, HistorySubject } from './types.ts';

/** CDK for Terraform's packages of the API's provider: TypeScript's and Python's (whose modules start so). */
const TS_PACKAGE = '@cdktf/provider-tfe';
const PY_PACKAGE = 'cdktf_cdktf_provider_tfe';
const JS_LIKE = new Set(['typescript', 'javascript', 'typescriptreact', 'javascriptreact']);
/** How far a construct's call is read for its closing parenthesis. */
const MAX_CALL = 8_000;

const classCache = new WeakMap<HistoryIndex, ReadonlyMap<string, string>>();

/**
 * The provider's types by the class CDK for Terraform generates for each (`Workspace` for `tfe_workspace`,
 * `DataTfeWorkspace` for its data source), from the provider mapping's types.
 */
function classTypes(index: HistoryIndex): ReadonlyMap<string, string> {
  let classes = classCache.get(index);
  if (!classes) {
    const map = new Map<string, string>();
    for (const type of providerTypes(index)) {
      const pascal = type.split('_').map((w) => (w === '' ? '' : `${w[0]?.toUpperCase() ?? ''}${w.slice(1)}`));
      map.set(pascal.slice(1).join(''), type);
      map.set(`Data${pascal.join('')}`, type);
    }
    classCache.set(index, (classes = map));
  }
  return classes;
}

/**
 * The API's provider through CDK for Terraform, by the same mapping as its HCL blocks (`block-labels.ts`): a construct of
 * one of its types (`new tfe.workspace.Workspace(this, "ws", { projectId, tagNames })` in TypeScript from
 * `@cdktf/provider-tfe`, `Workspace(self, "ws", project_id=…)` in Python from `cdktf_cdktf_provider_tfe`) is a use of
 * the resource the type manages, and each argument of its configuration the provider's schema maps (camelCase in
 * TypeScript, the schema's own snake_case in Python) a use of its attribute. Only in a file that imports the package,
 * and only a class reached through what it imports from there (another provider's `Workspace` says nothing).
 */
export function providerConstructMatches(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  languageId: string | undefined,
): Match[] {
  const python = languageId === 'python';
  const out: Match[] = [];
  if (!(python || JS_LIKE.has(languageId ?? '')) || !lines.markers.has(python ? PY_PACKAGE : TS_PACKAGE)) return out;
  const imported = python ? pythonImports(text) : tsImports(text);
  if (imported.size === 0) return out;
  const classes = classTypes(index);
  const places = new LinePlaces(text, profileFor({ languageId }), lines);
  const push = (start: number, end: number, subject: HistorySubject, name: string): void => {
    out.push(providerSdkMatch(text, lines, start, end, subject, name));
  };
  const call = python
    ? /(?<![\w.])((?:[A-Za-z_]\w*\.)*)([A-Z]\w*)[ \t]*\(/g
    : /\bnew[ \t]+((?:[A-Za-z_$][\w$]*\.)*)([A-Z][\w$]*)[ \t]*\(/g;
  for (let m = call.exec(text); m !== null; m = call.exec(text)) {
    const cls = m[2] ?? '';
    const first = (m[1] ?? '').split('.')[0] ?? '';
    // A class imported by name (perhaps under another: `Workspace as TfeWorkspace`), or reached through a module.
    const type =
      first === '' ? classes.get(imported.get(cls) ?? '') : imported.has(first) ? classes.get(cls) : undefined;
    if (type === undefined) continue;
    const start = m.index + m[0].lastIndexOf(cls);
    const place = places.at(start);
    if (place.inComment || place.stringStart !== -1) continue;
    const resource = providerTypeResource(index, type);
    const subject = resource === undefined ? undefined : index.byId.get(`resource - ${resource}`);
    if (subject) push(start, start + cls.length, subject, type);
    const open = m.index + m[0].length - 1;
    const close = matchingClose(text, open, MAX_CALL);
    if (close === -1) continue;
    for (const { at, key } of callKeys(text, open, close, python)) {
      const name = providerArgument(index, type, python ? key : snakeCase(key));
      if (name) push(at, at + key.length, name.subject, name.name);
    }
  }
  return out;
}

/** `tagNames` → `tag_names`, `remoteStateConsumerIds` → `remote_state_consumer_ids`. */
function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * The keys given at the call's own level: Python's keywords (`project_id=…`), or the keys of the configuration object
 * TypeScript passes (`{ projectId: …, tagNames: […] }`, the object at the call's level). Strings are stepped over.
 */
function callKeys(text: string, open: number, close: number, python: boolean): { at: number; key: string }[] {
  const out: { at: number; key: string }[] = [];
  // Python: the call's own level (depth 1); TypeScript: inside an object at the call's level (depth 2, in a `{`).
  const want = python ? 1 : 2;
  const stack: number[] = [];
  const key = python ? /([A-Za-z_]\w*)[ \t]*=(?!=)/y : /([A-Za-z_$][\w$]*)[ \t]*:/y;
  let expectKey = false;
  for (let i = open; i < close; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39 || c === 96) {
      const end = text.indexOf(String.fromCharCode(c), i + 1);
      i = end === -1 ? close : end;
      continue;
    }
    if (c === 40 || c === 91 || c === 123) {
      stack.push(c);
      expectKey = true;
    } else if (c === 41 || c === 93 || c === 125) stack.pop();
    else if (c === 44) expectKey = true;
    else if (expectKey && c !== 32 && c !== 9 && c !== 10 && c !== 13) {
      expectKey = false;
      const inObject = python || stack[stack.length - 1] === 123;
      if (stack.length === want && inObject) {
        key.lastIndex = i;
        const k = key.exec(text);
        if (k !== null) out.push({ at: i, key: k[1] ?? '' });
      }
    }
  }
  return out;
}

/**
 * The names a TypeScript file binds to the package or its modules (`import * as tfe`, `{ Workspace, workspace as ws }`,
 * `require`), each with the name it has there (`{ Workspace as TfeWorkspace }`: TfeWorkspace → Workspace).
 */
function tsImports(text: string): Map<string, string> {
  const names = new Map<string, string>();
  const pattern =
    /import\s+(?:\*\s+as\s+([\w$]+)|\{([^}]*)\}|([\w$]+))\s+from\s+['"]@cdktf\/provider-tfe[^'"]*['"]|(?:const|let|var)\s+(?:([\w$]+)|\{([^}]*)\})\s*=\s*require\(\s*['"]@cdktf\/provider-tfe[^'"]*['"]\s*\)/g;
  for (const m of text.matchAll(pattern)) {
    for (const single of [m[1], m[3], m[4]]) if (single) names.set(single, single);
    for (const list of [m[2], m[5]])
      for (const part of (list ?? '').split(',')) {
        const name = /^([\w$]+)(?:\s+as\s+|\s*:\s*)?([\w$]+)?$/.exec(part.trim());
        if (name?.[1]) names.set(name[2] ?? name[1], name[1]);
      }
  }
  return names;
}

/**
 * The names a Python file binds to the package or its modules (`import cdktf_cdktf_provider_tfe as tfe`, `from … import
 * Workspace`), each with the name it has there (`Workspace as TfeWorkspace`: TfeWorkspace → Workspace).
 */
function pythonImports(text: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of text.matchAll(
    /^[ \t]*(?:import[ \t]+cdktf_cdktf_provider_tfe(?:\.\w+)*(?:[ \t]+as[ \t]+(\w+))?|from[ \t]+cdktf_cdktf_provider_tfe(?:\.\w+)*[ \t]+import[ \t]+(?:\(([^)]*)\)|([\w ,\t]+)))/gm,
  )) {
    if (m[0].trimStart().startsWith('import')) names.set(m[1] ?? PY_PACKAGE, PY_PACKAGE);
    for (const part of (m[2] ?? m[3] ?? '').split(',')) {
      const name = /^(\w+)(?:\s+as\s+(\w+))?$/.exec(part.trim());
      if (name?.[1]) names.set(name[2] ?? name[1], name[1]);
    }
  }
  return names;
}
