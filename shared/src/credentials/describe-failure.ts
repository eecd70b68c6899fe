/** The parts of an engine client error a description needs (an `EngineError` fits). */
export interface EngineFailure {
  readonly code: string;
  readonly message: string;
  readonly method: string;
  readonly path: string;
  readonly status?: number | undefined;
  /** The engine's own messages, already redacted. */
  readonly errors: readonly string[];
  readonly attempts?: number;
  readonly networkCode?: string | undefined;
}

/** How the settings are called where the user gave them (action inputs or CLI flags). */
export interface SettingNames {
  readonly url: string;
  readonly token: string;
  readonly mount: string;
  readonly role: string;
  readonly roleArn: string;
  readonly ttl: string;
  readonly mfaCode: string;
  readonly caCertificate: string;
  readonly requestTimeout: string;
  readonly timeout: string;
  readonly maxAttempts: string;
  /** The JWT login's settings, where the face logs in with a JWT (the action); the CLI takes a token only. */
  readonly jwtRole?: string;
  readonly jwtAudience?: string;
  readonly authPath?: string;
  readonly apiFlavor: string;
  /** The response-wrapping TTL setting, where there is one (the action's `wrap-ttl`). */
  readonly wrapTtl?: string;
}

/** The action's input names. */
const ACTION_SETTING_NAMES: SettingNames = {
  url: 'url',
  token: 'token',
  mount: 'mount',
  role: 'role',
  roleArn: 'role-arn',
  ttl: 'ttl',
  mfaCode: 'mfa-code',
  caCertificate: 'ca-certificate',
  requestTimeout: 'request-timeout',
  timeout: 'timeout',
  maxAttempts: 'max-attempts',
  jwtRole: 'jwt-role',
  jwtAudience: 'jwt-audience',
  authPath: 'auth-path',
  apiFlavor: 'api-flavor',
  wrapTtl: 'wrap-ttl',
};

/** What was being done, for the first words of the message and for role-specific hints. */
export interface FailureContext {
  /** e.g. `get credentials for role "deploy"`. */
  readonly operation: string;
  readonly role?: string;
  readonly mount?: string;
  readonly names?: SettingNames;
}

const TLS = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|SSL/i;

/**
 * One readable failure: what was being done, the endpoint, the HTTP status, the engine's (redacted)
 * message, and a hint naming the setting to check.
 *
 * @example describeEngineFailure(err, { operation: 'get credentials for role "x"', role: 'x' })
 * // 'Could not get credentials for role "x": GET /v1/cloud/creds/x answered 403: permission denied. Hint: ...'
 */
export function describeEngineFailure(failure: EngineFailure, context: FailureContext): string {
  const names = context.names ?? ACTION_SETTING_NAMES;
  const endpoint = `${failure.method} ${failure.path}`;
  const engineText = failure.errors.filter((e) => e.trim() !== '').join('; ');
  // The client's own messages already start with the endpoint and count the attempts; an HTTP
  // failure is restated so the status and the engine's words come first.
  const tries = (failure.attempts ?? 0) > 1 ? ` (after ${failure.attempts} attempts)` : '';
  const what =
    failure.code === 'ENGINE_HTTP' && failure.status !== undefined
      ? `${endpoint} answered ${failure.status}${engineText === '' ? '' : `: ${engineText}`}${tries}`
      : failure.message;
  return `Could not ${context.operation}: ${what.replace(/\.$/, '')}. Hint: ${hintFor(failure, context, names)}`;
}

function hintFor(failure: EngineFailure, context: FailureContext, n: SettingNames): string {
  const text = failure.errors.join(' ').toLowerCase();
  const isLogin = /\/auth\/[^/]+.*\/login$/.test(failure.path);
  switch (failure.code) {
    case 'ENGINE_NETWORK':
      return networkHint(failure.networkCode ?? '', n);
    case 'ENGINE_TIMEOUT':
      return `the engine did not answer within \`${n.requestTimeout}\`; raise it, or check that \`${n.url}\` points at a healthy engine.`;
    case 'ENGINE_TOTAL_TIMEOUT':
      return `the whole operation ran past \`${n.timeout}\` while retrying; raise \`${n.timeout}\` or fix what made the requests fail.`;
    case 'ENGINE_UNSUPPORTED':
      return `this engine has no such endpoint; check \`${n.mount}\` and \`${n.apiFlavor}\` (HashiCorp Vault and OpenBao have no \`rotate-role\`: rotate-static needs keyfob's engine).`;
    case 'ENGINE_BAD_RESPONSE':
      return `the answer was not the engine's JSON; check that \`${n.url}\` is the engine's base URL (without /v1) and that no proxy page answered.`;
    case 'ENGINE_INVALID_NAME':
      return `the role name is not one the engine accepts (letters, digits, "_", "-", "." and "@"); check \`${n.role}\`.`;
    default:
      break;
  }
  const status = failure.status ?? 0;
  if (isLogin) {
    const settings = [n.authPath, n.jwtRole].filter((x) => x !== undefined).map((x) => `\`${x}\``);
    const audience = n.jwtAudience === undefined ? 'the token' : `\`${n.jwtAudience}\` and the token`;
    return `the JWT login was refused; ${settings.length > 0 ? `check ${settings.join(', ')} and that ` : 'check that '}${audience}'s claims match the engine's role (bound_audiences, bound_claims).`;
  }
  if (text.includes('wrapping token is not valid or does not exist'))
    return 'the wrapping token was already unwrapped (it works once), expired, or was not made by this engine (check the URL and namespace). If this job did not unwrap it, someone else did: treat the credentials as exposed.';
  if ((status === 401 || status === 403) && text.includes('response wrapping'))
    return `a policy rule requires response wrapping (min_wrapping_ttl/max_wrapping_ttl): the engine hands these credentials out only wrapped${n.wrapTtl ? `; set \`${n.wrapTtl}\` within the rule's bounds and unwrap them where they are used (mode unwrap)` : ''}.`;
  if (status === 401 || status === 403) {
    const jwt = n.jwtRole === undefined ? '' : ` (or the JWT login's \`${n.jwtRole}\`)`;
    return `the token was refused or its policy does not allow ${failure.method} ${failure.path}; check \`${n.token}\`${jwt} and the policy.`;
  }
  if (status === 404 || /not found/.test(text)) {
    const role = context.role === undefined ? 'the role' : `role "${context.role}"`;
    return `${role} does not exist at mount "${context.mount ?? '?'}"; check \`${n.role}\` and \`${n.mount}\`.`;
  }
  if (/role_arn/.test(text))
    return `the role's allowed ARNs do not match; set \`${n.roleArn}\` to one of the role's role_arns.`;
  if (/mfa|multifactor/.test(text))
    return `the role needs an MFA code; set \`${n.mfaCode}\` to the current six digits.`;
  if (/ttl/.test(text)) return `check \`${n.ttl}\` against the role's max_sts_ttl and the credential type.`;
  if (status === 500) {
    return `the engine reported an internal failure; its message says why (a missing cloud user or policy, for example). It was retried up to \`${n.maxAttempts}\` times.`;
  }
  if (status === 412 || status === 429 || status > 500) {
    return `the engine or its cloud provider kept failing; it was retried up to \`${n.maxAttempts}\` times; try again later, or raise \`${n.maxAttempts}\` or \`${n.timeout}\`.`;
  }
  return `the engine refused the request; its message above says why.`;
}

function networkHint(code: string, n: SettingNames): string {
  if (code === 'ECONNREFUSED')
    return `nothing listens at \`${n.url}\`; check the URL and that the engine runs and is reachable from this machine.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `the host name in \`${n.url}\` does not resolve; check it.`;
  if (TLS.test(code))
    return `the engine's TLS certificate is not trusted; give its CA as PEM in \`${n.caCertificate}\`.`;
  return `the connection failed; check \`${n.url}\` and any proxy settings (HTTPS_PROXY, NO_PROXY).`;
}
