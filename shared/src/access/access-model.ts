import { detectFormat, parseDocuments, type ParsedFile } from '../documents/index.ts';
import { readPolicy } from '../policies/index.ts';
import { isRoleFileName } from '../lint/index.ts';
import type { RoleDefinition } from '../rules/index.ts';
import type { AccessInputs } from './access-types.ts';
import {
  collectAccessFiles,
  type AccessFileError,
  type AccessFileOptions,
  type AccessFileSources,
  type AccessFileText,
} from './collect-access-files.ts';

/** A file and 1-based line: where a grant is written. */
export interface SourceLine {
  readonly file: string;
  readonly line: number;
}

/** What `locate` can find: a policy's rule by its path, or a field (JSON Pointer) of a JWT role or credential role. */
type Located =
  | { readonly kind: 'policy'; readonly name: string; readonly rulePath?: string }
  | { readonly kind: 'jwt-role' | 'role'; readonly name: string; readonly pointer: string };

/**
 * One state of access, whatever it was read from: the inputs of `keyfob access`, the credential
 * roles' definitions (for cloud actions and STS lifetimes) and where each thing is written. Readers
 * of other sources (an engine, Terraform) build the same shape; `locate` may answer nothing.
 */
export interface AccessModel {
  readonly inputs: AccessInputs;
  readonly roles: ReadonlyMap<string, RoleDefinition>;
  locate(what: Located): SourceLine | undefined;
}

/** A reader of one revision's files into a model (the files reader below reads Terraform too). */
export type AccessModelReader = (
  files: readonly AccessFileText[],
  options: AccessFileOptions,
) => { model: AccessModel; errors: AccessFileError[]; notices: AccessFileError[] };

/**
 * True for the files an access model is read from (both sides of `keyfob access diff` and the
 * action's access-diff mode): role files, manifests, ACL policies and JWT roles, by the names
 * `keyfob lint` walks.
 */
export function isAccessModelFileName(file: string): boolean {
  return isRoleFileName(file);
}

/**
 * Reads an access model from keyfob files (policies, JWT roles, role files and manifests): the
 * access inputs as `keyfob access` reads them, plus the source of each definition so every gained
 * access can name the file and line that grants it.
 *
 * @example readAccessModel([{ file: 'p.policy.hcl', text: 'path "cloud/creds/x" { capabilities = ["read"] }' }], { mount: 'cloud', jwtMount: 'jwt' }).model.locate({ kind: 'policy', name: 'p', rulePath: 'cloud/creds/x' }) // { file: 'p.policy.hcl', line: 1 }
 */
export const readAccessModel: AccessModelReader = (files, options) => {
  const { inputs, errors, notices, sources } = collectAccessFiles(files, options);
  const texts = new Map(files.map((f) => [f.file, f.text]));
  const roles = new Map([...sources.roles].map(([name, r]) => [name, r.definition]));
  return { model: { inputs, roles, locate: locator(texts, sources) }, errors, notices };
};

function locator(texts: ReadonlyMap<string, string>, sources: AccessFileSources): AccessModel['locate'] {
  const parsed = new Map<string, ParsedFile>();
  const parse = (file: string): ParsedFile | undefined => {
    const text = texts.get(file);
    if (text === undefined) return undefined;
    let found = parsed.get(file);
    if (!found) {
      found = parseDocuments(text, detectFormat(file) === 'json' ? 'json' : 'yaml', { jsonc: /\.jsonc$/i.test(file) });
      parsed.set(file, found);
    }
    return found;
  };
  return (what) => {
    if (what.kind === 'policy') {
      const source = sources.policies.get(what.name);
      const text = source && texts.get(source.file);
      if (!source || text === undefined) return undefined;
      if (source.terraform) {
        // The policy's text inside the resource: a rule's line when the text is written there as it is.
        const offset = source.terraform.policyOffset;
        const place = source.terraform.locations.get('/policy');
        const policyText = offset === undefined || !place ? undefined : text.slice(offset, place.value.end);
        const rule =
          policyText === undefined || what.rulePath === undefined
            ? undefined
            : readPolicy(policyText, what.name).value?.rules.find((r) => r.path === what.rulePath);
        const at =
          rule?.range && offset !== undefined ? offset + rule.range.start : (place?.key ?? place?.value)?.start;
        return { file: source.file, line: lineAt(text, at ?? source.terraform.locations.get('')?.value.start ?? 0) };
      }
      const rule =
        what.rulePath === undefined
          ? undefined
          : readPolicy(text, what.name).value?.rules.find((r) => r.path === what.rulePath);
      return { file: source.file, line: rule?.range ? lineAt(text, rule.range.start) : 1 };
    }
    const source = what.kind === 'jwt-role' ? sources.jwtRoles.get(what.name) : sources.roles.get(what.name)?.source;
    if (!source) return undefined;
    if (source.terraform)
      return fieldLine(source.file, texts.get(source.file) ?? '', source.terraform.locations, what.pointer);
    const file = parse(source.file);
    const document = file?.documents[source.document];
    if (!file || !document) return { file: source.file, line: 1 };
    return fieldLine(source.file, file.text, document.locations, what.pointer);
  };
}

/** The line of a field, or of its nearest written parent (a manifest nests roles; an absent field is the document's). */
function fieldLine(
  file: string,
  text: string,
  locations: ReadonlyMap<string, { readonly key?: { start: number }; readonly value: { start: number } }>,
  field: string,
): SourceLine {
  for (let pointer = field; ; pointer = pointer.slice(0, pointer.lastIndexOf('/'))) {
    const location = locations.get(pointer);
    const at = location?.key?.start ?? location?.value.start;
    if (at !== undefined) return { file, line: lineAt(text, at) };
    if (pointer === '') return { file, line: 1 };
  }
}

/** 1-based line of an offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
