import { DEFAULT_MOUNTS, ENGINE_PATHS, fillEnginePath } from '../access/index.ts';
import type { DocumentFormat } from '../documents/types.ts';
import {
  CAPABILITY_MEANINGS,
  OFFERED_CAPABILITIES,
  policyDocsUrl,
  RULE_KEY_DOCS,
  type RuleKeyDoc,
} from '../policies/index.ts';
import type { CompletionEntry } from './completion-entry.ts';
import type { CursorContext } from './cursor-context.ts';
import { hclContextAt } from './hcl-context.ts';
import { jsonContextAt } from './json-context.ts';

/** What policy completion knows beyond the text: the mounts, and role names from the workspace. */
export interface PolicyCompletionOptions {
  readonly format: DocumentFormat;
  /** The secrets engine's and the JWT auth method's mounts (default `cloud`, `jwt`). */
  readonly mounts?: { readonly mount: string; readonly jwtMount: string };
  /** Names to offer in paths beside the `{name}` placeholder (credential roles, static roles, JWT roles). */
  readonly names?: {
    readonly roles: readonly string[];
    readonly staticRoles: readonly string[];
    readonly jwtRoles: readonly string[];
  };
}

/**
 * Completions at an offset of an ACL policy, HCL or its JSON form, on text that may not parse:
 * a `path` block at the top, the engine's request paths (ENGINE_PATHS, filled with the mounts)
 * as a block's path, the block keys the engine acts on inside a block, and capabilities (each with
 * its meaning) inside `capabilities = [...]`.
 *
 * @example policyCompletionsAt('path "cloud/creds/x" {\n  capabilities = [""]\n}', 40, { format: 'hcl' }).map((e) => e.label) // ["create", "read", ...]
 */
export function policyCompletionsAt(text: string, offset: number, options: PolicyCompletionOptions): CompletionEntry[] {
  const context = options.format === 'json' ? jsonContextAt(text, offset) : hclContextAt(text, offset);
  if (!context)
    return options.format === 'json' && text.trim() === ''
      ? [pathBlock('json', 0, { start: 0, end: text.length })]
      : [];
  const [top, rule, key] = context.path;
  if (context.part === 'key') {
    if (top === undefined)
      return context.siblings.has('path') && options.format === 'json'
        ? []
        : [pathBlock(options.format, context.indent, context.replace)];
    if (top === 'path' && rule === undefined) return enginePaths(context, options);
    if (top === 'path' && key === undefined) return blockKeys(context, options.format);
    return [];
  }
  if (top === 'path' && rule !== undefined && context.key === 'capabilities' && key === undefined)
    return capabilities(context);
  return [];
}

function pathBlock(format: DocumentFormat, indent: number, replace: CursorContext['replace']): CompletionEntry {
  const pad = ' '.repeat(indent);
  const insertText =
    format === 'json'
      ? `"path": {\n${pad}  "\${1:cloud/creds/name}": { "capabilities": [\${2:"read"}] }\n${pad}}`
      : `path "\${1:cloud/creds/name}" {\n${pad}  capabilities = [\${2:"read"}]\n${pad}}`;
  return {
    label: 'path',
    kind: 'snippet',
    detail: 'a path rule',
    documentation: 'A rule: the capabilities it grants on an engine path (exact, `*` suffix glob, `+` one segment).',
    insertText,
    snippet: true,
    replace,
    sortText: '0path',
  };
}

function enginePaths(context: CursorContext, options: PolicyCompletionOptions): CompletionEntry[] {
  const mounts = options.mounts ?? DEFAULT_MOUNTS;
  const entries: CompletionEntry[] = [];
  for (const [index, row] of ENGINE_PATHS.entries()) {
    if (row.open) continue;
    const label = fillEnginePath(row.template, mounts, (v) => `{${v}}`);
    const snippet = fillEnginePath(row.template, mounts, (v) => `\${1:${v}}`);
    const documentation = `${row.meaning}.\n\nCapabilities: ${row.capabilities.join(', ')}${row.sudo ? ', and sudo' : ''}.`;
    const entry = (shown: string, body: string, sort: string): CompletionEntry => ({
      label: shown,
      kind: 'value',
      detail: row.meaning,
      documentation,
      insertText: pathInsert(body, context, options.format),
      snippet: true,
      replace: context.replace,
      ...(context.quoted ? { filterText: JSON.stringify(shown) } : {}),
      sortText: sort,
    });
    entries.push(entry(label, snippet, `1${String(index).padStart(3, '0')}`));
    for (const name of namesFor(row.template, options.names))
      entries.push(entry(label.replace('{name}', name), snippet.replace('${1:name}', name), `2${label}${name}`));
  }
  return entries;
}

/** The path as inserted: quoted, and in a key position of the JSON form, with its rule object. */
function pathInsert(body: string, context: CursorContext, format: DocumentFormat): string {
  const quoted = `"${body}"`;
  if (format !== 'json') return quoted;
  return `${quoted}: { "capabilities": [\${2:"read"}] }${context.needsComma ? ',' : ''}`;
}

function namesFor(template: string, names: PolicyCompletionOptions['names']): readonly string[] {
  if (!names || !template.endsWith('{name}')) return [];
  if (template.startsWith('auth/')) return template.includes('/role/') ? names.jwtRoles : [];
  if (/\/(?:creds|sts|roles)\/\{name\}$/.test(template)) return names.roles.filter((n) => n !== '*');
  if (/\/(?:static-creds|static-roles|rotate-role)\/\{name\}$/.test(template))
    return names.staticRoles.filter((n) => n !== '*');
  return [];
}

function blockKeys(context: CursorContext, format: DocumentFormat): CompletionEntry[] {
  return RULE_KEY_DOCS.filter((doc) => doc.offered && !context.siblings.has(doc.key)).map((doc, index) => ({
    label: doc.key,
    kind: 'field',
    detail: doc.value,
    documentation: `${doc.meaning}\n\n[Policy language](${policyDocsUrl({ key: doc.key })})`,
    insertText: format === 'json' ? jsonMember(doc, context) : hclMember(doc, context.indent),
    snippet: true,
    replace: context.replace,
    ...(format === 'json' ? { filterText: JSON.stringify(doc.key) } : {}),
    sortText: `${index}`,
    retrigger: doc.key === 'capabilities',
  }));
}

function hclMember(doc: RuleKeyDoc, indent: number): string {
  const pad = ' '.repeat(indent);
  switch (doc.key) {
    case 'capabilities':
      return 'capabilities = [$1]';
    case 'allowed_parameters':
    case 'denied_parameters':
      return `${doc.key} = {\n${pad}  "\${1:name}" = [$2]\n${pad}}`;
    case 'required_parameters':
      return `${doc.key} = ["$1"]`;
    default:
      return `${doc.key} = "\${1:1m}"`;
  }
}

function jsonMember(doc: RuleKeyDoc, context: CursorContext): string {
  const comma = context.needsComma ? ',' : '';
  switch (doc.key) {
    case 'capabilities':
      return `"capabilities": [$1]${comma}`;
    case 'allowed_parameters':
    case 'denied_parameters':
      return `"${doc.key}": { "\${1:name}": [$2] }${comma}`;
    case 'required_parameters':
      return `"${doc.key}": ["$1"]${comma}`;
    default:
      return `"${doc.key}": "\${1:1m}"${comma}`;
  }
}

function capabilities(context: CursorContext): CompletionEntry[] {
  const present = new Set([...context.siblings.keys()].map((k) => k.toLowerCase()));
  return OFFERED_CAPABILITIES.filter((c) => !present.has(c)).map((capability, index) => ({
    label: capability,
    kind: 'value',
    detail: CAPABILITY_MEANINGS[capability],
    documentation: `${CAPABILITY_MEANINGS[capability]}\n\n[Policy language](${policyDocsUrl({ capability })})`,
    insertText: context.part === 'value' ? `["${capability}"]` : `"${capability}"`,
    snippet: false,
    replace: context.replace,
    ...(context.quoted ? { filterText: JSON.stringify(capability) } : {}),
    sortText: `${index}`,
  }));
}
