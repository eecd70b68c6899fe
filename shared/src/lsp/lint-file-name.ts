import { detectFormat } from '../documents/index.ts';
import type { DocumentFormat } from '../documents/index.ts';
import { isRoleFileName } from '../lint/index.ts';
import { isTerraformFileName } from '../terraform/index.ts';

/** A `$schema` or yaml-language-server modeline naming one of keyfob's schemas marks a file whatever its name. */
const SCHEMA_MARKER = 'keyfob.dev/schemas/';

/** How the server lints an open document: the name `lintText` sees and the format. */
export interface LintTarget {
  readonly fileName: string;
  readonly format: DocumentFormat;
}

/** What `lintTargetOf` needs to know about a document. */
export interface DocumentFacts {
  readonly uri: string;
  readonly languageId: string;
  readonly text: string;
  /** The document's path relative to its workspace folder, when it is inside one. */
  readonly relativePath: string | undefined;
}

/**
 * Decides whether an open document is a keyfob file, with the same classification as `keyfob lint`
 * (`isRoleFileName`: `*.role.yaml`, `*.static-role.json`, `keyfob.yaml`, ... whatever lint walks),
 * or by a keyfob `$schema`/modeline, or because it matches the `roleFiles.include` setting (then it
 * is linted as a dynamic role of its base name). Terraform files (`*.tf`, `*.tf.json`, the `terraform`
 * language) are read for their Vault-provider resources. Undefined: not a keyfob file.
 */
export function lintTargetOf(
  document: DocumentFacts,
  includes: readonly ((path: string) => boolean)[],
): LintTarget | undefined {
  const name = baseName(document.uri);
  // Terraform (`*.tf`, or a document the editor calls terraform, such as an untitled one): its
  // Vault-provider resources, read as `keyfob lint` reads the file.
  if (isTerraformFileName(name)) return { fileName: name, format: /\.json$/i.test(name) ? 'json' : 'hcl' };
  if (document.languageId === 'terraform') return { fileName: `${name}.tf`, format: 'hcl' };
  const format = formatOf(document.languageId, name);
  if (format === undefined) return undefined;
  if (isRoleFileName(name)) return { fileName: name, format };
  const path = document.relativePath;
  if (path !== undefined && includes.some((matches) => matches(path)))
    return { fileName: asRoleName(name, format), format };
  if (document.text.includes(SCHEMA_MARKER)) return { fileName: name, format };
  return undefined;
}

/** The format by language id (what the editor decided), else by the file's extension. */
function formatOf(languageId: string, name: string): DocumentFormat | undefined {
  if (languageId === 'yaml') return 'yaml';
  if (languageId === 'json' || languageId === 'jsonc') return 'json';
  return detectFormat(name);
}

/** The last path segment of a URI, decoded (`untitled:Untitled-1` -> `Untitled-1`: the scheme is not part of the name). */
function baseName(uri: string): string {
  const path = uri.replace(/[?#].*$/, '').replace(/^[a-z][a-z0-9+.-]*:/i, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** `team.yaml` -> `team.role.yaml`: the name lint reads as a dynamic role named `team`. */
function asRoleName(name: string, format: DocumentFormat): string {
  const extension = format === 'yaml' ? 'yaml' : /\.jsonc$/i.test(name) ? 'jsonc' : 'json';
  return `${name.replace(/\.(ya?ml|jsonc?)$/i, '')}.role.${extension}`;
}
