import { runLimited } from '@keyfob/shared/apply';
import { problemCodes } from '@keyfob/shared/codes';
import {
  isEngineError,
  isValidEngineName,
  type EngineClient,
  type EngineRole,
  type EngineRootConfig,
} from '@keyfob/shared/client';
import { JWT_LEEWAY_DEFAULTS, JWT_ROLE_WIRE, readJwtRole, type JwtRole } from '@keyfob/shared/jwt-roles';
import { DEFAULT_POLICY_TEXT } from '@keyfob/shared/policies';
import type { Problem } from '@keyfob/shared/problem';
import { DEFAULT_USERNAME_TEMPLATE } from '@keyfob/shared/template';
import { isUnset, ROLE_WIRE, ROOT_CONFIG_WIRE, STATIC_ROLE_WIRE, type WireRow } from '@keyfob/shared/rules';

/** The engine objects `keyfob import` reads, by their keyfob (lint) kind. */
export type ImportKind = 'role' | 'static-role' | 'root-config' | 'policy' | 'jwt-role';

/**
 * One object read from the engine: its kind, its name (the mount for the root configuration) and
 * the fields that are set, by wire name, in the engine's shapes (TTLs in seconds, lists, maps, the
 * policy document as JSON text, an ACL policy's text under `policy`). Never a secret: the engine
 * returns none, and the root configuration's `access_key` is kept only for Terraform's pair.
 */
export interface EngineObject {
  readonly kind: ImportKind;
  readonly name: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** The client calls import makes (an `EngineClient` fits). */
export type ImportClient = Pick<
  EngineClient,
  | 'mount'
  | 'listRoles'
  | 'readRole'
  | 'listStaticRoles'
  | 'readStaticRole'
  | 'readRootConfig'
  | 'listPolicies'
  | 'readPolicyText'
  | 'listJwtRoles'
  | 'readJwtRole'
>;

/** An engine list longer than `--max-items`: nothing is written, the message says how to go on. */
export class ImportLimitError extends Error {
  override readonly name = 'ImportLimitError';
}

/** How many reads run at once (as apply reads the current state). */
const CONCURRENCY = 4;

/** Where the JWT auth method is read (apply writes JWT roles there). */
export const JWT_PATH = 'jwt';

/**
 * Reads every role, static role, ACL policy and JWT role and the root configuration of the
 * client's engine and mount through the shared client's typed reads. A list longer than
 * `maxItems` rejects with `ImportLimitError` before anything of that kind is read; engine failures
 * reject as the client's `EngineError`. What cannot be imported as it is comes back as notes.
 */
export async function readEngineObjects(
  client: ImportClient,
  options: { readonly maxItems: number },
): Promise<{ objects: EngineObject[]; notes: Problem[] }> {
  const notes: Problem[] = [];
  const objects: EngineObject[] = [];
  const names = (kind: string, listed: readonly string[]): string[] => {
    if (listed.length > options.maxItems)
      throw new ImportLimitError(
        `the engine lists ${listed.length} ${kind}, more than --max-items ${options.maxItems}; give a larger --max-items (at most ${MAX_ITEMS_BOUND}) to import them all.`,
      );
    const valid = listed.filter((name) => isValidEngineName(name));
    for (const name of listed.filter((n) => !isValidEngineName(n)))
      notes.push(
        note(
          'IMPORT_NAME_UNSAFE',
          `The engine listed the ${singular(kind)} name ${shown(name)}, which is not a valid engine name (letters, digits and _, with - . @ inside); it was skipped.`,
        ),
      );
    return [...new Set(valid)].sort();
  };
  const found: (EngineObject | undefined)[] = [];
  const tasks: (() => Promise<void>)[] = [];
  const read = (name: string, get: () => Promise<EngineObject | undefined>) => {
    const slot = found.length;
    found.push(undefined);
    tasks.push(async () => {
      found[slot] = await get();
    });
    return name;
  };

  for (const name of names('roles', await client.listRoles()))
    read(name, async () => {
      const role = await client.readRole(name);
      return role && roleObject(role, notes);
    });
  for (const name of names('static roles', await client.listStaticRoles()))
    read(name, async () => {
      const role = await client.readStaticRole(name);
      return role && { kind: 'static-role', name, fields: wireFields(STATIC_ROLE_WIRE, role, () => false) };
    });
  for (const name of names('policies', await client.listPolicies())) {
    if (name === 'root') continue; // built in, cannot be written
    read(name, async () => {
      const text = await client.readPolicyText(name);
      if (text === undefined) return undefined;
      // The built-in default policy as the engine made it is nobody's configuration.
      if (name === 'default' && text.trim() === DEFAULT_POLICY_TEXT.trim()) return undefined;
      return { kind: 'policy', name, fields: { policy: text } };
    });
  }
  for (const name of names('JWT roles', await listJwtRoles(client, notes)))
    read(name, async () => {
      const params = await client.readJwtRole(name, JWT_PATH);
      return params && jwtRoleObject(name, params, notes);
    });
  await runLimited(tasks, CONCURRENCY);
  const root = await client.readRootConfig();
  if (root) objects.push({ kind: 'root-config', name: client.mount, fields: rootFields(root) });
  else
    notes.push(
      note('IMPORT_KIND_SKIPPED', `The mount "${client.mount}" has no root configuration; none was imported.`),
    );
  for (const object of found) if (object) objects.push(object);
  return { objects, notes };
}

/** The largest `--max-items`. */
export const MAX_ITEMS_BOUND = 100_000;

/** JWT role names, or none (with a note) when the engine has no JWT auth method at the path. */
async function listJwtRoles(client: ImportClient, notes: Problem[]): Promise<string[]> {
  try {
    return await client.listJwtRoles(JWT_PATH);
  } catch (error) {
    if (!isEngineError(error) || (error.status !== 404 && error.status !== 405)) throw error;
    notes.push(
      note('IMPORT_KIND_SKIPPED', `The engine has no JWT auth method at auth/${JWT_PATH}; no JWT role was imported.`),
    );
    return [];
  }
}

/** A role's set fields through the role wire table; `undefined` (with a note) when a file cannot hold it. */
function roleObject(role: EngineRole, notes: Problem[]): EngineObject | undefined {
  if (role.credentialTypes.length !== 1) {
    notes.push(
      note(
        'IMPORT_NOT_REPRESENTABLE',
        `Role ${role.name} has ${role.credentialTypes.length === 0 ? 'no credential type (a legacy role)' : `the credential types ${role.credentialTypes.join(', ')}`}; a role file and the Vault provider hold exactly one, so it was skipped. Give it one credential_type on the engine, then import again.`,
      ),
    );
    return undefined;
  }
  const set = wireFields(
    ROLE_WIRE as readonly WireRow[],
    role,
    (row, value) => isUnset(row, value) || value === row.unsetAs,
  );
  return { kind: 'role', name: role.name, fields: { credential_type: role.credentialTypes[0], ...set } };
}

/** A JWT role as the one JWT role reader normalises it, each field by wire name, defaults left out. */
function jwtRoleObject(
  name: string,
  params: Readonly<Record<string, unknown>>,
  notes: Problem[],
): EngineObject | undefined {
  const read = readJwtRole(params);
  if (!read.role) {
    notes.push(
      note(
        'IMPORT_UNREADABLE',
        `JWT role ${name} was skipped: keyfob's rules refuse what the engine holds (${read.errors.join('; ')}).`,
      ),
    );
    return undefined;
  }
  const fields = wireFields(
    JWT_ROLE_WIRE,
    read.role,
    (row, value) => row.field !== 'roleType' && isJwtDefault(row.field, value),
  );
  return { kind: 'jwt-role', name, fields };
}

const JWT_DEFAULTS: Partial<Record<keyof JwtRole, unknown>> = {
  boundClaimsType: 'string',
  tokenType: 'default',
  clockSkewLeeway: JWT_LEEWAY_DEFAULTS.clockSkew,
  expirationLeeway: JWT_LEEWAY_DEFAULTS.expiration,
  notBeforeLeeway: JWT_LEEWAY_DEFAULTS.notBefore,
};

/** Whether a normalised JWT role field holds what the engine would hold without it. */
function isJwtDefault(key: keyof JwtRole, value: unknown): boolean {
  if (value === JWT_DEFAULTS[key] || value === '' || value === false || value === 0) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

/**
 * The root configuration's set fields by wire name (the secret key is never returned), without what
 * the engine answers when nothing was set: the default username template, max_retries -1, and the
 * identity token TTL while no identity token audience is configured.
 */
function rootFields(root: EngineRootConfig): Record<string, unknown> {
  // The secret key's row reads undefined: the typed read never holds it.
  return wireFields(ROOT_CONFIG_WIRE, root, ({ field }, value) => {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return true;
    if (field === 'maxRetries') return value === -1;
    if (field === 'usernameTemplate') return value === DEFAULT_USERNAME_TEMPLATE;
    return field === 'identityTokenTtl' && root.identityTokenAudience === '';
  });
}

/**
 * A typed value's fields by the wire names of its table's rows, in the table's order, without those
 * `leaveOut` says the engine holds when nothing was set.
 */
function wireFields<Row extends WireRow<string>>(
  rows: readonly Row[],
  value: object,
  leaveOut: (row: Row, value: unknown) => boolean,
): Record<string, unknown> {
  const values = value as Readonly<Record<string, unknown>>;
  const fields: Record<string, unknown> = {};
  for (const row of rows) if (!leaveOut(row, values[row.field])) fields[row.wire] = values[row.field];
  return fields;
}

function singular(kind: string): string {
  return kind === 'policies' ? 'policy' : kind.replace(/s$/, '');
}

/** A name from the engine as a message may show it: JSON-quoted, control characters escaped, cut. */
function shown(name: string): string {
  return JSON.stringify(name.length > 80 ? `${name.slice(0, 79)}…` : name);
}

/** A note of import (a code of the catalogue's import area). */
export function note(code: keyof typeof problemCodes, message: string): Problem {
  return { code, severity: problemCodes[code].severity, message, path: '' };
}
