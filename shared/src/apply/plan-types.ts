import type { EngineRole, EngineStaticRole } from '../client/index.ts';
import type { PolicyLines } from './policy-lines.ts';
import type { Problem } from '../problem.ts';
import type { RoleDefinition, StaticRoleDefinition } from '../rules/index.ts';

/** What apply manages. */
type ApplyKind = 'role' | 'static-role' | 'policy' | 'jwt-role';

/**
 * What a plan step does: `create` and `update` write, `delete` removes, `replace` deletes then
 * creates (to clear fields the engine keeps on update, or to move a static role to another user),
 * `unchanged` does nothing.
 */
export type PlanOp = 'create' | 'update' | 'replace' | 'delete' | 'unchanged';

/** Where a desired definition comes from, for messages and annotations. */
export interface SourceRef {
  readonly file: string;
  /** 0-based document index in the file. */
  readonly document: number;
  /** A role's policy: the line of `policy_document` and of each statement in the file. */
  readonly policy?: PolicyLines;
}

/** A definition from the role files with its source. */
export interface Declared<T> {
  readonly definition: T;
  readonly source: SourceRef;
}

/** An ACL policy file: its text, sent as it is (HCL or its JSON form). */
export interface PolicyDefinition {
  readonly text: string;
}

/** A JWT role file: the body to write (file-only keys removed), as validated. */
export type JwtRoleBody = Readonly<Record<string, unknown>>;

/** The state the role files declare, by name. */
export interface DesiredState {
  readonly roles: ReadonlyMap<string, Declared<RoleDefinition>>;
  readonly staticRoles: ReadonlyMap<string, Declared<StaticRoleDefinition>>;
  /** ACL policies by their (lower-cased) name; absent when the files declare none. */
  readonly policies?: ReadonlyMap<string, Declared<PolicyDefinition>>;
  /** JWT auth roles by name; absent when the files declare none. */
  readonly jwtRoles?: ReadonlyMap<string, Declared<JwtRoleBody>>;
}

/** The engine's state as read: the declared names' current definitions, and every listed name. */
export interface CurrentState {
  readonly roles: ReadonlyMap<string, EngineRole>;
  readonly staticRoles: ReadonlyMap<string, EngineStaticRole>;
  /** Every role name on the engine; `undefined` when not listed (no prune). */
  readonly roleNames: readonly string[] | undefined;
  /** Every static role name; `undefined` when not listed, or the engine cannot list them. */
  readonly staticRoleNames: readonly string[] | undefined;
  /** Stored text of the declared policies. */
  readonly policies?: ReadonlyMap<string, string>;
  /** Every policy name; `undefined` when not listed. */
  readonly policyNames?: readonly string[] | undefined;
  /** The declared JWT roles as the engine reads them back. */
  readonly jwtRoles?: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** Every JWT role name; `undefined` when not listed. */
  readonly jwtRoleNames?: readonly string[] | undefined;
}

/** One step of a plan. `body` never holds a secret: role files hold none. */
export interface PlanStep {
  readonly op: PlanOp;
  readonly kind: ApplyKind;
  readonly name: string;
  /** Fields that differ (wire names); for `create`, the fields set. */
  readonly fields: readonly string[];
  /** What to write (create, update, replace). */
  readonly body?: Readonly<Record<string, unknown>>;
  readonly source?: SourceRef;
}

/** A plan: ordered steps, notes about them, and whether anything would change. */
export interface Plan {
  readonly steps: readonly PlanStep[];
  readonly problems: readonly Problem[];
  readonly changed: boolean;
}
