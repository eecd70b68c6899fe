import type { ParsedFile } from '../documents/types.ts';
import { formatDuration, parseDuration } from '../duration/index.ts';
import { fieldInfo } from '../rules/index.ts';
import type { FieldKind } from '../rules/index.ts';
import type { TerraformAttribute, TerraformShape } from '../terraform/index.ts';
import { pointerToSegments } from '../text/json-pointer.ts';
import { codeSpan } from './code-span.ts';
import { fieldMarkdown } from './field-markdown.ts';
import type { HoverResult } from './hover.ts';
import { iamHover } from './iam-completions.ts';
import { memberAt } from './member-at.ts';
import { templatePreview, type TemplatePreviewDeps } from './template-preview.ts';
import { terraformResourceAt, type TerraformDocumentFacts } from './terraform-resource-at.ts';
import { valueAt } from './value-at.ts';
import { valuePreview } from './value-preview.ts';

/** What `terraformHoverAt` needs beside the parsed file. */
export interface TerraformHoverOptions {
  /** The lint's documents of the file (one per supported resource). */
  readonly documents: readonly TerraformDocumentFacts[];
  /** Clock and randomness for the `username_template` example. */
  readonly template?: TemplatePreviewDeps;
}

/** A hover in a Terraform file, and the engine field it is about (the server adds a JWT role's access answer by it). */
export interface TerraformHover extends HoverResult {
  readonly field: string | undefined;
  /** The resource's keyfob kind and engine object name. */
  readonly resource: { readonly kind: FieldKind; readonly name: string | undefined };
}

/** How each shape is written in Terraform, in words. */
const SHAPE_WORDS: Readonly<Record<TerraformShape, string>> = {
  string: 'string',
  bool: 'bool',
  number: 'number',
  list: 'list of strings',
  map: 'map of strings',
  seconds: 'number of seconds',
  'policy-json': 'IAM policy JSON (heredoc, jsonencode, file() or data.aws_iam_policy_document)',
  claims: 'map of strings, each value split at commas unless disable_bound_claims_parsing = true',
  'policy-hcl': 'ACL policy text',
};

/**
 * Hover over an attribute of a supported resource block in a `.tf`/`.tf.json` file: which engine field
 * the attribute writes and in which unit, what the engine does with the value (a TTL's seconds read
 * back as a duration, a credential type's accepted fields, bound claims split at commas, a rendered
 * `username_template` against the 64/32 caps), and the field's documentation; over a value keyfob
 * cannot evaluate, why its rules stay silent. Provider-only attributes (`backend`, `namespace`) get
 * none: their docs are terraform-ls's. An IAM action inside `policy_document` gets its catalogue entry.
 */
export function terraformHoverAt(
  file: ParsedFile,
  offset: number,
  options: TerraformHoverOptions,
): TerraformHover | undefined {
  const at = terraformResourceAt(file, options.documents, offset);
  if (!at || at.type.kind === 'policy') return undefined;
  const kind: FieldKind = at.type.kind;
  const resource = { kind, name: at.facts.name };
  const address = at.facts.terraform.address;
  const unknown = at.facts.terraform.unknown.find((u) => offset >= u.range.start && offset <= u.range.end);
  if (unknown) {
    const spec = at.type.attributes.find((a) => a.attribute === unknown.attribute);
    const docs = spec ? fieldDocs(kind, spec, undefined) : undefined;
    const note = `**${codeSpan(unknown.attribute)}** of ${codeSpan(address)}: keyfob cannot evaluate this value (${unknown.reason}), so the rules on it stay silent; \`keyfob lint --explain\` lists it.`;
    return {
      markdown: docs ? `${note}\n\n---\n\n${docs}` : note,
      range: unknown.range,
      field: unknown.field,
      resource,
    };
  }
  const member = memberAt({ ...file, documents: [at.document] }, offset);
  if (!member) return undefined;
  const segments = pointerToSegments(member.pointer);
  const field = segments[0];
  const spec = at.type.attributes.find((a) => a.field !== undefined && a.field === field);
  if (!spec || field === undefined) return undefined;
  const value = valueAt(at.document.value, [field]);
  if (segments.length > 1) {
    const iam = iamHover(segments, valueAt(at.document.value, segments));
    if (iam) return { markdown: iam, range: member.range, field, resource };
    // An item or member of a list or map field describes the field.
  }
  const credentialType = valueAt(at.document.value, ['credential_type']);
  const head = `**${codeSpan(spec.attribute)}** of ${codeSpan(address)} writes the engine's ${codeSpan(field)} (${SHAPE_WORDS[spec.shape]})`;
  const parts = [head];
  const preview = previewOf(kind, spec, value);
  if (preview) parts.push(preview);
  if (field === 'username_template' && typeof value === 'string' && options.template)
    parts.push(templatePreview(value, options.template));
  const docs = fieldDocs(kind, spec, typeof credentialType === 'string' ? credentialType : undefined);
  const markdown = [parts.join('\n\n'), ...(docs ? [docs] : [])].join('\n\n---\n\n');
  return { markdown, range: member.range, field, resource };
}

/** What the engine does with the value, in a line (undefined: nothing to add to the docs). */
function previewOf(kind: FieldKind, spec: TerraformAttribute, value: unknown): string | undefined {
  if (spec.shape === 'seconds' && typeof value === 'number')
    return `${codeSpan(String(value))} s: the engine reads it back as ${codeSpan(formatDuration(value))}`;
  if (spec.shape === 'claims' && typeof value === 'object' && value !== null) {
    const split = Object.entries(value).filter(([, v]) => Array.isArray(v));
    if (split.length > 0)
      return `The provider splits at commas: ${split.map(([claim, v]) => `${codeSpan(claim)} is any of ${(v as unknown[]).map((x) => codeSpan(String(x))).join(', ')}`).join('; ')}`;
    return undefined;
  }
  const info = spec.field === undefined ? undefined : fieldInfo(kind, spec.field);
  // Durations are written as seconds here; the YAML preview would call a number a missing unit.
  if (!info || info.value === 'duration' || info.value === 'duration-or-seconds') return undefined;
  return valuePreview(info, value);
}

/** The engine field's documentation, with the Terraform attribute's name, shape and a default in seconds. */
function fieldDocs(kind: FieldKind, spec: TerraformAttribute, credentialType: string | undefined): string | undefined {
  const info = spec.field === undefined ? undefined : fieldInfo(kind, spec.field);
  if (!info) return undefined;
  const seconds =
    spec.shape === 'seconds' && info.default !== undefined
      ? parseDuration(info.default, { allowInteger: true }).seconds
      : undefined;
  const { default: _default, ...rest } = info;
  const shown = spec.shape !== 'seconds' ? info : seconds === undefined ? rest : { ...rest, default: seconds };
  return fieldMarkdown(kind, { ...shown, name: spec.attribute, type: SHAPE_WORDS[spec.shape] }, credentialType);
}
