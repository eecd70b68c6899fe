import { jwtRoleRules } from './jwt-role-rules.ts';
import { leaseRules } from './lease-rules.ts';
import { manifestRules } from './manifest-rules.ts';
import { requestRules } from './request-rules.ts';
import { roleRules } from './role-rules.ts';
import { rootRules } from './root-rules.ts';
import type { Rule } from './rule.ts';
import { staticRoleRules } from './static-role-rules.ts';

/**
 * The table of every rule keyfob checks, one line per code, in the order they run per kind.
 * Docs (`docs/codes.md`) and the editor list rules from here; `check` is what validators run.
 */
export const ruleTable: readonly Rule[] = [
  ...roleRules,
  ...staticRoleRules,
  ...rootRules,
  ...leaseRules,
  ...requestRules,
  ...manifestRules,
  ...jwtRoleRules,
];

/** The rule behind a code, if the code belongs to a rule (not to parsing or templates). */
export function ruleFor(code: string): Rule | undefined {
  return ruleTable.find((rule) => rule.code === code);
}
