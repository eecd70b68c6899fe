import { isTerraformFileName } from '../terraform/index.ts';
import { isJsonPolicy } from '../policies/index.ts';

/** What a document of a keyfob file declares. */
export type LintKind = 'role' | 'static-role' | 'manifest' | 'root-config' | 'lease-config' | 'policy' | 'jwt-role';

/** File-name suffixes (after the base name) and the kind each implies; checked in order. */
const NAME_PATTERNS: readonly (readonly [RegExp, LintKind])[] = [
  [/\.jwt-role\.(?:ya?ml|jsonc?)$/i, 'jwt-role'],
  [/\.policy\.(?:hcl|jsonc?)$/i, 'policy'],
  [/\.static-role\.(?:ya?ml|jsonc?)$/i, 'static-role'],
  [/\.role\.(?:ya?ml|jsonc?)$/i, 'role'],
  [/\.manifest\.(?:ya?ml|jsonc?)$/i, 'manifest'],
  [/^keyfob\.(?:ya?ml|jsonc?)$/i, 'manifest'],
  [/\.root-config\.(?:ya?ml|jsonc?)$/i, 'root-config'],
  [/\.lease-config\.(?:ya?ml|jsonc?)$/i, 'lease-config'],
];

/** Schema file names (the last segment of a `$schema` reference) and their kinds. */
export const SCHEMA_FILE_KINDS: Readonly<Record<string, LintKind>> = {
  'role.schema.json': 'role',
  'static-role.schema.json': 'static-role',
  'manifest.schema.json': 'manifest',
  'root-config.schema.json': 'root-config',
  'lease-config.schema.json': 'lease-config',
  'jwt-role.schema.json': 'jwt-role',
  'policy.schema.json': 'policy',
};

const MODELINE = /^[ \t]*#[ \t]*yaml-language-server[ \t]*:[ \t]*\$schema=(\S+)/m;

/** The last path segment of a file name or URL, without query or fragment. */
export function baseName(reference: string): string {
  const clean = reference.replace(/[?#].*$/, '');
  return clean.slice(Math.max(clean.lastIndexOf('/'), clean.lastIndexOf('\\')) + 1);
}

/** The kind a file name implies (`deploy.role.yaml` → role, `keyfob.yml` → manifest), else undefined. */
export function kindFromFileName(fileName: string): LintKind | undefined {
  const name = baseName(fileName);
  return NAME_PATTERNS.find(([pattern]) => pattern.test(name))?.[1];
}

/** The kind a `$schema` reference names (by its last segment, so URLs and relative paths both work). */
function kindFromSchemaRef(reference: string): LintKind | undefined {
  return SCHEMA_FILE_KINDS[baseName(reference).toLowerCase()];
}

/** The `$schema=` reference of a yaml-language-server modeline in `text`, if any. */
export function findModeline(text: string): string | undefined {
  return MODELINE.exec(text)?.[1];
}

/**
 * True for file names keyfob lints when it walks a folder: `*.role.*`, `*.static-role.*`,
 * `*.manifest.*`, `keyfob.*`, `*.root-config.*`, `*.lease-config.*`, `*.jwt-role.*` with `.yaml`,
 * `.yml`, `.json` or `.jsonc`, ACL policies `*.policy.hcl`, `*.policy.json`, and Terraform files
 * (`*.tf`, `*.tf.json`: their Vault-provider resources). (Files elsewhere are linted when named explicitly and they carry a `$schema`.)
 */
export function isRoleFileName(fileName: string): boolean {
  return kindFromFileName(fileName) !== undefined || isTerraformFileName(fileName);
}

/**
 * What a document is, by the precedence editors use: a yaml-language-server modeline in `text`,
 * then a top-level `$schema` key, each naming one of keyfob's schema files; then the file name.
 *
 * @example detectKind('ops/deploy.yaml', { $schema: 'https://keyfob.dev/schemas/role.schema.json' }) // 'role'
 */
export function detectKind(fileName: string, value: unknown, text?: string): LintKind | undefined {
  const modeline = text === undefined ? undefined : findModeline(text);
  const byModeline = modeline === undefined ? undefined : kindFromSchemaRef(modeline);
  if (byModeline) return byModeline;
  const inline = schemaKey(value);
  const bySchema = inline === undefined ? undefined : kindFromSchemaRef(inline);
  return bySchema ?? kindFromFileName(fileName);
}

/** The top-level `$schema` string of a document, if any. */
export function schemaKey(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const schema = (value as Record<string, unknown>).$schema;
  return typeof schema === 'string' ? schema : undefined;
}

/** The role name a file name gives its documents: `deploy.role.yaml` → `deploy`. */
export function nameFromFileName(fileName: string): string {
  const name = baseName(fileName);
  const match =
    /^(.*?)\.(?:jwt-role|static-role|role|manifest|root-config|lease-config|policy)\.(?:ya?ml|jsonc?|hcl)$/i.exec(name);
  return match?.[1] ?? name.replace(/\.(?:ya?ml|jsonc?|hcl)$/i, '');
}

/**
 * True when linting `text`, the file `fileName`, may read HCL, so the HCL parser must be loaded
 * first (`loadHclParser`): `*.hcl` files, Terraform files, and ACL policies other than their JSON
 * form (a `*.policy.json` whose text is not an object is read as HCL).
 */
export function needsHclParser(fileName: string, text: string): boolean {
  if (/\.hcl$/i.test(fileName) || isTerraformFileName(fileName)) return true;
  return kindFromFileName(fileName) === 'policy' && !isJsonPolicy(text);
}
