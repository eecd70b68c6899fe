import { isoTime } from '../../clock.ts';
import { userArn } from '../arn.ts';
import { CloudError } from '../cloud-error.ts';
import type { CloudUser } from '../cloud-types.ts';
import * as iam from '../iam-operations.ts';
import type { ActionContext, AuthzRequest, QueryAction } from './query-action.ts';
import { badParameter, type QueryParams } from './query-params.ts';
import { members, type XmlTree } from './query-xml.ts';
import { paged } from './paged.ts';
import { SIMULATE_ACTIONS } from './simulate-actions.ts';

/** The model's limit on inline policy documents (characters). */
const MAX_POLICY_DOCUMENT = 131072;
const POLICY_TEXT = /^[\t\n\r\u0020-\u00ff]+$/;
const NAME_128 = /^[\w+=,.@-]{1,128}$/;

/** The IAM operations of the emulated cloud's Query API (users, keys, policies, groups, tags). */
export const IAM_ACTIONS: Readonly<Record<string, QueryAction>> = {
  CreateUser: {
    service: 'iam',
    authz: (ctx) => ({
      resource: userArn(account(ctx), ctx.params.optional('Path') ?? '/', ctx.params.optional('UserName') ?? ''),
      context: requestTags(ctx.params),
    }),
    run: (ctx) => {
      const p = ctx.params;
      const boundary = p.optional('PermissionsBoundary');
      const user = iam.createUser(ctx.state, ctx.clock, {
        name: p.required('UserName'),
        path: p.optional('Path') ?? '/',
        ...(boundary !== undefined ? { permissionsBoundary: boundary } : {}),
      });
      const tags = p.tags();
      if (tags.length > 0) iam.tagUser(ctx.state, user.name, Object.fromEntries(tags.map((t) => [t.key, t.value])));
      return { User: userXml(iam.requireUser(ctx.state, user.name)) };
    },
  },
  GetUser: userAction((ctx, user) => ({ User: userXml(user) }), true),
  DeleteUser: userAction((ctx, user) => void iam.deleteUserChecked(ctx.state, user.name)),
  ListUsers: {
    service: 'iam',
    authz: (ctx) => ({ resource: `arn:aws:iam::${account(ctx)}:user/` }),
    run: (ctx) => {
      const prefix = ctx.params.optional('PathPrefix') ?? '/';
      const users = ctx.state.users
        .values()
        .filter((u) => u.path.startsWith(prefix))
        .sort((a, b) => a.name.localeCompare(b.name));
      return paged(ctx.params, 'Users', users.map(userXml));
    },
  },
  CreateAccessKey: userAction((ctx, user) => {
    const key = iam.createAccessKey(ctx.state, ctx.clock, user.name, ctx.principal);
    return {
      AccessKey: {
        UserName: user.name,
        AccessKeyId: key.accessKeyId,
        Status: 'Active',
        SecretAccessKey: key.secretAccessKey,
        CreateDate: isoTime(key.createdAt),
      },
    };
  }, true),
  DeleteAccessKey: userAction(
    (ctx, user) => void iam.deleteAccessKey(ctx.state, user.name, ctx.params.required('AccessKeyId')),
    true,
  ),
  UpdateAccessKey: userAction(
    (ctx, user) =>
      void iam.updateAccessKey(ctx.state, user.name, ctx.params.required('AccessKeyId'), ctx.params.required('Status')),
    true,
  ),
  ListAccessKeys: userAction((ctx, user) => {
    const keys = [...user.accessKeys].sort((a, b) => a.createdAt - b.createdAt);
    return paged(
      ctx.params,
      'AccessKeyMetadata',
      keys.map((k) => ({
        UserName: user.name,
        AccessKeyId: k.id,
        Status: k.inactive ? 'Inactive' : 'Active',
        CreateDate: isoTime(k.createdAt),
      })),
    );
  }, true),
  AttachUserPolicy: userAction(
    (ctx, user) => void iam.attachUserPolicy(ctx.state, user.name, ctx.params.required('PolicyArn')),
    false,
    policyArnKey,
  ),
  DetachUserPolicy: userAction(
    (ctx, user) => void iam.detachUserPolicy(ctx.state, user.name, ctx.params.required('PolicyArn')),
    false,
    policyArnKey,
  ),
  ListAttachedUserPolicies: userAction((ctx, user) => {
    const prefix = ctx.params.optional('PathPrefix') ?? '/';
    const attached = user.managedPolicies.filter((arn) => policyPath(arn).startsWith(prefix));
    return paged(
      ctx.params,
      'AttachedPolicies',
      attached.map((arn) => ({ PolicyName: arn.slice(arn.lastIndexOf('/') + 1), PolicyArn: arn })),
    );
  }),
  PutUserPolicy: userAction((ctx, user) => {
    const name = policyName(ctx.params);
    const document = ctx.params.required('PolicyDocument');
    if (document.length > MAX_POLICY_DOCUMENT || !POLICY_TEXT.test(document)) {
      throw badParameter(
        'PolicyDocument',
        document,
        `Member must have length less than or equal to ${MAX_POLICY_DOCUMENT} and consist of TAB, LF, CR and U+0020-U+00FF`,
      );
    }
    iam.putUserPolicy(ctx.state, user.name, name, document);
  }),
  GetUserPolicy: userAction((ctx, user) => {
    const name = policyName(ctx.params);
    // The provider sends the document percent-encoded (RFC 3986); clients decode it themselves.
    return {
      UserName: user.name,
      PolicyName: name,
      PolicyDocument: encodeURIComponent(iam.getUserPolicy(ctx.state, user.name, name)),
    };
  }),
  DeleteUserPolicy: userAction((ctx, user) => void iam.deleteUserPolicy(ctx.state, user.name, policyName(ctx.params))),
  ListUserPolicies: userAction((ctx, user) =>
    paged(ctx.params, 'PolicyNames', Object.keys(user.inlinePolicies).sort()),
  ),
  AddUserToGroup: groupAction((ctx, user, group) => void iam.addUserToGroup(ctx.state, user, group)),
  RemoveUserFromGroup: groupAction((ctx, user, group) => void iam.removeUserFromGroup(ctx.state, user, group)),
  ListGroupsForUser: userAction((ctx, user) =>
    paged(
      ctx.params,
      'Groups',
      user.groups.map((g) => ({
        Path: '/',
        GroupName: g,
        GroupId: `AGPA${g
          .toUpperCase()
          .replace(/[^A-Z2-7]/g, 'A')
          .padEnd(17, 'A')
          .slice(0, 17)}`,
        Arn: `arn:aws:iam::${account(ctx)}:group/${g}`,
        CreateDate: isoTime(user.createdAt),
      })),
    ),
  ),
  TagUser: userAction(
    (ctx, user) => {
      const tags = ctx.params.tags();
      if (tags.length === 0) throw new CloudError('MissingParameter', 'The request must contain the parameter Tags');
      for (const t of tags)
        if (t.key.toLowerCase().startsWith('aws:'))
          throw new CloudError('InvalidInput', 'User tag keys cannot start with the reserved prefix "aws:".');
      iam.tagUser(ctx.state, user.name, Object.fromEntries(tags.map((t) => [t.key, t.value])));
    },
    false,
    (ctx) => requestTags(ctx.params),
  ),
  UntagUser: userAction(
    (ctx, user) => void iam.untagUser(ctx.state, user.name, ctx.params.strings('TagKeys')),
    false,
    (ctx) => ({ 'aws:TagKeys': ctx.params.strings('TagKeys') }),
  ),
  ...SIMULATE_ACTIONS,
  ListUserTags: userAction((ctx, user) =>
    paged(
      ctx.params,
      'Tags',
      Object.entries(user.tags).map(([Key, Value]) => ({ Key, Value })),
    ),
  ),
};

type KeysOf = (ctx: ActionContext) => Readonly<Record<string, string | readonly string[]>>;

/**
 * A user-scoped action: the target is `UserName`, or (when `selfDefault`) the caller's own user;
 * the call is authorized against that user's ARN.
 */
function userAction(
  run: (ctx: ActionContext, user: CloudUser) => XmlTree | undefined,
  selfDefault = false,
  keys?: KeysOf,
): QueryAction {
  const target = (ctx: ActionContext): string => {
    const named = ctx.params.optional('UserName');
    if (named !== undefined) return named;
    if (!selfDefault) return ctx.params.required('UserName');
    if (
      ctx.principal.userName === undefined ||
      ctx.principal.session?.kind === 'assumed_role' ||
      ctx.principal.session?.kind === 'federation_token'
    ) {
      throw new CloudError('ValidationError', 'Must specify userName when calling with non-User credentials');
    }
    return ctx.principal.userName;
  };
  return {
    service: 'iam',
    authz: (ctx): AuthzRequest => {
      const name = target(ctx);
      const user = ctx.state.users.get(name);
      return { resource: user?.arn ?? userArn(account(ctx), '/', name), ...(keys ? { context: keys(ctx) } : {}) };
    },
    run: (ctx) => run(ctx, iam.requireUser(ctx.state, target(ctx))),
  };
}

/** Group membership: authorized against the group's ARN. */
function groupAction(run: (ctx: ActionContext, user: string, group: string) => XmlTree | undefined): QueryAction {
  return {
    service: 'iam',
    authz: (ctx) => ({ resource: `arn:aws:iam::${account(ctx)}:group/${ctx.params.optional('GroupName') ?? ''}` }),
    run: (ctx) => {
      const group = ctx.params.required('GroupName');
      if (!NAME_128.test(group))
        throw badParameter('GroupName', group, 'Member must satisfy regular expression pattern: [\\w+=,.@-]+');
      return run(ctx, ctx.params.required('UserName'), group);
    },
  };
}

function policyArnKey(ctx: ActionContext): Record<string, string> {
  return { 'iam:PolicyARN': ctx.params.optional('PolicyArn') ?? '' };
}

function requestTags(p: QueryParams): Record<string, string | readonly string[]> {
  const tags = p.tags();
  const out: Record<string, string | readonly string[]> = {};
  for (const t of tags) out[`aws:RequestTag/${t.key}`] = t.value;
  if (tags.length > 0) out['aws:TagKeys'] = tags.map((t) => t.key);
  return out;
}

function policyName(p: QueryParams): string {
  const name = p.required('PolicyName');
  if (!NAME_128.test(name))
    throw badParameter('PolicyName', name, 'Member must satisfy regular expression pattern: [\\w+=,.@-]+');
  return name;
}

function policyPath(arn: string): string {
  const rest = arn.slice(arn.indexOf(':policy') + ':policy'.length);
  return rest.slice(0, rest.lastIndexOf('/') + 1);
}

function account(ctx: ActionContext): string {
  return ctx.state.settings.accountId;
}

/** A user as the provider describes it. */
function userXml(user: CloudUser): XmlTree {
  const tags = Object.entries(user.tags);
  return {
    Path: user.path,
    UserName: user.name,
    UserId: user.userId,
    Arn: user.arn,
    CreateDate: isoTime(user.createdAt),
    ...(user.permissionsBoundary !== undefined
      ? {
          PermissionsBoundary: {
            PermissionsBoundaryType: 'PermissionsBoundaryPolicy',
            PermissionsBoundaryArn: user.permissionsBoundary,
          },
        }
      : {}),
    ...(tags.length > 0 ? { Tags: members(tags.map(([Key, Value]) => ({ Key, Value }))) } : {}),
  };
}
