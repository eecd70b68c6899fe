import { CloudError } from '../cloud/cloud-error.ts';
import { applyFixtures, dumpCloud } from '../cloud/cloud-fixtures.ts';
import { evaluateCredentials } from '../cloud/credential-evaluation.ts';
import { isoTime } from '../clock.ts';
import type { EngineCore } from '../engine-core.ts';
import { dataResult, type HandlerResult } from '../http/handler-result.ts';
import { badRequest, HttpError } from '../http/http-error.ts';
import { path, type Backend, type RequestContext } from '../http/route.ts';
import type { TickReport } from '../scheduler.ts';

/** How far the dev clock may run ahead of the wall clock, in seconds (about 100 years). */
const MAX_CLOCK_OFFSET_SECONDS = 100 * 365 * 86400;

/** What the dev API needs besides the core. */
export interface DevHooks {
  /** Runs every expiry and rotation that is due now. */
  readonly tick: () => Promise<TickReport>;
  /** Persists the clock offset. */
  readonly saveClock: () => void;
}

/**
 * The development control API of ARCHITECTURE.md (only with `--dev`, same token rules):
 * cloud fixtures and state, the engine clock, and `whoami` for issued credentials.
 */
export function devBackend(core: EngineCore, hooks: DevHooks): Backend {
  return {
    prefix: 'sys/dev/',
    mountType: 'system',
    routes: [
      {
        pattern: path('cloud'),
        fields: [
          'users',
          'rootUser',
          'throttle',
          'roles',
          'groups',
          'policies',
          'consistencyDelaySeconds',
          'accountId',
        ],
        operations: {
          read: () => dataResult(dumpCloud(core.cloud.state, core.clock.now())),
          update: (ctx) => putFixtures(core, ctx),
        },
      },
      {
        pattern: path('clock'),
        fields: ['advanceSeconds'],
        operations: { read: () => dataResult(clockData(core)), update: (ctx) => advanceClock(core, hooks, ctx) },
      },
      {
        pattern: path('whoami'),
        fields: ['access_key', 'secret_key', 'session_token'],
        operations: { update: (ctx) => whoami(core, ctx) },
      },
      {
        pattern: path('can-i'),
        fields: ['access_key', 'session_token', 'action', 'resource', 'context'],
        operations: { update: (ctx) => canI(core, ctx) },
      },
    ],
  };
}

function putFixtures(core: EngineCore, ctx: RequestContext): HandlerResult {
  const errors = applyFixtures(core.cloud.state, ctx.params, core.clock.now(), core.settings.consistencyDelaySeconds);
  if (errors.length > 0) throw badRequest(...errors);
  return dataResult(dumpCloud(core.cloud.state, core.clock.now()));
}

function clockData(core: EngineCore): Record<string, unknown> {
  return { now: isoTime(core.clock.now()), offsetSeconds: core.clock.offsetMs / 1000 };
}

async function advanceClock(core: EngineCore, hooks: DevHooks, ctx: RequestContext): Promise<HandlerResult> {
  const seconds = ctx.params.advanceSeconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
    throw badRequest('advanceSeconds must be a number of seconds, 0 or more (the clock never goes back)');
  }
  // Engine times must stay well inside what a Date holds and what the real engine's durations reach.
  if (core.clock.offsetMs / 1000 + seconds > MAX_CLOCK_OFFSET_SECONDS) {
    throw badRequest(
      `advanceSeconds ${seconds} would move the engine clock more than ${MAX_CLOCK_OFFSET_SECONDS} seconds (about 100 years) ahead of the wall clock`,
    );
  }
  core.clock.advance(seconds);
  hooks.saveClock();
  const report = await hooks.tick();
  return dataResult({ ...clockData(core), ...report });
}

/** 200 with the identity when the cloud accepts the credentials now, else 403 with the provider's reason. */
function whoami(core: EngineCore, ctx: RequestContext): HandlerResult {
  const { access_key: accessKey, secret_key: secretKey, session_token: sessionToken } = ctx.params;
  if (typeof accessKey !== 'string' || typeof secretKey !== 'string')
    throw badRequest('access_key and secret_key are required');
  if (sessionToken !== undefined && sessionToken !== null && typeof sessionToken !== 'string')
    throw badRequest('session_token must be a string');
  try {
    const identity = core.cloud.whoami({ accessKey, secretKey, ...(sessionToken ? { sessionToken } : {}) });
    return dataResult({
      arn: identity.arn,
      kind: identity.kind,
      account: identity.account,
      access_key: identity.accessKey,
      expiration: identity.expiresAt === undefined ? null : isoTime(identity.expiresAt),
    });
  } catch (error) {
    if (error instanceof CloudError) throw new HttpError(403, [error.message]);
    throw error;
  }
}

/**
 * `keyfob can-i` for issued credentials: the cloud's own evaluation of ACTION on RESOURCE for the
 * principal behind an access key (403 with the cloud's reason when it would refuse the key).
 */
function canI(core: EngineCore, ctx: RequestContext): HandlerResult {
  const { access_key: accessKey, session_token: sessionToken, action, resource, context } = ctx.params;
  if (typeof accessKey !== 'string' || accessKey.length > 128)
    throw badRequest('access_key is required (an access key id, at most 128 characters)');
  if (typeof action !== 'string' || !/^([a-zA-Z0-9-]{1,64}:[A-Za-z0-9*?]{1,128}|\*)$/.test(action))
    throw badRequest('action is required, as service:Operation (e.g. iam:ListUsers)');
  if (resource !== undefined && (typeof resource !== 'string' || resource.length > 2048))
    throw badRequest('resource must be an ARN or *, at most 2048 characters');
  if (sessionToken !== undefined && sessionToken !== null && typeof sessionToken !== 'string')
    throw badRequest('session_token must be a string');
  const keys = context ?? {};
  if (
    typeof keys !== 'object' ||
    Array.isArray(keys) ||
    Object.values(keys).some((v) => typeof v !== 'string') ||
    Object.keys(keys).length > 50
  ) {
    throw badRequest('context must be an object of at most 50 string values (condition keys)');
  }
  try {
    const answer = evaluateCredentials(core.cloud, {
      accessKey,
      ...(typeof sessionToken === 'string' && sessionToken !== '' ? { sessionToken } : {}),
      action,
      resource: typeof resource === 'string' ? resource : '*',
      context: keys as Record<string, string>,
    });
    return dataResult({ ...answer });
  } catch (error) {
    if (error instanceof CloudError) throw new HttpError(403, [error.message]);
    throw error;
  }
}
