import type { HttpMethod } from './data-types.ts';
import type { Match, MethodToken } from './match-types.ts';
import { parseTemplate } from './path-template.ts';

/** One text change, in offsets of the scanned text (the same shape as the editor area's `TextEdit`, so `applyEdits` takes it). */
interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

/** A quick fix: the edits that move a match to its replacement. */
export interface ReplacementEdit {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  /** Safe to apply as the preferred fix: a plain rename or a complete path rewrite. */
  readonly isPreferred: boolean;
}

/**
 * Parameters of the old module-registry paths that the new paths spell differently. The old
 * endpoints served the private registry, whose namespace is the organization.
 */
const FIXED_PARAMS: Readonly<Record<string, (params: Readonly<Record<string, string>>) => string | undefined>> = {
  registry_name: () => 'private',
  namespace: (params) => params['organization_name'],
};

/**
 * The textual replacement of a deprecated subject, when there is one:
 * - attributes renamed outright (`platform-`/`terraform-build-worker-plan-timeout` → `plan-timeout`,
 *   `…-apply-timeout` → `apply-timeout`): preferred;
 * - `enforce` → `enforcement-level`: offered, not preferred (the value changes shape, from an
 *   array of `{path, mode}` to one level);
 * - endpoints whose successor keeps every id of the old path (the old module-registry endpoints,
 *   admin module sharing): the path is rewritten in place, keeping host, prefix and placeholders,
 *   and the method token is changed too when the method differs and one was found. Ids the old
 *   path did not carry (`POST /registry-modules` → `:organization_name`) stay as `:param`, and the
 *   fix is then not preferred.
 * Everything else (policy checks: the successor needs other ids; concatenated literals) returns undefined.
 */
export function replacementEdit(match: Match): ReplacementEdit | undefined {
  const { subject } = match;
  const target = subject.replacedBy;
  if (!subject.deprecation || target === undefined) return undefined;
  if (subject.type === 'attribute' && match.via === 'name') return renameEdit(match, target);
  if (subject.type === 'endpoint' && match.path) return endpointEdit(match, target);
  return undefined;
}

function renameEdit(match: Match, target: string): ReplacementEdit | undefined {
  // Only the wire name itself: a client's own spelling (`plan_timeout`, a model field) is not rewritten.
  if (match.text !== match.subject.name && !match.subject.aliases.includes(match.text)) return undefined;
  const rename = match.subject.name.endsWith('-timeout');
  if (!rename && match.subject.name !== 'enforce') return undefined;
  const title = rename ? `Rename to ${target}` : `Use ${target} (takes one level instead of the enforce array)`;
  return { title, edits: [{ start: match.start, end: match.end, newText: target }], isPreferred: rename };
}

function endpointEdit(match: Match, replacement: string): ReplacementEdit | undefined {
  const path = match.path;
  const space = replacement.indexOf(' ');
  const method = replacement.slice(0, space) as HttpMethod;
  const template = parseTemplate(replacement.slice(space + 1));
  if (!path || !template) return undefined;
  // A successor that drops one of the old ids (a run id where a task stage id is wanted) is a
  // different call, not a rewrite.
  const newParams = new Set(template.segments.flatMap((s) => ('param' in s ? [s.param] : [])));
  if (Object.keys(path.params).some((name) => !newParams.has(name))) return undefined;
  const missing: string[] = [];
  const segments = template.segments.map((segment) => {
    if ('literal' in segment) return segment.literal;
    const value = path.params[segment.param] ?? FIXED_PARAMS[segment.param]?.(path.params);
    if (value === undefined) missing.push(segment.param);
    return value ?? `:${segment.param}`;
  });
  const leadingSlash = match.text.charCodeAt(path.start - match.start) === 47;
  const edits: TextEdit[] = [
    { start: path.start, end: path.end, newText: `${leadingSlash ? '/' : ''}${segments.join('/')}` },
  ];
  // A method implied rather than written (curl's POST for `-d`, a JSON:API link's GET) has no token to rewrite.
  const old = match.method?.text === '' ? undefined : match.method;
  const methodChanges = match.subject.method !== method;
  if (methodChanges && old) edits.unshift({ start: old.start, end: old.end, newText: methodSpelling(old, method) });
  const needs = [
    missing.length > 0 ? `fill in ${missing.map((m) => `:${m}`).join(', ')}` : '',
    methodChanges && !old ? `send it with ${method}` : '',
  ].filter((s) => s !== '');
  const title = `Use ${replacement}${needs.length > 0 ? ` (then ${needs.join(' and ')})` : ''}`;
  return { title, edits, isPreferred: needs.length === 0 };
}

/** The new method in the style of the old token: `DELETE`, `MethodDelete`, `Delete`, `delete`. */
function methodSpelling(old: MethodToken, method: HttpMethod): string {
  const capitalized = `${method[0] ?? ''}${method.slice(1).toLowerCase()}`;
  if (old.text.startsWith('Method')) return `Method${capitalized}`;
  // Rust's `Method::Post` (the token is `Post`).
  if (/^[A-Z][a-z]+$/.test(old.text)) return capitalized;
  return old.text === old.text.toLowerCase() ? method.toLowerCase() : method;
}
