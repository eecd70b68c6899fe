import { canI, iamCatalogue, wildcardMatch, type RolePolicies } from '../iam-policy/index.ts';
import type { AccessModel, SourceLine } from './access-model.ts';
import type { AccessChange } from './diff-types.ts';
import { oneLine } from '../text/index.ts';

/** Bounds on the questions asked per role (statements rarely name more). */
const MAX_RESOURCES = 50;
const MAX_ACTIONS = 5_000;

/** What decides a role's cloud actions, as one comparable key (a RoleDefinition is a `RolePolicies`). */
function policyKey(role: RolePolicies): string {
  return JSON.stringify([
    role.credentialType,
    role.policyDocument,
    role.policyArns,
    role.permissionsBoundaryArn,
    role.mfaSerialNumber,
  ]);
}

/**
 * Cloud actions gained and lost per credential role, with `canI` (the emulated cloud's evaluator),
 * for every action the policies' patterns expand to in the IAM catalogue, each on `*` and on every
 * resource the statements name.
 * Roles whose policies did not change are skipped: their answers cannot differ.
 */
export function cloudActionChanges(base: AccessModel, head: AccessModel): AccessChange[] {
  const out: AccessChange[] = [];
  for (const name of new Set([...base.roles.keys(), ...head.roles.keys()])) {
    const was = base.roles.get(name);
    const now = head.roles.get(name);
    const before: RolePolicies | undefined = was;
    const after: RolePolicies | undefined = now;
    if (before && after && policyKey(before) === policyKey(after)) continue;
    const questions = questionsFor([before, after]);
    const allowedBefore = before ? allowed(before, questions) : new Map<string, string>();
    const allowedAfter = after ? allowed(after, questions) : new Map<string, string>();
    out.push(...group(name, allowedAfter, allowedBefore, 'gained', head));
    out.push(...group(name, allowedBefore, allowedAfter, 'removed', base));
  }
  return out;
}

interface Questions {
  readonly actions: readonly string[];
  readonly resources: readonly string[];
}

/**
 * The actions and resources worth asking about for these roles: each action pattern the statements
 * (of policy_document, the managed policies and the boundary) name, expanded over the IAM
 * catalogue's actions of its service (`s3:*` -> every s3 action; `*` and unknown services stand for
 * themselves), and `*` plus every resource the statements name.
 */
function questionsFor(roles: readonly (RolePolicies | undefined)[]): Questions {
  const catalogue = iamCatalogue();
  const actions = new Set<string>();
  const resources = new Set(['*']);
  const documents = roles.flatMap((role) =>
    role
      ? [
          role.policyDocument,
          ...[...role.policyArns, role.permissionsBoundaryArn]
            .filter((arn) => arn !== '')
            .map((arn) => JSON.stringify(catalogue?.managedPolicy(arn) ?? {})),
        ]
      : [],
  );
  for (const text of documents) {
    for (const statement of statementsOf(text)) {
      for (const pattern of [...strings(statement.Action), ...strings(statement.NotAction)]) {
        const colon = pattern.indexOf(':');
        const names = colon === -1 ? undefined : catalogue?.actionNames(pattern.slice(0, colon));
        const wild = pattern.includes('*') || pattern.includes('?');
        if (!wild || !names) actions.add(pattern);
        else
          for (const name of names) {
            const action = `${pattern.slice(0, colon)}:${name}`;
            if (actions.size < MAX_ACTIONS && wildcardMatch(pattern, action, true)) actions.add(action);
          }
      }
      for (const resource of strings(statement.Resource)) if (resources.size < MAX_RESOURCES) resources.add(resource);
    }
  }
  return { actions: [...actions], resources: [...resources] };
}

/** `action on resource` -> the policy that allowed it (`policy_document` or an ARN). */
function allowed(role: RolePolicies, questions: Questions): Map<string, string> {
  const out = new Map<string, string>();
  for (const resource of questions.resources) {
    for (const action of questions.actions) {
      const answer = canI(role, { action, resource });
      if (!answer.allowed) continue;
      const deciding = answer.evaluation?.decision === 'allow' ? answer.evaluation.statements.at(-1) : undefined;
      out.set(`${action}\u0000${resource}`, deciding?.policy ?? 'policy_document');
    }
  }
  return out;
}

/** Changes grouped per resource and granting policy: one line names every action it adds there. */
function group(
  name: string,
  from: ReadonlyMap<string, string>,
  against: ReadonlyMap<string, string>,
  change: 'gained' | 'removed',
  model: AccessModel,
): AccessChange[] {
  const groups = new Map<string, { resource: string; policy: string; actions: string[] }>();
  for (const [key, policy] of from) {
    if (against.has(key)) continue;
    const [action = '', resource = '*'] = key.split('\u0000');
    const id = `${resource}\u0000${policy}`;
    const entry = groups.get(id) ?? { resource, policy, actions: [] };
    entry.actions.push(action);
    groups.set(id, entry);
  }
  return [...groups.values()].map(({ resource, policy, actions }) => {
    const sorted = actions.sort();
    const pointer = policy === 'policy_document' ? '/policy_document' : '/policy_arns';
    const source: SourceLine | undefined = model.locate({ kind: 'role', name, pointer });
    const shown =
      sorted.length > 8 ? `${sorted.slice(0, 8).join(', ')} … (${sorted.length} actions)` : sorted.join(', ');
    return {
      kind: 'action' as const,
      change,
      role: name,
      roleKind: 'role' as const,
      text: `role ${oneLine(name)}: ${shown} on ${oneLine(resource)} (${policy === 'policy_document' ? 'policy_document' : oneLine(policy)})`,
      actions: sorted,
      resource,
      ...(source ? { source } : {}),
    };
  });
}

interface Statement {
  readonly Action?: unknown;
  readonly NotAction?: unknown;
  readonly Resource?: unknown;
}

function statementsOf(text: string): Statement[] {
  if (text === '') return [];
  try {
    const document = JSON.parse(text) as { Statement?: unknown };
    const list = Array.isArray(document.Statement) ? document.Statement : [document.Statement];
    return list.filter((s): s is Statement => typeof s === 'object' && s !== null);
  } catch {
    return [];
  }
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
