import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import {
  documentText,
  statementPositions,
  type DecidingStatement,
  type Evaluation,
  type PolicySource,
  type RequestContext,
} from '@keyfob/shared/iam-policy';
import { CloudError } from './cloud-error.ts';
import type { CloudState } from './cloud-state.ts';
import type { CloudPrincipal } from './cloud-types.ts';
import { policySets } from './policy-sets.ts';

/** A call the caller's policies refuse, with the decoded form of its authorization message. */
export class AccessDeniedError extends CloudError {
  constructor(
    detail: string,
    readonly authorization: DecodedAuthorization,
  ) {
    super('AccessDenied', detail, 403);
  }
}

/** The model's bound on `EncodedMessage` (sts 2011-06-15 `encodedMessageType`). */
const MAX_ENCODED = 10240;
/**
 * The first character of every encoded message, a letter: base64url's digits include `-`, and a message
 * beginning with it is read as an option by command-line parsers (`aws sts decode-authorization-message
 * --encoded-message <message>`), where the provider's long opaque text is taken as the value.
 */
const ENCODED_LEAD = 'E';
/** Bounds on what one decoded message lists, so its encoded form stays within `MAX_ENCODED`. */
const MAX_ITEMS = 20;
const MAX_VALUE = 256;

/** `{"items": [...]}`, the provider's list form inside a decoded message. */
interface Items<T> {
  readonly items: readonly T[];
}

/** A decoded authorization message: the provider's fields, and keyfob's account of where the deciding statement came from. */
export interface DecodedAuthorization {
  readonly allowed: boolean;
  readonly explicitDeny: boolean;
  readonly matchedStatements: Items<Record<string, unknown>>;
  readonly failures: Items<never>;
  readonly context: {
    readonly principal: { readonly id: string; readonly name: string; readonly arn: string };
    readonly action: string;
    readonly resource: string;
    readonly conditions: Items<{ readonly key: string; readonly values: Items<{ readonly value: string }> }>;
  };
  /** keyfob's addition: why, in the words of the AccessDenied message, and the policies that were asked. */
  readonly keyfob: { readonly reason: string; readonly policies: readonly Record<string, unknown>[] };
}

/** What one denied call was. */
export interface DeniedCall {
  readonly principal: CloudPrincipal;
  readonly principalId: string;
  readonly action: string;
  readonly resource: string;
  readonly context: RequestContext;
  /** The evaluation, or undefined when a fixed limit of temporary credentials decided. */
  readonly evaluation: Evaluation | undefined;
  readonly reason: string;
}

/**
 * The decoded form of a denial: who, what, on which resource, the condition keys of the request,
 * and the deciding statement (a Deny) with its policy, statement number, line and column in the
 * policy document and, when the document came from an engine role, that role and its file and line.
 * For an implicit deny no statement decided; `keyfob.policies` lists where the policies that failed
 * to allow came from.
 */
export function describeDenial(state: CloudState, call: DeniedCall): DecodedAuthorization {
  const sets = policySets(state, call.principal);
  const all = [...sets.identity, ...(sets.boundary ?? []), ...(sets.session ?? [])];
  const ev = call.evaluation;
  const deciding = ev?.decision === 'explicit-deny' ? [statementItem(state, all, ev.statement, call.principalId)] : [];
  const asked =
    ev?.decision === 'implicit-deny'
      ? ev.policyType === 'identity-based policy'
        ? sets.identity
        : ev.policyType === 'permissions boundary'
          ? (sets.boundary ?? [])
          : (sets.session ?? [])
      : [];
  return {
    allowed: false,
    explicitDeny: ev?.decision === 'explicit-deny',
    matchedStatements: { items: deciding },
    failures: { items: [] },
    context: {
      principal: {
        id: call.principalId,
        name: call.principal.arn.slice(call.principal.arn.lastIndexOf('/') + 1),
        arn: call.principal.arn,
      },
      action: call.action,
      resource: call.resource,
      conditions: {
        items: Object.entries(call.context)
          .slice(0, MAX_ITEMS)
          .map(([key, value]) => ({
            key,
            values: {
              items: (typeof value === 'string' ? [value] : value)
                .slice(0, MAX_ITEMS)
                .map((v) => ({ value: v.slice(0, MAX_VALUE) })),
            },
          })),
      },
    },
    keyfob: {
      reason: call.reason,
      policies: asked.slice(0, MAX_ITEMS).map((source) => ({ policy: source.label, ...originOf(state, source) })),
    },
  };
}

function statementItem(
  state: CloudState,
  all: readonly PolicySource[],
  statement: DecidingStatement,
  principalId: string,
): Record<string, unknown> {
  const source = all.find((s) => s.label === statement.policy);
  const text = source ? documentText(source.document) : '';
  const raw = rawStatement(text, statement.index);
  const span = statementPositions(text)[statement.index];
  return {
    statementId: statement.sid ?? '',
    effect: statement.effect.toUpperCase(),
    principals: { items: [{ value: principalId }] },
    principalGroups: { items: [] },
    actions: { items: listOf(raw.Action ?? raw.NotAction) },
    resources: { items: listOf(raw.Resource ?? raw.NotResource) },
    conditions: { items: [] },
    keyfob: {
      policyType: statement.policyType,
      policy: statement.policy,
      statement: statement.index + 1,
      ...(statement.sid !== undefined ? { sid: statement.sid } : {}),
      ...(span ? { position: span.start } : {}),
      ...(source ? originOf(state, source, statement.index) : {}),
    },
  };
}

/** Where a policy came from: the engine role that holds its document, and that role's file and the statement's line when known. */
function originOf(state: CloudState, source: PolicySource, statementIndex?: number): Record<string, unknown> {
  const origin = typeof source.document === 'string' ? state.policyOrigin(source.document) : undefined;
  if (!origin) return {};
  const line = (statementIndex !== undefined ? origin.statementLines?.[statementIndex] : undefined) ?? origin.line;
  return {
    role: origin.role,
    ...(origin.file !== undefined ? { file: origin.file } : {}),
    ...(line !== undefined ? { line } : {}),
  };
}

function rawStatement(text: string, index: number): Record<string, unknown> {
  try {
    const doc = JSON.parse(text) as { Statement?: unknown };
    const list = Array.isArray(doc.Statement) ? doc.Statement : [doc.Statement];
    const item: unknown = list[index];
    return typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function listOf(value: unknown): { value: string }[] {
  return (Array.isArray(value) ? value : [value])
    .filter((v): v is string => typeof v === 'string')
    .slice(0, MAX_ITEMS)
    .map((v) => ({ value: v.slice(0, MAX_VALUE) }));
}

/**
 * Encodes a decoded message as the provider does in spirit: opaque to the caller (deflated, then
 * AES-256-GCM under the cloud's own key, in base64url after `ENCODED_LEAD`), readable only through
 * DecodeAuthorizationMessage.
 */
export function encodeAuthorization(key: Buffer, decoded: DecodedAuthorization): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(deflateRawSync(JSON.stringify(decoded))), cipher.final()]);
  return `${ENCODED_LEAD}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`.slice(0, MAX_ENCODED);
}

/** The JSON text of an encoded message, or the provider's InvalidAuthorizationMessageException. */
export function decodeAuthorization(key: Buffer, encoded: string): string {
  const invalid = new CloudError('InvalidAuthorizationMessageException', 'The message is invalid.', 400);
  if (encoded.length > MAX_ENCODED || !encoded.startsWith(ENCODED_LEAD) || !/^[A-Za-z0-9_-]+$/.test(encoded))
    throw invalid;
  const bytes = Buffer.from(encoded.slice(ENCODED_LEAD.length), 'base64url');
  if (bytes.length < 29) throw invalid;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    return inflateRawSync(plain, { maxOutputLength: 1 << 20 }).toString('utf8');
  } catch {
    throw invalid;
  }
}
