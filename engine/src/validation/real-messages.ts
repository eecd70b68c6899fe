import type { Problem } from '@keyfob/shared/problem';
import { pointerToSegments } from '@keyfob/shared/text';
import { wrapMultiError } from '../http/http-error.ts';
import type { Params } from '../http/parse-params.ts';

/** Which request body the problems are about (the real engine words each differently). */
export type BodyKind = 'role' | 'static-role' | 'root-config' | 'lease-config' | 'credential-request';

/** A refusal as the real engine gives it: its status and its message, keyfob's lines after it. */
export interface Refusal {
  readonly status: number;
  readonly message: string;
}

/** What the real engine says for one problem, and how it groups it. */
interface RealText {
  readonly text: string;
  /** Rank: the real engine stops at the first failing step (field parsing first, then the handler's checks). */
  readonly step: number;
  /** An item of the role handler's "error(s) validating supplied role data" list. */
  readonly listed?: boolean;
  /** A plain error: 500, wrapped as a multierror. */
  readonly plain?: boolean;
}

const FIELD_STEP = 0;
const HANDLER_STEP = 1;
const LIST_STEP = 2;

/**
 * Turns the error problems of one request body into the real engine's answer: the status and
 * message of the first check the real engine would fail (`../reference` wording, see
 * engine/README.md), then keyfob's explanation of every problem with its code. Problems the real
 * engine has no check for (seed 1 rules) are keyfob's message alone.
 */
export function refusalFor(
  kind: BodyKind,
  errors: readonly Problem[],
  body: Params,
  context: { roleName?: string } = {},
): Refusal {
  const ours = errors.map((p) => `${p.message} [${p.code}]`).join(' ');
  const texts = errors.map((p) => realText(kind, p, body, context)).filter((t): t is RealText => t !== undefined);
  if (texts.length === 0) return { status: 400, message: ours };
  const first = Math.min(...texts.map((t) => t.step));
  const chosen = texts.filter((t) => t.step === first);
  const head = chosen[0] as RealText;
  if (head.listed) {
    const items = [...new Set(chosen.map((t) => t.text))];
    return { status: 400, message: `error(s) validating supplied role data: ${goQuote(multiError(items))}: ${ours}` };
  }
  if (head.plain) return { status: 500, message: wrapMultiError(`${head.text}: ${ours}`) };
  return { status: 400, message: `${head.text}: ${ours}` };
}

function realText(
  kind: BodyKind,
  problem: Problem,
  body: Params,
  context: { roleName?: string },
): RealText | undefined {
  const field = fieldOf(problem);
  if (
    problem.code === 'FIELD_TYPE' ||
    problem.code === 'FIELD_INVALID_KEY_PAIR' ||
    problem.code.startsWith('DURATION_')
  ) {
    if (
      kind === 'lease-config' &&
      (field === 'lease' || field === 'lease_max') &&
      problem.code.startsWith('DURATION_')
    ) {
      return { text: `Invalid ${field}: time: invalid duration ${goQuote(String(body[field]))}`, step: HANDLER_STEP };
    }
    return { text: fieldValidation(field, body), step: FIELD_STEP };
  }
  const text = handlerText(problem, field, body, context);
  if (text === undefined) return undefined;
  if (LISTED.has(problem.code)) return { text, step: LIST_STEP, listed: true };
  if (problem.code === 'STATIC_ROLE_ROTATION_TOO_SHORT' || problem.code === 'ROLE_LEGACY_CONFLICT')
    return { text, step: HANDLER_STEP, plain: true };
  return { text, step: HANDLER_STEP };
}

/** Codes whose real check is an item of the role handler's validation list. */
const LISTED: ReadonlySet<string> = new Set([
  'ROLE_MISSING_CREDENTIAL_TYPE',
  'ROLE_UNKNOWN_CREDENTIAL_TYPE',
  'ROLE_STS_TTL_NOT_ALLOWED',
  'ROLE_TTL_ORDER',
  'ROLE_IAM_USER_FIELD_NOT_ALLOWED',
  'ROLE_INVALID_USER_PATH',
  'ROLE_INVALID_BOUNDARY_ARN',
  'ROLE_POLICY_NOT_ALLOWED',
  'ROLE_ARNS_NOT_ALLOWED',
  'ROLE_ASSUMED_ROLE_FIELD_NOT_ALLOWED',
]);

function handlerText(
  problem: Problem,
  field: string,
  body: Params,
  context: { roleName?: string },
): string | undefined {
  switch (problem.code) {
    case 'ROLE_MISSING_CREDENTIAL_TYPE':
      return 'did not supply credential_type';
    case 'ROLE_UNKNOWN_CREDENTIAL_TYPE':
      return `unrecognized credential type: ${String(body.credential_type)}`;
    case 'ROLE_STS_TTL_NOT_ALLOWED':
      return `${field} parameter only valid for assumed_role and federation_token credential types`;
    case 'ROLE_TTL_ORDER':
      return '"default_sts_ttl" value must be less than or equal to "max_sts_ttl" value';
    case 'ROLE_IAM_USER_FIELD_NOT_ALLOWED':
      return field === 'user_path'
        ? 'user_path parameter only valid for iam_user credential type'
        : `cannot supply ${field} when credential_type isn't iam_user`;
    case 'ROLE_INVALID_USER_PATH':
      return 'the specified value for user_path is invalid. It must match "^\\/([\\x21-\\x7F]{0,510}\\/)?$" regexp';
    case 'ROLE_INVALID_BOUNDARY_ARN':
      return `invalid permissions_boundary_arn parameter: ${String(body.permissions_boundary_arn)}`;
    case 'ROLE_POLICY_NOT_ALLOWED':
      return 'cannot supply a policy or role when using credential_type session_token';
    case 'ROLE_ARNS_NOT_ALLOWED':
      return "cannot supply role_arns when credential_type isn't assumed_role";
    case 'ROLE_ASSUMED_ROLE_FIELD_NOT_ALLOWED':
      return `cannot supply ${field} when credential_type isn't assumed_role`;
    case 'ROLE_INVALID_POLICY_DOCUMENT':
      return `cannot parse policy document: ${goQuote(String(body.policy_document))}`;
    case 'ROLE_LEGACY_CONFLICT':
      return 'only one of policy or arn should be provided';
    case 'ROLE_LEGACY_MIXED':
      return `cannot supply deprecated role or policy parameters with ${legacyMixedWith(body)}`;
    case 'ROLE_LEGACY_INVALID':
      return `unable to parse supplied data: ${goQuote(shown(body.policy ?? body.arn ?? ''))}`;
    case 'STATIC_ROLE_MISSING_USERNAME':
      return 'missing "username" parameter';
    case 'STATIC_ROLE_MISSING_ROTATION_PERIOD':
      return 'missing "rotation_period" parameter';
    case 'STATIC_ROLE_ROTATION_TOO_SHORT':
      return 'role rotation period out of range: must be greater than 60.00 seconds';
    case 'LEASE_MISSING_LEASE':
      return "'lease' is a required parameter";
    case 'LEASE_MISSING_LEASE_MAX':
      return "'lease_max' is a required parameter";
    case 'ROOT_FALLBACK_LENGTH_MISMATCH':
      return 'fallback endpoints and fallback regions must be the same length';
    case 'ROOT_ACCESS_KEY_WITH_AUDIENCE':
      return "only one of 'access_key' or 'identity_token_audience' can be set";
    case 'ROOT_AUDIENCE_WITHOUT_ROLE_ARN':
      return "missing required 'role_arn' when 'identity_token_audience' is set";
    case 'REQUEST_ROLE_ARN_REQUIRED':
      return 'did not supply a role_arn parameter and unable to determine one';
    case 'REQUEST_ROLE_ARN_NOT_IN_ROLE':
      return `role_arn ${goQuote(String(body.role_arn))} not in allowed role arns for Vault role ${goQuote(context.roleName ?? '')}`;
    default:
      return undefined;
  }
}

const LEGACY_MIXABLE = [
  'credential_type',
  'role_arns',
  'policy_arns',
  'policy_document',
  'default_sts_ttl',
  'max_sts_ttl',
  'user_path',
  'permissions_boundary_arn',
];

function legacyMixedWith(body: Params): string {
  const found = LEGACY_MIXABLE.find((f) => body[f] !== undefined) ?? 'credential_type';
  return found === 'credential_type' ? 'an explicit credential_type' : found;
}

/** The real engine's field parser failure; the value is left out for secrets. */
function fieldValidation(field: string, body: Params): string {
  const value = field === 'secret_key' ? '(hidden)' : shown(body[field]);
  return `Field validation failed: error converting input ${value} for field ${goQuote(field)}`;
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The top-level field a problem is about (its pointer's first segment, or `data.field`). */
function fieldOf(problem: Problem): string {
  const fromData = problem.data?.field;
  if (typeof fromData === 'string') return fromData;
  return pointerToSegments(problem.path)[0] ?? '';
}

/** Go's multierror text: `1 error occurred:\n\t* a\n\n`, `2 errors occurred:\n\t* a\n\t* b\n\n`. */
function multiError(items: readonly string[]): string {
  const head = items.length === 1 ? '1 error occurred:' : `${items.length} errors occurred:`;
  return `${head}\n${items.map((i) => `\t* ${i}`).join('\n')}\n\n`;
}

/** Go's `%q` of a string (JSON quoting is the same for the characters that matter here). */
function goQuote(text: string): string {
  return JSON.stringify(text);
}
