import type { EngineCore } from '../engine-core.ts';
import { ENGINE_DEFAULTS } from '../engine-options.ts';
import { newLeaseSuffix } from '../ids.ts';
import type { HandlerResult } from '../http/handler-result.ts';
import { badRequest, HttpError } from '../http/http-error.ts';
import { NAME, path, type RequestContext, type Route } from '../http/route.ts';
import { checkCredentialRequest, refusal } from '../validation/rules-adapter.ts';
import type { CredentialType } from '../validation/validated.ts';
import type { CredentialContext, IssuedCredentials } from './credential-context.ts';
import { issueIamUser } from './iam-user-credentials.ts';
import { typeForPath, type MountData, type NamedRole } from './mount-data.ts';
import { issueAssumedRole, issueFederationToken, issueSessionToken } from './sts-credentials.ts';

const ISSUERS: Record<CredentialType, (ctx: CredentialContext) => Promise<IssuedCredentials>> = {
  iam_user: issueIamUser,
  assumed_role: issueAssumedRole,
  federation_token: issueFederationToken,
  session_token: issueSessionToken,
};

/** `creds/:name` and `sts/:name`: GET takes query parameters, POST/PUT a JSON body. */
export function credentialRoutes(core: EngineCore, mount: MountData): Route[] {
  const handler = (ctx: RequestContext): Promise<HandlerResult> => generate(core, mount, ctx);
  return [
    {
      pattern: path(`(?<path>creds|sts)/${NAME}`),
      fields: ['name', 'role_arn', 'role_session_name', 'ttl', 'mfa_code'],
      operations: { read: handler, update: handler },
    },
  ];
}

async function generate(core: EngineCore, mount: MountData, ctx: RequestContext): Promise<HandlerResult> {
  const roleName = ctx.vars.name ?? '';
  const credPath = ctx.vars.path === 'sts' ? 'sts' : 'creds';
  const role = mount.roles.get(roleName);
  // The real engine answers 400 (not 404) for a missing role here.
  if (!role) throw badRequest(`Role "${roleName}" not found`);
  const type = typeForPath(role, credPath);
  guardLegacyPath(role, type, credPath);
  const checked = checkCredentialRequest(ctx.params, role, type, roleName);
  if (!checked.value) throw refusal(checked);
  const caller = ctx.caller;
  if (!caller) throw new Error('credentials need an authenticated caller');
  const issued = await withNotes(
    ISSUERS[type]({
      core,
      mount,
      role,
      type,
      path: credPath,
      request: checked.value,
      ttl: effectiveTtl(role, checked.value.ttl),
      caller,
    }),
    checked.warnings,
  );
  const leaseId = `${mount.mount}/${credPath}/${roleName}/${newLeaseSuffix()}`;
  const now = core.clock.now();
  // A lease made with a batch token ends when the token does (the real engine caps it at the
  // token's remaining TTL); an orphan batch token does not track it, so the lease stands alone.
  const batch = caller.record.type === 'batch';
  const tokenEnd = batch ? (caller.record.expiresAt ?? Infinity) : Infinity;
  const expiresAt = Math.min(issued.expiresAt, tokenEnd);
  core.leases.register({
    id: leaseId,
    mount: mount.mount,
    role: roleName,
    credentialType: type,
    issuedAt: now,
    expiresAt,
    lastRenewal: null,
    renewable: issued.renewable,
    ttl: issued.leaseTtl,
    maxExpiresAt: Math.min(issued.leaseMaxExpiresAt, tokenEnd),
    token: caller.record.root || batch ? null : caller.hash,
    ...(issued.userName !== undefined ? { userName: issued.userName } : {}),
  });
  const leaseDuration = Math.max(0, Math.round((expiresAt - now) / 1000));
  return {
    kind: 'data',
    data: issued.data,
    lease: { leaseId, renewable: issued.renewable, leaseDuration },
    ...(checked.warnings.length + (issued.warnings?.length ?? 0) > 0
      ? { warnings: [...checked.warnings, ...(issued.warnings ?? [])] }
      : {}),
  };
}

/**
 * TTL: the request's, else the role's default_sts_ttl, else 3600 s; silently capped by the role's
 * max_sts_ttl or the mount maximum (768h). The provider caps again per credential type.
 */
function effectiveTtl(role: NamedRole, requested: number | undefined): number {
  const ttl =
    requested !== undefined && requested > 0 ? requested : role.defaultStsTtl || ENGINE_DEFAULTS.stsTtlSeconds;
  const max = role.maxStsTtl || ENGINE_DEFAULTS.mountLeaseSeconds;
  return Math.min(ttl, max);
}

/** Legacy roles: iam_user only through creds/, the STS types only through sts/ (seed note 6). */
/**
 * A refused issuance answers the provider's error as the real engine words it; what the shared
 * rules noticed about the request (a missing mfa_code, say) follows as the message's tail.
 */
async function withNotes<T>(issuing: Promise<T>, notes: readonly string[]): Promise<T> {
  try {
    return await issuing;
  } catch (error) {
    if (!(error instanceof HttpError) || notes.length === 0 || error.errors.length !== 1) throw error;
    throw new HttpError(error.status, [`${error.errors[0] ?? ''}: ${notes.join('; ')}`]);
  }
}

function guardLegacyPath(role: NamedRole, type: CredentialType, credPath: 'creds' | 'sts'): void {
  if (!role.legacy) return;
  if (credPath === 'sts' && type === 'iam_user') {
    throw badRequest(
      'attempted to retrieve iam_user credentials through the sts path; this is not allowed for legacy roles',
    );
  }
  if (credPath === 'creds' && type !== 'iam_user') {
    throw badRequest(
      `attempted to retrieve ${type} credentials through the creds path; this is not allowed for legacy roles`,
    );
  }
}
