/** What a hidden value is replaced with. */
export const REDACTED = '***';

/**
 * Secrets shorter than this are not searched for: they protect nothing and would turn ordinary words
 * into `***` (a token `ab` would mangle every message).
 */
const MIN_SECRET_LENGTH = 3;

/**
 * Shapes that are secret whoever sent them. Engines, proxies and identity providers echo these in
 * error texts, so they are hidden even when the client was never told the value.
 */
const SECRET_PATTERNS: readonly RegExp[] = [
  // A JWT: base64url header (always starts `eyJ`, i.e. `{"`), payload and optional signature.
  /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g,
  // Credential headers echoed as `X-Vault-Token: value` or `Authorization: Bearer value`.
  /\b((?:x-[\w-]*token|authorization|cookie)\s*[:=]\s*)(?:(?:bearer|basic|token)\s+)?[^\s,;]+/gi,
  // `Bearer <token>` anywhere else.
  /\b(Bearer\s+)[\w\-.~+/]+=*/gi,
  // Vault and OpenBao service and batch tokens (`hvs.`, `hvb.`, `s.`, `b.`).
  /\b(?:hv[sbr]|s|b)\.[\w-]{20,}/g,
  // Fields that always hold secrets, as JSON, form or `name: value` text.
  /(\b(?:secret_key|session_token|security_token|client_token|secret_id|password)"?\s*[:=]\s*"?)[^"\s,&}]+/gi,
  // User info of a URL (`https://user:pass@host`): engine, proxy and fetch errors quote URLs. The
  // scheme is bounded: unbounded, every word start of a long `a.a.a...` text scanned to its end.
  /(\b[a-z][\w+.-]{0,31}:\/\/)[^\s/?#"']*(?=@)/gi,
  // `token` and `jwt` only in JSON or form shape: "invalid token: expired" must stay readable.
  /(\b(?:token|jwt)(?:"\s*:\s*"|=))[^"\s,&}]+/gi,
];

/**
 * Hides secrets in a text: every known value in `secrets` (also in its URL-encoded and JSON-escaped
 * forms, as engines echo query strings and bodies), and anything shaped like a JWT, a bearer token, a
 * Vault token, a secret field or the user info of a URL, becomes `***`.
 *
 * Values shorter than 3 characters are ignored.
 *
 * @example redactSecrets('bad token hvs.abc', ['hvs.abc']) // 'bad token ***'
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const form of secretForms(secrets)) result = result.split(form).join(REDACTED);
  for (const pattern of SECRET_PATTERNS) {
    result = result.replace(pattern, (match: string, keep: unknown) =>
      typeof keep === 'string' && match.startsWith(keep) ? keep + REDACTED : REDACTED,
    );
  }
  return result;
}

/** Each secret in every spelling it may be echoed in, longest first so no part of one survives. */
function secretForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(secret.replace(/\//g, '\\/'));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}
