import type { RoleContext } from './role-context.ts';
import { roleLegacyRules } from './role-legacy-rules.ts';
import { roleLimitRules } from './role-limit-rules.ts';
import { rolePolicyRules } from './role-policy-rules.ts';
import { roleTypeRules } from './role-type-rules.ts';
import { roleNameRule, roleValueRules } from './role-value-rules.ts';
import type { Rule } from './rule.ts';

/** Every rule of a dynamic role, in the order they run. */
export const roleRules: readonly Rule<RoleContext>[] = [
  roleNameRule,
  ...roleTypeRules,
  ...roleLegacyRules,
  ...roleValueRules,
  ...rolePolicyRules,
  ...roleLimitRules,
];
