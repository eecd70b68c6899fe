import type { ProblemCode } from '../codes/index.ts';
import type { SarifFinding } from '../sarif/index.ts';
import { oneLine } from '../text/index.ts';
import type { AccessChange, AccessChangeKind, AccessDiff } from './diff-types.ts';

/** Values of `--fail-on` (the CLI) and `fail-on` (the action's access-diff mode). */
export const ACCESS_FAIL_ON = ['new-login', 'new-action', 'wider-ttl', 'any'] as const;
export type AccessFailOn = (typeof ACCESS_FAIL_ON)[number];

/** The code of each kind of gained access (SARIF rule ids, annotations). */
const ACCESS_CHANGE_CODES: Readonly<Record<AccessChangeKind, ProblemCode>> = {
  login: 'ACCESS_NEW_LOGIN',
  action: 'ACCESS_NEW_ACTION',
  capability: 'ACCESS_NEW_CAPABILITY',
  ttl: 'ACCESS_WIDER_TTL',
};

const LABEL: Readonly<Record<AccessChangeKind, string>> = {
  login: 'login',
  action: 'cloud action',
  capability: 'engine capability',
  ttl: 'lifetime',
};

/**
 * The changes that fail the check: `new-login` (a login gained), `new-action` (a cloud action or an
 * engine capability gained), `wider-ttl` (a longer lifetime), `any` (any change, losses included).
 */
export function failingChanges(diff: AccessDiff, failOn: readonly AccessFailOn[]): AccessChange[] {
  return diff.changes.filter(
    (c) =>
      failOn.includes('any') ||
      (c.change === 'gained' &&
        ((failOn.includes('new-login') && c.kind === 'login') ||
          (failOn.includes('new-action') && (c.kind === 'action' || c.kind === 'capability')) ||
          (failOn.includes('wider-ttl') && c.kind === 'ttl'))),
  );
}

function where(change: AccessChange): string {
  return change.source ? `${oneLine(change.source.file)}:${change.source.line}` : '';
}

function counts(diff: AccessDiff): string {
  const gained = diff.changes.filter((c) => c.change === 'gained').length;
  return `${gained} gained, ${diff.changes.length - gained} removed or narrowed`;
}

/** The diff for a terminal: one line per change, `+` gained (or longer), `-` lost (or shorter), with where it is granted. */
export function renderDiffText(diff: AccessDiff, base: string): string {
  if (diff.changes.length === 0) return `No access changes since ${oneLine(base)} (mount ${diff.mount}).\n`;
  const lines = [`Access changes since ${oneLine(base)} (mount ${diff.mount}): ${counts(diff)}`];
  for (const c of diff.changes) {
    const at = where(c);
    lines.push(`${c.change === 'gained' ? '+' : '-'} ${LABEL[c.kind]}: ${c.text}${at ? `  [${at}]` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

function cell(text: string): string {
  return oneLine(text, 1000).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;') || '–';
}

/** The diff as GitHub-flavoured Markdown (job summary, pull request comment): a table of gains, then losses. */
export function renderDiffMarkdown(diff: AccessDiff, base: string, heading = '### Access changes'): string {
  const out = [`${heading} since \`${cell(base)}\` (mount \`${cell(diff.mount)}\`)`, ''];
  if (diff.changes.length === 0) return `${out.join('\n')}No access changes.\n`;
  out.push(counts(diff), '');
  out.push('| | Kind | Change | Granted at |', '|---|---|---|---|');
  for (const c of diff.changes) {
    const sign =
      c.change === 'gained'
        ? c.kind === 'ttl'
          ? '⬆️ longer'
          : '➕ gained'
        : c.kind === 'ttl'
          ? '⬇️ shorter'
          : '➖ removed';
    out.push(`| ${sign} | ${LABEL[c.kind]} | ${cell(c.text)} | ${c.source ? `\`${cell(where(c))}\`` : '–'} |`);
  }
  return `${out.join('\n')}\n`;
}

/** Gained access as findings at the lines that grant it (SARIF, annotations). */
export function diffFindings(diff: AccessDiff): SarifFinding[] {
  return diff.changes
    .filter((c) => c.change === 'gained' && c.source)
    .map((c) => ({
      file: c.source?.file ?? '',
      code: ACCESS_CHANGE_CODES[c.kind],
      severity: 'warning' as const,
      message: `${LABEL[c.kind]} ${c.kind === 'ttl' ? 'longer' : 'gained'}: ${c.text}`,
      range: { startLine: c.source?.line ?? 1, startColumn: 1, endLine: c.source?.line ?? 1, endColumn: 1 },
    }));
}
