import {
  AddUserToGroupCommand,
  AttachUserPolicyCommand,
  CreateAccessKeyCommand,
  CreateUserCommand,
  DeleteUserCommand,
  DeleteUserPolicyCommand,
  DetachUserPolicyCommand,
  PutUserPolicyCommand,
  RemoveUserFromGroupCommand,
  TagUserCommand,
  type IAMClient,
} from '@aws-sdk/client-iam';
import { ENGINE_DEFAULTS } from '../engine-options.ts';
import { viaProvider } from './provider-error.ts';
import { providerClients } from './provider-clients.ts';
import type { CredentialContext, IssuedCredentials } from './credential-context.ts';
import { makeUsername } from './username.ts';

/**
 * iam_user through the IAM API (AWS SDK): CreateUser (path, boundary), AttachUserPolicy per ARN,
 * PutUserPolicy (named after the role), AddUserToGroup per group, TagUser, CreateAccessKey. A
 * failure part-way removes what was made (the real engine's write-ahead rollback). The lease is
 * renewable: TTL from config/lease or the mount default (768h); the request's `ttl` does not apply.
 */
export async function issueIamUser(ctx: CredentialContext): Promise<IssuedCredentials> {
  const { core, mount, role } = ctx;
  const template = mount.rootConfig?.usernameTemplate ?? '';
  const userName = makeUsername(template, { credentialType: 'iam_user', displayName: ctx.caller.record.displayName, roleName: role.name }, () => core.clock.date());
  const { iam } = providerClients(core, mount);
  await viaProvider('Error creating IAM user', () =>
    iam.send(
      new CreateUserCommand({
        UserName: userName,
        Path: role.userPath || '/',
        ...(role.permissionsBoundaryArn ? { PermissionsBoundary: role.permissionsBoundaryArn } : {}),
      }),
    ),
  );
  const made: Made = { policies: [], inline: false, groups: [] };
  try {
    for (const arn of role.policyArns) {
      await viaProvider('Error attaching user policy', () => iam.send(new AttachUserPolicyCommand({ UserName: userName, PolicyArn: arn })));
      made.policies.push(arn);
    }
    if (role.policyDocument) {
      await viaProvider('Error putting user policy', () => iam.send(new PutUserPolicyCommand({ UserName: userName, PolicyName: role.name, PolicyDocument: role.policyDocument })));
      made.inline = true;
    }
    for (const group of role.iamGroups) {
      await viaProvider('Error adding user to group', () => iam.send(new AddUserToGroupCommand({ UserName: userName, GroupName: group })));
      made.groups.push(group);
    }
    const tags = Object.entries(role.iamTags).map(([Key, Value]) => ({ Key, Value }));
    if (tags.length > 0) await viaProvider('Error adding tags to user', () => iam.send(new TagUserCommand({ UserName: userName, Tags: tags })));
    const key = await viaProvider('Error creating access keys', () => iam.send(new CreateAccessKeyCommand({ UserName: userName })));
    const now = core.clock.now();
    const leaseTtl = mount.leaseConfig?.lease || ENGINE_DEFAULTS.mountLeaseSeconds;
    const leaseMax = mount.leaseConfig?.leaseMax || ENGINE_DEFAULTS.mountLeaseSeconds;
    return {
      data: { access_key: key.AccessKey?.AccessKeyId ?? '', secret_key: key.AccessKey?.SecretAccessKey ?? '', session_token: null },
      expiresAt: now + Math.min(leaseTtl, leaseMax) * 1000,
      renewable: true,
      leaseTtl,
      leaseMaxExpiresAt: now + leaseMax * 1000,
      userName,
    };
  } catch (error) {
    await rollback(iam, userName, made, role.name);
    throw error;
  }
}

interface Made {
  readonly policies: string[];
  inline: boolean;
  readonly groups: string[];
}

/** Undoes a half-made user, newest step first; each step is best effort (the user may be half there). */
async function rollback(iam: IAMClient, userName: string, made: Made, policyName: string): Promise<void> {
  const quietly = async (run: () => Promise<unknown>): Promise<void> => {
    try {
      await run();
    } catch {
      // The original failure is what the caller needs to see.
    }
  };
  for (const group of made.groups) await quietly(() => iam.send(new RemoveUserFromGroupCommand({ UserName: userName, GroupName: group })));
  if (made.inline) await quietly(() => iam.send(new DeleteUserPolicyCommand({ UserName: userName, PolicyName: policyName })));
  for (const arn of made.policies) await quietly(() => iam.send(new DetachUserPolicyCommand({ UserName: userName, PolicyArn: arn })));
  await quietly(() => iam.send(new DeleteUserCommand({ UserName: userName })));
}
