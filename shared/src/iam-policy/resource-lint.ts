import { iamCatalogue, type CatalogueAction } from './catalogue.ts';
import type { PolicyLint } from './policy-lint-types.ts';

type Segments = readonly (string | number)[];

/** Policy variables AWS substitutes (`${aws:username}`, a service's keys) and its escapes `${*}`, `${?}`, `${$}`. */
const POLICY_VARIABLE = /^\$\{(?:[*?$]|[\w.-]+:[\w./-]+(?:,\s*'[^']*')?)\}$/;
const PLACEHOLDERS: readonly [RegExp, string][] = [
  [/\$\{[^}]*\}/g, 'a ${...} template variable'],
  [/\{\{[^}]*\}\}/g, 'a {{ }} template placeholder'],
  [/<[\w -]+>/g, 'a <placeholder>'],
];

/** Strings as [value, segments] for a single string or a list of them. */
export function stringItems(value: unknown, at: Segments): [string, Segments][] {
  if (typeof value === 'string') return [[value, at]];
  if (!Array.isArray(value)) return [];
  return value.flatMap((v, i) => (typeof v === 'string' ? [[v, [...at, i]] as [string, Segments]] : []));
}

/** Template text that was never filled in (`${BUCKET}`, `{{ bucket }}`, `<bucket>`), not an IAM policy variable. */
export function placeholderIn(text: string): { found: string; what: string } | undefined {
  for (const [pattern, what] of PLACEHOLDERS) {
    for (const found of text.match(pattern) ?? []) {
      if (what.startsWith('a ${') && POLICY_VARIABLE.test(found)) continue;
      return { found, what };
    }
  }
  return undefined;
}

/**
 * A Resource ARN's shape per service: `*` or `arn:partition:service:region:account:resource`; IAM
 * ARNs have no region, S3 bucket and object ARNs neither region nor account.
 */
function arnFault(arn: string): string | undefined {
  if (arn === '*' || /^\$\{/.test(arn)) return undefined;
  if (!arn.startsWith('arn:'))
    return `is not an ARN; AWS refuses the policy ("Resource ${arn.slice(0, 60)} must be in ARN format or \\"*\\"") — write arn:aws:<service>:<region>:<account>:<resource> or "*"`;
  const parts = arn.split(':');
  if (parts.length < 6 && !arn.includes('*'))
    return 'has fewer than six colon-separated parts (arn:partition:service:region:account:resource); AWS refuses it';
  const [, , service = '', region = '', account = '', ...rest] = parts;
  const resource = rest.join(':');
  if (service === 'iam' && region !== '' && region !== '*')
    return `names the region "${region}", but IAM is global: IAM ARNs have an empty region (arn:aws:iam::${account || '123456789012'}:${resource}); as written it matches nothing`;
  const bucketArn = !resource.includes('accesspoint/') && !resource.includes('job/') && !resource.includes(':');
  if (service === 's3' && bucketArn && (region !== '' || account !== '') && region !== '*' && account !== '*')
    return `has a ${account !== '' ? 'account' : 'region'} part, but S3 bucket and object ARNs have neither (arn:aws:s3:::${resource}); as written it matches nothing`;
  return undefined;
}

/** Resource/NotResource: ARN shapes per service and unexpanded placeholders. */
export function resourceLint(value: unknown, at: Segments, where: string): PolicyLint[] {
  const out: PolicyLint[] = [];
  for (const [arn, segments] of stringItems(value, at)) {
    const placeholder = placeholderIn(arn);
    if (placeholder) {
      out.push(placeholderLint(placeholder, segments, where, String(at[at.length - 1])));
      continue;
    }
    const fault = arnFault(arn);
    if (fault)
      out.push({
        code: 'IAM_POLICY_INVALID_ARN',
        segments,
        target: 'value',
        message: `${where} has the ${String(at[at.length - 1])} "${arn.slice(0, 100)}", which ${fault}`,
      });
  }
  return out;
}

/** A finding for an unexpanded placeholder. */
export function placeholderLint(
  placeholder: { found: string; what: string },
  segments: Segments,
  where: string,
  element: string,
): PolicyLint {
  return {
    code: 'IAM_POLICY_PLACEHOLDER',
    segments,
    target: 'value',
    message: `${where} has ${placeholder.what}, "${placeholder.found.slice(0, 60)}", in its ${element}: the template was not filled in, so the policy grants nothing of what was meant; put the real value`,
  };
}

const escape = (text: string): string => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
const prefixCache = new Map<string, RegExp[]>();

/**
 * Every prefix of AWS's ARN template as a regular expression (each `${...}` any run of characters):
 * a literal text is a viable start of some ARN of the template when one of them matches it whole.
 */
function templatePrefixes(template: string): RegExp[] {
  const hit = prefixCache.get(template);
  if (hit) return hit;
  const tokens = template.split(/(\$\{[^}]*\})/).flatMap((part) => (part.startsWith('${') ? [part] : [...part]));
  const out: RegExp[] = [];
  for (let k = 0; k <= tokens.length; k++) {
    const body = tokens
      .slice(0, k)
      .map((t) => (t.startsWith('${') ? '.*' : escape(t)))
      .join('');
    out.push(new RegExp(`^${body}$`, 'i'));
  }
  prefixCache.set(template, out);
  return out;
}

/**
 * Whether a policy Resource could name a resource of this ARN template: without wildcards or
 * variables it must match the template whole; else its literal start must be a start of the template
 * (what follows the first wildcard can be anything). Never says no when unsure.
 */
function couldMatch(resource: string, template: string): boolean {
  const cut = resource.search(/[*?]|\$\{/);
  const prefixes = templatePrefixes(template);
  if (cut < 0) return prefixes[prefixes.length - 1]?.test(resource) ?? true;
  const start = resource.slice(0, cut);
  return prefixes.some((p) => p.test(start));
}

/**
 * Concrete actions of an Allow statement whose resource types fit none of its Resources: AWS
 * accepts the statement, and it grants nothing for that action.
 */
export function resourceMismatchLint(statement: Record<string, unknown>, at: Segments, where: string): PolicyLint[] {
  const catalogue = iamCatalogue();
  const resources = stringItems(statement.Resource, []).map(([r]) => r);
  if (!catalogue || statement.Effect !== 'Allow' || resources.length === 0) return [];
  // An ARN already reported as invalid (IAM_POLICY_INVALID_ARN) or a placeholder is reported once, by that check.
  if (resources.some((r) => r === '*' || !r.startsWith('arn:') || placeholderIn(r) || arnFault(r) !== undefined))
    return [];
  const out: PolicyLint[] = [];
  for (const [item, segments] of stringItems(statement.Action, [...at, 'Action'])) {
    const [vendor = '', name = ''] = item.split(':');
    if (/[*?]/.test(item)) continue;
    const action = catalogue.action(vendor, name);
    if (!action) continue;
    const templates = templatesOf(action);
    if (templates === undefined) continue;
    if (templates.length > 0 && resources.some((r) => templates.some((t) => couldMatch(r, t.arn)))) continue;
    const fits =
      templates.length === 0
        ? 'it takes only "*" (no resource type)'
        : `its resource types are ${templates.map((t) => `${t.name} (${t.arn})`).join(', ')}`;
    out.push({
      code: 'IAM_POLICY_RESOURCE_MISMATCH',
      segments,
      target: 'value',
      message: `${where} allows ${action.service}:${action.name} only on ${resources.map((r) => `"${r.slice(0, 80)}"`).join(', ')}, but ${fits}: no Resource fits, so it grants nothing; add a Resource of that type`,
    });
  }
  return out;
}

/** The ARN templates of an action's resource types; undefined when one is not in the catalogue (then no verdict). */
function templatesOf(action: CatalogueAction): { name: string; arn: string }[] | undefined {
  const catalogue = iamCatalogue();
  const out: { name: string; arn: string }[] = [];
  for (const type of action.resourceTypes) {
    const found = catalogue?.resourceType(action.service, type.name);
    if (!found) return undefined;
    out.push({ name: found.name, arn: found.arn });
  }
  return out;
}

/** The first character AWS refuses in policy text (its pattern is [\u0009\u000A\u000D\u0020-\u00FF]+), or undefined. */
function refusedIn(text: string): string | undefined {
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (!(code === 9 || code === 10 || code === 13 || (code >= 0x20 && code <= 0xff))) return character;
  }
  return undefined;
}

/** The first key or string of a policy holding a character AWS refuses. */
export function refusedCharacters(value: unknown, at: Segments): PolicyLint | undefined {
  if (typeof value === 'string') {
    const bad = refusedIn(value);
    return bad === undefined ? undefined : refused(bad, value, at, 'value');
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const badKey = typeof key === 'string' ? refusedIn(key) : undefined;
    if (badKey !== undefined) return refused(badKey, key as string, [...at, key], 'key');
    const found = refusedCharacters(item, [...at, key]);
    if (found) return found;
  }
  return undefined;
}

function refused(character: string, text: string, segments: Segments, target: 'key' | 'value'): PolicyLint {
  const code = `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return {
    code: 'IAM_POLICY_CHARACTERS',
    segments,
    target,
    message: `has "${text.slice(0, 60)}" with the character ${code}; AWS accepts only tab, newline, carriage return and U+0020 to U+00FF in a policy and refuses the document ("Syntax errors in policy"); replace it (curly quotes and dashes are the usual culprits)`,
  };
}
