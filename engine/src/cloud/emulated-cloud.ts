import type { EngineClock } from '../clock.ts';
import type { Store } from '../state/store.ts';
import { CloudState } from './cloud-state.ts';
import type { CloudCredentials, CloudPrincipal, CloudUser, SessionKind } from './cloud-types.ts';
import { authenticate, enterCall } from './gate.ts';
import * as iam from './iam-operations.ts';
import * as sts from './sts-operations.ts';

/** What `whoami` reports about accepted credentials. */
export interface Identity {
  readonly arn: string;
  readonly kind: 'iam_user' | SessionKind;
  readonly account: string;
  readonly accessKey: string;
  /** Engine milliseconds; undefined for long-term keys. */
  readonly expiresAt: number | undefined;
}

/**
 * The emulated cloud provider: IAM users with at most two access keys, groups, policies, tags,
 * boundaries, and STS sessions with the provider's duration limits. Every call authenticates its
 * credentials and honours throttling fixtures; all calls are synchronous, so a sequence of calls
 * in one request cannot interleave with another request (no lost key, never a third key).
 */
export class EmulatedCloud {
  readonly state: CloudState;

  constructor(
    store: Store,
    readonly clock: EngineClock,
    defaults: { consistencyDelaySeconds: number },
  ) {
    this.state = new CloudState(store, defaults);
  }

  /** GetUser: `name` or, when absent, the caller's own user. */
  getUser(creds: CloudCredentials | undefined, name?: string): CloudUser {
    const caller = this.#enter('GetUser', creds);
    return iam.requireUser(this.state, name ?? caller.userName ?? '');
  }

  /** CreateUser. */
  createUser(creds: CloudCredentials | undefined, input: iam.CreateUserInput): CloudUser {
    this.#enter('CreateUser', creds);
    return iam.createUser(this.state, this.clock, input);
  }

  /** AttachUserPolicy. */
  attachUserPolicy(creds: CloudCredentials | undefined, user: string, policyArn: string): void {
    this.#enter('AttachUserPolicy', creds);
    iam.attachUserPolicy(this.state, user, policyArn);
  }

  /** PutUserPolicy. */
  putUserPolicy(creds: CloudCredentials | undefined, user: string, policyName: string, document: string): void {
    this.#enter('PutUserPolicy', creds);
    iam.putUserPolicy(this.state, user, policyName, document);
  }

  /** AddUserToGroup. */
  addUserToGroup(creds: CloudCredentials | undefined, user: string, group: string): void {
    this.#enter('AddUserToGroup', creds);
    iam.addUserToGroup(this.state, user, group);
  }

  /** TagUser. */
  tagUser(creds: CloudCredentials | undefined, user: string, tags: Readonly<Record<string, string>>): void {
    this.#enter('TagUser', creds);
    iam.tagUser(this.state, user, tags);
  }

  /** CreateAccessKey (LimitExceeded past two keys); a user's own new key waits out the consistency window. */
  createAccessKey(creds: CloudCredentials | undefined, user: string): iam.IssuedKey {
    return iam.createAccessKey(this.state, this.clock, user, this.#enter('CreateAccessKey', creds));
  }

  /** DeleteAccessKey. */
  deleteAccessKey(creds: CloudCredentials | undefined, user: string, accessKeyId: string): void {
    this.#enter('DeleteAccessKey', creds);
    iam.deleteAccessKey(this.state, user, accessKeyId);
  }

  /** ListAccessKeys, oldest first. */
  listAccessKeys(creds: CloudCredentials | undefined, user: string): { id: string; createdAt: number }[] {
    this.#enter('ListAccessKeys', creds);
    return iam.listAccessKeys(this.state, user);
  }

  /** Removes a user completely, the way lease revocation does it (keys, policies, groups, user). */
  deleteUserCompletely(creds: CloudCredentials | undefined, user: string): void {
    for (const step of [
      'ListAccessKeys',
      'DeleteAccessKey',
      'DetachUserPolicy',
      'DeleteUserPolicy',
      'RemoveUserFromGroup',
    ]) {
      this.#enter(step, creds);
    }
    this.#enter('DeleteUser', creds);
    iam.deleteUser(this.state, user);
  }

  /** AssumeRole. */
  assumeRole(creds: CloudCredentials | undefined, input: sts.AssumeRoleInput): sts.IssuedSession {
    return sts.assumeRole(this.state, this.clock, this.#enter('AssumeRole', creds), input);
  }

  /** GetFederationToken. */
  getFederationToken(creds: CloudCredentials | undefined, input: sts.FederationInput): sts.IssuedSession {
    return sts.getFederationToken(this.state, this.clock, this.#enter('GetFederationToken', creds), input);
  }

  /** GetSessionToken. */
  getSessionToken(creds: CloudCredentials | undefined, input: sts.SessionTokenInput): sts.IssuedSession {
    return sts.getSessionToken(this.state, this.clock, this.#enter('GetSessionToken', creds), input);
  }

  /** GetCallerIdentity without throttling: the identity behind credentials, or the provider's error. */
  whoami(creds: CloudCredentials): Identity {
    const principal = authenticate(this.state, this.clock, creds);
    const session = this.state.sessions.get(creds.accessKey);
    return {
      arn: principal.arn,
      kind: session ? session.kind : 'iam_user',
      account: this.state.settings.accountId,
      accessKey: creds.accessKey,
      expiresAt: session?.expiresAt,
    };
  }

  /** Drops expired STS sessions (called by the scheduler). */
  purgeExpiredSessions(): number {
    return sts.purgeExpiredSessions(this.state, this.clock.now());
  }

  #enter(operation: string, creds: CloudCredentials | undefined): CloudPrincipal {
    return enterCall(this.state, this.clock, operation, creds);
  }
}
