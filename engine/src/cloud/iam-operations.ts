import type { EngineClock } from '../clock.ts';
import { newAccessKeyId, newSecretKey, newUniqueId } from '../ids.ts';
import { IAM_PATH_RULE, IAM_USER_NAME_RULE } from '@keyfob/shared/rules';
import { isPolicyArn, userArn } from './arn.ts';
import { checkIamMembers, CloudError, noSuchEntity } from './cloud-error.ts';
import type { CloudState } from './cloud-state.ts';
import type { AccessKey, CloudPrincipal, CloudUser } from './cloud-types.ts';

/** The provider's hard limit of access keys per user. */
export const MAX_ACCESS_KEYS = 2;

/** A new access key with its secret (the only moment the secret is handed out). */
export interface IssuedKey {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly createdAt: number;
}

/** Options of CreateUser. */
export interface CreateUserInput {
  readonly name: string;
  readonly path: string;
  readonly permissionsBoundary?: string;
}

/** The user called `name`; ValidationError for a name outside AWS's pattern, else NoSuchEntity. */
export function requireUser(state: CloudState, name: string): CloudUser {
  checkIamMembers([['userName', name, IAM_USER_NAME_RULE]]);
  const user = state.users.get(name);
  if (!user) throw noSuchEntity(`The user with name ${name} cannot be found.`);
  return user;
}

/** CreateUser: name charset and length, path shape, boundary ARN, no duplicates. */
export function createUser(state: CloudState, clock: EngineClock, input: CreateUserInput): CloudUser {
  checkIamMembers([
    ['userName', input.name, IAM_USER_NAME_RULE],
    ['path', input.path, IAM_PATH_RULE],
  ]);
  if (input.permissionsBoundary !== undefined && !isPolicyArn(input.permissionsBoundary)) {
    throw new CloudError('InvalidInput', `ARN ${input.permissionsBoundary} is not valid.`);
  }
  if (state.users.has(input.name))
    throw new CloudError('EntityAlreadyExists', `User with name ${input.name} already exists.`, 409);
  const user: CloudUser = {
    name: input.name,
    userId: newUniqueId('AIDA'),
    path: input.path,
    arn: userArn(state.settings.accountId, input.path, input.name),
    createdAt: clock.now(),
    ...(input.permissionsBoundary !== undefined ? { permissionsBoundary: input.permissionsBoundary } : {}),
    managedPolicies: [],
    inlinePolicies: {},
    groups: [],
    tags: {},
    accessKeys: [],
  };
  state.putUser(user);
  return user;
}

/** AttachUserPolicy: any well-formed managed policy ARN exists. */
export function attachUserPolicy(state: CloudState, userName: string, policyArn: string): void {
  const user = requireUser(state, userName);
  if (!isPolicyArn(policyArn)) throw new CloudError('InvalidInput', `ARN ${policyArn} is not valid.`);
  if (!user.managedPolicies.includes(policyArn))
    state.putUser({ ...user, managedPolicies: [...user.managedPolicies, policyArn] });
}

/** PutUserPolicy: the document must be a JSON object. */
export function putUserPolicy(state: CloudState, userName: string, policyName: string, document: string): void {
  const user = requireUser(state, userName);
  if (!isJsonObject(document)) throw new CloudError('MalformedPolicyDocument', 'Syntax errors in policy.');
  state.putUser({ ...user, inlinePolicies: { ...user.inlinePolicies, [policyName]: document } });
}

/** AddUserToGroup: with group fixtures only those groups exist; without, every group does. */
export function addUserToGroup(state: CloudState, userName: string, group: string): void {
  const user = requireUser(state, userName);
  const groups = state.settings.groups;
  if (groups && !groups.some((g) => g.name === group))
    throw noSuchEntity(`The group with name ${group} cannot be found.`);
  if (!user.groups.includes(group)) state.putUser({ ...user, groups: [...user.groups, group] });
}

/** TagUser: merges tags (at most 50 per user). */
export function tagUser(state: CloudState, userName: string, tags: Readonly<Record<string, string>>): void {
  const user = requireUser(state, userName);
  const merged = { ...user.tags, ...tags };
  if (Object.keys(merged).length > 50)
    throw new CloudError('LimitExceeded', 'Cannot exceed quota for TagsPerUser: 50.', 409);
  state.putUser({ ...user, tags: merged });
}

/** CreateAccessKey: refuses a third key (LimitExceeded), as the provider does. */
export function createAccessKey(
  state: CloudState,
  clock: EngineClock,
  userName: string,
  caller: CloudPrincipal,
): IssuedKey {
  const user = requireUser(state, userName);
  const usableFrom = ownKeyUsableFrom(state, clock, caller, user.name);
  if (user.accessKeys.length >= MAX_ACCESS_KEYS) {
    throw new CloudError('LimitExceeded', `Cannot exceed quota for AccessKeysPerUser: ${MAX_ACCESS_KEYS}`, 409);
  }
  const key: AccessKey = {
    id: newAccessKeyId(),
    secret: newSecretKey(),
    createdAt: clock.now(),
    ...(usableFrom !== undefined ? { usableFrom } : {}),
  };
  state.putUser({ ...user, accessKeys: [...user.accessKeys, key] });
  return { accessKeyId: key.id, secretAccessKey: key.secret ?? '', createdAt: key.createdAt };
}

/**
 * When a key `caller` makes for `userName` may first be used (engine ms; undefined: at once). A
 * user making a key for itself (the engine's rotate-root) waits out the consistency window, the
 * few seconds AWS's eventual consistency refuses a fresh key; a key made for another user (issued
 * credentials, static roles) is usable at once, so credentials work when they are handed out.
 */
function ownKeyUsableFrom(
  state: CloudState,
  clock: EngineClock,
  caller: CloudPrincipal,
  userName: string,
): number | undefined {
  if (caller.session !== undefined || caller.userName !== userName) return undefined;
  const delay = state.settings.consistencyDelaySeconds;
  return delay > 0 ? clock.now() + delay * 1000 : undefined;
}

/** DeleteAccessKey. */
export function deleteAccessKey(state: CloudState, userName: string, accessKeyId: string): void {
  const user = requireUser(state, userName);
  if (!user.accessKeys.some((k) => k.id === accessKeyId)) {
    throw noSuchEntity(`The Access Key with id ${accessKeyId} cannot be found.`);
  }
  state.putUser({ ...user, accessKeys: user.accessKeys.filter((k) => k.id !== accessKeyId) });
}

/** ListAccessKeys: ids and creation times, oldest first. */
export function listAccessKeys(state: CloudState, userName: string): { id: string; createdAt: number }[] {
  return [...requireUser(state, userName).accessKeys]
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((k) => ({ id: k.id, createdAt: k.createdAt }));
}

/** DeleteUser after removing keys, policies and groups (what lease revocation does step by step). */
export function deleteUser(state: CloudState, userName: string): void {
  requireUser(state, userName);
  state.removeUser(userName);
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** DeleteUser as a client calls it: refused while keys, policies or groups remain (DeleteConflict). */
export function deleteUserChecked(state: CloudState, userName: string): void {
  const user = requireUser(state, userName);
  const left = [
    user.accessKeys.length > 0 ? 'access keys' : '',
    user.managedPolicies.length > 0 || Object.keys(user.inlinePolicies).length > 0 ? 'policies' : '',
    user.groups.length > 0 ? 'groups' : '',
  ].filter((x) => x !== '');
  if (left.length > 0)
    throw new CloudError('DeleteConflict', `Cannot delete entity, must remove ${left.join(', ')} first.`, 409);
  state.removeUser(userName);
}

/** DetachUserPolicy. */
export function detachUserPolicy(state: CloudState, userName: string, policyArn: string): void {
  const user = requireUser(state, userName);
  if (!user.managedPolicies.includes(policyArn)) throw noSuchEntity(`Policy ${policyArn} was not found.`);
  state.putUser({ ...user, managedPolicies: user.managedPolicies.filter((a) => a !== policyArn) });
}

/** The inline policy `policyName` of a user, or NoSuchEntity. */
export function getUserPolicy(state: CloudState, userName: string, policyName: string): string {
  const document = requireUser(state, userName).inlinePolicies[policyName];
  if (document === undefined) throw noSuchEntity(`The user policy with name ${policyName} cannot be found.`);
  return document;
}

/** DeleteUserPolicy. */
export function deleteUserPolicy(state: CloudState, userName: string, policyName: string): void {
  const user = requireUser(state, userName);
  getUserPolicy(state, userName, policyName);
  const rest = Object.fromEntries(Object.entries(user.inlinePolicies).filter(([name]) => name !== policyName));
  state.putUser({ ...user, inlinePolicies: rest });
}

/** RemoveUserFromGroup. */
export function removeUserFromGroup(state: CloudState, userName: string, group: string): void {
  const user = requireUser(state, userName);
  if (!user.groups.includes(group)) throw noSuchEntity(`The group with name ${group} cannot be found.`);
  state.putUser({ ...user, groups: user.groups.filter((g) => g !== group) });
}

/** UntagUser. */
export function untagUser(state: CloudState, userName: string, keys: readonly string[]): void {
  const user = requireUser(state, userName);
  const drop = new Set(keys.map((k) => k.toLowerCase()));
  state.putUser({
    ...user,
    tags: Object.fromEntries(Object.entries(user.tags).filter(([k]) => !drop.has(k.toLowerCase()))),
  });
}

/** UpdateAccessKey: `Active` or `Inactive`. */
export function updateAccessKey(state: CloudState, userName: string, accessKeyId: string, status: string): void {
  const user = requireUser(state, userName);
  if (status !== 'Active' && status !== 'Inactive') {
    throw new CloudError(
      'ValidationError',
      `1 validation error detected: Value '${status.slice(0, 32)}' at 'status' failed to satisfy constraint: Member must satisfy enum value set: [Active, Inactive]`,
    );
  }
  if (!user.accessKeys.some((k) => k.id === accessKeyId))
    throw noSuchEntity(`The Access Key with id ${accessKeyId} cannot be found.`);
  const keys = user.accessKeys.map((k) => {
    if (k.id !== accessKeyId) return k;
    const { inactive: _old, ...rest } = k;
    return status === 'Inactive' ? { ...rest, inactive: true } : rest;
  });
  state.putUser({ ...user, accessKeys: keys });
}
