import type { AccessReport } from './access-types.ts';
import {
  describeJwtRoleAccess,
  loginsText,
  REACH_KINDS,
  reachTexts,
  targetLoginTexts,
  targetText,
} from './describe-access.ts';
import { oneLine } from '../text/index.ts';

/**
 * The report as plain text for a terminal: one block per JWT role, then one per credential role
 * and static role with every login path that reaches it. Outside text is kept on one line.
 */
export function renderAccessText(report: AccessReport): string {
  const lines: string[] = [];
  if (report.jwtRoles.length === 0) lines.push('No JWT roles: no workflow can log in.');
  for (const role of report.jwtRoles) {
    lines.push(`JWT role ${oneLine(role.name)}`, ...describeJwtRoleAccess(role).map((l) => `  ${l}`), '');
  }
  for (const target of report.targets) {
    if (target.name === '*' && target.logins.length === 0 && target.policies.length === 0) continue;
    lines.push(`${target.kind === 'credentials' ? 'Credential role' : 'Static role'} ${targetText(target.name)}`);
    const logins = targetLoginTexts(target);
    lines.push(...(logins.length > 0 ? logins.map((l) => `  ${l}`) : ['  no JWT role reaches it']));
    lines.push(`  policies granting it: ${target.policies.length > 0 ? target.policies.join(', ') : 'none'}`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** A Markdown table cell: pipes escaped, on one line. */
function cell(text: string): string {
  return oneLine(text, 1000).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;') || '–';
}

/**
 * The report as two GitHub-flavoured Markdown tables (for job summaries and pull requests): JWT
 * roles with who can log in and what they reach, then credential and static roles with every
 * login path that reaches them.
 */
export function renderAccessMarkdown(report: AccessReport, heading = '### Who can get what'): string {
  const out = [`${heading} (mount \`${cell(report.mount)}\`)`, ''];
  out.push(
    '| JWT role | Who can log in | Policies | Credentials | Static credentials | Rotations | Configuration | Trust findings |',
  );
  out.push('|---|---|---|---|---|---|---|---|');
  for (const role of report.jwtRoles) {
    const reach = REACH_KINDS.map(([kind]) => cell(reachTexts(role.reach, kind).join(', ')));
    const policies = [...role.policies.map((p) => (role.missingPolicies.includes(p) ? `${p} (not found)` : p))].join(
      ', ',
    );
    // Errors and warnings: notes (info, such as a binding by name without its id) stay in lint and JSON.
    const trust = role.trust
      .filter((p) => p.severity !== 'info')
      .map((p) => `${p.severity === 'error' ? '❌' : '⚠️'} ${p.code}`)
      .join(', ');
    out.push(
      `| ${cell(role.name)} | ${cell(loginsText(role))} | ${cell(policies)} | ${reach.join(' | ')} | ${cell(trust)} |`,
    );
  }
  if (report.jwtRoles.length === 0) out.push('| – | no JWT roles | – | – | – | – | – | – |');
  out.push('', '| Role | Kind | Login paths that reach it | Policies granting it |', '|---|---|---|---|');
  for (const target of report.targets) {
    if (target.name === '*' && target.logins.length === 0 && target.policies.length === 0) continue;
    const logins = targetLoginTexts(target)
      .map((t) => cell(t))
      .join('<br>');
    out.push(
      `| ${cell(targetText(target.name))} | ${target.kind === 'credentials' ? 'credentials' : 'static credentials'} | ${logins || 'none'} | ${cell(target.policies.join(', '))} |`,
    );
  }
  return `${out.join('\n')}\n`;
}
