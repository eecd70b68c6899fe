import type { EngineClock } from '../../clock.ts';
import type { CloudState } from '../cloud-state.ts';
import type { CloudPrincipal } from '../cloud-types.ts';
import type { QueryParams } from './query-params.ts';
import type { QueryService, XmlTree } from './query-xml.ts';

/** What one Query action runs with, after the signature was checked. */
export interface ActionContext {
  readonly state: CloudState;
  readonly clock: EngineClock;
  readonly params: QueryParams;
  readonly principal: CloudPrincipal;
  /** Address of the client, for `aws:SourceIp`. */
  readonly sourceIp: string;
  /** The region the request was signed for (`aws:RequestedRegion`). */
  readonly region: string;
}

/** What the policy evaluator is asked about a call: the action, its resource and request context keys. */
export interface AuthzRequest {
  readonly resource: string;
  /** Request-specific condition keys (`aws:RequestTag/k`, `aws:TagKeys`, `iam:PolicyARN`...). */
  readonly context?: Readonly<Record<string, string | readonly string[]>>;
}

/** One operation of the Query API. */
export interface QueryAction {
  readonly service: QueryService;
  /** The resource (and request keys) the call is authorized against; undefined: no authorization (GetCallerIdentity). */
  readonly authz: ((ctx: ActionContext) => AuthzRequest) | undefined;
  /** Runs the call; undefined for operations without output (no `<OpResult>`). */
  readonly run: (ctx: ActionContext) => XmlTree | undefined;
}
