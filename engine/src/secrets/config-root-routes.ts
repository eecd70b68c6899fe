import { fieldsFor, ROOT_CONFIG_WIRE, wireRead } from '@keyfob/shared/rules';
import { DEFAULT_USERNAME_TEMPLATE } from '@keyfob/shared/template';
import type { EngineCore } from '../engine-core.ts';
import { dataResult, EMPTY, type HandlerResult } from '../http/handler-result.ts';
import { badRequest, HttpError, internalError, notFound, wrapMultiError } from '../http/http-error.ts';
import type { Params } from '../http/parse-params.ts';
import { path, type RequestContext, type Route } from '../http/route.ts';
import { checkRootConfig, refusal } from '../validation/rules-adapter.ts';
import type { RootConfigRecord } from '../validation/validated.ts';
import type { MountData } from './mount-data.ts';
import { providerProblem } from './provider-error.ts';
import { cloudProvider } from './provider.ts';
import { serialised } from './serialised.ts';

/** Fields of a root configuration write: the schema's (`$schema` is a file's alone). */
const ROOT_FIELDS = fieldsFor('root-config').filter((field) => field !== '$schema');

/** `config/root` (read, write) and `config/rotate-root` of one mount. */
export function configRootRoutes(core: EngineCore, mount: MountData): Route[] {
  return [
    {
      pattern: path('config/root'),
      fields: ROOT_FIELDS,
      operations: { read: () => readRoot(mount), update: (ctx) => writeRoot(mount, ctx) },
    },
    { pattern: path('config/rotate-root'), fields: [], operations: { update: () => rotateRoot(core, mount) } },
  ];
}

function writeRoot(mount: MountData, ctx: RequestContext): HandlerResult {
  const checked = checkRootConfig(keepStoredSecret(mount, ctx.params));
  if (!checked.value) throw refusal(checked);
  // Seed 1 marks workload identity federation as an enterprise feature; like the community edition
  // of the real engine, keyfob refuses it rather than pretending to federate.
  if (checked.value.identityTokenAudience !== '')
    throw badRequest(
      'plugin workload identity not supported in Vault community edition: keyfob serve models the community edition, so identity_token_audience (workload identity federation, an enterprise feature) cannot be used; configure access_key and secret_key instead',
    );
  mount.rootConfig = checked.value;
  return checked.warnings.length > 0 ? dataResult(null, checked.warnings) : EMPTY;
}

/**
 * The real engine (newer versions) keeps the stored `secret_key` when an update leaves it out, so
 * the configuration read back (which never shows the secret) can be written back unchanged.
 * Applies only while `access_key` stays the same.
 */
function keepStoredSecret(mount: MountData, params: Params): Params {
  const stored = mount.rootConfig;
  if (!stored || stored.secretKey === '' || params.secret_key !== undefined || params.access_key !== stored.accessKey)
    return params;
  return { ...params, secret_key: stored.secretKey };
}

function readRoot(mount: MountData): HandlerResult {
  const config = mount.rootConfig;
  if (!config) throw notFound();
  // Never the secret key (a secret row of the table).
  return dataResult({
    ...wireRead(ROOT_CONFIG_WIRE, config),
    username_template: config.usernameTemplate || DEFAULT_USERNAME_TEMPLATE,
  });
}

/**
 * Rotate-root with the real engine's steps and errors, through the mount's provider: GetUser (who
 * am I), CreateAccessKey (fails when the user already has two keys), store the new pair,
 * DeleteAccessKey(old) with the old credentials. The emulated cloud refuses a user's own new key
 * for the consistency window. One rotation per mount at a time.
 */
function rotateRoot(core: EngineCore, mount: MountData): Promise<HandlerResult> {
  return serialised(core, `${mount.mount}/rotate-root`, async () => {
    const config = mount.rootConfig;
    if (!config) throw internalError('no configuration found for config/root');
    if (config.accessKey === '' || config.secretKey === '') {
      throw badRequest('Cannot call config/rotate-root when either access_key or secret_key is empty');
    }
    // Built with the old pair, which also deletes the old key.
    const provider = cloudProvider(core, mount);
    const user = await step('error calling GetUser', () => provider.getUser());
    const fresh = await step('error calling CreateAccessKey', () => provider.createAccessKey(user.name));
    const next: RootConfigRecord = { ...config, accessKey: fresh.accessKeyId, secretKey: fresh.secretAccessKey };
    mount.rootConfig = next;
    await step('error deleting old access key', () => provider.deleteAccessKey(user.name, config.accessKey));
    return dataResult({ access_key: fresh.accessKeyId });
  });
}

/** Provider failures inside rotate-root are plain errors in the real engine: 500 (502 when throttled). */
async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const problem = providerProblem(error);
    if (!problem) throw error;
    if (problem.throttled) throw new HttpError(502, [wrapMultiError(`${label}: ${problem.text}`)]);
    throw internalError(`${label}: ${problem.text}`);
  }
}
