import { formatDuration } from '@keyfob/shared/duration';
import { ENGINE_DEFAULTS } from '../engine-options.ts';
import type { MadeUser } from './cloud-provider.ts';
import type { CredentialContext, IssuedCredentials } from './credential-context.ts';
import { cloudProvider } from './provider.ts';
import { viaProvider } from './provider-error.ts';
import { makeUsername } from './username.ts';

/**
 * iam_user: CreateUser (path, boundary), AttachUserPolicy per ARN, PutUserPolicy (named after the
 * role), AddUserToGroup per group, TagUser, CreateAccessKey. A failure part-way removes what was
 * made again (the real engine's write-ahead rollback). The lease is renewable: TTL from
 * config/lease or the mount default (768h); the request's `ttl` does not apply.
 */
export async function issueIamUser(ctx: CredentialContext): Promise<IssuedCredentials> {
  const { core, mount, role } = ctx;
  const template = mount.rootConfig?.usernameTemplate ?? '';
  const userName = makeUsername(
    template,
    { credentialType: 'iam_user', displayName: ctx.caller.record.displayName, roleName: role.name },
    () => core.clock.date(),
  );
  const provider = cloudProvider(core, mount);
  await viaProvider('Error creating IAM user', () =>
    provider.createUser({
      name: userName,
      path: role.userPath || '/',
      ...(role.permissionsBoundaryArn ? { permissionsBoundary: role.permissionsBoundaryArn } : {}),
    }),
  );
  const made: { policies: string[]; inlinePolicy: string | undefined; groups: string[] } = {
    policies: [],
    inlinePolicy: undefined,
    groups: [],
  };
  try {
    for (const arn of role.policyArns) {
      await viaProvider('Error attaching user policy', () => provider.attachUserPolicy(userName, arn));
      made.policies.push(arn);
    }
    if (role.policyDocument) {
      await viaProvider('Error putting user policy', () =>
        provider.putUserPolicy(userName, role.name, role.policyDocument),
      );
      made.inlinePolicy = role.name;
    }
    for (const group of role.iamGroups) {
      await viaProvider('Error adding user to group', () => provider.addUserToGroup(userName, group));
      made.groups.push(group);
    }
    if (Object.keys(role.iamTags).length > 0)
      await viaProvider('Error adding tags to user', () => provider.tagUser(userName, role.iamTags));
    const key = await viaProvider('Error creating access keys', () => provider.createAccessKey(userName));
    const now = core.clock.now();
    const { ttl, max, warning } = cappedLease(mount.leaseConfig);
    return {
      data: { access_key: key.accessKeyId, secret_key: key.secretAccessKey, session_token: null },
      expiresAt: now + ttl * 1000,
      renewable: true,
      leaseTtl: ttl,
      leaseMaxExpiresAt: now + max * 1000,
      userName,
      ...(warning ? { warnings: [warning] } : {}),
    };
  } catch (error) {
    await provider.removeUser(userName, made satisfies MadeUser);
    throw error;
  }
}

/**
 * The lease of iam_user credentials as the real engine's expiration manager sets it: config/lease's
 * `lease` (0 or unset: the mount default), never past `lease_max` nor the mount/system maximum
 * (768h); a cut TTL draws the real engine's warning.
 */
function cappedLease(config: { lease: number; leaseMax: number } | undefined): {
  ttl: number;
  max: number;
  warning?: string;
} {
  const system = ENGINE_DEFAULTS.mountLeaseSeconds;
  const max = Math.min(config?.leaseMax || system, system);
  const wanted = config?.lease || system;
  if (wanted <= max) return { ttl: wanted, max };
  return {
    ttl: max,
    max,
    warning: `TTL of "${formatDuration(wanted)}" exceeded the effective max_ttl of "${formatDuration(max)}"; TTL value is capped accordingly`,
  };
}
