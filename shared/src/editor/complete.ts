import type { DocumentFormat } from '../documents/types.ts';
import type { CompletionEntry } from './completion-entry.ts';
import type { CursorContext } from './cursor-context.ts';
import { fieldCompletions } from './field-completions.ts';
import { iamCompletions } from './iam-completions.ts';
import { jsonContextAt } from './json-context.ts';
import { policyCompletionsAt, type PolicyCompletionOptions } from './policy-completions.ts';
import { resourceAt } from './resource-at.ts';
import type { FileKind } from './resource-at.ts';
import { CREDENTIAL_TYPES } from '../rules/index.ts';
import { scaffoldLabel, scaffoldText } from './scaffolds.ts';
import type { ScaffoldKind } from './scaffolds.ts';
import { valueCompletions } from './value-completions.ts';
import { yamlContextAt } from './yaml-context.ts';

/** What `completionsAt` needs to know about the file. */
export interface CompletionOptions {
  readonly format: DocumentFormat;
  /** Kind of the document under the cursor (from `detectKind`); undefined: not a role file. */
  readonly kind: FileKind | undefined;
  /** Policy files: the mounts and the workspace's role names offered in paths. */
  readonly policy?: Omit<PolicyCompletionOptions, 'format'>;
}

/** Keys that may sit beside a scaffold without making it redundant. */
const SCAFFOLD_NEIGHBOURS = new Set(['name', '$schema']);

/**
 * Completions at an offset of a role file: keys valid for the mapping's resource and credential type
 * (not yet present), values (enums, durations, examples), and whole-role scaffolds in an empty role.
 * Works on text that does not parse (it reads the cursor's context line by line or with jsonc-parser).
 * ACL policy files get `policyCompletionsAt`'s paths, block keys and capabilities.
 *
 * @example completionsAt('credential_type: assumed_role\n', 30, { format: 'yaml', kind: 'role' })
 */
export function completionsAt(text: string, offset: number, options: CompletionOptions): CompletionEntry[] {
  if (!options.kind) return [];
  if (options.kind === 'policy')
    return policyCompletionsAt(text, offset, { ...options.policy, format: options.format });
  if (options.format === 'json' && text.trim() === '')
    return scaffolds(options.kind, 'json', { start: 0, end: text.length }, '');
  const context = options.format === 'json' ? jsonContextAt(text, offset) : yamlContextAt(text, offset);
  if (!context) return [];
  const iam = iamCompletions(context, options.format, text);
  if (iam) return iam;
  const resource = resourceAt(options.kind, context.path);
  if (!resource) return [];
  if (context.part !== 'key') return valueCompletions(resource.kind, context, options.format, text);
  const entries = fieldCompletions(resource.kind, context, options.format);
  const bare = [...context.siblings.keys()].every((key) => SCAFFOLD_NEIGHBOURS.has(key));
  if (bare && (resource.kind === 'role' || resource.kind === 'static-role')) {
    entries.push(...memberScaffolds(resource.kind, context, options.format));
  }
  return entries;
}

function memberScaffolds(
  kind: 'role' | 'static-role',
  context: CursorContext,
  format: DocumentFormat,
): CompletionEntry[] {
  const kinds: ScaffoldKind[] = kind === 'static-role' ? ['static-role'] : [...CREDENTIAL_TYPES];
  return kinds.map((scaffold) => {
    let body = scaffoldText(scaffold, format, { snippet: true, indent: ' '.repeat(context.indent) });
    if (format === 'json') {
      // Inside an existing object: the members only, re-indented to the cursor's column.
      const members = body
        .trim()
        .slice(1, -1)
        .trim()
        .split('\n')
        .map((line) => line.trim());
      body = members.join(`\n${' '.repeat(context.indent)}`) + (context.needsComma ? ',' : '');
    } else {
      body = body.slice(context.indent).replace(/\n$/, '');
    }
    return scaffoldEntry(scaffold, body, context.replace);
  });
}

function scaffolds(
  kind: FileKind,
  format: DocumentFormat,
  replace: { start: number; end: number },
  _prefix: string,
): CompletionEntry[] {
  const kinds: ScaffoldKind[] = kind === 'static-role' ? ['static-role'] : kind === 'role' ? [...CREDENTIAL_TYPES] : [];
  return kinds.map((scaffold) =>
    scaffoldEntry(scaffold, scaffoldText(scaffold, format, { snippet: true, schema: true }), replace),
  );
}

function scaffoldEntry(
  scaffold: ScaffoldKind,
  insertText: string,
  replace: { start: number; end: number },
): CompletionEntry {
  return {
    label: scaffold === 'static-role' ? 'keyfob static role' : `keyfob role: ${scaffold}`,
    kind: 'snippet',
    detail: scaffoldLabel(scaffold),
    insertText,
    snippet: true,
    replace,
    sortText: `5${scaffold}`,
  };
}
