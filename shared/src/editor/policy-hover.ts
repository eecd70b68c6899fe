import { DEFAULT_MOUNTS, ENGINE_PATHS, fillEnginePath, type AccessReport } from '../access/index.ts';
import type { ParsedFile } from '../documents/types.ts';
import { CAPABILITY_MEANINGS, policyDocsUrl, RULE_KEY_DOCS, type Capability } from '../policies/index.ts';
import { pointerToSegments } from '../text/json-pointer.ts';
import { policyPathHover } from './access-hover.ts';
import type { HoverResult } from './hover.ts';
import { codeSpan } from './code-span.ts';
import { memberAt } from './member-at.ts';

/** What a policy hover may say beyond the text. */
export interface PolicyHoverOptions {
  /** The policy's name (its file's base name), for the access answer. */
  readonly policy: string;
  /** Who can get what in the workspace; absent: the hover over a path lists the engine paths only. */
  readonly report?: AccessReport;
  /** The secrets engine's and the JWT auth method's mounts (default `cloud`, `jwt`). */
  readonly mounts?: { readonly mount: string; readonly jwtMount: string };
}

/** At most this many engine paths are listed under a rule's path. */
const MAX_PATHS = 12;

/**
 * Hover in an ACL policy (HCL or JSON): over a rule's path, the engine paths it covers and, with a
 * workspace report, who reaches them through it (`policyPathHover`); over a block key or a
 * capability, what it means, linked to docs/policies.md.
 */
export function policyHoverAt(file: ParsedFile, offset: number, options: PolicyHoverOptions): HoverResult | undefined {
  const member = memberAt(file, offset);
  if (!member) return undefined;
  const [top, rule, key, item] = pointerToSegments(member.pointer);
  if (top !== 'path' || rule === undefined) return undefined;
  if (key === undefined) {
    if (member.part !== 'key') return undefined;
    const parts = [coveredPaths(rule, options.mounts ?? DEFAULT_MOUNTS)];
    if (options.report) parts.push(policyPathHover(options.report, options.policy, rule));
    return { markdown: parts.join('\n\n---\n\n'), range: member.range };
  }
  if (key === 'capabilities' && item !== undefined) {
    // From the text: a policy may repeat `path`, so the plain data keeps only the last block.
    const written = file.text.slice(member.range.start, member.range.end).replace(/^"|"$/g, '');
    const capability = written.toLowerCase() as Capability;
    const meaning = capability === undefined ? undefined : CAPABILITY_MEANINGS[capability];
    if (!meaning) return undefined;
    return {
      markdown: `**Capability \`${capability}\`**\n\n${meaning}\n\n[Policy language](${policyDocsUrl({ capability })})`,
      range: member.range,
    };
  }
  const doc = RULE_KEY_DOCS.find((d) => d.key === key);
  if (!doc || item !== undefined || member.part !== 'key') return undefined;
  return {
    markdown: `**\`${doc.key}\`** (${doc.value})\n\n${doc.meaning}${doc.offered ? '' : ' keyfob does not act on it.'}\n\n[Policy language](${policyDocsUrl({ key: doc.key })})`,
    range: member.range,
  };
}

/** The engine paths a rule's path covers, each with what it does. */
function coveredPaths(rule: string, mounts: { readonly mount: string; readonly jwtMount: string }): string {
  const path = rule.replace(/^\/+/, '');
  const covered = ENGINE_PATHS.map((row) => ({
    ...row,
    template: fillEnginePath(row.template, mounts, (v) => `{${v}}`),
  })).filter((row) => covers(path, row.template));
  const lines = [`**Path rule ${codeSpan(path)}**`, ''];
  if (covered.length === 0) lines.push('No request path of the engine falls under this rule.');
  for (const row of covered.slice(0, MAX_PATHS))
    lines.push(`- \`${row.template}\`: ${row.meaning} (${row.capabilities.join(', ')}${row.sudo ? ', sudo' : ''})`);
  if (covered.length > MAX_PATHS) lines.push(`- and ${covered.length - MAX_PATHS} more`);
  return lines.join('\n');
}

/**
 * Whether some request path of the template falls under the rule: segment by segment, a `{...}`
 * part of the template matches any segment, a `+` of the rule any segment, and a rule ending in `*`
 * matches any template continuing its prefix. `{id}` and `{prefix}` span several segments.
 */
function covers(rule: string, filled: string): boolean {
  const glob = rule.endsWith('*');
  const ruleParts = (glob ? rule.slice(0, -1) : rule).split('/');
  const templateParts = filled.split('/');
  for (let i = 0; i < ruleParts.length; i++) {
    const part = ruleParts[i] ?? '';
    const template = templateParts[i];
    const last = i === ruleParts.length - 1;
    if (template === undefined) return false;
    if (template === '{id}' || template === '{prefix}') return true;
    if (part === '+' && template === '') return false;
    if (/^\{\w+\}$/.test(template) || part === '+') {
      if (part === '' && !(last && glob)) return false;
      continue;
    }
    if (last && glob ? !template.startsWith(part) : template !== part) return false;
  }
  return glob || ruleParts.length === templateParts.length;
}
