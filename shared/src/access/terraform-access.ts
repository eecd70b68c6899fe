import { readJwtRole } from '../jwt-roles/index.ts';
import type { FieldLocation } from '../terraform/index.ts';
import { readPartialPolicy, readPolicy, type AclPolicy } from '../policies/index.ts';
import { validateRole, validateStaticRole, type RoleDefinition } from '../rules/index.ts';
import { isInsideRoot, TerraformTree, type TerraformFs } from '../lint/terraform-tree.ts';
import type { TerraformContext } from '../lint/terraform-file.ts';
import { readTerraformFile, readTerraformResources, type TerraformResource, type TfFile } from '../terraform/index.ts';
import type { AccessJwtRole } from './access-types.ts';
import { DEFAULT_MOUNTS } from './engine-paths.ts';

/** A Terraform file's name and text, as the access readers get every file. */
interface TerraformText {
  readonly file: string;
  readonly text: string;
}

/** Where a Terraform resource writes a field: the file, the resource's index and its field places. */
export interface TerraformSource {
  readonly file: string;
  readonly document: number;
  readonly terraform: {
    readonly locations: ReadonlyMap<string, FieldLocation>;
    /** Offset of an ACL policy's text in the file, when the policy is written there as it is. */
    readonly policyOffset?: number;
  };
}

/** What the Terraform files of a folder (one module each) give the access answer. */
export interface TerraformAccess {
  readonly policies: Map<string, { policy: AclPolicy; source: TerraformSource }>;
  readonly jwtRoles: Map<string, { role: AccessJwtRole; source: TerraformSource }>;
  /** Credential roles whose definition is known whole (for cloud actions and STS lifetimes). */
  readonly roles: Map<string, { definition: RoleDefinition; source: TerraformSource }>;
  /** Every credential role's name (a role with unknown fields is named here only). */
  readonly roleNames: Set<string>;
  readonly staticRoles: Map<string, TerraformSource>;
  /** A file or resource that cannot be read: the answer would be wrong without it. */
  readonly errors: { file: string; message: string }[];
  /** A resource left out, or read with an assumption, and why (the answer holds without it). */
  readonly notices: { file: string; message: string }[];
}

/** The engine fields the access answer reads of a JWT role: when one is unknown, the role is left out. */
const JWT_ACCESS_FIELDS = new Set([
  'role_type',
  'bound_audiences',
  'bound_subject',
  'bound_claims',
  'bound_claims_type',
  'user_claim',
  'user_claim_json_pointer',
  'groups_claim',
  'token_policies',
  'policies',
  'token_bound_cidrs',
  'bound_cidrs',
  'token_ttl',
  'token_max_ttl',
  'token_explicit_max_ttl',
  'token_period',
  'ttl',
  'max_ttl',
  'period',
  'token_no_default_policy',
  'token_type',
]);

/**
 * Reads the access inputs from Vault-provider Terraform (docs/terraform.md): `vault_policy`,
 * `vault_jwt_auth_backend_role`, `vault_aws_secret_backend_role` and `_static_role`, through the one
 * mapping table and evaluating only what is known. Files of one folder are one module (locals,
 * variables, references between its resources); `file()` and `fileset()` read through the one reader (TerraformTree over `terraformFs`; paths relative to the
 * folder). A resource on another mount than the answer's (`backend` known and different) is left
 * out; one whose name or access fields are unknown is left out with a notice saying why; a policy
 * known in part is read as such (readPartialPolicy) with a notice that it may grant more.
 */
export function readTerraformAccess(
  files: readonly TerraformText[],
  options: {
    readonly mount: string;
    readonly jwtMount: string;
    /**
     * The host's files for `file()` and `fileset()` below a root (TerraformTree): `.`, the folder the
     * files' paths are relative to, or a module folder outside it (named as the files name it).
     */
    readonly terraformFs?: (root: string) => TerraformFs | undefined;
  },
): TerraformAccess {
  const out: TerraformAccess = {
    policies: new Map(),
    jwtRoles: new Map(),
    roles: new Map(),
    roleNames: new Set(),
    staticRoles: new Map(),
    errors: [],
    notices: [],
  };
  const folders = new Map<string, { file: string; tf: TfFile }[]>();
  for (const { file, text } of files) {
    const tf = readTerraformFile(file, text);
    if (tf.error) {
      out.errors.push({ file, message: `not valid Terraform: ${tf.error.message} [TF_SYNTAX]` });
      continue;
    }
    const folder = folderOf(file);
    folders.set(folder, [...(folders.get(folder) ?? []), { file, tf }]);
  }
  // The one reader of the modules' files (lint and the language server read through it too): rooted
  // where the paths are relative to; a folder outside that root (given by an absolute or `../` path) is its own root.
  const trees = new Map<string, TerraformTree>();
  const moduleOf = (folder: string): TerraformContext => {
    const inside = isInsideRoot(folder);
    const root = inside ? '.' : folder;
    let tree = trees.get(root);
    if (!tree) {
      const held = files.flatMap((f) =>
        inside
          ? isInsideRoot(f.file)
            ? [[f.file, f.text] as const]
            : []
          : folderOf(f.file) === folder
            ? [[f.file.slice(folder.length + 1), f.text] as const]
            : [],
      );
      tree = new TerraformTree(options.terraformFs?.(root), new Map(held));
      trees.set(root, tree);
    }
    return tree.contextOf(inside ? folder : '');
  };
  for (const [folder, module] of folders) {
    const { readFile, listFiles, rootFolders } = moduleOf(folder);
    const context = {
      files: module.map((m) => m.tf),
      ...(readFile ? { readFile } : {}),
      ...(listFiles ? { listFiles } : {}),
      ...(rootFolders ? { rootFolders } : {}),
    };
    for (const { file, tf } of module)
      for (const [document, resource] of readTerraformResources(tf, context).entries())
        // A policy with for_each or count whose instances are known is one policy per instance.
        for (const one of resource.resourceType.kind === 'policy' ? (resource.instances ?? [resource]) : [resource])
          readResource(one, { file, document, text: tf.text }, options, out);
  }
  return out;
}

function readResource(
  resource: TerraformResource,
  at: { file: string; document: number; text: string },
  options: { readonly mount: string; readonly jwtMount: string },
  out: TerraformAccess,
): void {
  const kind = resource.resourceType.kind;
  if (kind === 'root-config') return;
  const notice = (message: string): void => {
    out.notices.push({ file: at.file, message: `${resource.address}: ${message}` });
  };
  const source: TerraformSource = {
    file: at.file,
    document: at.document,
    terraform: { locations: resource.locations },
  };
  if (resource.name === undefined) {
    const why = resource.unknown.find((u) => u.attribute === resource.resourceType.nameAttribute)?.reason;
    return notice(`left out: its ${resource.resourceType.nameAttribute} is not known${why ? ` (${why})` : ''}`);
  }
  if (kind !== 'policy') {
    const mount = kind === 'jwt-role' ? options.jwtMount : options.mount;
    // The provider's backend default for a JWT role is jwt, the engine's default mount too.
    const backend = backendOf(resource, kind === 'jwt-role' ? DEFAULT_MOUNTS.jwtMount : undefined);
    if (backend.known && backend.value !== mount)
      return notice(`left out: it is on mount "${backend.value}", not "${mount}"`);
    if (!backend.known) notice(`its backend is not known (${backend.reason}); read as on "${mount}"`);
  }
  const unknown = resource.unknown.filter((u) => u.field !== undefined);
  if (kind === 'policy') {
    const name = resource.name.toLowerCase();
    const text = resource.value.policy;
    if (typeof text !== 'string') {
      const policyText = unknown.find((u) => u.field === 'policy');
      const why = policyText?.reason ?? 'no policy text';
      // Known in part: its rules are read, each unknown value marked; the answer counts what it
      // grants whatever those values are (readingsFor, per path), and says it may grant more.
      const partial = policyText?.partial ? readPartialPolicy(policyText.partial, name) : undefined;
      if (!partial) return notice(`left out: its policy text is not known (${why})`);
      notice(
        `its policy text is known in part (${why}): what it grants whatever the unknown values are is counted; a rule they name may grant more, and is not shown`,
      );
      out.policies.set(name, { policy: partial, source });
      return;
    }
    const read = readPolicy(text, name);
    const errors = read.problems.filter((p) => p.severity === 'error');
    if (!read.value || errors.length > 0) {
      for (const p of errors.length > 0 ? errors : read.problems.slice(0, 1))
        out.errors.push({ file: at.file, message: `${resource.address}: ${p.message} [${p.code}]` });
      return;
    }
    const place = resource.locations.get('/policy')?.value;
    const inPlace = place !== undefined && at.text.slice(place.start, place.end) === text;
    out.policies.set(name, {
      policy: read.value,
      source: { ...source, terraform: { ...source.terraform, ...(inPlace ? { policyOffset: place.start } : {}) } },
    });
    return;
  }
  if (kind === 'jwt-role') {
    const blocking = unknown.filter((u) => JWT_ACCESS_FIELDS.has(u.field as string));
    if (blocking.length > 0)
      return notice(`left out: ${blocking.map((u) => `${u.attribute} is not known (${u.reason})`).join('; ')}`);
    const params = Object.fromEntries(Object.entries(resource.value).filter(([k]) => k !== 'name'));
    const read = readJwtRole(params);
    if (!read.role) {
      out.errors.push(...read.errors.map((m) => ({ file: at.file, message: `${resource.address}: ${m}` })));
      return;
    }
    out.jwtRoles.set(resource.name, { role: { role: read.role, params }, source });
    return;
  }
  if (kind === 'static-role') {
    const checked = validateStaticRole(resource.value, { name: resource.name });
    if (checked.value) out.staticRoles.set(resource.name, source);
    return;
  }
  // A credential role: its name reaches the answer; its definition (for cloud actions) only when whole.
  if (unknown.length > 0) {
    notice(
      `its ${unknown.map((u) => u.attribute).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not known: its cloud actions are not compared`,
    );
    out.roleNames.add(resource.name);
    return;
  }
  const checked = validateRole(resource.value, { name: resource.name });
  if (checked.value) {
    out.roles.set(resource.name, { definition: checked.value, source });
    out.roleNames.add(resource.name);
  } else
    out.errors.push(
      ...checked.problems
        .filter((p) => p.severity === 'error')
        .map((p) => ({ file: at.file, message: `${resource.address}: ${p.message} [${p.code}]` })),
    );
}

/** The mount a resource names in `backend` (provider-only), without slashes at the ends. */
function backendOf(
  resource: TerraformResource,
  providerDefault: string | undefined,
): { known: true; value: string } | { known: false; reason: string } {
  const backend = resource.provider.get('backend');
  if (!backend) return providerDefault ? { known: true, value: providerDefault } : { known: false, reason: 'not set' };
  if (!backend.known) return backend;
  return typeof backend.value === 'string'
    ? { known: true, value: backend.value.replace(/^\/+|\/+$/g, '') }
    : { known: false, reason: 'not a string' };
}

function folderOf(file: string): string {
  const cut = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return cut === -1 ? '.' : file.slice(0, cut);
}
