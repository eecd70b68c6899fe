import { badRequest } from '../http/http-error.ts';
import type { ProviderSession } from './cloud-provider.ts';
import type { CredentialContext, IssuedCredentials } from './credential-context.ts';
import { cloudProvider } from './provider.ts';
import { viaProvider } from './provider-error.ts';
import { makeUsername } from './username.ts';

/** assumed_role: role_arn choice, session name, external id, session tags, merged group policies. */
export async function issueAssumedRole(ctx: CredentialContext): Promise<IssuedCredentials> {
  const { core, role } = ctx;
  const roleArn = chooseRoleArn(ctx);
  // Sent or generated from the username template (IAM branch), the name is sanitised and cut to 64.
  const sessionName = sanitiseSessionName(
    ctx.request.roleSessionName ??
      makeUsername(
        usernameTemplate(ctx),
        { credentialType: 'assumed_role', displayName: ctx.caller.record.displayName, roleName: role.name },
        () => core.clock.date(),
      ),
  );
  const policies = mergedPolicies(ctx);
  const session = await viaProvider('Error assuming role', () =>
    cloudProvider(core, ctx.mount).assumeRole({
      roleArn,
      sessionName,
      durationSeconds: ctx.ttl,
      ...(policies.document ? { policy: policies.document } : {}),
      policyArns: policies.arns,
      tags: role.sessionTags,
      ...(role.externalId ? { externalId: role.externalId } : {}),
    }),
  );
  return stsResult(ctx, session, { arn: session.arn });
}

/** federation_token: a generated STS name (32-character cap) and at least one policy. */
export async function issueFederationToken(ctx: CredentialContext): Promise<IssuedCredentials> {
  const { core, role } = ctx;
  const policies = mergedPolicies(ctx);
  if (!policies.document && policies.arns.length === 0) {
    throw badRequest(
      'must specify at least one of policy_arns or policy_document with federation_token credential_type',
    );
  }
  const name = makeUsername(
    usernameTemplate(ctx),
    { credentialType: 'federation_token', displayName: ctx.caller.record.displayName, roleName: role.name },
    () => core.clock.date(),
  );
  const session = await viaProvider('Error generating STS keys', () =>
    cloudProvider(core, ctx.mount).getFederationToken({
      name,
      durationSeconds: ctx.ttl,
      ...(policies.document ? { policy: policies.document } : {}),
      policyArns: policies.arns,
    }),
  );
  return stsResult(ctx, session, {});
}

/** session_token: the caller's own identity; MFA serial from the role, code from the request. */
export async function issueSessionToken(ctx: CredentialContext): Promise<IssuedCredentials> {
  const { core, role } = ctx;
  const session = await viaProvider('Error generating STS keys', () =>
    cloudProvider(core, ctx.mount).getSessionToken({
      durationSeconds: ctx.ttl,
      ...(role.mfaSerialNumber ? { serialNumber: role.mfaSerialNumber } : {}),
      ...(ctx.request.mfaCode !== undefined ? { tokenCode: ctx.request.mfaCode } : {}),
    }),
  );
  const now = core.clock.now();
  return {
    data: {
      access_key: session.accessKeyId,
      secret_key: session.secretAccessKey,
      session_token: session.sessionToken,
      ttl: secondsLeft(session, now),
    },
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
  if (!allowed.includes(wanted))
    throw badRequest(`role_arn "${wanted}" not in allowed role arns for role "${ctx.role.name}"`);
  return wanted;
}

/** Characters the provider refuses become `_`; seed 1 truncates to 64. */
function sanitiseSessionName(name: string): string {
  return name.replace(/[^a-zA-Z0-9+=,.@_-]/g, '_').slice(0, 64);
}

/** The role's policies plus the managed policies of its groups (group fixtures), as one provider call gets them. */
function mergedPolicies(ctx: CredentialContext): { document: string; arns: string[] } {
  const groups = ctx.core.cloud.state.settings.groups ?? [];
  const arns = [...ctx.role.policyArns];
  for (const name of ctx.role.iamGroups)
    for (const arn of groups.find((g) => g.name === name)?.policyArns ?? []) if (!arns.includes(arn)) arns.push(arn);
  return { document: ctx.role.policyDocument, arns };
}

function usernameTemplate(ctx: CredentialContext): string {
  return ctx.mount.rootConfig?.usernameTemplate ?? '';
}

function secondsLeft(session: ProviderSession, now: number): number {
  return Math.max(0, Math.round((session.expiresAt - now) / 1000));
}

function stsResult(
  ctx: CredentialContext,
  session: ProviderSession,
  extra: Record<string, unknown>,
): IssuedCredentials {
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
