// Writes docs/fields.md: each resource's fields as they travel between a file, the engine's wire
// format and the typed value, from the wire tables (ROLE_WIRE, STATIC_ROLE_WIRE, ROOT_CONFIG_WIRE in
// shared/src/rules/wire-table.ts, JWT_ROLE_WIRE in shared/src/jwt-roles/jwt-role-wire.ts) and the
// schemas' descriptions and defaults. A new row shows here with nothing else written.
// shared/test/rules/fields-doc.test.ts fails when the file is not what this writes.
// Run: npx tsx scripts/generate-fields-doc.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { JWT_ROLE_WIRE, type JwtWireKind } from '@keyfob/shared/jwt-roles';
import {
  fieldInfo,
  ROLE_WIRE,
  ROOT_CONFIG_WIRE,
  STATIC_ROLE_WIRE,
  type WireKind,
  type WireRow,
} from '@keyfob/shared/rules';

/** One resource's section: its schema kind, heading, what it is, its wire table and the words for its kinds. */
interface FieldSection {
  readonly schema: 'role' | 'static-role' | 'root-config' | 'jwt-role';
  readonly title: string;
  readonly about: string;
  readonly rows: readonly WireRow<string>[];
  readonly kinds: Readonly<Record<string, KindWords>>;
}

/** How a kind is written in a file or a body, and what its unset value is. */
interface KindWords {
  readonly written: string;
  readonly unset: string;
}

const WIRE_KINDS: Readonly<Record<WireKind, KindWords>> = {
  text: { written: 'a string', unset: '`""`' },
  list: { written: 'a list of strings, or a comma-separated string', unset: '`[]`' },
  map: { written: 'a map of strings, or a list of `key=value` strings', unset: '`{}`' },
  seconds: { written: 'a duration (`15m`, `1h`); whole seconds in the typed value', unset: 'none (0 is unset)' },
  policy: { written: 'JSON policy text (in a file also an object); compact JSON text when typed', unset: '`""`' },
  integer: { written: 'a whole number', unset: 'none' },
};

const JWT_WIRE_KINDS: Readonly<Record<JwtWireKind, KindWords>> = {
  text: { written: 'a string, trimmed', unset: '`""`' },
  choice: { written: "one of the schema's values, lower-cased", unset: "the schema's default" },
  list: WIRE_KINDS.list,
  cidrs: { written: 'addresses and CIDR blocks (a list or a comma string), in canonical form', unset: '`[]`' },
  map: { written: 'a map of claim to metadata key', unset: '`{}`' },
  claims: { written: 'a map of claim to an accepted value or a list of them', unset: '`{}`' },
  seconds: { written: 'a duration or whole seconds', unset: '0' },
  leeway: { written: 'a duration or whole seconds, -1 for none', unset: "0 (the engine's default)" },
  boolean: { written: '`true` or `"true"`', unset: '`false`' },
  integer: { written: 'a whole number', unset: '0' },
};

/** The four resources with a wire table, in the order the engine's documentation gives them. */
export const FIELD_SECTIONS: readonly FieldSection[] = [
  {
    schema: 'role',
    title: 'Role (`POST /roles/:name`, `*.role.yaml`)',
    about:
      "Besides these rows: `credential_type` (read back as the list `credential_types`), the legacy `policy` and `arn` (never mixed with the rows), `name` (the path's) and keyfob's own `narrow` (never sent).",
    rows: ROLE_WIRE,
    kinds: WIRE_KINDS,
  },
  {
    schema: 'static-role',
    title: 'Static role (`POST /static-roles/:name`, `*.static-role.yaml`)',
    about: "Both fields are required; `name` is the path's.",
    rows: STATIC_ROLE_WIRE,
    kinds: WIRE_KINDS,
  },
  {
    schema: 'root-config',
    title: 'Root configuration (`POST /config/root`, `*.root-config.yaml`)',
    about: "Unset numbers take the schema's default (in the when-unset column).",
    rows: ROOT_CONFIG_WIRE,
    kinds: WIRE_KINDS,
  },
  {
    schema: 'jwt-role',
    title: 'JWT role (`POST /auth/jwt/role/:name`, `*.jwt-role.yaml`)',
    about: "Every field has a value in the typed role (`JwtRole`): an unset one its kind's.",
    rows: JWT_ROLE_WIRE,
    kinds: JWT_WIRE_KINDS,
  },
];

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/** The row's file and wire name, with the older name the engine also takes. */
function nameCell(row: WireRow<string>): string {
  return `\`${row.wire}\`${row.older === undefined ? '' : ` (older: \`${row.older}\`)`}`;
}

/** What an unset field is: the schema's default where it states one, else the kind's unset value. */
function unsetCell(section: FieldSection, row: WireRow<string>): string {
  const info = fieldInfo(section.schema, row.wire);
  const parts = [info && 'default' in info ? `\`${JSON.stringify(info.default)}\`` : section.kinds[row.kind]!.unset];
  if (row.unsetAs !== undefined) parts.push(`\`${row.unsetAs}\` reads as unset`);
  if (row.zeroIsValue) parts.push('a sent 0 is a value');
  if (row.secret) parts.push('never read back');
  return parts.join('; ');
}

function sectionLines(section: FieldSection): string[] {
  return [
    `## ${section.title}`,
    '',
    section.about,
    '',
    '| field | kind | typed value | when unset | what it is |',
    '|---|---|---|---|---|',
    ...section.rows.map(
      (row) =>
        `| ${nameCell(row)} | ${row.kind} | \`${row.field}\` | ${unsetCell(section, row)} | ${cell(fieldInfo(section.schema, row.wire)?.description ?? '')} |`,
    ),
    '',
  ];
}

function kindLines(title: string, kinds: Readonly<Record<string, KindWords>>): string[] {
  return [
    `### ${title}`,
    '',
    '| kind | written as | unset |',
    '|---|---|---|',
    ...Object.entries(kinds).map(([kind, words]) => `| ${kind} | ${words.written} | ${words.unset} |`),
    '',
  ];
}

/** The Markdown of docs/fields.md, from the given sections (the wire tables as they are now by default). */
export function renderFieldsDoc(sections: readonly FieldSection[] = FIELD_SECTIONS): string {
  return [
    '<!-- generated by scripts/generate-fields-doc.ts; do not edit. -->',
    '# Resource fields',
    '',
    "Each resource's fields, as one wire table describes them: the name in a file and on the wire (the",
    "same), the kind that says how the value is read and written, the typed value's property and what an",
    'unset field is. `keyfob lint`, the engine, `keyfob apply` (its write bodies and diffs), `keyfob import`',
    "and the client's reads all derive from these tables; the description is the schema's",
    "(`schemas/*.schema.json`, also the editor's hover).",
    '',
    '## Kinds',
    '',
    ...kindLines('Roles, static roles and the root configuration', WIRE_KINDS),
    ...kindLines('JWT roles', JWT_WIRE_KINDS),
    ...sections.flatMap(sectionLines),
  ].join('\n');
}

/** Where the document lives. */
export const FIELDS_DOC = fileURLToPath(new URL('../docs/fields.md', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(FIELDS_DOC, renderFieldsDoc());
  console.log(`wrote ${FIELDS_DOC}`);
}
