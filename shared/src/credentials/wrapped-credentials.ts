import type { EngineClient, WrapInfo } from '../client/index.ts';
import type { CredentialFetch } from './credential-fetches.ts';
import { describeGenerated, describeStatic, type IssuedCredentials, type IssueOptions } from './issue-credentials.ts';
import type { CredentialMethod } from './roles-input.ts';

/** The client calls a hand-off needs (an `EngineClient` fits). */
export type WrappingClient = Pick<
  EngineClient,
  'mount' | 'wrapCredentials' | 'lookupWrapping' | 'unwrapGenerated' | 'unwrapStatic' | 'withToken'
>;

/**
 * Hands one credential set off: the request as `issueCredentials` would send it, with
 * `X-Vault-Wrap-TTL`, so the engine keeps the credentials in a single-use wrapping token valid
 * `ttlSeconds`. Nothing secret arrives here but that token, given to `onSecret` first.
 */
export async function wrapCredentials(
  client: WrappingClient,
  request: CredentialFetch,
  ttlSeconds: number,
  onSecret: (value: string) => void,
): Promise<WrapInfo> {
  const info = await client.wrapCredentials(request.method, request.role, request.params, ttlSeconds);
  onSecret(info.token);
  return info;
}

/** The `creation_path` a wrapping token made by each credential call of `role` at `mount` has. */
function expectedCreationPaths(mount: string, role: string): Readonly<Record<CredentialMethod, string>> {
  return {
    creds: `${mount}/creds/${role}`,
    sts: `${mount}/sts/${role}`,
    'static-creds': `${mount}/static-creds/${role}`,
  };
}

/** A wrapping token made somewhere else than the expected credential paths: nothing was unwrapped. */
export class WrongCreationPath extends Error {
  override readonly name = 'WrongCreationPath';

  constructor(
    readonly creationPath: string,
    readonly expected: readonly string[],
  ) {
    super(
      `the wrapping token was made by ${JSON.stringify(creationPath)}, not by a credential call of this role (${expected.map((p) => JSON.stringify(p)).join(', ')}); it was not unwrapped. A token wrapped elsewhere (sys/wrapping/wrap, another role or mount) can hold anything its maker chose; check the role and mount here and in the job that wrapped it [WRAPPING_PATH_MISMATCH]`,
    );
  }
}

/**
 * Takes credentials handed off as a wrapping token: looks the token up first (without using it),
 * refuses it unless its `creation_path` is one of `request.role`'s credential calls at the client's
 * mount (a token wrapped anywhere else could hold credentials of someone else's choosing), then
 * unwraps it once with the token itself and describes the set as `issueCredentials` would. The
 * request's method becomes the call that made the token.
 */
export async function unwrapCredentials(
  client: WrappingClient,
  token: string,
  request: CredentialFetch,
  options: IssueOptions,
): Promise<IssuedCredentials> {
  const lookup = await client.lookupWrapping(token);
  const expected = expectedCreationPaths(client.mount, request.role);
  const method = (Object.keys(expected) as CredentialMethod[]).find((m) => expected[m] === lookup.creationPath);
  if (method === undefined) throw new WrongCreationPath(lookup.creationPath, Object.values(expected));
  const unwrapping = client.withToken(token);
  const made = { ...request, method };
  if (method === 'static-creds') return describeStatic(made, await unwrapping.unwrapStatic(), options);
  return describeGenerated(made, await unwrapping.unwrapGenerated(), options);
}
