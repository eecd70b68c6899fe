import { ENGINE_DEFAULTS } from '../engine-options.ts';
import { rootCredentials } from '../engine-core.ts';
import { withProvider } from './provider-error.ts';
import type { CredentialContext, IssuedCredentials } from './credential-context.ts';
import { makeUsername } from './username.ts';

/**
 * iam_user: CreateUser (path, boundary), AttachUserPolicy per ARN, PutUserPolicy (named after the
 * role), AddUserToGroup per group, TagUser, CreateAccessKey. A failure part-way removes the user
 * again (the real engine's write-ahead rollback). The lease is renewable: TTL from config/lease or
 * the mount default (768h); the request's `ttl` does not apply.
 */
export function issueIamUser(ctx: CredentialContext): IssuedCredentials {
  const { core, mount, role } = ctx;
  const template = mount.rootConfig?.usernameTemplate ?? '';
  const userName = makeUsername(template, { credentialType: 'iam_user', displayName: ctx.caller.record.displayName, roleName: role.name }, () => core.clock.date());
  const creds = rootCredentials(core, mount);
  const cloud = core.cloud;
  withProvider('Error creating IAM user', () =>
    cloud.createUser(creds, {
      name: userName,
      path: role.userPath || '/',
      ...(role.permissionsBoundaryArn ? { permissionsBoundary: role.permissionsBoundaryArn } : {}),
    }),
  );
  try {
    for (const arn of role.policyArns) withProvider('Error attaching user policy', () => cloud.attachUserPolicy(creds, userName, arn));
    if (role.policyDocument) withProvider('Error putting user policy', () => cloud.putUserPolicy(creds, userName, role.name, role.policyDocument));
    for (const group of role.iamGroups) withProvider('Error adding user to group', () => cloud.addUserToGroup(creds, userName, group));
    if (Object.keys(role.iamTags).length > 0) withProvider('Error adding tags to user', () => cloud.tagUser(creds, userName, role.iamTags));
    const key = withProvider('Error creating access keys', () => cloud.createAccessKey(creds, userName));
    const now = core.clock.now();
    const leaseTtl = mount.leaseConfig?.lease || ENGINE_DEFAULTS.mountLeaseSeconds;
    const leaseMax = mount.leaseConfig?.leaseMax || ENGINE_DEFAULTS.mountLeaseSeconds;
    return {
      data: { access_key: key.accessKeyId, secret_key: key.secretAccessKey, session_token: null },
      expiresAt: now + Math.min(leaseTtl, leaseMax) * 1000,
      renewable: true,
      leaseTtl,
      leaseMaxExpiresAt: now + leaseMax * 1000,
      userName,
    };
  } catch (error) {
    cloud.state.removeUser(userName);
    throw error;
  }
}
