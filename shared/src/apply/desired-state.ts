import { applyCodes } from '../codes/apply.ts';
import type { ParsedFile } from '../documents/index.ts';
import { policyLines } from './policy-lines.ts';
import {
  checkOf,
  lintText,
  nameFromFileName,
  type DocumentCheck,
  type LintedDocument,
  type TrustContext,
} from '../lint/index.ts';
import { hasErrors, type Problem } from '../problem.ts';
import type { ManifestDefinition, RoleDefinition, StaticRoleDefinition } from '../rules/index.ts';
import type { Declared, DesiredState, JwtRoleBody, PolicyDefinition, SourceRef } from './plan-types.ts';

/** A role file's name (as shown to users) and text. */
export interface RoleFileText {
  readonly file: string;
  readonly text: string;
}

/** Every problem of one file, lint and apply alike, each with a range when it points into the text. */
export interface FileProblems {
  readonly file: string;
  readonly problems: readonly Problem[];
}

/** The declared state, the problems per file, and whether apply may go on (no errors anywhere). */
export interface DesiredStateResult {
  readonly desired: DesiredState;
  readonly files: readonly FileProblems[];
  readonly ok: boolean;
}

type Collector = {
  roles: Map<string, Declared<RoleDefinition>>;
  staticRoles: Map<string, Declared<StaticRoleDefinition>>;
  policies: Map<string, Declared<PolicyDefinition>>;
  jwtRoles: Map<string, Declared<JwtRoleBody>>;
};

/**
 * Reads role files into the state they declare: `*.role.*` and `*.static-role.*` documents and the
 * `roles`/`static_roles` of manifests. Every file is linted with the shared rules first; a file with
 * errors contributes nothing and makes `ok` false, since applying half a change set is worse than none.
 *
 * Codes of its own: `APPLY_DUPLICATE_NAME` (a name declared in two places), `APPLY_MOUNT_MISMATCH`,
 * `APPLY_NOT_APPLIED` (root or lease configuration, which apply leaves alone), `APPLY_NO_DOCUMENTS`.
 */
export function collectDesiredState(
  files: readonly RoleFileText[],
  options: { readonly mount: string; readonly trust?: TrustContext },
): DesiredStateResult {
  const state: Collector = { roles: new Map(), staticRoles: new Map(), policies: new Map(), jwtRoles: new Map() };
  const reports: FileProblems[] = [];
  for (const { file, text } of files) {
    const linted = lintText(text, { fileName: file, ...(options.trust ? { trust: options.trust } : {}) });
    const problems: Problem[] = [...linted.problems];
    for (const document of linted.documents) {
      if (hasErrors(document.problems)) continue;
      problems.push(
        ...declare(document, { file, document: document.index, text, parsed: linted.file }, options.mount, state),
      );
    }
    reports.push({ file, problems });
  }
  if (
    state.roles.size === 0 &&
    state.staticRoles.size === 0 &&
    state.policies.size === 0 &&
    state.jwtRoles.size === 0
  ) {
    reports.push({
      file: '',
      problems: [
        note(
          'APPLY_NO_DOCUMENTS',
          'No role, static-role, manifest, JWT role or policy document was found in the given files.',
        ),
      ],
    });
  }
  const ok = !reports.some((r) => hasErrors(r.problems));
  return {
    desired: { roles: state.roles, staticRoles: state.staticRoles, policies: state.policies, jwtRoles: state.jwtRoles },
    files: reports,
    ok,
  };
}

function declare(
  document: LintedDocument,
  from: SourceRef & { readonly text: string; readonly parsed: ParsedFile },
  mount: string,
  state: Collector,
): Problem[] {
  const source: SourceRef = { file: from.file, document: from.document };
  const at = (p: Problem): Problem => ({ ...p, document: source.document });
  switch (document.kind) {
    case 'policy': {
      // The engine lower-cases policy names; the file name gives the name (`deploy.policy.hcl`).
      const name = nameFromFileName(source.file).toLowerCase();
      if (name === 'root')
        return [
          at(
            note(
              'APPLY_POLICY_RESERVED',
              `${source.file} would write the policy "root", which the engine refuses (root holds every capability and cannot change); rename the file.`,
            ),
          ),
        ];
      return add(state.policies, name, { text: from.text }, source).map(at);
    }
    // A document the validator refuses is never dropped without a word: its errors come back.
    // Lint's check of the document (its validator ran once, there): the value it normalised. A
    // document the validator refuses is never dropped without a word: its errors come back.
    case 'jwt-role': {
      const checked = lintCheck(document, 'jwt-role', source);
      return (checked.value ? add(state.jwtRoles, document.name, checked.value, source) : checked.problems).map(at);
    }
    case 'role': {
      const checked = lintCheck(document, 'role', source);
      const role = checked.value;
      const withLines = withPolicyLines(source, from.parsed, '/policy_document');
      return (role ? add(state.roles, document.name ?? role.name, role, withLines) : checked.problems).map(at);
    }
    case 'static-role': {
      const checked = lintCheck(document, 'static-role', source);
      const role = checked.value;
      return (role ? add(state.staticRoles, document.name ?? role.name, role, source) : checked.problems).map(at);
    }
    case 'manifest':
      return declareManifest(lintCheck(document, 'manifest', source).value, source, mount, state, from.parsed).map(at);
    case 'root-config':
    case 'lease-config':
      return [
        at(
          note(
            'APPLY_NOT_APPLIED',
            `${source.file} holds ${document.kind === 'root-config' ? 'root' : 'lease'} configuration, which apply leaves alone; configure it on the engine directly.`,
          ),
        ),
      ];
    default:
      return [];
  }
}

function declareManifest(
  manifest: ManifestDefinition | undefined,
  source: SourceRef,
  mount: string,
  state: Collector,
  parsed: ParsedFile,
): Problem[] {
  if (!manifest) return [];
  if (manifest.mount !== undefined && manifest.mount.replace(/^\/+|\/+$/g, '') !== mount) {
    return [
      note(
        'APPLY_MOUNT_MISMATCH',
        `${source.file} is for mount "${manifest.mount}", but apply writes to mount "${mount}"; set the mount to match, or remove mount from the manifest.`,
        '/mount',
      ),
    ];
  }
  const problems: Problem[] = [];
  for (const [name, role] of Object.entries(manifest.roles)) {
    const pointer = `/roles/${name.replace(/~/g, '~0').replace(/\//g, '~1')}/policy_document`;
    problems.push(...add(state.roles, name, role, withPolicyLines(source, parsed, pointer)));
  }
  for (const [name, staticRole] of Object.entries(manifest.staticRoles))
    problems.push(...add(state.staticRoles, name, staticRole, source));
  if (manifest.lease || manifest.root) {
    const sections = [manifest.root && 'root', manifest.lease && 'lease'].filter(Boolean);
    problems.push(
      note(
        'APPLY_NOT_APPLIED',
        `${source.file}: apply manages roles and static roles; its ${sections.join(' and ')} ${sections.length > 1 ? 'sections are' : 'section is'} left alone.`,
      ),
    );
  }
  return problems;
}

function add<T>(map: Map<string, Declared<T>>, name: string | undefined, definition: T, source: SourceRef): Problem[] {
  if (name === undefined) return [];
  const earlier = map.get(name);
  if (earlier) {
    return [
      note(
        'APPLY_DUPLICATE_NAME',
        `"${name}" is declared again here; it is already declared in ${earlier.source.file}${earlier.source.document > 0 ? ` (document ${earlier.source.document + 1})` : ''}. Keep one.`,
      ),
    ];
  }
  map.set(name, { definition, source });
  return [];
}

/** The source with the file lines of the role's policy and its statements (`x-keyfob-source` on the write). */
function withPolicyLines(source: SourceRef, parsed: ParsedFile, pointer: string): SourceRef {
  const policy = policyLines(parsed, source.document, pointer);
  return policy ? { ...source, policy } : source;
}

/**
 * Lint's check of a document of `kind`. Lint runs the kind's validator on every document it knows
 * the kind of and can read (one with a syntax error has errors and is never declared), so a
 * missing check is a fault of keyfob's, said at once rather than applying less than the files say.
 */
function lintCheck<K extends DocumentCheck['kind']>(
  document: LintedDocument,
  kind: K,
  source: SourceRef,
): Extract<DocumentCheck, { kind: K }> {
  const check = checkOf(document.check, kind);
  if (check) return check;
  throw new Error(
    `keyfob did not validate document ${source.document + 1} of ${source.file} as a ${kind} while linting it`,
  );
}

function note(code: keyof typeof applyCodes, message: string, path = ''): Problem {
  return { code, severity: applyCodes[code].severity, message, path };
}
