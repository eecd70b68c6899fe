import type { Problem } from '../problem.ts';
import { inputProblem } from './input-problem.ts';
import { quoted } from '../text/index.ts';

/** Most account ids one allow-list may name (AWS Organizations' own default quota is 10; 100 leaves room). */
const MAX_ALLOWED_ACCOUNTS = 100;

/** An AWS account id: twelve digits. */
const ACCOUNT_ID = /^\d{12}$/;

/**
 * Parses an allow-list of AWS account ids: separated by commas, white space or new lines, each
 * twelve digits, at most `MAX_ALLOWED_ACCOUNTS`. An empty text is no allow-list (`undefined`).
 * Problems (`INPUT_INVALID_VALUE`) name `field`, the first bad entry and the fix.
 *
 * @example parseAccountIds('123456789012, 210987654321', 'allowed-account-ids').value // ['123456789012', '210987654321']
 */
export function parseAccountIds(
  text: string,
  field: string,
  input = field,
): { value: readonly string[] | undefined; problems: Problem[] } {
  const ids = text.split(/[\s,]+/).filter((id) => id !== '');
  if (ids.length === 0) return { value: undefined, problems: [] };
  if (ids.length > MAX_ALLOWED_ACCOUNTS)
    return fail(input, `${field} names ${ids.length} accounts; at most ${MAX_ALLOWED_ACCOUNTS} are accepted.`);
  const bad = ids.find((id) => !ACCOUNT_ID.test(id));
  if (bad !== undefined)
    return fail(
      input,
      `${field}: ${quoted(bad, 40)} is not an AWS account id (12 digits); list ids separated by commas or new lines, e.g. 123456789012,210987654321.`,
    );
  return { value: Object.freeze([...new Set(ids)]), problems: [] };
}

function fail(input: string, message: string): { value: undefined; problems: Problem[] } {
  return { value: undefined, problems: [inputProblem('INPUT_INVALID_VALUE', input, message)] };
}

/**
 * The account of an IAM or STS ARN (`arn:aws:sts::123456789012:assumed-role/...`), or `undefined`
 * for anything else.
 */
function accountOfArn(arn: string | undefined): string | undefined {
  return /^arn:aws[\w-]*:(?:iam|sts)::(\d{12}):/.exec(arn ?? '')?.[1];
}

/**
 * Why credentials were refused: the account (not a secret), the allow-list, what happened to them,
 * and the fix, naming `field` (the input or flag that holds the list).
 */
function accountRefusal(options: {
  readonly role: string;
  readonly account: string;
  readonly allowed: readonly string[];
  readonly field: string;
  /** What became of the set: "its lease was revoked", "it is a static key and stays as it is"... */
  readonly fate: string;
}): string {
  const { role, account, allowed, field, fate } = options;
  return `Credentials for role "${role}" belong to AWS account ${account}, which is not in ${field} (${allowed.join(', ')}): refused and not handed out; ${fate}. Hint: point the role at an allowed account, or add ${account} to ${field} if this account is meant.`;
}

/** What `guardAccount` needs: the allow-list, how to ask STS, how to revoke a lease. */
export interface AccountGuard {
  /** The allowed accounts; `undefined` allows every account. */
  readonly allowed: readonly string[] | undefined;
  /** Find the account even without an allow-list (to mask it). */
  readonly wanted: boolean;
  /** GetCallerIdentity with the new credentials (asked only when the engine's answer has no ARN). */
  readonly ask: () => Promise<{ readonly account: string }>;
  readonly revoke: (leaseId: string) => Promise<void>;
  /** The input or flag that holds the list, for messages. */
  readonly field: string;
  /** Called with the account the moment it is known (before any message names it), e.g. to mask it. */
  readonly onAccount?: (account: string) => void;
}

/**
 * Checks one issued set against an allow-list: its account is the one in the ARN the engine returned,
 * else the one GetCallerIdentity answers. A set in another account, or one whose account cannot be
 * told, is refused: its lease is revoked at once (an iam_user's cloud user goes with it; STS keys end
 * only at their expiry, but the caller hands them to no one), and `refusal` says why for the user.
 */
export async function guardAccount(
  issued: {
    readonly request: { readonly role: string };
    readonly arn: string | undefined;
    readonly leaseId: string;
    readonly revocable: boolean;
  },
  guard: AccountGuard,
): Promise<{ account?: string; refusal?: string }> {
  if (guard.allowed === undefined && !guard.wanted) return {};
  let account = accountOfArn(issued.arn);
  let unknown = '';
  if (account === undefined) {
    try {
      account = (await guard.ask()).account;
    } catch (error) {
      unknown = error instanceof Error ? error.message : String(error);
      if (guard.allowed === undefined) throw error;
    }
  }
  if (account !== undefined) guard.onAccount?.(account);
  const allowed = guard.allowed;
  if (allowed === undefined || (account !== undefined && allowed.includes(account)))
    return account === undefined ? {} : { account };
  const fate = await revokeRefused(issued, guard);
  const role = issued.request.role;
  const refusal =
    account === undefined
      ? `Could not tell which AWS account the credentials for role "${role}" belong to (${unknown}), so ${guard.field} (${allowed.join(', ')}) cannot be checked: refused and not handed out; ${fate}. Hint: let the step reach STS (set AWS_ENDPOINT_URL_STS to the endpoint to ask), or remove ${guard.field}.`
      : accountRefusal({ role, account, allowed, field: guard.field, fate });
  return { ...(account === undefined ? {} : { account }), refusal };
}

async function revokeRefused(
  issued: { readonly leaseId: string; readonly revocable: boolean },
  guard: AccountGuard,
): Promise<string> {
  if (issued.leaseId === '') return 'static credentials have no lease, so they stay as they are';
  try {
    await guard.revoke(issued.leaseId);
  } catch (error) {
    return `revoking lease ${issued.leaseId} failed (${error instanceof Error ? error.message : String(error)}); it ends when it runs out`;
  }
  return issued.revocable
    ? `lease ${issued.leaseId} was revoked (its cloud user is deleted)`
    : `lease ${issued.leaseId} was revoked (STS keys stay valid until they expire, unused)`;
}
