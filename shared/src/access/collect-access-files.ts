import { collectDesiredState } from '../apply/index.ts';
import { detectFormat, parseDocuments } from '../documents/index.ts';
import { readJwtRole } from '../jwt-roles/index.ts';
import { kindFromFileName, nameFromFileName, type TerraformFs } from '../lint/index.ts';
import { readPolicy, type AclPolicy } from '../policies/index.ts';
import type { RoleDefinition } from '../rules/index.ts';
import { isTerraformFileName } from '../terraform/index.ts';
import type { AccessInputs, AccessJwtRole } from './access-types.ts';
import { readTerraformAccess, type TerraformSource } from './terraform-access.ts';

/** A file's name (as shown to users) and text. */
export interface AccessFileText {
  readonly file: string;
  readonly text: string;
}

/** Why a file gave nothing: its name and the engine's (or the parser's) message. */
export interface AccessFileError {
  readonly file: string;
  readonly message: string;
}

/**
 * Where a policy, JWT role or credential role is written: the file and the 0-based document in it
 * (in Terraform, the supported resource's index, with its fields' places).
 */
type AccessSource =
  { readonly file: string; readonly document: number; readonly terraform?: undefined } | TerraformSource;

/** What the files say beside the access inputs: each definition's source, and the credential roles' definitions. */
export interface AccessFileSources {
  readonly policies: ReadonlyMap<string, AccessSource>;
  readonly jwtRoles: ReadonlyMap<string, AccessSource>;
  readonly roles: ReadonlyMap<string, { readonly definition: RoleDefinition; readonly source: AccessSource }>;
}

/**
 * Each file's reading kept between the two sides of `keyfob access diff`: a file whose text is the
 * same at the base and in the head (most of them) is parsed, linted and validated once. Results are
 * only read, never changed, so both sides can hold them.
 */
export interface AccessReadCache {
  readonly results: Map<string, unknown>;
}

/** An empty cache for one diff (both sides of it); see `AccessReadCache`. */
export function createAccessReadCache(): AccessReadCache {
  return { results: new Map() };
}

/** `compute()`'s answer for this kind, file and text, from the cache when it has it. */
function remembered<T>(cache: AccessReadCache | undefined, key: readonly string[], compute: () => T): T {
  if (!cache) return compute();
  const id = key.join('\u0000');
  if (cache.results.has(id)) return cache.results.get(id) as T;
  const value = compute();
  cache.results.set(id, value);
  return value;
}

/** Fields of a JWT role file that are not sent to the engine. */
const FILE_ONLY_FIELDS = new Set(['$schema', 'name', 'narrow']);

/**
 * True for the files `keyfob access` reads besides role files: ACL policies and JWT role files, by
 * the file-kind detection `keyfob lint` uses (`*.policy.hcl|json`, `*.jwt-role.yaml|yml|json|jsonc`).
 */
export function isAccessFileName(file: string): boolean {
  const kind = kindFromFileName(file);
  return kind === 'policy' || kind === 'jwt-role';
}

/** Where access files are read for: the mounts, the Terraform `file()` reader, a cache shared by both sides of a diff. */
export interface AccessFileOptions {
  readonly mount: string;
  readonly jwtMount: string;
  /** The host's files for Terraform's `file()` and `fileset()` below a root (readTerraformAccess, TerraformTree). */
  readonly terraformFs?: (root: string) => TerraformFs | undefined;
  /** Results of an earlier read to reuse for files of the same text (the other side of a diff; see `AccessReadCache`). */
  readonly cache?: AccessReadCache;
}

/**
 * Reads the inputs of the access answer from files: ACL policies (`*.policy.hcl`, `*.policy.json`,
 * named after the file, lower-cased as the engine stores them), JWT roles (`*.jwt-role.yaml|json`,
 * named by `name` or the file), role files (`*.role.*`, `*.static-role.*`, manifests) for the
 * names of credential and static roles, and the same four from Vault-provider Terraform (`*.tf`,
 * `*.tf.json`; see readTerraformAccess: `terraformFs` serves its `file()` calls). A file with an error
 * gives nothing and is listed in `errors`; a Terraform resource left out (unknown values, another
 * mount) is listed in `notices`.
 */
export function collectAccessFiles(
  files: readonly AccessFileText[],
  options: AccessFileOptions,
): { inputs: AccessInputs; errors: AccessFileError[]; notices: AccessFileError[]; sources: AccessFileSources } {
  const { cache } = options;
  const errors: AccessFileError[] = [];
  const policySources = new Map<string, AccessSource>();
  const jwtSources = new Map<string, AccessSource>();
  const roleSources = new Map<string, { definition: RoleDefinition; source: AccessSource }>();
  const policies = new Map<string, AclPolicy>();
  const jwtRoles = new Map<string, AccessJwtRole>();
  const roleFiles: AccessFileText[] = [];
  const terraformFiles: AccessFileText[] = [];
  for (const { file, text } of files) {
    const kind = kindFromFileName(file);
    if (kind === undefined && isTerraformFileName(file)) terraformFiles.push({ file, text });
    else if (kind === 'policy') {
      const name = nameFromFileName(file).toLowerCase();
      const read = remembered(cache, ['policy', name, text], () => readPolicy(text, name));
      if (read.value) policies.set(name, read.value);
      policySources.set(name, { file, document: 0 });
      for (const p of read.problems.filter((x) => x.severity === 'error'))
        errors.push({ file, message: `${p.range ? `line ${p.range.startLine}: ` : ''}${p.message} [${p.code}]` });
    } else if (kind === 'jwt-role') {
      const read = remembered(cache, ['jwt-role', file, text], () => readJwtRoleFile(file, text));
      errors.push(...read.errors);
      for (const { name, role, document } of read.roles) {
        jwtRoles.set(name, role);
        jwtSources.set(name, { file, document });
      }
    } else {
      roleFiles.push({ file, text });
    }
  }
  let roles: string[] | undefined;
  let staticRoles: string[] | undefined;
  const terraform = readTerraformAccess(terraformFiles, options);
  errors.push(...terraform.errors);
  const once = (what: string, name: string, earlier: AccessSource | undefined, file: string) => {
    if (earlier)
      errors.push({ file, message: `${what} "${name}" is declared again; it is already in ${earlier.file}` });
    return earlier === undefined;
  };
  for (const [name, { policy, source }] of terraform.policies)
    if (once('policy', name, policySources.get(name), source.file)) {
      policies.set(name, policy);
      policySources.set(name, source);
    }
  for (const [name, { role, source }] of terraform.jwtRoles)
    if (once('JWT role', name, jwtSources.get(name), source.file)) {
      jwtRoles.set(name, role);
      jwtSources.set(name, source);
    }
  if (roleFiles.length > 0) {
    const state = desiredState(roleFiles, options.mount, cache);
    for (const f of state.files)
      for (const p of f.problems.filter((x) => x.severity === 'error'))
        errors.push({
          file: f.file,
          message: `${p.range ? `line ${p.range.startLine}: ` : ''}${p.message} [${p.code}]`,
        });
    roles = [...state.desired.roles.keys()];
    for (const [name, declared] of state.desired.roles) roleSources.set(name, declared);
    staticRoles = [...state.desired.staticRoles.keys()];
  }
  if (terraform.roleNames.size + terraform.staticRoles.size > 0) {
    for (const [name, declared] of terraform.roles)
      if (once('role', name, roleSources.get(name)?.source, declared.source.file)) roleSources.set(name, declared);
    roles = [...new Set([...(roles ?? []), ...terraform.roleNames])];
    staticRoles = [...new Set([...(staticRoles ?? []), ...terraform.staticRoles.keys()])];
  }
  return {
    inputs: { mount: options.mount, jwtMount: options.jwtMount, jwtRoles, policies, roles, staticRoles },
    errors,
    notices: terraform.notices,
    sources: { policies: policySources, jwtRoles: jwtSources, roles: roleSources },
  };
}

/** The roles' desired state of role files, file by file through the cache (all at once when a name repeats across files). */
function desiredState(
  files: readonly AccessFileText[],
  mount: string,
  cache: AccessReadCache | undefined,
): Pick<ReturnType<typeof collectDesiredState>, 'files' | 'desired'> {
  if (!cache) return collectDesiredState(files, { mount });
  const each = files.map((f) =>
    remembered(cache, ['role', mount, f.file, f.text], () => collectDesiredState([f], { mount })),
  );
  const roles = each.flatMap((s) => [...s.desired.roles]);
  const staticRoles = each.flatMap((s) => [...s.desired.staticRoles]);
  // A name declared in two files: the whole set's reading says so as apply does.
  if (
    new Set(roles.map(([n]) => n)).size < roles.length ||
    new Set(staticRoles.map(([n]) => n)).size < staticRoles.length
  )
    return collectDesiredState(files, { mount });
  return {
    files: each.flatMap((s) => s.files),
    desired: { roles: new Map(roles), staticRoles: new Map(staticRoles), policies: new Map(), jwtRoles: new Map() },
  };
}

/** A JWT role file's roles (name, role, document index) and errors. */
function readJwtRoleFile(
  file: string,
  text: string,
): { roles: { name: string; role: AccessJwtRole; document: number }[]; errors: AccessFileError[] } {
  const roles: { name: string; role: AccessJwtRole; document: number }[] = [];
  const errors: AccessFileError[] = [];
  const jsonc = /\.jsonc$/i.test(file);
  const parsed = parseDocuments(text, detectFormat(file) === 'json' ? 'json' : 'yaml', { jsonc });
  for (const [index, document] of parsed.documents.entries()) {
    const syntax = document.problems.find((p) => p.severity === 'error');
    if (syntax) {
      errors.push({ file, message: `${syntax.message} [${syntax.code}]` });
      continue;
    }
    const value = document.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      if (value !== null && value !== undefined)
        errors.push({ file, message: "a JWT role file holds a map of the role's fields" });
      continue;
    }
    const record = value as Record<string, unknown>;
    const name = typeof record.name === 'string' && record.name !== '' ? record.name : nameFromFileName(file);
    const params = Object.fromEntries(Object.entries(record).filter(([k]) => !FILE_ONLY_FIELDS.has(k)));
    const read = readJwtRole(params);
    if (!read.role) errors.push(...read.errors.map((message) => ({ file, message })));
    else roles.push({ name, role: { role: read.role, params }, document: index });
  }
  return { roles, errors };
}
