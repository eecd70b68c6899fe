import { inputProblem } from '@keyfob/shared/credentials';
import { parseDuration } from '@keyfob/shared/duration';
import type { Problem } from '@keyfob/shared/problem';

/** A parsed input value or the problem with it. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: Problem };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(problem: Problem): Parsed<T> => ({ ok: false, problem });

/** YAML 1.2 core booleans, the spelling workflows use (`true`, `True`, `TRUE`, and the same for false). */
export function parseBoolean(name: string, text: string): Parsed<boolean> {
  if (['true', 'True', 'TRUE'].includes(text)) return ok(true);
  if (['false', 'False', 'FALSE'].includes(text)) return ok(false);
  return bad(inputProblem('INPUT_INVALID_BOOLEAN', name, `${name} must be true or false, not "${text}".`));
}

/** A whole number in `[min, max]`. */
export function parseWholeNumber(name: string, text: string, min: number, max: number): Parsed<number> {
  const value = Number(text);
  if (/^\d+$/.test(text) && value >= min && value <= max) return ok(value);
  return bad(inputProblem('INPUT_INVALID_NUMBER', name, `${name} must be a whole number from ${min} to ${max}, not "${text}".`));
}

/** A duration (`30s`, `5m`, or bare seconds) as milliseconds; zero is refused. */
export function parseDurationMs(name: string, text: string): Parsed<number> {
  const parsed = parseDuration(text, { path: `/${name}`, field: name });
  const [problem] = parsed.problems;
  if (problem) return bad(problem);
  if (parsed.seconds === undefined || parsed.seconds <= 0) {
    return bad(inputProblem('INPUT_INVALID_VALUE', name, `${name} must be longer than zero, such as "30s".`));
  }
  return ok(Math.round(parsed.seconds * 1000));
}

/** One of a fixed list of choices. */
export function parseChoice<T extends string>(name: string, text: string, choices: readonly T[]): Parsed<T> {
  if ((choices as readonly string[]).includes(text)) return ok(text as T);
  return bad(inputProblem('INPUT_INVALID_CHOICE', name, `${name} must be one of ${choices.join(', ')}, not "${text}".`));
}

/**
 * An absolute http(s) URL. The value is quoted back only when it holds no user info, since a URL
 * like `https://user:pass@host` carries a secret.
 */
export function parseEngineUrl(name: string, text: string): Parsed<string> {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  const shown = /@/.test(text) ? 'the value' : `"${text}"`;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return bad(inputProblem('INPUT_INVALID_URL', name, `${name}: ${shown} is not an http:// or https:// URL; give the engine's base URL, e.g. https://engine.example.com:8200.`));
  }
  if (url.username !== '' || url.password !== '') {
    return bad(inputProblem('INPUT_INVALID_URL', name, `${name} must not hold a user name or password; give the token in the token input.`));
  }
  if (url.search !== '' || url.hash !== '') {
    return bad(inputProblem('INPUT_INVALID_URL', name, `${name}: ${shown} has a query or fragment; give only scheme, host, port (and /v1 if you like).`));
  }
  return ok(text);
}

/** An HTTP header name (RFC 9110 token characters). */
export function parseHeaderName(name: string, text: string): Parsed<string> {
  if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(text)) return ok(text);
  return bad(inputProblem('INPUT_INVALID_VALUE', name, `${name} "${text}" is not an HTTP header name (letters, digits and -).`));
}

const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/** PEM certificates, given as PEM text or as base64 of PEM text. */
export function parsePem(name: string, text: string): Parsed<string> {
  if (PEM.test(text)) return ok(text);
  const compact = text.replace(/\s+/g, '');
  if (/^[A-Za-z0-9+/]+=*$/.test(compact)) {
    const decoded = Buffer.from(compact, 'base64').toString('utf8');
    if (PEM.test(decoded)) return ok(decoded);
  }
  return bad(inputProblem('INPUT_INVALID_VALUE', name, `${name} must hold PEM certificates (-----BEGIN CERTIFICATE----- ...), or that text in base64.`));
}
