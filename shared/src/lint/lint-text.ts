import { applySuppressions, attachRanges, detectFormat, parseDocuments } from '../documents/index.ts';
import type { DocumentFormat, ParsedDocument, ParsedFile } from '../documents/index.ts';
import type { Problem } from '../problem.ts';
import { lintJwtTrust, type TrustContext } from '../jwt-roles/index.ts';
import { didYouMean } from '../rules/index.ts';
import {
  baseName,
  detectKind,
  findModeline,
  kindFromFileName,
  nameFromFileName,
  schemaKey,
  SCHEMA_FILE_KINDS,
  type LintKind,
} from './detect-kind.ts';
import { lintPolicyFile } from './policy-file.ts';
import { lintTerraformFile, type TerraformContext } from './terraform-file.ts';
import { isTerraformFileName, type UnknownAttribute } from '../terraform/index.ts';
import type { ValidationCache } from './validation-cache.ts';
import { validateDocument, type DocumentCheck } from './validate-document.ts';
import { isRecord } from '../text/index.ts';

/** Options of `lintText`. */
export interface LintOptions {
  /** The file's name or path: it decides the kind (`*.role.yaml`) and the default role name. */
  readonly fileName: string;
  /** Overrides the format implied by the file name (YAML when the name implies none). */
  readonly format?: DocumentFormat;
  /**
   * Rule results of this file's earlier lints (`FileLinter` keeps one per open file): documents
   * whose parsed value was taken over from the previous version reuse them.
   */
  readonly cache?: ValidationCache;
  /**
   * What the OIDC trust checks of JWT role documents may know beyond the file: the workspace's ACL
   * policies and its workflows' facts (adapters read the files and pass them in).
   */
  readonly trust?: TrustContext;
  /** For a Terraform file: the other files of its module (locals, variables, data sources) and `file()`'s reader. */
  readonly terraform?: TerraformContext;
}

/** What one document of a file is and what is wrong with it. */
export interface LintedDocument {
  readonly index: number;
  /** Undefined when neither the file name nor a `$schema` says. */
  readonly kind: LintKind | undefined;
  /** The role or static role name (its `name` key, else the file's base name). */
  readonly name?: string;
  readonly problems: Problem[];
  /**
   * The kind's validator on the document: its normalised value (undefined when it found an error)
   * and its problems, as lint ran it; absent for policies and documents the rules did not run on.
   */
  readonly check?: DocumentCheck;
  /** A Terraform resource: its address and the attributes keyfob could not evaluate (rules on them stayed silent). */
  readonly terraform?: { readonly address: string; readonly unknown: readonly UnknownAttribute[] };
}

/** The result of linting one file. */
export interface LintResult {
  readonly file: ParsedFile;
  readonly documents: LintedDocument[];
  /** Every problem of every document, each with `range` and `document`, sorted by offset. */
  readonly problems: Problem[];
}

const NAMED_KINDS: ReadonlySet<LintKind | undefined> = new Set(['role', 'static-role', 'jwt-role']);

/**
 * Lints a keyfob file: parses every document, decides each one's kind (`detectKind`), validates it
 * with the rules, gives every problem a source range and honours suppression comments. Parse
 * problems and rule problems come back together. Documents with a syntax error skip the rules
 * (their data is incomplete).
 *
 * Codes of its own: `LINT_UNKNOWN_KIND`, `LINT_UNKNOWN_SCHEMA`, `LINT_MISSING_NAME` (several role
 * documents in one file, one without `name`), `LINT_DUPLICATE_NAME`.
 *
 * @example lintText('credential_type: iam_user\n', { fileName: 'ci.role.yaml' }).problems[0]?.code // 'ROLE_POLICY_REQUIRED'
 */
export function lintText(text: string, options: LintOptions): LintResult {
  if (isTerraformFileName(options.fileName))
    return lintTerraformFile(text, options.fileName, options.terraform, options.trust);
  const policy = policyFormatOf(options);
  if (policy) return lintPolicyFile(text, policy);
  return lintParsed(parseFor(text, options), options);
}

/** Parses a file the way `lintText` reads it: its format, and strict JSON unless it is a `.jsonc` file. */
export function parseFor(text: string, options: LintOptions): ParsedFile {
  return parseDocuments(text, formatOf(options), { jsonc: isJsonc(options.fileName) });
}

/** The format `lintText` reads a file in: the option, else the file name's, else YAML. */
export function formatOf(options: LintOptions): DocumentFormat {
  return policyFormatOf(options) ?? options.format ?? detectFormat(options.fileName) ?? 'yaml';
}

/**
 * A policy file's format by its own extension (`*.policy.hcl`, `*.policy.json`: an editor may call
 * an HCL file plain text), or any HCL file (the only HCL keyfob reads); undefined for every other file.
 */
export function policyFormatOf(options: LintOptions): 'hcl' | 'json' | undefined {
  const byName = kindFromFileName(options.fileName) === 'policy' ? detectFormat(options.fileName) : undefined;
  const format = byName ?? options.format ?? detectFormat(options.fileName);
  return format === 'hcl' ? 'hcl' : byName === 'json' ? 'json' : undefined;
}

/** `lintText` of a file already parsed (`options.format` is then the file's own). */
export function lintParsed(file: ParsedFile, options: LintOptions): LintResult {
  const { text, format } = file;
  const modeline = format === 'yaml' ? findModeline(text) : undefined;
  const content = file.documents.filter((d) => d.value !== null && d.value !== undefined);
  const kinds = file.documents.map((d) =>
    detectKind(options.fileName, d.value, modeline === undefined ? undefined : text),
  );
  // A JSON file whose $schema names the policy schema is a policy in its JSON form.
  if (format === 'json' && kinds[0] === 'policy') return lintPolicyFile(text, format);
  const named = content.filter((d) => NAMED_KINDS.has(kinds[d.index])).length;
  const seen = new Map<string, number>();
  const validate = cachedValidation(options.cache);
  const documents = file.documents.map((document): LintedDocument => {
    const kind = kinds[document.index];
    const skip = document.value === null && content.length > 0 && file.documents.length > 1;
    const lint: DocumentLint = skip
      ? { name: undefined, problems: [] }
      : lintDocument(document, kind, options.fileName, named > 1, seen, validate, options.trust);
    const ranged = attachRanges([...document.problems, ...lint.problems], file, document);
    return {
      index: document.index,
      kind,
      ...(lint.name !== undefined ? { name: lint.name } : {}),
      problems: sortByOffset(applySuppressions(ranged, document)),
      ...(lint.check ? { check: lint.check } : {}),
    };
  });
  return { file, documents, problems: sortByOffset(documents.flatMap((d) => d.problems)) };
}

/** A `.jsonc` file: JSON with comments and trailing commas, which strict `.json` files may not have. */
function isJsonc(fileName: string): boolean {
  return /\.jsonc$/i.test(fileName);
}

type Validate = (document: ParsedDocument, kind: LintKind, name: string | undefined) => DocumentCheck | undefined;

/** What linting one document found: its name, its problems and the validator's check. */
interface DocumentLint {
  readonly name: string | undefined;
  readonly problems: Problem[];
  readonly check?: DocumentCheck;
}

/** `validateDocument`, through the cache when there is one: what the rules' result depends on is the value, the kind and the name. */
function cachedValidation(cache: ValidationCache | undefined): Validate {
  if (!cache) return (document, kind, name) => validateDocument(kind, document.value, name);
  return (document, kind, name) =>
    cache.get(document.value, kind, name, () => validateDocument(kind, document.value, name));
}

function lintDocument(
  document: ParsedDocument,
  kind: LintKind | undefined,
  fileName: string,
  severalNamed: boolean,
  seen: Map<string, number>,
  validate: Validate,
  trust: TrustContext | undefined,
): DocumentLint {
  const problems: Problem[] = [...schemaReferenceProblems(document.value)];
  if (
    document.problems.some((p) => p.severity === 'error' && (p.code.endsWith('_SYNTAX') || p.code === 'DOC_TOO_DEEP'))
  )
    return { name: undefined, problems };
  if (kind === undefined) {
    problems.push({
      code: 'LINT_UNKNOWN_KIND',
      severity: 'warning',
      message: `Cannot tell what ${baseName(fileName)} declares; name it *.role.yaml, *.static-role.yaml, *.jwt-role.yaml or *.manifest.yaml, or add $schema.`,
      // The absent $schema key: attachRanges draws it on the document's first key.
      path: '/$schema',
      target: 'key',
      data: { field: '$schema' },
    });
    return { name: undefined, problems };
  }
  const name = NAMED_KINDS.has(kind) ? documentName(document, fileName) : undefined;
  if (name !== undefined) problems.push(...nameProblems(document, kind, name, severalNamed, seen));
  const check = validate(document, kind, name?.value);
  if (check) problems.push(...check.problems);
  if (kind === 'jwt-role' && isRecord(document.value)) problems.push(...lintJwtTrust(document.value, trust));
  return { name: name?.value, problems, ...(check ? { check } : {}) };
}

function documentName(document: ParsedDocument, fileName: string): { value: string; fromKey: boolean } {
  const value = document.value as Record<string, unknown> | null;
  const key = value !== null && typeof value === 'object' && !Array.isArray(value) ? value.name : undefined;
  return typeof key === 'string'
    ? { value: key, fromKey: true }
    : { value: nameFromFileName(fileName), fromKey: false };
}

function nameProblems(
  document: ParsedDocument,
  kind: LintKind,
  name: { value: string; fromKey: boolean },
  severalNamed: boolean,
  seen: Map<string, number>,
): Problem[] {
  const problems: Problem[] = [];
  if (severalNamed && !name.fromKey) {
    problems.push({
      code: 'LINT_MISSING_NAME',
      severity: 'error',
      message: `This file holds several roles, so each document needs a name key; this one would take the file's name "${name.value}".`,
      path: '/name',
      target: 'key',
      data: { field: 'name', replacement: name.value },
    });
  }
  // Roles and static roles live under different paths, so only the same kind can collide.
  const key = `${kind}:${name.value}`;
  const earlier = seen.get(key);
  if (earlier !== undefined && severalNamed) {
    problems.push({
      code: 'LINT_DUPLICATE_NAME',
      severity: 'error',
      message: `Document ${earlier + 1} of this file already declares "${name.value}"; give this one another name.`,
      path: '/name',
      target: name.fromKey ? 'value' : 'key',
      data: { name: name.value, document: earlier },
    });
  } else if (earlier === undefined) seen.set(key, document.index);
  return problems;
}

/** A `$schema` that looks like one of ours but names no known schema. */
function schemaReferenceProblems(value: unknown): Problem[] {
  const reference = schemaKey(value);
  if (reference === undefined) return [];
  const file = baseName(reference).toLowerCase();
  if (SCHEMA_FILE_KINDS[file]) return [];
  const suggestion = didYouMean(file, Object.keys(SCHEMA_FILE_KINDS));
  if (!suggestion && !reference.includes('keyfob.dev/schemas/')) return [];
  return [
    {
      code: 'LINT_UNKNOWN_SCHEMA',
      severity: 'warning',
      message: `$schema names "${file}", which is not a keyfob schema${suggestion ? `; did you mean "${suggestion}"?` : '.'}`,
      path: '/$schema',
      target: 'value',
      ...(suggestion
        ? { data: { suggestion, replacement: reference.slice(0, reference.length - file.length) + suggestion } }
        : {}),
    },
  ];
}

function sortByOffset(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => (a.range?.start ?? 0) - (b.range?.start ?? 0) || (a.range?.end ?? 0) - (b.range?.end ?? 0),
  );
}
