import { redactSecrets } from './redact-secrets.ts';

/** Longest URL accepted for the engine or a proxy. */
const MAX_URL_LENGTH = 2048;

/**
 * Why a text is not a usable engine base URL (one sentence that names `field`, shows the value when it
 * holds no user info, and gives the fix), or `undefined` when it is one. User info and a query are
 * refused, not dropped: user info is a password on its way into logs and errors, and a query the engine
 * API ignores means the URL is not what its writer thinks.
 */
export function checkEngineUrl(field: string, text: string): string | undefined {
  if (text.length > MAX_URL_LENGTH)
    return `${field} is ${text.length} characters long, more than the ${MAX_URL_LENGTH} allowed; give the engine's base URL, e.g. https://engine.example.com:8200.`;
  const url = parseUrl(text);
  const shown = showUrl(text);
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return `${field}: ${shown} is not an http:// or https:// URL; give the engine's base URL, e.g. https://engine.example.com:8200.`;
  }
  if (url.username !== '' || url.password !== '') {
    return `${field} must not hold a user name or password (user:pass@); give the token on its own and the URL as scheme://host:port, e.g. ${url.origin}.`;
  }
  if (url.search !== '' || url.hash !== '') {
    // Not shown: a query may carry a token (`?token=...`).
    return `${field} must not have a query or fragment; give only scheme, host and port (and /v1 if you like), e.g. ${url.origin}.`;
  }
  return undefined;
}

/**
 * Why the value of a proxy variable is not a usable proxy URL, or `undefined`. A proxy URL may carry
 * user info (proxy login): it is accepted, and never shown.
 */
export function checkProxyUrl(variable: string, text: string): string | undefined {
  const url = text.length > MAX_URL_LENGTH ? undefined : parseUrl(text);
  if (url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:')) return undefined;
  return `${variable}: ${showUrl(text)} is not an http:// or https:// proxy URL; set it like http://proxy.example.com:3128, or unset it.`;
}

/** The value quoted for a message, with any user info (`user:pass@`) replaced by `***@`. */
function showUrl(text: string): string {
  const cut = text.length > 200 ? `${text.slice(0, 199)}…` : text;
  return `"${redactSecrets(cut, [])}"`;
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
