import type { DocumentFormat } from '../documents/types.ts';
import { iamCatalogue, type CatalogueAction } from '../iam-policy/index.ts';
import type { CompletionEntry } from './completion-entry.ts';
import type { CursorContext } from './cursor-context.ts';

const ACTION_KEYS = new Set(['Action', 'NotAction']);
const RESOURCE_KEYS = new Set(['Resource', 'NotResource']);

/** Markdown for one action of AWS's catalogue: description, access level, resource types with their ARN formats. */
function actionMarkdown(action: CatalogueAction): string {
  const types = action.resourceTypes.map((t) => {
    const arn = iamCatalogue()?.resourceType(action.service, t.name)?.arn ?? '';
    return `- \`${t.name}\`${t.required ? ' (required)' : ''}${arn ? `: \`${arn}\`` : ''}`;
  });
  return [
    `**${action.service}:${action.name}** (${action.accessLevel})`,
    action.description,
    types.length > 0 ? `Resource types:\n${types.join('\n')}` : 'Resource types: none; use `"*"`.',
    action.conditionKeys.length > 0 ? `Condition keys: ${action.conditionKeys.map((k) => `\`${k}\``).join(', ')}` : '',
  ]
    .filter((p) => p !== '')
    .join('\n\n');
}

/**
 * Completions from AWS's catalogue inside a role's `policy_document` written as YAML or JSON
 * (not as JSON text): service prefixes and actions in `Action`/`NotAction`, ARN templates of the
 * statement's services in `Resource`, condition keys (global and the statement's services') under
 * a condition operator. Undefined when the cursor is not in such a place.
 */
export function iamCompletions(
  context: CursorContext,
  format: DocumentFormat,
  text: string,
): CompletionEntry[] | undefined {
  const catalogue = iamCatalogue();
  const at = context.path.indexOf('policy_document');
  if (!catalogue || at < 0) return undefined;
  const inside = context.path.slice(at + 1);
  const entries = (values: { label: string; detail: string; documentation?: string }[]): CompletionEntry[] => {
    const space = format === 'yaml' && text[context.replace.start - 1] === ':' ? ' ' : '';
    return values.slice(0, 500).map((v, index) => ({
      label: v.label,
      kind: 'value',
      detail: v.detail,
      ...(v.documentation ? { documentation: v.documentation } : {}),
      insertText: space + (format === 'json' ? JSON.stringify(v.label) : v.label),
      snippet: false,
      replace: context.replace,
      ...(format === 'json' ? { filterText: JSON.stringify(v.label) } : {}),
      sortText: String(index).padStart(4, '0'),
    }));
  };
  if (context.part !== 'key' && context.key !== undefined && ACTION_KEYS.has(context.key)) {
    const colon = context.prefix.indexOf(':');
    if (colon < 0)
      return entries(
        catalogue
          .services()
          .filter((s) => s.startsWith(context.prefix.toLowerCase()))
          .map((s) => ({ label: `${s}:`, detail: catalogue.serviceName(s) ?? s })),
      );
    const service = context.prefix.slice(0, colon);
    const typed = context.prefix.slice(colon + 1).toLowerCase();
    return entries(
      (catalogue.actionNames(service) ?? [])
        .filter((name) => name.toLowerCase().startsWith(typed))
        .flatMap((name) => {
          const action = catalogue.action(service, name);
          return action
            ? [{ label: `${service}:${name}`, detail: action.accessLevel, documentation: actionMarkdown(action) }]
            : [];
        }),
    );
  }
  if (context.part !== 'key' && context.key !== undefined && RESOURCE_KEYS.has(context.key)) {
    return entries(
      servicesOf(context.siblings.get('Action')).flatMap((service) =>
        catalogue.resourceTypes(service).map((t) => ({
          label: t.arn.replace('${Partition}', 'aws'),
          detail: `${service} ${t.name}`,
        })),
      ),
    );
  }
  if (context.part === 'key' && inside.length >= 2 && inside[inside.length - 2] === 'Condition') {
    const keys = [
      ...catalogue.globalConditionKeys(),
      ...servicesOf(context.siblings.get('Action')).flatMap((s) => catalogue.conditionKeys(s)),
    ];
    return entries(keys.map((k) => ({ label: k.key, detail: k.type })));
  }
  return undefined;
}

/** The service prefixes named in an Action value as text (`[s3:GetObject, kms:Decrypt]`). */
function servicesOf(action: string | undefined): string[] {
  return [...new Set([...(action ?? '').matchAll(/([a-z0-9-]+):/gi)].map((m) => (m[1] ?? '').toLowerCase()))];
}

/** Hover over an action inside `policy_document` (YAML or JSON form): the catalogue's description, access level and resource types. */
export function iamHover(segments: readonly string[], value: unknown): string | undefined {
  const at = segments.indexOf('policy_document');
  if (at < 0 || typeof value !== 'string') return undefined;
  const element = segments.slice(at + 1).find((s) => ACTION_KEYS.has(s));
  if (!element) return undefined;
  const [vendor = '', name = ''] = value.split(':');
  const action = iamCatalogue()?.action(vendor, name);
  return action ? actionMarkdown(action) : undefined;
}
