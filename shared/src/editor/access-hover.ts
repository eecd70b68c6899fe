import { describeJwtRoleAccess, loginsText, type AccessReport } from '../access/index.ts';
import { codeSpan } from './code-span.ts';

/**
 * Hover Markdown for a JWT role (its file or its name): who can log in with it, its policies and
 * what its tokens reach, the answer of `keyfob access` for that role. Undefined for an unknown name.
 *
 * @example jwtRoleHover(report, 'gh-deploy') // "**JWT role `gh-deploy`** ... who can log in: octo/app, branch main ..."
 */
export function jwtRoleHover(report: AccessReport, name: string): string | undefined {
  const role = report.jwtRoles.find((r) => r.name === name);
  if (!role) return undefined;
  return [
    `**JWT role ${codeSpan(name)}** (who can get what)`,
    '',
    ...describeJwtRoleAccess(role).map((line) => `- ${line}`),
  ].join('\n');
}

/**
 * Hover Markdown for a path rule of a policy: every JWT role whose tokens hold the policy, who
 * can log in with it, and the engine paths this very rule decides for them (after the engine's
 * priority and merging: a narrower rule elsewhere can take a path away from it).
 */
export function policyPathHover(report: AccessReport, policy: string, rulePath: string): string {
  const path = rulePath.replace(/^\/+/, '');
  const holders = report.jwtRoles.filter((r) => r.policies.includes(policy));
  const lines = [`**Path ${codeSpan(path)} of policy ${codeSpan(policy)}** (who can get what)`, ''];
  if (holders.length === 0) lines.push(`- no JWT role's login token holds ${codeSpan(policy)}`);
  for (const role of holders) {
    const decided = role.reach.filter((r) => r.rule === path && r.grantedBy.includes(policy));
    const reached =
      decided.length > 0
        ? decided.map((r) => `${codeSpan(r.path)} (${r.capabilities.join(', ')})`).join(', ')
        : 'nothing through this rule';
    lines.push(`- JWT role ${codeSpan(role.name)} (${loginsText(role)}): ${reached}`);
  }
  return lines.join('\n');
}
