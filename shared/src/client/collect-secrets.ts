/**
 * Field names whose values are secrets in any request body the client sends: root and issued keys,
 * session tokens, login JWTs, MFA codes, AppRole secret ids and the emulated cloud's fixture secrets.
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'secret_key',
  'session_token',
  'security_token',
  'client_token',
  'jwt',
  'mfa_code',
  'secret_id',
  'secret',
  'password',
  'token',
]);

/** Header names whose values are credentials (compared lower-case). */
const SECRET_HEADER = /token|authorization|cookie|secret|api-key/i;

/**
 * Finds the secret values in a request body (nested objects and arrays included), so errors about
 * that request can hide them even when the engine echoes the body back.
 */
export function collectBodySecrets(body: unknown, found: string[] = []): string[] {
  if (Array.isArray(body)) {
    for (const item of body) collectBodySecrets(item, found);
  } else if (body !== null && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === 'string' && SECRET_FIELDS.has(key.toLowerCase())) found.push(value);
      else collectBodySecrets(value, found);
    }
  }
  return found;
}

/** The values of headers that carry credentials (token, authorization, cookie, api key). */
export function collectHeaderSecrets(headers: Readonly<Record<string, string>>): string[] {
  return (
    Object.entries(headers)
      .filter(([name]) => SECRET_HEADER.test(name))
      // `Bearer abc` is echoed whole or as the bare credential: hide both.
      .flatMap(([, value]) => [value, ...value.split(/\s+/).slice(1)])
  );
}
