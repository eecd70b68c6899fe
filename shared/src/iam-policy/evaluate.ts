import { conditionsHold } from './conditions.ts';
import { normaliseContext, substituteVariables, type RequestContext } from './context.ts';
import { wildcardMatch } from './wildcard.ts';

/** A policy as evaluation sees it: a label for messages (`inline policy deploy`, an ARN) and its document. */
export interface PolicySource {
  readonly label: string;
  /** The policy document: JSON text or an already parsed value. */
  readonly document: unknown;
}

/** The kinds of policy AWS names in AccessDenied messages. */
type PolicyType = 'identity-based policy' | 'permissions boundary' | 'session policy';

/** One evaluation question. `boundary` and `session` are left out when there is none. */
export interface EvaluationInput {
  readonly action: string;
  readonly resource: string;
  readonly context: RequestContext;
  readonly identity: readonly PolicySource[];
  readonly boundary?: readonly PolicySource[];
  readonly session?: readonly PolicySource[];
}

/** The statement that decided. */
export interface DecidingStatement {
  readonly policyType: PolicyType;
  readonly policy: string;
  /** Index in the Statement list (0 for a single statement object). */
  readonly index: number;
  readonly sid: string | undefined;
  readonly effect: 'Allow' | 'Deny';
}

/** The answer: allowed, or denied explicitly (a Deny matched) or implicitly (an Allow is missing in `policyType`). */
export type Evaluation =
  | { readonly decision: 'allow'; readonly statements: readonly DecidingStatement[] }
  | { readonly decision: 'explicit-deny'; readonly statement: DecidingStatement }
  | { readonly decision: 'implicit-deny'; readonly policyType: PolicyType };

interface Statement {
  readonly effect: 'Allow' | 'Deny' | undefined;
  readonly raw: Record<string, unknown>;
  readonly index: number;
  readonly sid: string | undefined;
  readonly modern: boolean;
}

/**
 * The provider's decision for one identity-based request (one account): any matching Deny in any
 * policy wins; else the identity policies must Allow, and so must the permissions boundary and the
 * session policies when there are any. Malformed documents contribute nothing (fail closed).
 */
export function evaluate(input: EvaluationInput): Evaluation {
  const context = normaliseContext(input.context);
  const groups: [PolicyType, readonly PolicySource[] | undefined][] = [
    ['identity-based policy', input.identity],
    ['permissions boundary', input.boundary],
    ['session policy', input.session],
  ];
  for (const [type, sources] of groups) {
    for (const source of sources ?? []) {
      for (const st of statementsOf(source.document)) {
        if (st.effect === 'Deny' && matches(st, input.action, input.resource, context, true)) {
          return { decision: 'explicit-deny', statement: describe(type, source, st) };
        }
      }
    }
  }
  const allowing: DecidingStatement[] = [];
  for (const [type, sources] of groups) {
    if (sources === undefined) continue;
    const found = firstAllow(sources, input.action, input.resource, context);
    if (!found) return { decision: 'implicit-deny', policyType: type };
    allowing.push(describe(type, found.source, found.statement));
  }
  return { decision: 'allow', statements: allowing };
}

/** The provider's AccessDenied text for a denial. */
export function accessDeniedMessage(
  principalArn: string,
  action: string,
  resource: string,
  evaluation: Evaluation,
): string {
  const head = `User: ${principalArn} is not authorized to perform: ${action} on resource: ${resource}`;
  if (evaluation.decision === 'explicit-deny')
    return `${head} with an explicit deny in ${article(evaluation.statement.policyType)}`;
  if (evaluation.decision === 'implicit-deny')
    return `${head} because no ${evaluation.policyType} allows the ${action} action`;
  return head;
}

function article(type: PolicyType): string {
  return type === 'identity-based policy' ? 'an identity-based policy' : `a ${type}`;
}

function firstAllow(
  sources: readonly PolicySource[],
  action: string,
  resource: string,
  context: Map<string, readonly string[]>,
): { source: PolicySource; statement: Statement } | undefined {
  for (const source of sources) {
    for (const st of statementsOf(source.document)) {
      if (st.effect === 'Allow' && matches(st, action, resource, context, false)) return { source, statement: st };
    }
  }
  return undefined;
}

function describe(policyType: PolicyType, source: PolicySource, st: Statement): DecidingStatement {
  return { policyType, policy: source.label, index: st.index, sid: st.sid, effect: st.effect ?? 'Deny' };
}

const parsedCache = new WeakMap<object, Statement[]>();
const textCache = new Map<string, Statement[]>();

/** The statements of a document (cached: the same text is evaluated on every call). */
function statementsOf(document: unknown): Statement[] {
  if (typeof document === 'string') {
    const hit = textCache.get(document);
    if (hit) return hit;
    let value: unknown;
    try {
      value = JSON.parse(document);
    } catch {
      value = undefined;
    }
    const out = readStatements(value);
    if (textCache.size > 500) textCache.clear();
    textCache.set(document, out);
    return out;
  }
  if (typeof document !== 'object' || document === null) return [];
  const hit = parsedCache.get(document);
  if (hit) return hit;
  const out = readStatements(document);
  parsedCache.set(document, out);
  return out;
}

function readStatements(doc: unknown): Statement[] {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return [];
  const record = doc as Record<string, unknown>;
  const modern = record.Version === '2012-10-17';
  const list = Array.isArray(record.Statement)
    ? record.Statement
    : record.Statement === undefined
      ? []
      : [record.Statement];
  const out: Statement[] = [];
  list.forEach((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return;
    const raw = item as Record<string, unknown>;
    const effect = raw.Effect === 'Allow' || raw.Effect === 'Deny' ? raw.Effect : undefined;
    out.push({ effect, raw, index, sid: typeof raw.Sid === 'string' ? raw.Sid : undefined, modern });
  });
  return out;
}

/**
 * Action (case-insensitive) or NotAction, Resource (case-sensitive, policy variables under
 * 2012-10-17) or NotResource, and the Condition block. A statement with neither element of a
 * pair never matches an Allow (and, failing closed, always matches a Deny).
 */
function matches(
  st: Statement,
  action: string,
  resource: string,
  context: Map<string, readonly string[]>,
  isDeny: boolean,
): boolean {
  const hit = targetHit(st, action, resource, context);
  if (hit === undefined) return isDeny;
  if (!hit) return false;
  return conditionsHold(st.raw.Condition, context, isDeny);
}

/** Whether the statement's Action and Resource elements cover the call; undefined when an element pair is missing or doubled. */
function targetHit(
  st: Statement,
  action: string,
  resource: string,
  context: Map<string, readonly string[]>,
): boolean | undefined {
  const actionHit = element(st.raw.Action, st.raw.NotAction, (p) => wildcardMatch(p, action, true));
  if (actionHit !== true) return actionHit;
  return element(st.raw.Resource, st.raw.NotResource, (p) => {
    const pattern = st.modern ? substituteVariables(p, context) : p;
    return pattern !== undefined && wildcardMatch(pattern, resource);
  });
}

/**
 * The condition keys that the statements covering this action and resource read and the context
 * does not carry, as the policies spell them (the simulator's `MissingContextValues`).
 */
export function missingContextKeys(input: EvaluationInput): string[] {
  const context = normaliseContext(input.context);
  const found = new Map<string, string>();
  for (const sources of [input.identity, input.boundary, input.session]) {
    for (const source of sources ?? []) {
      for (const st of statementsOf(source.document)) {
        if (targetHit(st, input.action, input.resource, context) !== true) continue;
        for (const key of conditionKeysOf(st.raw.Condition))
          if (!context.has(key.toLowerCase()) && !found.has(key.toLowerCase())) found.set(key.toLowerCase(), key);
      }
    }
  }
  return [...found.values()];
}

function conditionKeysOf(condition: unknown): string[] {
  if (typeof condition !== 'object' || condition === null) return [];
  return Object.values(condition).flatMap((block: unknown) =>
    typeof block === 'object' && block !== null && !Array.isArray(block) ? Object.keys(block) : [],
  );
}

/** true/false for the positive or negative element; undefined when neither (or both) is there. */
function element(positive: unknown, negative: unknown, test: (pattern: string) => boolean): boolean | undefined {
  if ((positive === undefined) === (negative === undefined)) return undefined;
  const list = (value: unknown): string[] =>
    (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  if (positive !== undefined) return list(positive).some(test);
  return !list(negative).some(test);
}
