import type { JwtRoleAccess, LoginPath, Reach, ReachKind, TargetAccess } from './access-types.ts';
import { oneLine } from '../text/index.ts';
import { ANY_OTHER_NAME } from './reach-targets.ts';

/** A login path in words: the repository always, then each bound claim. */
export function loginText(login: LoginPath): string {
  const parts = [login.repository.text];
  for (const scope of [login.ref, login.environment, login.event]) if (!scope.unbound) parts.push(scope.text);
  for (const [claim, scope] of Object.entries(login.otherClaims))
    parts.push(scope.text.startsWith('sub') ? scope.text : `${claim} ${scope.text}`);
  if (parts.length === 1 && !login.repository.impossible) parts.push('any ref, environment or event');
  if (login.sourceAddresses) parts.push(`from ${login.sourceAddresses.join(' or ')} only`);
  return oneLine(parts.join(', '));
}

/** Every login path of a JWT role, `; `-separated. */
export function loginsText(role: Pick<JwtRoleAccess, 'logins'>): string {
  return role.logins.map(loginText).join('; ');
}

/** A target name in words (`*` is any other name). */
export function targetText(target: string): string {
  if (target === ANY_OTHER_NAME) return 'any other name (*)';
  return oneLine(target.endsWith(`/${ANY_OTHER_NAME}`) ? `${target.slice(0, -1)}* (any name)` : target);
}

/** The reach of one kind grouped by target: `deploy (creds: read, update; sts: read, update)`. */
export function reachTexts(reach: readonly Reach[], kind: ReachKind): string[] {
  const byTarget = new Map<string, Reach[]>();
  for (const r of reach.filter((x) => x.kind === kind)) byTarget.set(r.target, [...(byTarget.get(r.target) ?? []), r]);
  return [...byTarget.entries()].map(([target, rows]) => {
    const paths = rows.map(
      (r) =>
        `${kind === 'credentials' || kind === 'static-credentials' ? `${endpointOf(r.path)}: ` : ''}${r.capabilities.join(', ')}`,
    );
    return `${targetText(target)} (${paths.join('; ')})`;
  });
}

/** The logins that reach a credential role or static role, one text each. */
export function targetLoginTexts(target: TargetAccess): string[] {
  return target.logins.map(
    (l) =>
      `JWT role ${oneLine(l.jwtRole)}: ${l.logins.map(loginText).join('; ')} (${l.paths.map((p) => `${endpointOf(p.path)}: ${p.capabilities.join(', ')}`).join('; ')})`,
  );
}

/** `creds`, `sts`, `static-creds`, `rotate-role`... : the endpoint segment of a mount path. */
function endpointOf(path: string): string {
  const parts = path.split('/');
  return parts.length >= 3 ? (parts[parts.length - 2] ?? path) : path;
}

/** Reach kinds with their headings, in the order answers list them. */
export const REACH_KINDS: readonly (readonly [ReachKind, string])[] = [
  ['credentials', 'credentials'],
  ['static-credentials', 'static credentials'],
  ['rotation', 'rotations'],
  ['configuration', 'configuration'],
];

/** The lines of one JWT role's answer (logins, audiences, policies, each kind of reach, trust findings), without the heading. */
export function describeJwtRoleAccess(role: JwtRoleAccess): string[] {
  const lines = [
    `who can log in: ${loginsText(role)}`,
    `audiences: ${role.audiences.length > 0 ? role.audiences.map((a) => oneLine(a)).join(', ') : 'none (every GitHub login is refused)'}`,
    `policies: ${role.policies.join(', ')}${role.missingPolicies.length > 0 ? ` (not found, grant nothing: ${role.missingPolicies.join(', ')})` : ''}`,
  ];
  for (const [kind, heading] of REACH_KINDS) {
    const texts = reachTexts(role.reach, kind);
    lines.push(`${heading}: ${texts.length > 0 ? texts.join(', ') : 'none'}`);
  }
  for (const p of role.trust) lines.push(`${p.severity} ${p.code}: ${oneLine(p.message)}`);
  return lines;
}
