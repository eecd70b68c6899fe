import { terraformResourceType } from '../terraform/index.ts';
import type { CompletionEntry } from './completion-entry.ts';
import { durationSuggestions } from './duration-suggestions.ts';
import { jsonContextAt } from './json-context.ts';
import { terraformCursorAt, type TerraformCursor } from './terraform-context.ts';
import { valueCompletions } from './value-completions.ts';

/**
 * Values of engine fields at an offset of a `.tf` file (which may not parse), only directly inside a
 * supported resource block (`resource "vault_aws_secret_backend_role" "x" { credential_type = | }`):
 * enum values (credential types, role and token types), TTLs as the seconds Terraform writes (each
 * with its duration), and the schema's examples for strings and list items. Attribute names, other
 * resources and provider-only attributes are terraform-ls's to complete: nothing is offered twice.
 *
 * @example terraformCompletionsAt('resource "vault_aws_secret_backend_role" "r" {\n  credential_type = "', 67).map((e) => e.label) // ['iam_user', ...]
 */
export function terraformCompletionsAt(
  text: string,
  offset: number,
  format: 'hcl' | 'json' = 'hcl',
): CompletionEntry[] {
  const cursor = format === 'json' ? jsonCursorAt(text, offset) : terraformCursorAt(text, offset);
  if (!cursor) return [];
  const context = {
    path: [],
    part: cursor.part,
    key: cursor.attribute,
    prefix: text.slice(cursor.quoted ? cursor.replace.start + 1 : cursor.replace.start, offset),
    replace: cursor.replace,
    siblings: new Map<string, string | undefined>(),
    document: 0,
    indent: 0,
    quoted: cursor.quoted,
  };
  const type = terraformResourceType(cursor.resourceType);
  const spec = type?.attributes.find((a) => a.attribute === cursor.attribute);
  if (!type || type.kind === 'policy' || spec?.field === undefined) return [];
  if (spec.shape === 'seconds') {
    if (context.part !== 'value') return [];
    return durationSuggestions(spec.field).map((s, index) => ({
      label: String(s.seconds),
      kind: 'value',
      detail: s.text,
      documentation: `${s.seconds} seconds; the engine reads it back as ${s.detail.replace(/^.* as /, '')}.`,
      insertText: String(s.seconds),
      snippet: false,
      replace: context.replace,
      filterText: context.quoted ? `"${s.seconds}"` : String(s.seconds),
      sortText: String(index).padStart(3, '0'),
    }));
  }
  if (spec.shape !== 'string' && spec.shape !== 'list') return [];
  if ((spec.shape === 'list') !== (context.part === 'item')) return [];
  // HCL strings are written as JSON strings: the JSON form of the values is the HCL one.
  return valueCompletions(type.kind, { ...context, key: spec.field }, 'json', text).map((entry) =>
    context.quoted ? entry : { ...entry, filterText: entry.label },
  );
}

/** The cursor in a `.tf.json` file: `{"resource": {"TYPE": {"NAME": {"attribute": |}}}}`. */
function jsonCursorAt(text: string, offset: number): TerraformCursor | undefined {
  const context = jsonContextAt(text, offset);
  const [block, resourceType, name, ...inner] = context?.path ?? [];
  if (!context || context.part === 'key' || context.key === undefined) return undefined;
  if (block !== 'resource' || resourceType === undefined || name === undefined || inner.length > 0) return undefined;
  const { part, key: attribute, replace } = context;
  return { resourceType, attribute, part, replace, quoted: context.quoted === true };
}
