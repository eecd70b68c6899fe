import type { DocumentFormat } from '../documents/types.ts';
import { fieldInfo } from '../rules/index.ts';
import type { FieldKind } from '../rules/index.ts';
import type { CompletionEntry } from './completion-entry.ts';
import type { CursorContext } from './cursor-context.ts';
import { durationSuggestions } from './duration-suggestions.ts';
import { yamlScalar } from './render-value.ts';

// What each credential type issues, shown beside the enum values (seed 1, "What the service does").
const TYPE_NOTES: Readonly<Record<string, string>> = {
  iam_user: 'A new IAM user with an access key per request; needs policy_arns or policy_document.',
  assumed_role: 'STS AssumeRole on one of role_arns (required).',
  federation_token: 'STS GetFederationToken; needs policy_arns or policy_document.',
  session_token: "STS GetSessionToken with the engine user's own permissions; no policy fields.",
};

/**
 * Values to offer for `context.key` (or an item of that list): enum values, durations for duration
 * fields (`h` is the largest unit), and the schema's examples otherwise.
 */
export function valueCompletions(
  kind: FieldKind,
  context: CursorContext,
  format: DocumentFormat,
  text: string,
): CompletionEntry[] {
  if (context.key === undefined) return [];
  const info = fieldInfo(kind, context.key);
  if (!info) return [];
  const values: { text: string; detail?: string; documentation?: string }[] = [];
  if (info.enum) {
    for (const value of info.enum)
      values.push({ text: value, ...(TYPE_NOTES[value] ? { documentation: TYPE_NOTES[value] } : {}) });
  } else if (info.value === 'duration' || info.value === 'duration-or-seconds') {
    for (const s of durationSuggestions(context.key)) values.push({ text: s.text, detail: s.detail });
  } else if (context.part === 'item' || info.value === 'string') {
    for (const example of info.examples.flatMap((e): unknown[] => (Array.isArray(e) ? (e as unknown[]) : [e]))) {
      if (typeof example === 'string' && !(context.part === 'item' && example.includes(',')))
        values.push({ text: example, detail: 'example' });
    }
  }
  const space = format === 'yaml' && text[context.replace.start - 1] === ':' ? ' ' : '';
  const seen = new Set<string>();
  return values
    .filter((v) => !seen.has(v.text) && seen.add(v.text))
    .map((v, index) => ({
      label: v.text,
      kind: 'value' as const,
      ...(v.detail ? { detail: v.detail } : {}),
      ...(v.documentation ? { documentation: v.documentation } : {}),
      insertText: space + (format === 'json' ? JSON.stringify(v.text) : yamlScalar(v.text)),
      snippet: false,
      replace: context.replace,
      ...(format === 'json' ? { filterText: JSON.stringify(v.text) } : {}),
      sortText: String(index).padStart(3, '0'),
    }));
}
