import { CONDITION_OPERATORS, parseOperator } from './conditions.ts';
import { conditionKeyMatches, iamCatalogue } from './catalogue.ts';
import { escalationLint } from './escalation.ts';
import {
  placeholderIn,
  placeholderLint,
  refusedCharacters,
  resourceLint,
  resourceMismatchLint,
  stringItems,
} from './resource-lint.ts';
import { wildcardMatch } from './wildcard.ts';
import type { PolicyLint, PolicyLintCode } from './policy-lint-types.ts';
import { isRecord } from '../text/index.ts';

export type { PolicyLint, PolicyLintCode };

/** Finds the closest candidate to a misspelt word (the rules area's did-you-mean), or undefined. */
export type Suggest = (word: string, candidates: readonly string[]) => string | undefined;

const STATEMENT_KEYS = [
  'Sid',
  'Effect',
  'Action',
  'NotAction',
  'Resource',
  'NotResource',
  'Condition',
  'Principal',
  'NotPrincipal',
];
const ACTION = /^[a-zA-Z0-9-]+:[a-zA-Z0-9*?]+$/;

type Json = Record<string, unknown>;

/**
 * Checks an identity or session policy beyond its basic shape (which `policyFaults` covers):
 * statement keys, element pairs, resources, principals, Sids, action names (known actions for the
 * services in AWS's catalogue, when one is installed), condition operators, and full-access statements. Pure;
 * positions are path segments inside the policy, for the caller to turn into ranges.
 */
export function lintPolicy(policy: unknown, closest: Suggest): PolicyLint[] {
  if (!isRecord(policy)) return [];
  const out: PolicyLint[] = [];
  const characters = refusedCharacters(policy, []);
  if (characters) out.push({ ...characters, message: `the policy ${characters.message}` });
  const sids = new Map<string, number>();
  for (const [item, at] of statementsOf(policy)) out.push(...statementLint(item, at, sids, closest));
  return out;
}

/**
 * Only the breadth findings of `lintPolicy` (IAM_POLICY_ESCALATION, IAM_POLICY_FULL_ACCESS), the same
 * ones in the same order, without the catalogue's action checks: what a role needs from an AWS
 * managed policy (AWS's own grammar), at a small part of the cost (ReadOnlyAccess names actions of
 * nearly every service, and the full lint reads each service's catalogue file).
 */
export function policyBreadthLint(policy: unknown): PolicyLint[] {
  return statementsOf(policy).flatMap(([item, at]) => breadthLint(item, at, whereOf(at)));
}

/** The policy's statements with their path segments (a lone statement object is `['Statement']`). */
function statementsOf(policy: unknown): [Json, (string | number)[]][] {
  if (!isRecord(policy)) return [];
  const statement = policy.Statement;
  const list: unknown[] = Array.isArray(statement) ? statement : isRecord(statement) ? [statement] : [];
  const out: [Json, (string | number)[]][] = [];
  list.forEach((item, index) => {
    if (isRecord(item)) out.push([item, Array.isArray(statement) ? ['Statement', index] : ['Statement']]);
  });
  return out;
}

function whereOf(at: readonly (string | number)[]): string {
  return at.length > 1 ? `statement ${String(at[1])}` : 'the statement';
}

function statementLint(
  st: Json,
  at: readonly (string | number)[],
  sids: Map<string, number>,
  closest: Suggest,
): PolicyLint[] {
  const out: PolicyLint[] = [];
  const where = whereOf(at);
  const grammar = (
    segments: readonly (string | number)[],
    target: 'key' | 'value',
    message: string,
    suggestion?: string,
  ): void => {
    out.push({
      code: 'IAM_POLICY_GRAMMAR',
      segments,
      target,
      message,
      ...(suggestion !== undefined ? { suggestion } : {}),
    });
  };
  for (const key of Object.keys(st)) {
    if (STATEMENT_KEYS.includes(key)) continue;
    const suggestion = closest(key, STATEMENT_KEYS);
    grammar(
      [...at, key],
      'key',
      `${where} has the unknown key "${key}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
      suggestion,
    );
  }
  if (st.Action !== undefined && st.NotAction !== undefined)
    grammar([...at, 'NotAction'], 'key', `${where} has both Action and NotAction; keep one`);
  if (st.Resource !== undefined && st.NotResource !== undefined)
    grammar([...at, 'NotResource'], 'key', `${where} has both Resource and NotResource; keep one`);
  if (st.Resource === undefined && st.NotResource === undefined)
    grammar(
      at,
      'value',
      `${where} has no Resource or NotResource ("Policy statement must contain resources."); use "Resource": "*" for all`,
    );
  for (const key of ['Principal', 'NotPrincipal']) {
    if (st[key] !== undefined)
      grammar(
        [...at, key],
        'key',
        `${where} has ${key}, which belongs in trust and resource policies, not in an identity or session policy ("Policy document should not specify a principal.")`,
      );
  }
  if (st.Sid !== undefined) {
    if (typeof st.Sid !== 'string' || !/^[A-Za-z0-9]*$/.test(st.Sid))
      grammar(
        [...at, 'Sid'],
        'value',
        `${where} has the Sid ${JSON.stringify(st.Sid)}; a Sid is letters and digits only`,
      );
    else if (sids.has(st.Sid))
      grammar(
        [...at, 'Sid'],
        'value',
        `${where} repeats the Sid "${st.Sid}" of statement ${String(sids.get(st.Sid))}; Sids must be unique in a policy`,
      );
    else sids.set(st.Sid, typeof at[1] === 'number' ? at[1] : 0);
  }
  for (const key of ['Action', 'NotAction']) out.push(...actionLint(st[key], [...at, key], where, closest));
  out.push(...conditionLint(st.Condition, [...at, 'Condition'], where, closest));
  for (const key of ['Resource', 'NotResource']) out.push(...resourceLint(st[key], [...at, key], where));
  out.push(...resourceMismatchLint(st, at, where));
  out.push(...conditionKeyLint(st, at, where));
  out.push(...breadthLint(st, at, where));
  return out;
}

/** Escalation paths and full access in one statement. */
function breadthLint(st: Json, at: readonly (string | number)[], where: string): PolicyLint[] {
  const out = escalationLint(st, at, where);
  if (st.Effect === 'Allow' && isEverything(st.Action, ['*', '*:*']) && isEverything(st.Resource, ['*'])) {
    out.push({
      code: 'IAM_POLICY_FULL_ACCESS',
      segments: [...at, 'Action'],
      target: 'value',
      message: `${where} allows every action ("*") on every resource ("*"): administrator access; list the actions and resources the role needs`,
    });
  }
  return out;
}

function isEverything(value: unknown, wildcards: readonly string[]): boolean {
  const list = Array.isArray(value) ? value : [value];
  return list.some((v) => typeof v === 'string' && wildcards.includes(v));
}

function actionLint(value: unknown, at: readonly (string | number)[], where: string, closest: Suggest): PolicyLint[] {
  if (value === undefined) return [];
  const items = Array.isArray(value) ? value.map((v, i) => [v, [...at, i]] as const) : [[value, at] as const];
  const out: PolicyLint[] = [];
  for (const [item, segments] of items) {
    if (typeof item !== 'string') {
      out.push({
        code: 'IAM_POLICY_GRAMMAR',
        segments,
        target: 'value',
        message: `${where} has a ${String(at[at.length - 1])} entry that is not a string`,
      });
      continue;
    }
    if (item === '*') continue;
    const placeholder = placeholderIn(item);
    if (placeholder) {
      out.push(placeholderLint(placeholder, segments, where, String(at[at.length - 1])));
      continue;
    }
    if (!ACTION.test(item)) {
      out.push({
        code: 'IAM_POLICY_ACTION_FORMAT',
        segments,
        target: 'value',
        message: `${where} has the action "${item.slice(0, 80)}"; actions are "*" or vendor:Action, e.g. "iam:GetUser" ("Actions/Conditions must be prefaced by a vendor")`,
      });
      continue;
    }
    const finding = catalogueActionLint(item, segments, where, closest);
    if (finding) out.push(finding);
  }
  return out;
}

/** An action checked against AWS's catalogue: a service prefix it has, an action (or wildcard) of that service. */
function catalogueActionLint(
  item: string,
  segments: readonly (string | number)[],
  where: string,
  closest: Suggest,
): PolicyLint | undefined {
  const catalogue = iamCatalogue();
  const [vendor = '', name = ''] = item.split(':');
  if (!catalogue || /[*?]/.test(vendor)) return undefined;
  const names = catalogue.actionNames(vendor);
  if (names === undefined) {
    const suggestion = closest(vendor.toLowerCase(), catalogue.services());
    return {
      code: 'IAM_POLICY_UNKNOWN_SERVICE',
      segments,
      target: 'value',
      message: `${where} names "${item.slice(0, 80)}", but "${vendor.slice(0, 40)}" is no service prefix in AWS's catalogue${suggestion ? `; did you mean "${suggestion}:${name}"?` : ''}`,
      ...(suggestion ? { suggestion: `${suggestion}:${name}` } : {}),
    };
  }
  if (names.some((a) => wildcardMatch(name, a, true))) return undefined;
  const suggestion = closest(name, names);
  return {
    code: 'IAM_POLICY_UNKNOWN_ACTION',
    segments,
    target: 'value',
    message: `${where} names "${item}", which is no ${vendor.toLowerCase()} action${suggestion ? `; did you mean "${vendor}:${suggestion}"?` : ''}`,
    ...(suggestion ? { suggestion: `${vendor}:${suggestion}` } : {}),
  };
}

function conditionLint(
  block: unknown,
  at: readonly (string | number)[],
  where: string,
  closest: Suggest,
): PolicyLint[] {
  if (block === undefined) return [];
  if (!isRecord(block))
    return [
      {
        code: 'IAM_POLICY_GRAMMAR',
        segments: at,
        target: 'value',
        message: `${where} has a Condition that is not an object of operators`,
      },
    ];
  const out: PolicyLint[] = [];
  for (const [operator, keys] of Object.entries(block)) {
    if (!parseOperator(operator)) {
      const suggestion = closest(
        operator.replace(/^(ForAnyValue|ForAllValues):/, '').replace(/IfExists$/, ''),
        CONDITION_OPERATORS,
      );
      out.push({
        code: 'IAM_POLICY_UNKNOWN_CONDITION_OPERATOR',
        segments: [...at, operator],
        target: 'key',
        message: `${where} uses the condition operator "${operator.slice(0, 64)}", which the provider does not know${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
        ...(suggestion ? { suggestion } : {}),
      });
    } else if (!isRecord(keys)) {
      out.push({
        code: 'IAM_POLICY_GRAMMAR',
        segments: [...at, operator],
        target: 'value',
        message: `${where} has a ${operator} condition that is not an object of keys and values`,
      });
    }
  }
  return out;
}

/**
 * Condition keys: each must exist (a global `aws:` key, a key of a service in the catalogue, or of a
 * prefix no service owns such as `saml:`), and a service's key must belong to a service the
 * statement's actions are of (else the request never carries it). Values are checked for placeholders.
 */
function conditionKeyLint(st: Json, at: readonly (string | number)[], where: string): PolicyLint[] {
  const block = st.Condition;
  if (!isRecord(block)) return [];
  const catalogue = iamCatalogue();
  const actions = stringItems(st.Action, []).map(([a]) => a.split(':')[0]?.toLowerCase() ?? '');
  const anyService = st.Action === undefined || actions.some((v) => /[*?]/.test(v) || v === '');
  const out: PolicyLint[] = [];
  for (const [operator, keys] of Object.entries(block)) {
    if (!isRecord(keys) || !parseOperator(operator)) continue;
    for (const [key, value] of Object.entries(keys)) {
      const segments = [...at, 'Condition', operator, key];
      for (const [text, valueAt] of stringItems(value, segments)) {
        const placeholder = placeholderIn(text);
        if (placeholder) out.push(placeholderLint(placeholder, valueAt, where, `${key} condition`));
      }
      if (!catalogue || !key.includes(':')) continue;
      const prefix = key.slice(0, key.indexOf(':')).toLowerCase();
      if (!catalogue.isConditionKey(key)) {
        out.push({
          code: 'IAM_POLICY_UNKNOWN_CONDITION_KEY',
          segments,
          target: 'key',
          message: `${where} tests the condition key "${key.slice(0, 80)}", which AWS's catalogue does not know; a request never carries it, so the condition never matches`,
        });
      } else if (
        prefix !== 'aws' &&
        catalogue.serviceName(prefix) !== undefined &&
        !anyService &&
        !actions.includes(prefix) &&
        !stringItems(st.Action, []).some(([a]) => actionTakesKey(a, key))
      ) {
        out.push({
          code: 'IAM_POLICY_UNKNOWN_CONDITION_KEY',
          segments,
          target: 'key',
          message: `${where} tests "${key.slice(0, 80)}", a key of ${prefix}, but allows no ${prefix} action; requests for ${[...new Set(actions)].join(', ')} actions never carry it`,
        });
      }
    }
  }
  return out;
}

/** Whether an action (or one of its resource types) lists a condition key; true when the catalogue cannot say. */
function actionTakesKey(item: string, key: string): boolean {
  const catalogue = iamCatalogue();
  const [vendor = '', name = ''] = item.split(':');
  const action = catalogue?.action(vendor, name);
  if (!catalogue || !action) return true;
  const keys = [
    ...action.conditionKeys,
    ...action.resourceTypes.flatMap((t) => catalogue.resourceType(vendor, t.name)?.conditionKeys ?? []),
  ];
  return keys.some((k) => conditionKeyMatches(k, key));
}
