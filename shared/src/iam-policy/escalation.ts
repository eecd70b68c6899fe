import type { PolicyLint } from './policy-lint-types.ts';
import { stringItems } from './resource-lint.ts';
import { wildcardMatch } from './wildcard.ts';

type Segments = readonly (string | number)[];

/**
 * Grants that let credentials raise their own privileges (the paths IAM privilege-escalation
 * research lists): the action, and when it applies on any resource or only on `*`.
 */
const ESCALATIONS: readonly { action: string; on: 'any' | 'star' | 'others'; why: string }[] = [
  { action: 'iam:PassRole', on: 'star', why: 'can hand any role, an administrator role too, to a service it controls' },
  { action: 'iam:PutUserPolicy', on: 'any', why: 'can write itself an inline policy granting anything' },
  { action: 'iam:PutGroupPolicy', on: 'any', why: 'can write its group an inline policy granting anything' },
  { action: 'iam:PutRolePolicy', on: 'any', why: 'can write a role an inline policy granting anything' },
  { action: 'iam:AttachUserPolicy', on: 'any', why: 'can attach AdministratorAccess to itself' },
  { action: 'iam:AttachGroupPolicy', on: 'any', why: 'can attach AdministratorAccess to its group' },
  { action: 'iam:AttachRolePolicy', on: 'any', why: 'can attach AdministratorAccess to a role it can use' },
  {
    action: 'iam:CreatePolicyVersion',
    on: 'any',
    why: 'can rewrite a policy it holds and make the new version the default',
  },
  { action: 'iam:SetDefaultPolicyVersion', on: 'any', why: 'can switch a policy it holds to a broader old version' },
  { action: 'iam:AddUserToGroup', on: 'any', why: 'can add itself to a more powerful group' },
  {
    action: 'iam:UpdateAssumeRolePolicy',
    on: 'any',
    why: "can change a role's trust policy so that it may assume the role",
  },
  {
    action: 'iam:CreateLoginProfile',
    on: 'others',
    why: 'can set a console password for another user and log in as them',
  },
  {
    action: 'iam:UpdateLoginProfile',
    on: 'others',
    why: "can change another user's console password and log in as them",
  },
  { action: 'iam:CreateAccessKey', on: 'others', why: 'can create access keys for other users and act as them' },
  { action: 'sts:AssumeRole', on: 'star', why: 'can assume every role whose trust policy allows the account' },
];

/** A Resource that names only the caller's own user (`user/${aws:username}`). */
const SELF = /:user\/(?:.*\/)?\$\{aws:username\}$/;

/**
 * Escalation paths in one Allow statement: `iam:*` (every path at once), then each listed action
 * the statement's Action patterns cover on a Resource wide enough for the path.
 */
export function escalationLint(statement: Record<string, unknown>, at: Segments, where: string): PolicyLint[] {
  if (statement.Effect !== 'Allow' || statement.Action === undefined) return [];
  const resources = stringItems(statement.Resource, []).map(([r]) => r);
  const star = resources.includes('*') || statement.NotResource !== undefined;
  const others = star || resources.some((r) => r.includes(':user/') && !SELF.test(r));
  const out: PolicyLint[] = [];
  // The Action's items read in place: a managed policy's thousands of items are mostly put aside
  // by one look-up each, and an item's path is built only for a finding.
  const action = statement.Action;
  const items: readonly unknown[] = Array.isArray(action) ? action : [action];
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (typeof item !== 'string' || item === '*' || item === '*:*') continue; // IAM_POLICY_FULL_ACCESS reports these
    if (/^iam:\*$/i.test(item)) {
      out.push(
        finding(
          itemAt(at, action, index),
          `${where} allows iam:* : the credentials can grant themselves any permission (write or attach an administrator policy, pass any role); list the IAM actions the role needs`,
        ),
      );
      continue;
    }
    const hits = covered(item).filter((e) => e.on === 'any' || (e.on === 'star' ? star : others));
    if (hits.length === 0) continue;
    const reasons = hits.map(
      (e) => `${e.action}${e.on === 'star' ? ' on "*"' : e.on === 'others' ? ' on other users' : ''} ${e.why}`,
    );
    out.push(
      finding(
        itemAt(at, action, index),
        `${where} allows ${item}, a privilege escalation path: ${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? `; and ${reasons.length - 3} more` : ''}; narrow the Resource to the exact ARNs or drop the action`,
      ),
    );
  }
  return out;
}

/** Each escalation's action in lower case (IAM action names are case-insensitive). */
const LOWERED = ESCALATIONS.map((e) => ({ escalation: e, action: e.action.toLowerCase() }));

/** Every beginning of a lowered escalation action (`''`, `i`, `ia`, ... `iam:passrole`). */
const BEGINNINGS = new Set(
  LOWERED.flatMap(({ action }) => [...action].map((_, i) => action.slice(0, i)).concat(action)),
);

const NONE: readonly (typeof ESCALATIONS)[number][] = [];

/**
 * The escalations whose action the Action pattern `item` covers (case-insensitive; `*` and `?` as
 * IAM reads them). The pattern's text before its first wildcard must begin the action, so the
 * thousands of other services' patterns in a managed policy (`a4b:Get*`) are put aside by one
 * look-up each.
 */
function covered(item: string): readonly (typeof ESCALATIONS)[number][] {
  const pattern = item.toLowerCase();
  const star = pattern.indexOf('*');
  const mark = pattern.indexOf('?');
  const wildcard = star < 0 ? mark : mark < 0 ? star : Math.min(star, mark);
  if (!BEGINNINGS.has(wildcard < 0 ? pattern : pattern.slice(0, wildcard))) return NONE;
  return LOWERED.filter(({ action }) => wildcardMatch(pattern, action)).map(({ escalation }) => escalation);
}

/** The path of the Action's item `index` (a lone string is the Action itself). */
function itemAt(at: Segments, action: unknown, index: number): Segments {
  return Array.isArray(action) ? [...at, 'Action', index] : [...at, 'Action'];
}

function finding(segments: Segments, message: string): PolicyLint {
  return { code: 'IAM_POLICY_ESCALATION', segments, target: 'value', message };
}
