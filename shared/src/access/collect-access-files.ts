import { collectDesiredState } from '../apply/index.ts';
import { detectFormat, parseDocuments } from '../documents/index.ts';
import { readJwtRole } from '../jwt-roles/index.ts';
import { kindFromFileName, nameFromFileName } from '../lint/index.ts';
import { readPolicy, type AclPolicy } from '../policies/index.ts';
import type { RoleDefinition } from '../rules/index.ts';
import type { AccessInputs, AccessJwtRole } from './access-types.ts';

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

/** Where a policy, JWT role or credential role is written: the file and the 0-based document in it. */
interface AccessSource {
  readonly file: string;
  readonly document: number;
}

/** What the files say beside the access inputs: each definition's source, and the credential roles' definitions. */
export interface AccessFileSources {
  readonly policies: ReadonlyMap<string, AccessSource>;
  readonly jwtRoles: ReadonlyMap<string, AccessSource>;
  readonly roles: ReadonlyMap<string, { readonly definition: RoleDefinition; readonly source: AccessSource }>;
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

/**
 * Reads the inputs of the access answer from files: ACL policies (`*.policy.hcl`, `*.policy.json`,
 * named after the file, lower-cased as the engine stores them), JWT roles (`*.jwt-role.yaml|json`,
 * named by `name` or the file) and role files (`*.role.*`, `*.static-role.*`, manifests) for the
 * names of credential and static roles. A file with an error gives nothing and is listed in `errors`.
 */
export function collectAccessFiles(
  files: readonly AccessFileText[],
  options: { readonly mount: string; readonly jwtMount: string },
): { inputs: AccessInputs; errors: AccessFileError[]; sources: AccessFileSources } {
  const errors: AccessFileError[] = [];
  const policySources = new Map<string, AccessSource>();
  const jwtSources = new Map<string, AccessSource>();
  const roleSources = new Map<string, { definition: RoleDefinition; source: AccessSource }>();
  const policies = new Map<string, AclPolicy>();
  const jwtRoles = new Map<string, AccessJwtRole>();
  const roleFiles: AccessFileText[] = [];
  for (const { file, text } of files) {
    const kind = kindFromFileName(file);
    if (kind === 'policy') {
      const name = nameFromFileName(file).toLowerCase();
      const read = readPolicy(text, name);
      if (read.value) policies.set(name, read.value);
      policySources.set(name, { file, document: 0 });
      for (const p of read.problems.filter((x) => x.severity === 'error'))
        errors.push({ file, message: `${p.range ? `line ${p.range.startLine}: ` : ''}${p.message} [${p.code}]` });
    } else if (kind === 'jwt-role') {
      readJwtRoleFile(file, text, jwtRoles, errors, jwtSources);
    } else {
      roleFiles.push({ file, text });
    }
  }
  let roles: string[] | undefined;
  let staticRoles: string[] | undefined;
  if (roleFiles.length > 0) {
    const state = collectDesiredState(roleFiles, { mount: options.mount });
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
  return {
    inputs: { mount: options.mount, jwtMount: options.jwtMount, jwtRoles, policies, roles, staticRoles },
    errors,
    sources: { policies: policySources, jwtRoles: jwtSources, roles: roleSources },
  };
}

function readJwtRoleFile(
  file: string,
  text: string,
  into: Map<string, AccessJwtRole>,
  errors: AccessFileError[],
  sources: Map<string, AccessSource>,
): void {
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
    else {
      into.set(name, { role: read.role, params });
      sources.set(name, { file, document: index });
    }
  }
}
