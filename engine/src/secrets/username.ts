import * as shared from '@keyfob/shared';
import { randomInt } from '../ids.ts';
import { internalError } from '../http/http-error.ts';

/** Inputs of a generated username. */
export interface UsernameInput {
  readonly credentialType: string;
  readonly displayName: string;
  readonly roleName: string;
}

type RenderUsername = (
  text: string | undefined,
  input: UsernameInput,
  deps: { now: () => Date; randomInt: (max: number) => number },
) => { ok: true; username: string } | { ok: false; status: 500; message: string };

/**
 * The caller's display name as the real engine feeds it to templates: characters outside
 * `[a-zA-Z0-9+=,.@_-]` become `_`.
 */
export function normaliseDisplayName(name: string): string {
  return name.replace(/[^a-zA-Z0-9+=,.@_-]/g, '_');
}

/**
 * Renders a username (IAM user name, federation token name, default session name) with the mount's
 * template; a name over the provider cap (64 IAM, 32 STS) or a broken template is a 500.
 */
export function makeUsername(templateText: string, input: UsernameInput, now: () => Date): string {
  const render = (shared as unknown as Record<string, unknown>).renderUsername as RenderUsername | undefined;
  const normalised = { ...input, displayName: normaliseDisplayName(input.displayName) };
  const deps = { now, randomInt };
  const result = render ? render(templateText === '' ? undefined : templateText, normalised, deps) : defaultUsername(templateText, normalised, deps);
  if (!result.ok) throw internalError(result.message);
  return result.username;
}

/** Stand-in for shared/src/template until it lands: the default template only. */
function defaultUsername(
  text: string,
  input: UsernameInput,
  deps: { now: () => Date; randomInt: (max: number) => number },
): ReturnType<RenderUsername> {
  if (text !== '') return { ok: false, status: 500, message: 'unable to initialize username template: custom templates are not available yet' };
  const unix = String(Math.floor(deps.now().getTime() / 1000));
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const random = Array.from({ length: 20 }, () => alphabet[deps.randomInt(alphabet.length)]).join('');
  if (input.credentialType === 'federation_token') return { ok: true, username: `keyfob-${unix}-${random}`.slice(0, 32) };
  const middle = `${input.displayName}-${input.roleName}`.slice(0, 42);
  return { ok: true, username: `keyfob-${middle}-${unix}-${random}`.slice(0, 64) };
}
