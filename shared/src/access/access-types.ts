import type { JwtRole } from '../jwt-roles/index.ts';
import type { AclPolicy } from '../policies/index.ts';
import type { Problem } from '../problem.ts';

/** A JWT role as the access model needs it: the role read by `readJwtRole`, and the write it came from (for the trust rules). */
export interface AccessJwtRole {
  readonly role: JwtRole;
  readonly params: Readonly<Record<string, unknown>>;
}

/** Everything the answer is computed from: the files of a workspace or what an engine holds. */
export interface AccessInputs {
  /** The secrets engine's mount (`cloud`). */
  readonly mount: string;
  /** Where the JWT auth method is mounted (`jwt`). */
  readonly jwtMount: string;
  readonly jwtRoles: ReadonlyMap<string, AccessJwtRole>;
  /** ACL policies by name; `default` is added from the engine's built-in text when absent. */
  readonly policies: ReadonlyMap<string, AclPolicy>;
  /** Credential (dynamic) role names; when unknown (`undefined`) the names written in policy paths are used. */
  readonly roles: readonly string[] | undefined;
  /** Static role names; when unknown, the names written in policy paths. */
  readonly staticRoles: readonly string[] | undefined;
}

/**
 * What one claim must be for a login: any one of `anyOf` (globs when `glob`), or anything when
 * `unbound`. `text` says it in words ("any repository of owner octo-org").
 */
export interface LoginScope {
  readonly text: string;
  readonly unbound: boolean;
  readonly glob: boolean;
  /** Accepted values (absent when several glob conditions must all hold: `text` names them). */
  readonly anyOf?: readonly string[];
  /** No token can satisfy the role's bindings for this claim together. */
  readonly impossible?: boolean;
}

/** One way to log in with a JWT role: a `sub` value (or none) and the other bound claims. */
export interface LoginPath {
  readonly repository: LoginScope;
  readonly ref: LoginScope;
  readonly environment: LoginScope;
  readonly event: LoginScope;
  /** Further bound claims (`repository_id`, `job_workflow_ref`, ...), each by name. */
  readonly otherClaims: Readonly<Record<string, LoginScope>>;
  /** The `sub` value (or pattern) this path comes from, when the role binds `sub`. */
  readonly subject?: string;
  /**
   * `token_bound_cidrs`: the only addresses the login (and every use of its token) may come from.
   * They limit where, not who: GitHub-hosted runners share addresses across repositories.
   */
  readonly sourceAddresses?: readonly string[];
}

/** Kinds of engine paths a token may reach. */
export type ReachKind = 'credentials' | 'static-credentials' | 'rotation' | 'configuration';

/** One engine path a token's policies reach, evaluated with the engine's ACL. */
export interface Reach {
  readonly kind: ReachKind;
  /** The role, static role or configuration the path is about; `*` stands for any other name. */
  readonly target: string;
  /** Full request path (`cloud/creds/deploy`). */
  readonly path: string;
  /** As `sys/capabilities-self` answers for the path (`["root"]` for the root policy). */
  readonly capabilities: readonly string[];
  /** Policies granting those capabilities. */
  readonly grantedBy: readonly string[];
  /** The rule that decides, as written in the policies. */
  readonly rule?: string;
}

/** The answer for one JWT role. */
export interface JwtRoleAccess {
  readonly name: string;
  readonly logins: readonly LoginPath[];
  readonly audiences: readonly string[];
  /** The login token's policies: `token_policies` plus `default` (unless `token_no_default_policy`). */
  readonly policies: readonly string[];
  /** Policies named by the role that the inputs do not hold: they grant nothing. */
  readonly missingPolicies: readonly string[];
  readonly reach: readonly Reach[];
  /** The OIDC trust rules' findings for the role (`JWT_TRUST_*`). */
  readonly trust: readonly Problem[];
}

/** One login path that reaches a target: the JWT role, who can log in with it, and what it may do there. */
interface TargetLogin {
  readonly jwtRole: string;
  readonly logins: readonly LoginPath[];
  readonly paths: readonly { readonly path: string; readonly capabilities: readonly string[] }[];
}

/** The reverse answer for one credential role or static role. */
export interface TargetAccess {
  readonly kind: 'credentials' | 'static-credentials';
  readonly name: string;
  readonly logins: readonly TargetLogin[];
  /** Every policy that alone grants something on the target's paths (tokens made another way hold them too). */
  readonly policies: readonly string[];
}

/** "Who can get what": per JWT role and, reversed, per credential role and static role. */
export interface AccessReport {
  readonly mount: string;
  readonly jwtRoles: readonly JwtRoleAccess[];
  readonly targets: readonly TargetAccess[];
}
