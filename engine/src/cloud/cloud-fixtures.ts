import { IAM_PATH_RULE, IAM_USER_NAME_RULE, iamConstraintFaults } from '@keyfob/shared/rules';
import { isoTime } from '../clock.ts';
import { newAccessKeyId, newUniqueId } from '../ids.ts';
import { isPolicyArn, parseRoleArn, userArn } from './arn.ts';
import type { CloudState } from './cloud-state.ts';
import type { AccessKey, CloudSettings, CloudUser, GroupFixture, RoleFixture, ThrottleRule } from './cloud-types.ts';
import { MAX_ACCESS_KEYS } from './iam-operations.ts';
import { STS_LIMITS } from './sts-operations.ts';
import { isRecord } from '@keyfob/shared/text';

type Json = Record<string, unknown>;

/**
 * Bounds of the fixture document (`PUT sys/dev/cloud`): every list and string has one, checked
 * before any work proportional to it is done, so no fixture can block or exhaust the engine.
 * Per-user limits follow the real provider's quotas (10 groups, 20 managed policies, 50 tags).
 */
const FIXTURE_LIMITS = {
  users: 1000,
  roles: 1000,
  groups: 1000,
  throttle: 100,
  groupsPerUser: 10,
  policiesPerUser: 20,
  tagsPerUser: 50,
  tagKeyLength: 128,
  tagValueLength: 256,
  textLength: 2048,
} as const;

/**
 * Replaces the emulated cloud with fixtures (`PUT /v1/sys/dev/cloud`, shape in ARCHITECTURE.md plus
 * the keyfob extras `roles`, `groups`, `consistencyDelaySeconds`, `accountId`). Users and sessions are
 * cleared first. Returns the problems found; nothing changes when there are any.
 */
export function applyFixtures(state: CloudState, input: unknown, now: number, defaultDelay: number): string[] {
  const errors: string[] = [];
  if (!isRecord(input)) return ['the fixtures must be a JSON object'];
  const accountId = input.accountId ?? state.settings.accountId;
  if (typeof accountId !== 'string' || !/^\d{12}$/.test(accountId)) errors.push('accountId must be 12 digits');
  const account = typeof accountId === 'string' ? accountId : '';
  // A user that keeps its name keeps its id (unless the fixture gives one), so static roles that
  // adopted it still recognise it; a different id means "deleted and re-created".
  const idOf = (name: string): string | undefined => state.users.get(name)?.userId;
  const users = listOf(input.users, 'users', errors, FIXTURE_LIMITS.users).map((u, i) =>
    readUser(u, `users[${i}]`, { account, now, idOf }, errors),
  );
  const root =
    input.rootUser === undefined ? undefined : readUser(input.rootUser, 'rootUser', { account, now, idOf }, errors);
  const settings: CloudSettings = {
    accountId: account,
    throttle: listOf(input.throttle, 'throttle', errors, FIXTURE_LIMITS.throttle).map((t, i) =>
      readThrottle(t, `throttle[${i}]`, errors),
    ),
    consistencyDelaySeconds: readDelay(input.consistencyDelaySeconds, defaultDelay, errors),
    ...(root ? { rootUserName: root.name } : {}),
    ...(input.roles !== undefined
      ? {
          roles: listOf(input.roles, 'roles', errors, FIXTURE_LIMITS.roles).map((r, i) =>
            readRole(r, `roles[${i}]`, errors),
          ),
        }
      : {}),
    ...(input.groups !== undefined
      ? {
          groups: listOf(input.groups, 'groups', errors, FIXTURE_LIMITS.groups).map((g, i) =>
            readGroup(g, `groups[${i}]`, errors),
          ),
        }
      : {}),
    ...(input.policies !== undefined ? { managedPolicies: readPolicies(input.policies, errors) } : {}),
  };
  const all = root ? [...users, root] : users;
  const names = new Set<string>();
  for (const user of all) {
    if (names.has(user.name)) errors.push(`user "${user.name}" is defined twice`);
    names.add(user.name);
  }
  if (errors.length > 0) return errors;
  for (const name of state.users.keys()) state.removeUser(name);
  for (const id of state.sessions.keys()) state.sessions.delete(id);
  for (const user of all) state.putUser(user);
  state.settings = settings;
  return [];
}

interface UserDefaults {
  readonly account: string;
  readonly now: number;
  readonly idOf: (name: string) => string | undefined;
}

function readUser(value: unknown, where: string, defaults: UserDefaults, errors: string[]): CloudUser {
  const { account, now } = defaults;
  const raw = isRecord(value) ? value : {};
  if (!isRecord(value)) errors.push(`${where} must be an object`);
  const name = typeof raw.name === 'string' ? raw.name : '';
  if (iamConstraintFaults(name, IAM_USER_NAME_RULE).length > 0)
    errors.push(`${where}.name must be an IAM user name ([\\w+=,.@-], 1-64)`);
  const path = typeof raw.path === 'string' ? raw.path : '/';
  if (iamConstraintFaults(path, IAM_PATH_RULE).length > 0)
    errors.push(`${where}.path must be "/" or "/…/" with printable ASCII (U+0021-U+007E) between, at most 512`);
  const policies = stringList(raw.policies, `${where}.policies`, errors, FIXTURE_LIMITS.policiesPerUser);
  for (const arn of policies) if (!isPolicyArn(arn)) errors.push(`${where}.policies: "${arn}" is not a policy ARN`);
  const inline = stringMap(raw.inlinePolicies, `${where}.inlinePolicies`, errors, INLINE_POLICY_LIMITS);
  const groups = stringList(raw.groups, `${where}.groups`, errors, FIXTURE_LIMITS.groupsPerUser);
  const boundary =
    typeof raw.permissionsBoundary === 'string' && raw.permissionsBoundary.length <= FIXTURE_LIMITS.textLength
      ? raw.permissionsBoundary
      : undefined;
  const unrestricted =
    policies.length === 0 && Object.keys(inline).length === 0 && groups.length === 0 && boundary === undefined;
  if (raw.administrator !== undefined && typeof raw.administrator !== 'boolean')
    errors.push(`${where}.administrator must be true or false`);
  return {
    name,
    ...((typeof raw.administrator === 'boolean' ? raw.administrator : unrestricted) ? { administrator: true } : {}),
    ...(boundary !== undefined ? { permissionsBoundary: boundary } : {}),
    userId:
      typeof raw.userId === 'string' && raw.userId.length <= 128
        ? raw.userId
        : (defaults.idOf(name) ?? newUniqueId('AIDA')),
    path,
    arn: userArn(account, path, name),
    createdAt: now,
    managedPolicies: policies,
    inlinePolicies: inline,
    groups,
    tags: stringMap(raw.tags, `${where}.tags`, errors, TAG_LIMITS),
    accessKeys: readKeys(raw.accessKeys, `${where}.accessKeys`, now, errors),
  };
}

/** Keys as a count, or a list of ids / `{id, secret?, created?}`; listed keys are oldest first. */
function readKeys(value: unknown, where: string, now: number, errors: string[]): AccessKey[] {
  if (value === undefined) return [];
  // The count is checked before anything is made from it: `accessKeys: 1e9` must cost nothing.
  const count = typeof value === 'number' ? value : Array.isArray(value) ? value.length : -1;
  if (!Number.isInteger(count) || count < 0) {
    errors.push(`${where} must be a count (0 to ${MAX_ACCESS_KEYS}) or a list of keys`);
    return [];
  }
  if (count > MAX_ACCESS_KEYS) {
    errors.push(`${where}: a user has at most ${MAX_ACCESS_KEYS} access keys (got ${count})`);
    return [];
  }
  const items: unknown[] = Array.isArray(value) ? value : Array.from({ length: count }, () => ({}));
  return items.map((item, i) => {
    const raw: Json = typeof item === 'string' ? { id: item } : isRecord(item) ? item : {};
    const id = typeof raw.id === 'string' ? raw.id : newAccessKeyId();
    if (!/^[A-Z0-9]{16,128}$/.test(id)) errors.push(`${where}[${i}].id must be 16-128 upper-case letters and digits`);
    const created = typeof raw.created === 'string' ? Date.parse(raw.created) : now - (items.length - i) * 1000;
    if (Number.isNaN(created)) errors.push(`${where}[${i}].created must be an ISO 8601 time`);
    if (typeof raw.secret === 'string' && raw.secret.length > FIXTURE_LIMITS.textLength)
      errors.push(`${where}[${i}].secret is longer than ${FIXTURE_LIMITS.textLength} characters`);
    return { id, createdAt: created, ...(typeof raw.secret === 'string' ? { secret: raw.secret } : {}) };
  });
}

function readThrottle(value: unknown, where: string, errors: string[]): ThrottleRule {
  if (typeof value === 'string') return { operation: value };
  if (isRecord(value) && typeof value.operation === 'string') {
    if (value.count === undefined) return { operation: value.operation };
    if (
      typeof value.count === 'number' &&
      Number.isInteger(value.count) &&
      value.count >= 0 &&
      value.count <= 1_000_000
    ) {
      return { operation: value.operation, remaining: value.count };
    }
  }
  errors.push(`${where} must be an operation name or {"operation","count"} (count 0 to 1000000)`);
  return { operation: '' };
}

function readRole(value: unknown, where: string, errors: string[]): RoleFixture {
  const raw = isRecord(value) ? value : {};
  const arn = typeof raw.arn === 'string' ? raw.arn : '';
  if (!parseRoleArn(arn)) errors.push(`${where}.arn must be a role ARN`);
  const max = raw.maxSessionDuration ?? STS_LIMITS.roleDefaultMax;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 3600 || max > STS_LIMITS.roleHardMax) {
    errors.push(`${where}.maxSessionDuration must be 3600-43200 seconds`);
  }
  const policyArns =
    raw.policyArns === undefined
      ? undefined
      : stringList(raw.policyArns, `${where}.policyArns`, errors, FIXTURE_LIMITS.policiesPerUser);
  const document =
    raw.policyDocument === undefined
      ? undefined
      : typeof raw.policyDocument === 'string'
        ? raw.policyDocument
        : JSON.stringify(raw.policyDocument);
  return {
    arn,
    maxSessionDuration: Number(max),
    ...(typeof raw.externalId === 'string' ? { externalId: raw.externalId } : {}),
    ...(policyArns !== undefined ? { policyArns } : {}),
    ...(document !== undefined ? { policyDocument: document } : {}),
    ...(typeof raw.permissionsBoundary === 'string' ? { permissionsBoundary: raw.permissionsBoundary } : {}),
  };
}

function readGroup(value: unknown, where: string, errors: string[]): GroupFixture {
  if (typeof value === 'string') return { name: value, policyArns: [] };
  const raw = isRecord(value) ? value : {};
  if (typeof raw.name !== 'string') errors.push(`${where} must be a group name or {"name","policyArns"}`);
  return {
    name: String(raw.name),
    policyArns: stringList(raw.policyArns, `${where}.policyArns`, errors, FIXTURE_LIMITS.policiesPerUser),
  };
}

/** Customer-managed policies: `[{"arn", "document"}]`, the document as JSON text or a JSON object. */
function readPolicies(value: unknown, errors: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  listOf(value, 'policies', errors, FIXTURE_LIMITS.groups).forEach((item, i) => {
    const raw = isRecord(item) ? item : {};
    const arn = typeof raw.arn === 'string' ? raw.arn : '';
    if (!isPolicyArn(arn)) errors.push(`policies[${i}].arn must be a policy ARN`);
    const document =
      typeof raw.document === 'string'
        ? raw.document
        : isRecord(raw.document)
          ? JSON.stringify(raw.document)
          : undefined;
    if (document === undefined) errors.push(`policies[${i}].document must be a policy document (JSON text or object)`);
    else if (document.length > 6144 * 4) errors.push(`policies[${i}].document is larger than a managed policy may be`);
    out[arn] = document ?? '';
  });
  return out;
}

function readDelay(value: unknown, fallback: number, errors: string[]): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && value >= 0 && value <= 3600) return value;
  errors.push('consistencyDelaySeconds must be between 0 and 3600');
  return fallback;
}

function listOf(value: unknown, where: string, errors: string[], limit: number): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    errors.push(`${where} must be a list`);
    return [];
  }
  if (value.length > limit) {
    errors.push(`${where} has ${value.length} items; at most ${limit} are allowed`);
    return [];
  }
  return value;
}

function stringList(value: unknown, where: string, errors: string[], limit: number): string[] {
  const list = listOf(value, where, errors, limit);
  if (list.some((v) => typeof v !== 'string' || v.length > FIXTURE_LIMITS.textLength)) {
    errors.push(`${where} must be a list of strings of at most ${FIXTURE_LIMITS.textLength} characters`);
  }
  return list.filter((v): v is string => typeof v === 'string');
}

interface MapLimits {
  readonly entries: number;
  readonly keyLength: number;
  readonly valueLength: number;
}

const TAG_LIMITS: MapLimits = {
  entries: FIXTURE_LIMITS.tagsPerUser,
  keyLength: FIXTURE_LIMITS.tagKeyLength,
  valueLength: FIXTURE_LIMITS.tagValueLength,
};
/** Inline policies: the provider's 10 per user and a generous document size. */
const INLINE_POLICY_LIMITS: MapLimits = { entries: 10, keyLength: 128, valueLength: 10_240 };

function stringMap(value: unknown, where: string, errors: string[], limits: MapLimits): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value) || Object.values(value).some((v) => typeof v !== 'string')) {
    errors.push(`${where} must be a map of strings`);
    return {};
  }
  const entries = Object.entries(value as Record<string, string>);
  if (entries.length > limits.entries) {
    errors.push(`${where} has ${entries.length} entries; at most ${limits.entries} are allowed`);
    return {};
  }
  if (entries.some(([k, v]) => k.length > limits.keyLength || v.length > limits.valueLength)) {
    errors.push(`${where}: keys are at most ${limits.keyLength} and values at most ${limits.valueLength} characters`);
    return {};
  }
  return value as Record<string, string>;
}

/** The cloud's state for `GET /v1/sys/dev/cloud`: users with their key ids (never secrets) and live sessions. */
export function dumpCloud(state: CloudState, now: number): Record<string, unknown> {
  const settings = state.settings;
  return {
    accountId: settings.accountId,
    now: isoTime(now),
    rootUser: settings.rootUserName ?? null,
    users: state.users.values().map((u) => ({
      name: u.name,
      userId: u.userId,
      path: u.path,
      arn: u.arn,
      created: isoTime(u.createdAt),
      groups: u.groups,
      tags: u.tags,
      policies: u.managedPolicies,
      inlinePolicies: Object.keys(u.inlinePolicies),
      permissionsBoundary: u.permissionsBoundary ?? null,
      accessKeys: [...u.accessKeys]
        .sort((a, b) => a.createdAt - b.createdAt)
        .map((k) => ({ id: k.id, created: isoTime(k.createdAt) })),
    })),
    sessions: state.sessions
      .values()
      .filter((s) => s.expiresAt > now)
      .map((s) => ({ accessKey: s.accessKeyId, kind: s.kind, arn: s.arn, expiration: isoTime(s.expiresAt) })),
    throttle: settings.throttle,
    roles: settings.roles ?? null,
    groups: settings.groups ?? null,
    consistencyDelaySeconds: settings.consistencyDelaySeconds,
  };
}
