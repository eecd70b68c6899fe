import { schemaIds } from '@keyfob/schemas';
import type { DocumentFormat } from '../documents/types.ts';
import type { CredentialType } from '../rules/index.ts';

/** What a scaffold creates: a dynamic role of one credential type, or a static role. */
export type ScaffoldKind = CredentialType | 'static-role';

/** Every scaffold, in the order pickers list them (seed 1's credential types, then the static role). */
export const SCAFFOLD_KINDS: readonly ScaffoldKind[] = [
  'iam_user',
  'assumed_role',
  'federation_token',
  'session_token',
  'static-role',
];

interface ScaffoldField {
  readonly key: string;
  /** A string or a list of strings; every one becomes a tab stop in snippet form. */
  readonly value: string | readonly string[];
  /** Shown as a comment above the field in YAML (JSON has no comments in strict mode). */
  readonly note?: string;
}

// Placeholder values are valid for `keyfob lint` (real ARN shapes, durations with units), so a fresh
// scaffold has no problem until the user edits it. Account 123456789012 is the documented example id.
const SCAFFOLDS: Readonly<Record<ScaffoldKind, readonly ScaffoldField[]>> = {
  iam_user: [
    { key: 'credential_type', value: 'iam_user' },
    {
      key: 'policy_arns',
      value: ['arn:aws:iam::aws:policy/ReadOnlyAccess'],
      note: 'Managed policies attached to each created user (or give policy_document).',
    },
    { key: 'user_path', value: '/keyfob/' },
  ],
  assumed_role: [
    { key: 'credential_type', value: 'assumed_role' },
    {
      key: 'role_arns',
      value: ['arn:aws:iam::123456789012:role/deploy'],
      note: 'Roles the engine may assume; a request picks one with role_arn.',
    },
    { key: 'default_sts_ttl', value: '1h' },
    { key: 'max_sts_ttl', value: '12h' },
  ],
  federation_token: [
    { key: 'credential_type', value: 'federation_token' },
    {
      key: 'policy_arns',
      value: ['arn:aws:iam::aws:policy/ReadOnlyAccess'],
      note: 'Limits what the federated credentials can do (or give policy_document).',
    },
    { key: 'default_sts_ttl', value: '1h' },
    { key: 'max_sts_ttl', value: '12h' },
  ],
  session_token: [
    {
      key: 'credential_type',
      value: 'session_token',
      note: "Session tokens carry the engine user's own permissions; no policy fields.",
    },
  ],
  'static-role': [
    {
      key: 'username',
      value: 'deploy-bot',
      note: 'An existing IAM user; the engine adopts it and rotates its access key.',
    },
    { key: 'rotation_period', value: '24h' },
  ],
};

/** Options for `scaffoldText`. */
export interface ScaffoldOptions {
  /** Emit VS Code snippet syntax with a tab stop per value (`${1:value}`); default plain text. */
  readonly snippet?: boolean;
  /** JSON only: start with a `$schema` member naming keyfob's schema (for other editors). */
  readonly schema?: boolean;
  /** YAML only: prefix every line (for a role nested in a manifest); default none. */
  readonly indent?: string;
}

/**
 * A whole role (or static role) as YAML or JSON text that `keyfob lint` accepts as is.
 * With `snippet`, values are tab stops; `$`, `}` and `\` in them are escaped for snippet syntax.
 */
export function scaffoldText(kind: ScaffoldKind, format: DocumentFormat, options: ScaffoldOptions = {}): string {
  const fields = SCAFFOLDS[kind];
  let stop = 0;
  const value = (text: string): string => (options.snippet ? `\${${++stop}:${escapeSnippet(text)}}` : text);
  if (format === 'json') {
    const members: string[] = [];
    // `$schema` would read as a snippet variable: escape the `$` in snippet form.
    if (options.schema)
      members.push(
        `  "${options.snippet ? '\\$' : '$'}schema": ${escapeIfSnippet(JSON.stringify(schemaIdFor(kind)), options)}`,
      );
    for (const field of fields) {
      const rendered = Array.isArray(field.value)
        ? `[${(field.value as readonly string[]).map((item) => `"${value(jsonInner(item))}"`).join(', ')}]`
        : `"${value(jsonInner(field.value as string))}"`;
      members.push(`  "${field.key}": ${rendered}`);
    }
    return `{\n${members.join(',\n')}\n}\n`;
  }
  const prefix = options.indent ?? '';
  const lines: string[] = [];
  for (const field of fields) {
    if (field.note) lines.push(`${prefix}# ${field.note}`);
    if (Array.isArray(field.value)) {
      lines.push(`${prefix}${field.key}:`);
      for (const item of field.value as readonly string[]) lines.push(`${prefix}  - ${value(item)}`);
    } else {
      lines.push(`${prefix}${field.key}: ${value(field.value as string)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The `$schema` id for a scaffold kind. */
export function schemaIdFor(kind: ScaffoldKind): string {
  return kind === 'static-role' ? schemaIds['static-role'] : schemaIds.role;
}

/** File name suffix for a new file of this kind (`.role.yaml`, `.static-role.json`, ...). */
export function scaffoldFileSuffix(kind: ScaffoldKind, format: DocumentFormat): string {
  return `.${kind === 'static-role' ? 'static-role' : 'role'}.${format === 'json' ? 'json' : 'yaml'}`;
}

/** One-line description of a scaffold, for pickers and completion details. */
export function scaffoldLabel(kind: ScaffoldKind): string {
  return kind === 'static-role'
    ? 'static role (adopts an existing IAM user, rotates its key)'
    : `role, credential_type ${kind}`;
}

function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}

function escapeIfSnippet(text: string, options: ScaffoldOptions): string {
  return options.snippet ? escapeSnippet(text) : text;
}

function jsonInner(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
