import { readPolicy, RESPONSE_WRAPPING_POLICY_NAME } from '@keyfob/shared/policies';
import type { EngineCore } from '../engine-core.ts';
import { dataResult, EMPTY, type HandlerResult } from '../http/handler-result.ts';
import { badRequest, notFound } from '../http/http-error.ts';
import { path, type RequestContext, type Route } from '../http/route.ts';

/** Longest policy text accepted (the real engine has no lower bound than its request size limit). */
const MAX_POLICY_BYTES = 512 * 1024;

/**
 * `sys/policies/acl` and the legacy `sys/policy`: LIST, read, write (HCL or its JSON form, base64
 * accepted), delete; names trimmed and lower-cased; `root` can be neither written nor deleted,
 * `default` not deleted.
 */
export function policyRoutes(core: EngineCore): Route[] {
  return [
    { pattern: path('policies/acl/?'), fields: [], operations: { list: () => dataResult({ keys: listed(core) }) } },
    {
      pattern: path('policies/acl/(?<name>.+)'),
      fields: ['name', 'policy'],
      operations: {
        read: (ctx) => readOne(core, ctx, 'policy'),
        update: (ctx) => write(core, ctx, false),
        delete: (ctx) => remove(core, ctx),
      },
    },
    {
      pattern: path('policy/?'),
      fields: [],
      operations: {
        read: () => legacyList(core),
        list: () => legacyList(core),
      },
    },
    {
      pattern: path('policy/(?<name>.+)'),
      fields: ['name', 'policy', 'rules'],
      operations: {
        read: (ctx) => readOne(core, ctx, 'rules'),
        update: (ctx) => write(core, ctx, true),
        delete: (ctx) => remove(core, ctx),
      },
    },
  ];
}

/** Stored names plus `root`, which exists without being stored. */
function listed(core: EngineCore): string[] {
  return [...core.policies.names(), 'root'];
}

function legacyList(core: EngineCore): HandlerResult {
  const keys = listed(core);
  return dataResult({ keys, policies: keys });
}

function nameOf(ctx: RequestContext): { name: string; warnings: string[] } {
  const raw = ctx.vars.name ?? '';
  const name = raw.trim().toLowerCase();
  return { name, warnings: name !== raw ? [`policy name was converted to ${name}`] : [] };
}

/** The real engine's immutable policies: `root` and the fixed `response-wrapping`. */
const IMMUTABLE = ['root', RESPONSE_WRAPPING_POLICY_NAME];

function readOne(core: EngineCore, ctx: RequestContext, field: 'policy' | 'rules'): HandlerResult {
  const { name } = nameOf(ctx);
  const text = name === 'root' ? '' : core.policies.text(name);
  if (text === undefined) throw notFound();
  return dataResult({ name, [field]: text });
}

function write(core: EngineCore, ctx: RequestContext, legacy: boolean): HandlerResult {
  const { name, warnings } = nameOf(ctx);
  let given = ctx.params.policy;
  if ((given === undefined || given === '') && legacy && typeof ctx.params.rules === 'string') {
    given = ctx.params.rules;
    warnings.push("'rules' is deprecated, please use 'policy' instead");
  }
  if (typeof given !== 'string' || given.trim() === '') throw badRequest("'policy' parameter not supplied or empty");
  if (Buffer.byteLength(given) > MAX_POLICY_BYTES)
    throw badRequest(`policy is longer than ${MAX_POLICY_BYTES} bytes; split it into several policies`);
  if (IMMUTABLE.includes(name)) throw badRequest(`cannot update "${name}" policy`);
  if (name === '') throw badRequest('policy name must be provided in the URL');
  const text = decodeBase64(given);
  const read = readPolicy(text, name);
  const errors = read.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0)
    throw badRequest(
      `failed to parse policy: ${parseMessage(errors.map((p) => ({ code: p.code, message: p.message })))}`,
    );
  core.policies.set(name, text);
  return warnings.length > 0 ? dataResult(null, warnings) : EMPTY;
}

function remove(core: EngineCore, ctx: RequestContext): HandlerResult {
  const { name } = nameOf(ctx);
  if (IMMUTABLE.includes(name)) throw badRequest(`cannot delete "${name}" policy`);
  if (name === 'default') throw badRequest('cannot delete default policy');
  core.policies.delete(name);
  return EMPTY;
}

/** The real engine decodes a policy that is valid base64 (strict, padded) before parsing it. */
function decodeBase64(text: string): string {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return text;
  return Buffer.from(text, 'base64').toString('utf8');
}

/** Unknown keys come as the real engine's multierror list; other errors alone. */
function parseMessage(errors: readonly { code: string; message: string }[]): string {
  const keys = errors.filter((e) => e.code === 'POLICY_UNKNOWN_KEY');
  if (keys.length === 0) return errors[0]?.message ?? 'unknown error';
  const count = keys.length === 1 ? '1 error occurred' : `${keys.length} errors occurred`;
  return `${count}:\n${keys.map((k) => `\t* ${k.message}`).join('\n')}\n\n`;
}
