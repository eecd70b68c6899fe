import {
  AddUserToGroupCommand,
  AttachUserPolicyCommand,
  CreateAccessKeyCommand,
  CreateUserCommand,
  DeleteUserCommand,
  DeleteAccessKeyCommand,
  DeleteUserPolicyCommand,
  DetachUserPolicyCommand,
  GetUserCommand,
  ListAccessKeysCommand,
  ListAttachedUserPoliciesCommand,
  ListGroupsForUserCommand,
  ListUserPoliciesCommand,
  PutUserPolicyCommand,
  RemoveUserFromGroupCommand,
  TagUserCommand,
} from '@aws-sdk/client-iam';
import {
  AssumeRoleCommand,
  GetFederationTokenCommand,
  GetSessionTokenCommand,
  type Credentials,
} from '@aws-sdk/client-sts';
import type { EngineCore } from '../engine-core.ts';
import type { CloudProvider, ProviderSession } from './cloud-provider.ts';
import type { MountData } from './mount-data.ts';
import { providerClients, withStsFallback } from './provider-clients.ts';

/**
 * The provider through the AWS SDK v3 clients (`@aws-sdk/client-iam`, `@aws-sdk/client-sts`) at
 * the endpoints config/root names, with STS fallbacks; the same engine pointed at a real
 * account's endpoints talks to the real thing.
 */
export function sdkProvider(core: EngineCore, mount: MountData): CloudProvider {
  const clients = providerClients(core, mount);
  const { iam } = clients;
  const quietly = async (run: () => Promise<unknown>): Promise<void> => {
    try {
      await run();
    } catch {
      // Best effort: the original failure is what the caller reports.
    }
  };
  return {
    createUser: async (input) => {
      await iam.send(
        new CreateUserCommand({
          UserName: input.name,
          Path: input.path,
          ...(input.permissionsBoundary ? { PermissionsBoundary: input.permissionsBoundary } : {}),
        }),
      );
    },
    attachUserPolicy: async (user, arn) =>
      void (await iam.send(new AttachUserPolicyCommand({ UserName: user, PolicyArn: arn }))),
    putUserPolicy: async (user, name, document) =>
      void (await iam.send(new PutUserPolicyCommand({ UserName: user, PolicyName: name, PolicyDocument: document }))),
    addUserToGroup: async (user, group) =>
      void (await iam.send(new AddUserToGroupCommand({ UserName: user, GroupName: group }))),
    tagUser: async (user, tags) =>
      void (await iam.send(
        new TagUserCommand({ UserName: user, Tags: Object.entries(tags).map(([Key, Value]) => ({ Key, Value })) }),
      )),
    createAccessKey: async (user) => {
      const key = (await iam.send(new CreateAccessKeyCommand({ UserName: user }))).AccessKey;
      return { accessKeyId: key?.AccessKeyId ?? '', secretAccessKey: key?.SecretAccessKey ?? '' };
    },
    getUser: async (name) => {
      const user = (await iam.send(new GetUserCommand(name === undefined ? {} : { UserName: name }))).User;
      return { name: user?.UserName ?? '', userId: user?.UserId ?? '' };
    },
    listAccessKeys: async (user) => {
      const keys = (await iam.send(new ListAccessKeysCommand({ UserName: user }))).AccessKeyMetadata ?? [];
      return keys
        .map((k) => ({ id: k.AccessKeyId ?? '', createdAt: k.CreateDate?.getTime() ?? 0 }))
        .sort((a, b) => a.createdAt - b.createdAt);
    },
    deleteAccessKey: async (user, id) =>
      void (await iam.send(new DeleteAccessKeyCommand({ UserName: user, AccessKeyId: id }))),
    deleteUser: async (user) => {
      // The real engine's order: groups, attached policies, inline policies, keys, then the user.
      // A user has at most 2 keys, 10 attached and a handful of inline policies: one page each.
      const groups = (await iam.send(new ListGroupsForUserCommand({ UserName: user, MaxItems: 1000 }))).Groups ?? [];
      for (const g of groups)
        await iam.send(new RemoveUserFromGroupCommand({ UserName: user, GroupName: g.GroupName }));
      const attached =
        (await iam.send(new ListAttachedUserPoliciesCommand({ UserName: user, MaxItems: 1000 }))).AttachedPolicies ??
        [];
      for (const p of attached) await iam.send(new DetachUserPolicyCommand({ UserName: user, PolicyArn: p.PolicyArn }));
      const inline =
        (await iam.send(new ListUserPoliciesCommand({ UserName: user, MaxItems: 1000 }))).PolicyNames ?? [];
      for (const name of inline) await iam.send(new DeleteUserPolicyCommand({ UserName: user, PolicyName: name }));
      const keys =
        (await iam.send(new ListAccessKeysCommand({ UserName: user, MaxItems: 1000 }))).AccessKeyMetadata ?? [];
      for (const k of keys) await iam.send(new DeleteAccessKeyCommand({ UserName: user, AccessKeyId: k.AccessKeyId }));
      await iam.send(new DeleteUserCommand({ UserName: user }));
    },
    removeUser: async (user, made) => {
      for (const group of made.groups)
        await quietly(() => iam.send(new RemoveUserFromGroupCommand({ UserName: user, GroupName: group })));
      if (made.inlinePolicy !== undefined)
        await quietly(() => iam.send(new DeleteUserPolicyCommand({ UserName: user, PolicyName: made.inlinePolicy })));
      for (const arn of made.policies)
        await quietly(() => iam.send(new DetachUserPolicyCommand({ UserName: user, PolicyArn: arn })));
      await quietly(() => iam.send(new DeleteUserCommand({ UserName: user })));
    },
    assumeRole: async (input) => {
      const tags = Object.entries(input.tags).map(([Key, Value]) => ({ Key, Value }));
      const answer = await withStsFallback(clients, (sts) =>
        sts.send(
          new AssumeRoleCommand({
            RoleArn: input.roleArn,
            RoleSessionName: input.sessionName,
            DurationSeconds: input.durationSeconds,
            ...(input.policy ? { Policy: input.policy } : {}),
            ...(input.policyArns.length > 0 ? { PolicyArns: input.policyArns.map((arn) => ({ arn })) } : {}),
            ...(tags.length > 0 ? { Tags: tags } : {}),
            ...(input.externalId ? { ExternalId: input.externalId } : {}),
          }),
        ),
      );
      return sessionOf(answer.Credentials, answer.AssumedRoleUser?.Arn ?? '');
    },
    getFederationToken: async (input) => {
      const answer = await withStsFallback(clients, (sts) =>
        sts.send(
          new GetFederationTokenCommand({
            Name: input.name,
            DurationSeconds: input.durationSeconds,
            ...(input.policy ? { Policy: input.policy } : {}),
            ...(input.policyArns.length > 0 ? { PolicyArns: input.policyArns.map((arn) => ({ arn })) } : {}),
          }),
        ),
      );
      return sessionOf(answer.Credentials, answer.FederatedUser?.Arn ?? '');
    },
    getSessionToken: async (input) => {
      const answer = await withStsFallback(clients, (sts) =>
        sts.send(
          new GetSessionTokenCommand({
            DurationSeconds: input.durationSeconds,
            ...(input.serialNumber !== undefined ? { SerialNumber: input.serialNumber } : {}),
            ...(input.tokenCode !== undefined ? { TokenCode: input.tokenCode } : {}),
          }),
        ),
      );
      return sessionOf(answer.Credentials, '');
    },
  };
}

/** The credentials of an STS answer (the provider always sends all four fields). */
function sessionOf(credentials: Credentials | undefined, arn: string): ProviderSession {
  return {
    accessKeyId: credentials?.AccessKeyId ?? '',
    secretAccessKey: credentials?.SecretAccessKey ?? '',
    sessionToken: credentials?.SessionToken ?? '',
    expiresAt: credentials?.Expiration?.getTime() ?? 0,
    arn,
  };
}
