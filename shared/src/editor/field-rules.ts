import { codeDocsUrl } from '../codes/index.ts';
import { ruleTable } from '../rules/index.ts';
import type { FieldInfo, FieldKind, Rule } from '../rules/index.ts';

/**
 * The rules that check a field, read from the rule table: a rule of the field's kind whose source
 * names the field (`Role table (policy_arns, policy_document: ...)`), whose source the field's own
 * names (`... and Role rule 2`), or whose summary starts with the field (`` `user_path` does not ...``).
 */
function fieldRules(kind: FieldKind, info: FieldInfo): readonly Rule[] {
  const alsoUnder = (info.seedRule ?? '').split(' and ').slice(1);
  const leading = new RegExp(`^(An item of )?\`${escapeRegExp(info.name)}\``);
  return ruleTable.filter(
    (rule) =>
      rule.kind === kind &&
      (fieldsNamedIn(rule.seedRule).has(info.name) ||
        alsoUnder.some((s) => rule.seedRule === s || rule.seedRule.endsWith(`, ${s}`)) ||
        leading.test(rule.summary)),
  );
}

/**
 * The rules of a field as Markdown for hovers and completion docs: each code linked to its entry
 * in docs/codes.md, with what it checks in plain words. Empty when no rule checks the field.
 */
export function fieldRulesMarkdown(kind: FieldKind, info: FieldInfo): string {
  const rules = fieldRules(kind, info);
  if (rules.length === 0) return '';
  return [
    'Checked by:',
    ...rules.map((rule) => `- [\`${rule.code}\`](${codeDocsUrl(rule.code)}): ${plainSummary(rule.summary)}`),
  ].join('\n');
}

/** Field names at the head of each clause of a source's parenthesis: `(a, b: only x; c for y)` gives a, b, c. */
function fieldsNamedIn(seedRule: string): Set<string> {
  if (!seedRule.startsWith('seed 1, ')) return new Set();
  const inside = /\(([^)]*)\)/.exec(seedRule)?.[1] ?? '';
  const names = inside
    .split(';')
    .flatMap((clause) => (clause.split(':')[0] ?? '').split(',').map((part) => part.trim().split(' ')[0] ?? ''));
  return new Set(names);
}

/** A summary without its notes for programs (`data.suggestion` holds ...). */
function plainSummary(summary: string): string {
  return summary.replace(/\s*\([^()]*`data\.[^()]*\)/g, '');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
