import { createHash } from 'node:crypto';
import { appendFileSync, chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  credentialCache,
  credentialProcessOutput,
  issueCredentials,
  type CredentialProcessOutput,
} from '@keyfob/shared/credentials';
import { checkAccount } from './account-check.ts';
import type { Deps } from './deps.ts';
import { readInputs } from './inputs.ts';
import type { Issued } from './issued.ts';
import { withSession } from './login.ts';
import type { SecretBook } from './mask.ts';
import { profileFiles, quoteWord } from './profiles.ts';
import type { Runner } from './runner.ts';
import { StepFailure } from './step.ts';

/** The ledger of a profile directory: every lease and login token a refresh created (0600; secret). */
const LEDGER_FILE = 'ledger.jsonl';
/** Longest refresh settings or ledger file read back. */
const MAX_FILE_BYTES = 1024 * 1024;

/** What a refreshing profile's credential_process reads again: the step's inputs, secrets left out. */
export interface RefreshSettings {
  readonly profile: string;
  readonly inputs: Readonly<Record<string, string>>;
}

/** One ledger line: a lease to revoke and/or a login token of ours to revoke (never logged). */
export interface LedgerEntry {
  readonly role?: string;
  readonly leaseId?: string;
  readonly token?: string;
}

/** The settings file of a profile in its directory. */
function refreshFile(dir: string, profile: string): string {
  return join(dir, `${profile}.refresh.json`);
}

/** Writes a profile's settings (no secret) and returns the credential_process command line for it. */
export function writeRefreshSettings(dir: string, settings: RefreshSettings, script: string): string {
  profileFiles(dir).write(`${settings.profile}.refresh.json`, `${JSON.stringify(settings)}\n`);
  return [process.execPath, script, refreshFile(dir, settings.profile)].map(quoteWord).join(' ');
}

/** Reads a profile's settings file back (bounded, shape checked). */
export function readRefreshSettings(path: string): RefreshSettings {
  const text = readFileSync(path, 'utf8');
  if (text.length > MAX_FILE_BYTES) throw new Error(`${path} is larger than ${MAX_FILE_BYTES} bytes`);
  const value = JSON.parse(text) as Partial<RefreshSettings>;
  const inputs = value.inputs as Record<string, unknown> | undefined;
  if (
    typeof value.profile !== 'string' ||
    typeof inputs !== 'object' ||
    inputs === null ||
    Object.values(inputs).some((v) => typeof v !== 'string')
  )
    throw new Error(`${path} is not a keyfob refresh settings file`);
  return { profile: value.profile, inputs: inputs as Record<string, string> };
}

/** The ledger's entries (damaged lines skipped). */
export function readLedger(dir: string): LedgerEntry[] {
  let text: string;
  try {
    text = readFileSync(join(dir, LEDGER_FILE), 'utf8').slice(0, MAX_FILE_BYTES);
  } catch {
    return [];
  }
  const entries: LedgerEntry[] = [];
  for (const line of text.split('\n')) {
    try {
      const e = JSON.parse(line) as LedgerEntry;
      if (typeof e.leaseId === 'string' || typeof e.token === 'string') entries.push(e);
    } catch {
      // A line cut short by a crash: nothing to revoke from it.
    }
  }
  return entries;
}

function record(dir: string, entry: LedgerEntry): void {
  const path = join(dir, LEDGER_FILE);
  appendFileSync(path, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/**
 * Issues the set of one refreshing profile, or hands out the cached one while it is fresh (see
 * `credentialCache`): the step's inputs are read again with the same checks, the login is a new
 * one (a fresh GitHub ID token; with auth-method token the engine token in KEYFOB_TOKEN), and the
 * request is the one the profile was written for.
 *
 * Lease ownership: an iam_user lease dies with the token that issued it, so the token of a refresh
 * that issued iam_user keys stays alive (until its own TTL; the keys are capped at it) and goes to
 * the ledger with the lease; an older set is never revoked here, since a running tool may still use
 * it. The post step revokes every lease and token in the ledger. A login whose credentials do not
 * hang on it (STS, static) is revoked at once.
 */
export async function refreshProfile(
  dir: string,
  settings: RefreshSettings,
  runner: Runner,
  secrets: SecretBook,
  deps: Deps,
): Promise<CredentialProcessOutput> {
  const inputs = { ...settings.inputs };
  if ((inputs['auth-method'] ?? '') === 'token' || (inputs['auth-method'] === undefined && runner.env.KEYFOB_TOKEN))
    inputs.token = runner.env.KEYFOB_TOKEN ?? '';
  const read = readInputs({ ...runner, getInput: (name) => (inputs[name] ?? '').trim() }, secrets);
  const config = read.config;
  const request = config?.requests.find((r) => r.profile === settings.profile);
  if (!config?.engine || !config.auth || !request) {
    const errors = read.problems.filter((p) => p.severity === 'error').map((p) => p.message);
    throw new StepFailure(
      `Cannot refresh profile ${settings.profile}: ${errors.join(' ') || 'the settings name no such profile.'}`,
    );
  }
  const cache = credentialCache(profileFiles(dir), request.role, { profile: settings.profile }, (text) =>
    createHash('sha256').update(text).digest('hex'),
  );
  const cached = cache.read(runner.now());
  if (cached) return cached;
  const engine = config.engine;
  return withSession(engine, config.auth, runner, deps, secrets, async (session) => {
    const issued = await issueCredentials(session.client, request, {
      now: () => runner.now(),
      onSecret: (value) => secrets.add(value),
      // Only a credential_process answer comes out, which has no field for the type: no role read.
      sessionType: 'sts',
    });
    if (issued === undefined)
      throw new StepFailure(
        `Cannot refresh profile ${settings.profile}: static role "${request.role}" does not exist.`,
      );
    try {
      await checkAccount(issued, { config, engine, client: session.client, runner, secrets, fetch: deps.fetch });
    } catch (refused) {
      if (session.ownToken) await session.client.revokeSelf().catch(() => undefined);
      throw refused;
    }
    const token = session.ownToken ? session.token : undefined;
    if (issued.revocable) record(dir, { role: request.role, leaseId: issued.leaseId, ...(token ? { token } : {}) });
    else if (session.ownToken) await session.client.revokeSelf().catch(() => undefined);
    const output = credentialProcessOutput(capAtTokenExpiry(issued, session.tokenExpiresAt));
    cache.write(output, runner.now());
    return output;
  });
}

/**
 * iam_user keys die with their lease, and the engine revokes a token's leases when the token
 * expires: after a JWT login the keys last no longer than the login token.
 */
export function capAtTokenExpiry(issued: Issued, tokenExpiresAt: number | undefined): Issued {
  if (!issued.revocable || tokenExpiresAt === undefined || issued.expiration === undefined) return issued;
  const capped = Math.min(Date.parse(issued.expiration), tokenExpiresAt);
  return { ...issued, expiration: new Date(capped).toISOString() };
}
