import { createHash } from 'node:crypto';
import { isoTime } from '../../clock.ts';
import { federatedUserArn } from '../arn.ts';
import { decodeAuthorization } from '../authorization-message.ts';
import { accessDenied, CloudError } from '../cloud-error.ts';
import type { CloudPrincipal } from '../cloud-types.ts';
import * as sts from '../sts-operations.ts';
import type { ActionContext, QueryAction } from './query-action.ts';
import { badParameter, type QueryParams } from './query-params.ts';
import type { XmlTree } from './query-xml.ts';

/** The model's limits on STS string parameters (min, max). */
const LIMITS = {
  roleArn: [20, 2048],
  externalId: [2, 1224],
  policy: [1, 2048],
  serialNumber: [9, 256],
  tokenCode: [6, 6],
} as const;

/** The STS operations of the emulated cloud's Query API. */
export const STS_ACTIONS: Readonly<Record<string, QueryAction>> = {
  GetCallerIdentity: {
    service: 'sts',
    // Needs no permission: it answers even under an explicit Deny.
    authz: undefined,
    // The account is the principal's own: a role assumed in another account answers with that account.
    run: (ctx) => ({
      UserId: uniqueIdOf(ctx),
      Account: /^arn:aws[\w-]*:(?:iam|sts)::(\d{12}):/.exec(ctx.principal.arn)?.[1] ?? ctx.state.settings.accountId,
      Arn: ctx.principal.arn,
    }),
  },
  AssumeRole: {
    service: 'sts',
    authz: (ctx) => ({ resource: ctx.params.optional('RoleArn') ?? '*', context: tagContext(ctx.params) }),
    run: (ctx) => {
      const p = ctx.params;
      const roleArn = bounded(p, 'RoleArn', LIMITS.roleArn, true) ?? '';
      const sessionName = p.required('RoleSessionName');
      const chained = ctx.principal.session?.kind === 'assumed_role';
      const duration = p.integer('DurationSeconds', sts.STS_LIMITS.minimum, sts.STS_LIMITS.roleHardMax) ?? 3600;
      if (chained && duration > 3600) {
        throw new CloudError(
          'ValidationError',
          'The requested DurationSeconds exceeds the 1 hour session limit for roles assumed by role chaining.',
        );
      }
      const policy = bounded(p, 'Policy', LIMITS.policy, false);
      const externalId = bounded(p, 'ExternalId', LIMITS.externalId, false);
      const session = sts.assumeRole(ctx.state, ctx.clock, ctx.principal, {
        roleArn,
        sessionName,
        durationSeconds: duration,
        ...(policy !== undefined ? { policy } : {}),
        policyArns: policyArns(p),
        tags: sessionTags(p),
        ...(externalId !== undefined ? { externalId } : {}),
      });
      return {
        Credentials: credentials(session),
        AssumedRoleUser: { AssumedRoleId: `${roleUniqueId(roleArn)}:${sessionName}`, Arn: session.arn },
        PackedPolicySize: packedSize(policy, p),
      };
    },
  },
  GetFederationToken: {
    service: 'sts',
    authz: (ctx) => ({
      resource: federatedUserArn(ctx.state.settings.accountId, ctx.params.optional('Name') ?? ''),
      context: tagContext(ctx.params),
    }),
    run: (ctx) => {
      const p = ctx.params;
      if (ctx.principal.session) throw accessDenied('Cannot call GetFederationToken with session credentials');
      const policy = bounded(p, 'Policy', LIMITS.policy, false);
      const session = sts.getFederationToken(ctx.state, ctx.clock, ctx.principal, {
        name: p.required('Name'),
        durationSeconds: p.integer('DurationSeconds', sts.STS_LIMITS.minimum, sts.STS_LIMITS.federationMax) ?? 43200,
        ...(policy !== undefined ? { policy } : {}),
        policyArns: policyArns(p),
      });
      const name = p.required('Name');
      return {
        Credentials: credentials(session),
        FederatedUser: { FederatedUserId: `${ctx.state.settings.accountId}:${name}`, Arn: session.arn },
        PackedPolicySize: packedSize(policy, p),
      };
    },
  },
  DecodeAuthorizationMessage: {
    service: 'sts',
    authz: () => ({ resource: '*' }),
    run: (ctx) => ({
      DecodedMessage: decodeAuthorization(ctx.state.messageKey, ctx.params.required('EncodedMessage')),
    }),
  },
  GetSessionToken: {
    service: 'sts',
    authz: () => ({ resource: '*' }),
    run: (ctx) => {
      const p = ctx.params;
      if (ctx.principal.session) throw accessDenied('Cannot call GetSessionToken with session credentials');
      const serialNumber = bounded(p, 'SerialNumber', LIMITS.serialNumber, false);
      const tokenCode = bounded(p, 'TokenCode', LIMITS.tokenCode, false);
      const session = sts.getSessionToken(ctx.state, ctx.clock, ctx.principal, {
        durationSeconds: p.integer('DurationSeconds', sts.STS_LIMITS.minimum, sts.STS_LIMITS.sessionMax) ?? 43200,
        ...(serialNumber !== undefined ? { serialNumber } : {}),
        ...(tokenCode !== undefined ? { tokenCode } : {}),
      });
      return { Credentials: credentials(session) };
    },
  },
};

function credentials(session: sts.IssuedSession): XmlTree {
  return {
    AccessKeyId: session.accessKeyId,
    SecretAccessKey: session.secretAccessKey,
    SessionToken: session.sessionToken,
    Expiration: isoTime(session.expiresAt),
  };
}

/** `aws:userid` as the provider reports it: the user id, `ROLEID:session`, or `account:name`. */
function uniqueIdOf(ctx: Pick<ActionContext, 'principal' | 'state'>): string {
  return principalUserId(ctx.principal, ctx.state.settings.accountId, (name) => ctx.state.users.get(name)?.userId);
}

/** The unique id of a principal (see `uniqueIdOf`). */
export function principalUserId(
  principal: CloudPrincipal,
  account: string,
  userIdOf: (name: string) => string | undefined,
): string {
  const session = principal.session;
  if (session?.kind === 'assumed_role' && session.roleArn)
    return `${roleUniqueId(session.roleArn)}:${session.sessionName ?? principal.arn.split('/').pop() ?? ''}`;
  if (session?.kind === 'federation_token') return `${account}:${session.sessionName ?? ''}`;
  return (principal.userName !== undefined ? userIdOf(principal.userName) : undefined) ?? principal.arn;
}

/** A stable `AROA...` id for a role ARN (the emulated cloud keeps no role records). */
function roleUniqueId(roleArn: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const digest = createHash('sha256').update(roleArn).digest();
  let id = 'AROA';
  for (let i = 0; i < 17; i++) id += alphabet[(digest[i] ?? 0) % 32];
  return id;
}

function bounded(
  p: QueryParams,
  name: string,
  [min, max]: readonly [number, number],
  required: boolean,
): string | undefined {
  const value = required ? p.required(name) : p.optional(name);
  if (value === undefined) return undefined;
  if (value.length < min) throw badParameter(name, value, `Member must have length greater than or equal to ${min}`);
  if (value.length > max) throw badParameter(name, value, `Member must have length less than or equal to ${max}`);
  return value;
}

function policyArns(p: QueryParams): string[] {
  return p.structs('PolicyArns', ['arn'] as const).map((a, i) => {
    if (a.arn === undefined)
      throw new CloudError('MissingParameter', `The request must contain the parameter PolicyArns.member.${i + 1}.arn`);
    return a.arn;
  });
}

/** Session tags: at most 50, keys 1-128 and values 0-256 of the tag alphabet, keys unique ignoring case. */
function sessionTags(p: QueryParams): Record<string, string> {
  const tags = p.tags();
  if (tags.length > 50) throw badParameter('Tags', '[...]', 'Member must have length less than or equal to 50');
  const out: Record<string, string> = {};
  const seen = new Set<string>();
  for (const { key, value } of tags) {
    if (key.length < 1 || key.length > 128 || !TAG_TEXT.test(key))
      throw badParameter(
        'Tags.member.key',
        key,
        'Member must have length between 1 and 128 and match [\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]+',
      );
    if (value.length > 256 || !TAG_VALUE.test(value))
      throw badParameter(
        'Tags.member.value',
        value,
        'Member must have length less than or equal to 256 and match [\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*',
      );
    if (seen.has(key.toLowerCase()))
      throw new CloudError(
        'InvalidParameterValue',
        'Duplicate tag keys found. Please note that Tag keys are case insensitive.',
      );
    seen.add(key.toLowerCase());
    out[key] = value;
  }
  return out;
}

const TAG_TEXT = /^[\p{L}\p{Z}\p{N}_.:/=+\-@]+$/u;
const TAG_VALUE = /^[\p{L}\p{Z}\p{N}_.:/=+\-@]*$/u;

/** `aws:RequestTag/k` and `aws:TagKeys` for the call's session tags. */
function tagContext(p: QueryParams): Record<string, string | readonly string[]> {
  const tags = p.tags();
  const out: Record<string, string | readonly string[]> = {};
  for (const { key, value } of tags) out[`aws:RequestTag/${key}`] = value;
  if (tags.length > 0) out['aws:TagKeys'] = tags.map((t) => t.key);
  return out;
}

/** The provider's packed size is opaque; keyfob reports the plain size as a percentage of 2048. */
function packedSize(policy: string | undefined, p: QueryParams): number {
  const size = (policy?.length ?? 0) + policyArns(p).join('').length;
  return Math.min(100, Math.ceil((size / 2048) * 100));
}
