import type { FieldInfo, FieldKind } from '../rules/index.ts';
import { fieldRulesMarkdown } from './field-rules.ts';

/**
 * Hover and completion documentation of a field, as Markdown: what it does, its type and default,
 * which credential types accept it (and whether this role's type does), edition and deprecation
 * markers, and the rules that check it (each code in plain words, linked to its docs/codes.md entry).
 */
export function fieldMarkdown(kind: FieldKind, info: FieldInfo, credentialType?: string): string {
  const head = [`**\`${info.name}\`**`, info.type];
  if (info.default !== undefined && !isEmpty(info.default)) head.push(`default \`${JSON.stringify(info.default)}\``);
  if (info.enterprise) head.push('**Enterprise** edition only');
  if (info.deprecated) head.push('**Deprecated**');
  const lines = [head.join(' · '), '', info.markdown || info.description];
  if (info.enum) lines.push('', `Values: ${info.enum.map((v) => `\`${v}\``).join(', ')}`);
  if (kind === 'role' && info.credentialTypes) lines.push('', credentialTypesLine(info, credentialType));
  if (info.secret) lines.push('', 'Secret: keep it in the engine, not in a file under version control.');
  const rules = fieldRulesMarkdown(kind, info);
  if (rules) lines.push('', rules);
  return lines.join('\n');
}

function credentialTypesLine(info: FieldInfo, credentialType: string | undefined): string {
  const types = info.credentialTypes ?? [];
  const list = types.map((t) => `\`${t}\``).join(', ');
  const verb = info.otherTypes === 'ignored' ? 'Used by' : 'Valid for';
  if (credentialType === undefined) return `${verb}: ${list}`;
  const fits = (types as readonly string[]).includes(credentialType);
  const verdict = fits
    ? `this role (\`${credentialType}\`) accepts it`
    : info.otherTypes === 'ignored'
      ? `this role (\`${credentialType}\`) ignores it`
      : `not allowed for this role (\`${credentialType}\`)`;
  return `${verb}: ${list} — ${verdict}`;
}

function isEmpty(value: unknown): boolean {
  return (
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && value !== null && Object.keys(value).length === 0) ||
    value === ''
  );
}
