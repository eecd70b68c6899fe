import type { HistoryIndex, HistorySubject } from './types.ts';

/**
 * How a name may be matched:
 * - `distinct`: a name no one uses by accident (`auto-apply-run-trigger`, `planned_and_saved`);
 *   matched in any string literal or object key.
 * - `generic`: a plain word (`name`, `priority`, `fetching`) or a run task request field; matched
 *   only as a key (or a status value) with its resource in context.
 * - `parameter`: a query parameter; matched only when bound to a URL that has it.
 * - `type-value`: a resource; matched only as the value of a `type` key.
 * - `nested`: the last part of a nested attribute's name (`branch` of `vcs-repo.branch`); matched only as a key
 *   of an object that is its parent key's value (`"vcs-repo": { "branch": … }`), with its resource in context.
 */
export type MatchRule = 'distinct' | 'generic' | 'parameter' | 'type-value' | 'nested';

/** What one exact text means to the matcher. */
export interface LexInfo {
  readonly text: string;
  readonly candidates: {
    readonly subject: HistorySubject;
    readonly rule: MatchRule;
    /** The text is one of the values the attribute takes (`passed` of a task result's `status`), not its name. */
    readonly value?: true;
    /** The text is the other case of the subject's own spelling (`apply_duration_average` of `apply-duration-average`). */
    readonly variant?: true;
  }[];
  /** Resources this token is evidence for wherever it appears (run task signature header, callback URL key). */
  evidence?: readonly string[];
  /** A JSON:API type name: evidence when it is the value of a `type` key. */
  resourceType: boolean;
}

/** The matcher's word table and the word lists its scan pattern is built from. */
export interface Lexicon {
  readonly words: ReadonlyMap<string, LexInfo>;
  /** Texts worth finding between quotes: names, aliases, resource types, evidence words. */
  readonly quoted: readonly string[];
  /** Texts worth finding as unquoted keys (YAML, HCL): names, aliases, and keys whose value matters. */
  readonly keys: readonly string[];
  /** Status values worth finding as unquoted list items (YAML) or inside a comma-separated string. */
  readonly listValues: readonly string[];
  /** The distinct ones of `listValues` (`planned_and_saved`, `assessment:drifted`). */
  readonly distinctValues: readonly string[];
  /** First literal segment of every path template. */
  readonly roots: readonly string[];
  /** Longest text in `words`. */
  readonly maxLength: number;
}

/**
 * Tokens that show code handles run task requests (notes: callback URL key, signature header;
 * and the other fields every request carries).
 */
const RUN_TASK_EVIDENCE = [
  'task_result_callback_url',
  'task_result_id',
  'task_result_enforcement_level',
  'plan_json_api_url',
  'run_app_url',
  'payload_version',
  'X-TFC-Task-Signature',
  'x-tfc-task-signature',
  'task-results',
];
const RUN_TASK_RESOURCES = ['run task request'];

/** Keys whose unquoted value the matcher reads: a resource type, a status field, a method. */
const VALUE_KEYS = ['type', 'status', 'operation', 'triggers', 'access', 'kind', 'method'] as const;

const cache = new WeakMap<HistoryIndex, Lexicon>();

/** The lexicon of an index, built once per index. */
export function lexiconFor(index: HistoryIndex): Lexicon {
  let lexicon = cache.get(index);
  if (!lexicon) cache.set(index, (lexicon = buildLexicon(index)));
  return lexicon;
}

function buildLexicon(index: HistoryIndex): Lexicon {
  const words = new Map<string, LexInfo>();
  const at = (text: string): LexInfo => {
    let info = words.get(text);
    if (!info) words.set(text, (info = { text, candidates: [], resourceType: false }));
    return info;
  };
  for (const subject of index.subjects) {
    if (subject.type === 'endpoint') continue;
    for (const name of new Set([subject.name, ...subject.aliases])) {
      // Names with spaces are labels ("open policy engine"), never code.
      if (!name.includes(' ')) at(name).candidates.push({ subject, rule: ruleFor(subject, name) });
    }
  }
  addCaseVariants(index, at);
  addAttributeValues(index, at);
  addNestedLeaves(index, at);
  for (const type of index.resourceTypes) if (!type.includes(' ')) at(type).resourceType = true;
  for (const word of RUN_TASK_EVIDENCE) at(word).evidence = RUN_TASK_RESOURCES;
  const values = [...words.values()].filter((w) => w.candidates.some((c) => c.subject.type === 'status'));
  const quoted = [...words.keys()];
  const named = [...words.values()].filter((w) => w.candidates.length > 0).map((w) => w.text);
  const roots = index.subjects.flatMap((s) => (s.path?.startsWith('/') === true ? [s.path.split('/')[1] ?? ''] : []));
  return {
    words,
    quoted,
    keys: [...new Set([...named, ...VALUE_KEYS])],
    listValues: values.map((w) => w.text),
    distinctValues: values.filter((w) => w.candidates.some((c) => c.rule === 'distinct')).map((w) => w.text),
    roots: [...new Set(roots)].filter((r) => r !== '' && !r.startsWith(':')),
    maxLength: Math.max(...quoted.map((w) => w.length)),
  };
}

/**
 * The other case of multi-word field names, as clients write them: `tag_names`, `read_workspaces`
 * (provider and SDK code, snake_case) for `tag-names`, `read-workspaces`; `locked-by` (a JSON:API
 * relationship) for `locked_by`. Two-word spellings are ordinary identifiers (`updated_at`,
 * `version_id`), so they are generic; three words and more are distinct. Run task request fields
 * are only ever snake_case.
 */
function addCaseVariants(index: HistoryIndex, at: (text: string) => LexInfo): void {
  for (const subject of index.subjects) {
    if (subject.type !== 'attribute' && subject.type !== 'permission' && subject.type !== 'entitlement') continue;
    if (subject.resource === 'run task request') continue;
    const own = new Set([subject.name, ...subject.aliases]);
    for (const name of own) {
      if (name.includes(' ') || name.includes('.')) continue;
      const other = name.includes('-')
        ? name.replace(/-/g, '_')
        : name.includes('_')
          ? name.replace(/_/g, '-')
          : undefined;
      if (other === undefined || own.has(other) || other.includes('-_') || other.includes('_-')) continue;
      const info = at(other);
      if (info.candidates.some((c) => c.subject === subject)) continue;
      info.candidates.push({ subject, rule: other.split(/[-_]/).length >= 3 ? 'distinct' : 'generic', variant: true });
    }
  }
}

/**
 * The values the history lists for an attribute (a task result's `status`: `passed`, `failed`, `running`; a run
 * task request's `stage`: `pre_plan`, …) stand for that attribute where they are its value (`resolve-names.ts`):
 * generic words, never keys.
 */
function addAttributeValues(index: HistoryIndex, at: (text: string) => LexInfo): void {
  for (const subject of index.subjects) {
    if (subject.type !== 'attribute') continue;
    for (const value of new Set(subject.changes.flatMap((c) => c.values ?? [])))
      if (/^[a-z][a-z_]*$/.test(value)) at(value).candidates.push({ subject, rule: 'generic', value: true });
  }
}

/**
 * A nested attribute (`vcs-repo.branch` of registry modules) is written as a key inside its parent's object:
 * its last part stands for it there (`nested`: `resolve-names.ts` checks the parent key).
 */
function addNestedLeaves(index: HistoryIndex, at: (text: string) => LexInfo): void {
  for (const subject of index.subjects) {
    if (subject.type !== 'attribute' || subject.resource === undefined) continue;
    for (const name of new Set([subject.name, ...subject.aliases])) {
      const dot = name.lastIndexOf('.');
      if (name.includes(' ') || dot <= 0 || dot === name.length - 1) continue;
      const info = at(name.slice(dot + 1));
      if (!info.candidates.some((c) => c.subject === subject)) info.candidates.push({ subject, rule: 'nested' });
    }
  }
}

/** The rule for one spelling of a subject (see `MatchRule`). */
function ruleFor(subject: HistorySubject, spelling: string): MatchRule {
  if (subject.type === 'resource') return 'type-value';
  if (subject.type === 'parameter') return 'parameter';
  if (subject.resource === 'run task request') return 'generic';
  if (subject.type === 'status') return spelling.includes('_') || spelling.includes(':') ? 'distinct' : 'generic';
  return isPlainWord(spelling) ? 'generic' : 'distinct';
}

/** Only lower-case letters: an English word such as `priority` or `enabled`. */
function isPlainWord(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x61 || c > 0x7a) return false;
  }
  return true;
}
