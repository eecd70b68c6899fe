import { parseDuration } from '../duration/index.ts';
import { credentialsCodes } from '../codes/credentials.ts';
import type { Problem } from '../problem.ts';
import { checkEngineUrl, checkProxyUrl } from './check-engine-url.ts';
import {
  CONNECTION_BOUNDS,
  CONNECTION_DEFAULTS,
  PROXY_VARIABLES,
  type ConnectionField,
  type ConnectionInput,
  type ConnectionNames,
  type ConnectionSettings,
} from './connection-settings.ts';

/** What the face adds to the raw values: its names for the settings and the environment it runs in. */
export interface ConnectionContext {
  readonly names: ConnectionNames;
  /** Read for the proxy variables only (both faces use the same ones). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The checked settings (`undefined` when any setting is wrong) and every problem found, not just the first. */
export interface ConnectionResult {
  readonly value: ConnectionSettings | undefined;
  readonly problems: readonly Problem[];
}

type Code =
  'INPUT_REQUIRED' | 'INPUT_INVALID_CHOICE' | 'INPUT_INVALID_NUMBER' | 'INPUT_INVALID_URL' | 'INPUT_INVALID_VALUE';

const FLAVORS = ['keyfob', 'vault', 'openbao'] as const;
const PATH_NAME = /^[\w.@-]+(?:\/[\w.@-]+)*$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/**
 * Checks the connection settings of the CLI or the action: one set of rules, bounds, defaults and
 * messages for both. Each message names the setting as the face calls it, shows the value when it is
 * safe (never a token, never the user info of a URL) and says what to give instead.
 */
export function readConnectionSettings(input: ConnectionInput, context: ConnectionContext): ConnectionResult {
  const problems: Problem[] = [];
  const n = context.names;
  const report = (code: Code, field: ConnectionField, message: string): undefined => {
    problems.push({ code, severity: credentialsCodes[code].severity, message, path: `/${n[field]}`, target: 'value' });
    return undefined;
  };
  const given = (field: ConnectionField): string | undefined => {
    const text = input[field];
    return text === undefined || text === '' ? undefined : text;
  };

  const url = readUrl(given('url'), n.url, report);
  const token = readToken(given('token'), n.token, report);
  const flavorText = given('flavor') ?? CONNECTION_DEFAULTS.flavor;
  const flavor = (FLAVORS as readonly string[]).includes(flavorText)
    ? flavorText
    : report(
        'INPUT_INVALID_CHOICE',
        'flavor',
        `${n.flavor} must be one of ${FLAVORS.join(', ')}, not ${quote(flavorText)}.`,
      );
  const tokenHeader = readPattern(
    given('tokenHeader'),
    'tokenHeader',
    HEADER_NAME,
    'an HTTP header name (letters, digits and -), e.g. X-Vault-Token',
    n,
    report,
  );
  const mountText = (input.mount ?? CONNECTION_DEFAULTS.mount).replace(/^\/+|\/+$/g, '');
  const mount =
    mountText === ''
      ? report(
          'INPUT_REQUIRED',
          'mount',
          `${n.mount} is empty; give the path the engine is mounted at, e.g. cloud (aws on a stock Vault).`,
        )
      : readPattern(
          mountText,
          'mount',
          PATH_NAME,
          'a mount path (letters, digits, "_", "-", ".", "@" and "/"), e.g. cloud',
          n,
          report,
        );
  const namespace = readPattern(
    given('namespace')?.replace(/^\/+|\/+$/g, ''),
    'namespace',
    PATH_NAME,
    'a namespace path (letters, digits, "_", "-", ".", "@" and "/"), e.g. team-a',
    n,
    report,
  );
  const requestTimeoutMs = readDuration(
    given('requestTimeout') ?? CONNECTION_DEFAULTS.requestTimeout,
    'requestTimeout',
    CONNECTION_BOUNDS.requestTimeout,
    n,
    report,
  );
  const timeoutMs = readDuration(
    given('timeout') ?? CONNECTION_DEFAULTS.timeout,
    'timeout',
    CONNECTION_BOUNDS.timeout,
    n,
    report,
  );
  const maxAttempts = readAttempts(given('maxAttempts') ?? CONNECTION_DEFAULTS.maxAttempts, n.maxAttempts, report);
  const caCertificate = readPem(given('caCertificate'), n.caCertificate, report);
  const clusterAddresses = readClusterAddresses(given('clusterAddresses'), n.clusterAddresses, report);
  const proxy = readProxy(context.env, problems);

  if (problems.some((p) => p.severity === 'error') || url === undefined || flavor === undefined || mount === undefined)
    return { value: undefined, problems };
  return {
    value: Object.freeze({
      url,
      token,
      flavor: flavor === 'keyfob' ? 'keyfob' : 'vault',
      tokenHeader,
      mount,
      namespace,
      requestTimeoutMs: requestTimeoutMs ?? 0,
      timeoutMs: timeoutMs ?? 0,
      maxAttempts: maxAttempts ?? 0,
      caCertificate,
      clusterAddresses,
      proxy,
    }),
    problems,
  };
}

type Report = (code: Code, field: ConnectionField, message: string) => undefined;

/** Addresses separated by commas, spaces or new lines: each an engine URL, kept as its origin. */
function readClusterAddresses(text: string | undefined, name: string, report: Report): string[] {
  if (text === undefined) return [];
  const items = text.split(/[\s,]+/).filter((item) => item !== '');
  const bound = CONNECTION_BOUNDS.clusterAddresses;
  if (items.length > bound) {
    report(
      'INPUT_INVALID_VALUE',
      'clusterAddresses',
      `${name} lists ${items.length} addresses, more than the ${bound} allowed; list the cluster's nodes only.`,
    );
    return [];
  }
  const origins: string[] = [];
  for (const item of items) {
    const problem = checkEngineUrl(name, item);
    if (problem === undefined) origins.push(new URL(item).origin);
    else report('INPUT_INVALID_URL', 'clusterAddresses', problem);
  }
  return origins;
}

function readUrl(text: string | undefined, name: string, report: Report): string | undefined {
  if (text === undefined)
    return report(
      'INPUT_REQUIRED',
      'url',
      `${name} is required: the engine's base URL, e.g. https://engine.example.com:8200.`,
    );
  const problem = checkEngineUrl(name, text);
  return problem === undefined ? text : report('INPUT_INVALID_URL', 'url', problem);
}

/** A token goes into a header: no white space or control characters, and a bound on its length. The value is never shown. */
function readToken(text: string | undefined, name: string, report: Report): string | undefined {
  if (text === undefined) return undefined;
  if (text.length > CONNECTION_BOUNDS.tokenLength)
    return report(
      'INPUT_INVALID_VALUE',
      'token',
      `${name} is ${text.length} characters long, more than the ${CONNECTION_BOUNDS.tokenLength} allowed; give the engine token itself.`,
    );
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(text))
    return report(
      'INPUT_INVALID_VALUE',
      'token',
      `${name} holds white space or a control character (the value is not shown); give the token alone, without a trailing newline.`,
    );
  return text;
}

function readPattern(
  text: string | undefined,
  field: ConnectionField,
  pattern: RegExp,
  what: string,
  n: ConnectionNames,
  report: Report,
): string | undefined {
  if (text === undefined) return undefined;
  if (text.length > CONNECTION_BOUNDS.nameLength)
    return report(
      'INPUT_INVALID_VALUE',
      field,
      `${n[field]} is ${text.length} characters long, more than the ${CONNECTION_BOUNDS.nameLength} allowed; give ${what}.`,
    );
  return pattern.test(text) ? text : report('INPUT_INVALID_VALUE', field, `${n[field]} ${quote(text)} is not ${what}.`);
}

function readDuration(
  text: string,
  field: ConnectionField,
  { min, max, said }: { min: number; max: number; said: string },
  n: ConnectionNames,
  report: Report,
): number | undefined {
  const name = n[field];
  const parsed = parseDuration(text, { path: `/${name}`, field: name });
  const hint = `give a duration from ${said}, e.g. ${field === 'timeout' ? CONNECTION_DEFAULTS.timeout : CONNECTION_DEFAULTS.requestTimeout}`;
  if (parsed.seconds === undefined)
    return report('INPUT_INVALID_VALUE', field, `${name} ${quote(text)} is not a duration; ${hint}.`);
  if (parsed.seconds < min || parsed.seconds > max)
    return report('INPUT_INVALID_VALUE', field, `${name} ${quote(text)} is out of bounds; ${hint}.`);
  return Math.round(parsed.seconds * 1000);
}

function readAttempts(text: string, name: string, report: Report): number | undefined {
  const { minAttempts: min, maxAttempts: max } = CONNECTION_BOUNDS;
  const value = Number(text);
  if (/^\d{1,3}$/.test(text) && value >= min && value <= max) return value;
  return report(
    'INPUT_INVALID_NUMBER',
    'maxAttempts',
    `${name} must be a whole number from ${min} to ${max} (1 turns retries off), not ${quote(text)}.`,
  );
}

/** PEM certificates, as PEM text or as base64 of PEM text (handy for a secret that must be one line). */
function readPem(text: string | undefined, name: string, report: Report): string | undefined {
  if (text === undefined) return undefined;
  const fix = `${name} must hold PEM certificates (-----BEGIN CERTIFICATE----- ...), or that text in base64`;
  if (text.length > CONNECTION_BOUNDS.caCertificateLength)
    return report(
      'INPUT_INVALID_VALUE',
      'caCertificate',
      `${fix}; it is ${text.length} characters long, more than the ${CONNECTION_BOUNDS.caCertificateLength} allowed.`,
    );
  if (PEM.test(text)) return text;
  const compact = text.replace(/\s+/g, '');
  if (/^[A-Za-z0-9+/]+=*$/.test(compact)) {
    const decoded = decodeBase64(compact);
    if (decoded !== undefined && PEM.test(decoded)) return decoded;
  }
  return report('INPUT_INVALID_VALUE', 'caCertificate', `${fix}.`);
}

function readProxy(env: ConnectionContext['env'], problems: Problem[]): ConnectionSettings['proxy'] {
  let first: ConnectionSettings['proxy'];
  for (const variable of PROXY_VARIABLES) {
    const text = env[variable];
    if (text === undefined || text === '') continue;
    first ??= variable;
    const problem = checkProxyUrl(variable, text);
    if (problem !== undefined)
      problems.push({
        code: 'INPUT_INVALID_URL',
        severity: credentialsCodes.INPUT_INVALID_URL.severity,
        message: problem,
        path: `/${variable}`,
        target: 'value',
      });
  }
  return first;
}

function decodeBase64(text: string): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** A value quoted for a message, cut so a pasted blob cannot flood the log. */
function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 79)}…` : text);
}
