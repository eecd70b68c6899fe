import { AssumeRoleCommand, GetFederationTokenCommand, GetSessionTokenCommand, type Credentials } from '@aws-sdk/client-sts';
import { badRequest } from '../http/http-error.ts';
import type { CredentialContext, IssuedCredentials } from './credential-context.ts';
import { providerClients, withStsFallback } from './provider-clients.ts';
import { viaProvider } from './provider-error.ts';
import { makeUsername } from './username.ts';

/** Temporary credentials as the engine keeps them (expiry in engine milliseconds). */
interface IssuedSession {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken: string;
  readonly expiresAt: number;
}

/** assumed_role: role_arn choice, session name, external id, session tags, merged group policies (STS AssumeRole through the SDK). */
export async function issueAssumedRole(ctx: CredentialContext): Promise<IssuedCredentials> {
  const { core, role } = ctx;
  const roleArn = chooseRoleArn(ctx);
  // Sent or generated from the username template (IAM branch), the name is sanitised and cut to 64.
  const sessionName = sanitiseSessionName(
    ctx.request.roleSessionName ??
      makeUsername(usernameTemplate(ctx), { credentialType: 'assumed_role', displayName: ctx.caller.record.displayName, roleName: role.name }, () => core.clock.date()),
  );
  const policies = mergedPolicies(ctx);
  const tags = Object.entries(role.sessionTags).map(([Key, Value]) => ({ Key, Value }));
  const answer = await viaProvider('Error assuming role', () =>
    withStsFallback(providerClients(core, ctx.mount), (sts) =>
      sts.send(
        new AssumeRoleCommand({
          RoleArn: roleArn,
          RoleSessionName: sessionName,
          DurationSeconds: ctx.ttl,
          ...(policies.document ? { Policy: policies.document } : {}),
          ...(policies.arns.length > 0 ? { PolicyArns: policies.arns.map((arn) => ({ arn })) } : {}),
          ...(tags.length > 0 ? { Tags: tags } : {}),
          ...(role.externalId ? { ExternalId: role.externalId } : {}),
        }),
      ),
    ),
  );
  return stsResult(ctx, sessionOf(answer.Credentials), { arn: answer.AssumedRoleUser?.Arn ?? '' });
}

/** federation_token: a generated STS name (32-character cap) and at least one policy (STS GetFederationToken). */
export async function issueFederationToken(ctx: CredentialContext): Promise<IssuedCredentials> {
  const { core, role } = ctx;
  const policies = mergedPolicies(ctx);
  if (!policies.document && policies.arns.length === 0) {
    throw badRequest('must specify at least one of policy_arns or policy_document with federation_token credential_type');
  }
  const name = makeUsername(usernameTemplate(ctx), { credentialType: 'federation_token', displayName: ctx.caller.record.displayName, roleName: role.name }, () => core.clock.date());
  const answer = await viaProvider('Error generating STS keys', () =>
    withStsFallback(providerClients(core, ctx.mount), (sts) =>
      sts.send(
        new GetFederationTokenCommand({
          Name: name,
          DurationSeconds: ctx.ttl,
          ...(policies.document ? { Policy: policies.document } : {}),
          ...(policies.arns.length > 0 ? { PolicyArns: policies.arns.map((arn) => ({ arn })) } : {}),
        }),
      ),
    ),
  );
  return stsResult(ctx, sessionOf(answer.Credentials), {});
}

/** session_token: the caller's own identity; MFA serial from the role, code from the request (STS GetSessionToken). */
export async function issueSessionToken(ctx: CredentialContext): Promise<IssuedCredentials> {
  const { core, role } = ctx;
  const answer = await viaProvider('Error generating STS keys', () =>
    withStsFallback(providerClients(core, ctx.mount), (sts) =>
      sts.send(
        new GetSessionTokenCommand({
          DurationSeconds: ctx.ttl,
          ...(role.mfaSerialNumber ? { SerialNumber: role.mfaSerialNumber } : {}),
          ...(ctx.request.mfaCode !== undefined ? { TokenCode: ctx.request.mfaCode } : {}),
        }),
      ),
    ),
  );
  const session = sessionOf(answer.Credentials);
  const now = core.clock.now();
  return {
    data: { access_key: session.accessKeyId, secret_key: session.secretAccessKey, session_token: session.sessionToken, ttl: secondsLeft(session, now) },
    expiresAt: session.expiresAt,
    renewable: false,
    leaseTtl: 0,
    leaseMaxExpiresAt: session.expiresAt,
  };
}

/** Seed 1: a role with one role ARN needs no choice; several need one of them. */
function chooseRoleArn(ctx: CredentialContext): string {
  const wanted = ctx.request.roleArn;
  const allowed = ctx.role.roleArns;
  if (wanted === undefined) {
    if (allowed.length === 1 && allowed[0] !== undefined) return allowed[0];
    throw badRequest('did not supply a role_arn parameter and unable to determine one');
  }
  if (!allowed.includes(wanted)) throw badRequest(`role_arn "${wanted}" not in allowed role arns for role "${ctx.role.name}"`);
  return wanted;
}

/** Characters the provider refuses become `_`; seed 1 truncates to 64. */
export function sanitiseSessionName(name: string): string {
  return name.replace(/[^a-zA-Z0-9+=,.@_-]/g, '_').slice(0, 64);
}

/** The role's policies plus the managed policies of its groups (group fixtures), as one provider call gets them. */
function mergedPolicies(ctx: CredentialContext): { document: string; arns: string[] } {
  const groups = ctx.core.cloud.state.settings.groups ?? [];
  const arns = [...ctx.role.policyArns];
  for (const name of ctx.role.iamGroups) for (const arn of groups.find((g) => g.name === name)?.policyArns ?? []) if (!arns.includes(arn)) arns.push(arn);
  return { document: ctx.role.policyDocument, arns };
}

function usernameTemplate(ctx: CredentialContext): string {
  return ctx.mount.rootConfig?.usernameTemplate ?? '';
}

/** The credentials of an STS answer; the provider always sends all four fields. */
function sessionOf(credentials: Credentials | undefined): IssuedSession {
  return {
    accessKeyId: credentials?.AccessKeyId ?? '',
    secretAccessKey: credentials?.SecretAccessKey ?? '',
    sessionToken: credentials?.SessionToken ?? '',
    expiresAt: credentials?.Expiration?.getTime() ?? 0,
  };
}

function secondsLeft(session: IssuedSession, now: number): number {
  return Math.max(0, Math.round((session.expiresAt - now) / 1000));
}

function stsResult(ctx: CredentialContext, session: IssuedSession, extra: Record<string, unknown>): IssuedCredentials {
  const ttl = secondsLeft(session, ctx.core.clock.now());
  return {
    data: {
      access_key: session.accessKeyId,
      secret_key: session.secretAccessKey,
      session_token: session.sessionToken,
      security_token: session.sessionToken,
      ...extra,
      ttl,
    },
    expiresAt: session.expiresAt,
    renewable: false,
    leaseTtl: 0,
    leaseMaxExpiresAt: session.expiresAt,
  };
}
