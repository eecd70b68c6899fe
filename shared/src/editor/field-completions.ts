import type { DocumentFormat } from '../documents/types.ts';
import { fieldInfo, fieldsFor } from '../rules/index.ts';
import type { FieldInfo, FieldKind } from '../rules/index.ts';
import type { CompletionEntry } from './completion-entry.ts';
import type { CursorContext } from './cursor-context.ts';
import { fieldMarkdown } from './field-markdown.ts';

// A minimal valid policy as the placeholder of `policy_document` (seed 1: JSON policy text).
const POLICY =
  '{"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:GetObject", "Resource": "*"}]}';

/**
 * Keys to offer in a resource's mapping: the fields its `credential_type` accepts (all fields when
 * the type is unknown), minus those already present and minus deprecated ones (they stay valid to
 * read and are flagged, but are never suggested). `credential_type` sorts first while absent.
 */
export function fieldCompletions(kind: FieldKind, context: CursorContext, format: DocumentFormat): CompletionEntry[] {
  const credentialType = context.siblings.get('credential_type');
  const entries: CompletionEntry[] = [];
  for (const name of fieldsFor(kind, credentialType)) {
    const info = fieldInfo(kind, name);
    if (!info || info.deprecated || context.siblings.has(name)) continue;
    const insert = format === 'json' ? jsonMember(info, context) : yamlMember(info, context.indent);
    entries.push({
      label: name,
      kind: 'field',
      detail: info.type,
      documentation: fieldMarkdown(kind, info, credentialType),
      insertText: insert,
      snippet: true,
      replace: context.replace,
      ...(format === 'json' ? { filterText: JSON.stringify(name) } : {}),
      sortText: `${name === 'credential_type' ? '0' : name === '$schema' ? '9' : '1'}${name}`,
      retrigger: info.enum !== undefined || info.value === 'duration' || info.value === 'duration-or-seconds',
    });
  }
  return entries;
}

function yamlMember(info: FieldInfo, indent: number): string {
  const pad = ' '.repeat(indent + 2);
  switch (info.value) {
    case 'list':
      return `${info.name}:\n${pad}- $1`;
    case 'tags':
    case 'map':
    case 'object':
      return `${info.name}:\n${pad}\${1:key}: \${2:value}`;
    case 'policy-json':
      return `${info.name}: |\n${pad}\${1:${POLICY.replace(/[$}\\]/g, (c) => `\\${c}`)}}`;
    default:
      return `${info.name}: $1`;
  }
}

function jsonMember(info: FieldInfo, context: CursorContext): string {
  const comma = context.needsComma ? ',' : '';
  const key = JSON.stringify(info.name);
  switch (info.value) {
    case 'list':
      return `${key}: ["$1"]${comma}`;
    case 'tags':
    case 'map':
    case 'object':
      return `${key}: { "\${1:key}": "\${2:value}" }${comma}`;
    case 'policy-json':
      return `${key}: \${1:${POLICY.replace(/[$}\\]/g, (c) => `\\${c}`)}}${comma}`;
    case 'integer':
      return `${key}: \${1:${JSON.stringify(info.default ?? 0)}}${comma}`;
    default:
      return `${key}: "$1"${comma}`;
  }
}
