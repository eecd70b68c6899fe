import type { ValueField } from './data-types.ts';
import type { HistoryIndex } from './types.ts';
import { fileBaseName } from './language-profile.ts';

/**
 * The JSON:API type a client's own name stands for: a model class or struct (`BaseProjectRequest`,
 * `OrganizationWorkspace`, `TaskResult`, `WorkspaceVariableCreateRequest`), an enum named for a value
 * field (`RunStatus`: the runs `status`), or a module file (`state_versions.py`, `run.rs`,
 * `Workspace.ts`). The name's words are read from its end: the last words that spell a resource type
 * (singular or plural, joined or not: `VariableSet` and `variable_set` are `varsets`) win, after
 * words that only say what kind of model it is (`Request`, `Create`, `Attributes`, `Options`, …). Any
 * other last word (`WorkspaceResource`, `VcsRepoConfig`'s `Repo`) means the name says nothing.
 */
export interface NamedResource {
  /** The JSON:API type, when the name spells one. */
  readonly resource: string | undefined;
  /** An enum named for a value field (`RunStatus`, `Status`, `RunOperation`): the field. */
  readonly field: ValueField | undefined;
  /** Words before the resource's (`PrePlanPayload`, `TFTaskRequest`): the name is less decisive. */
  readonly prefixed?: boolean;
}

/** Words at the end of a model's name that say what kind of model it is, not whose. */
const KIND_WORDS = new Set([
  'base',
  'request',
  'requests',
  'response',
  'responses',
  'req',
  'resp',
  'body',
  'attributes',
  'attrs',
  'relationships',
  'options',
  'opts',
  'params',
  'parameters',
  'payload',
  'data',
  'model',
  'models',
  'schema',
  'create',
  'update',
  'list',
  'read',
  'delete',
  'show',
  'get',
  'input',
  'item',
  'items',
  'entity',
  'dto',
  'spec',
  'object',
  'record',
  'outer',
  'inner',
  'detail',
  'details',
]);

/** Value fields an enum may be named for (`RunStatus`, `RunOperation`). */
const FIELD_WORDS: Readonly<Record<string, ValueField>> = {
  status: 'status',
  statuses: 'status',
  state: 'status',
  operation: 'operation',
  triggers: 'triggers',
  trigger: 'triggers',
  access: 'access',
  kind: 'kind',
};

/** How clients spell a type's word in names: the API's `vars` are `Variable`s. */
const SYNONYMS: Readonly<Record<string, string>> = { variable: 'var', variables: 'vars' };

const cache = new WeakMap<HistoryIndex, Map<string, string>>();

/** Spellings of each resource type as joined lower-case words, singular and plural: `taskresult`, `taskresults`. */
function spellings(index: HistoryIndex): Map<string, string> {
  let map = cache.get(index);
  if (map) return map;
  map = new Map();
  for (const type of index.resourceTypes) {
    if (type.includes('/')) continue;
    const parts = type.split(/[- ]/);
    const last = parts.pop() ?? '';
    map.set([...parts, last].join(''), type);
    map.set([...parts, singular(last)].join(''), type);
    // A name of several words with an earlier one plural (`RunTasksRequest` for the run task request).
    for (const variant of pluralOne(parts)) map.set([...variant, last].join(''), type);
    // A request the platform sends is its payload to the receiver (`RunTaskPayload`).
    if (last === 'request' && parts.length > 0)
      for (const words of [parts, ...pluralOne(parts)]) map.set([...words, 'payload'].join(''), type);
  }
  // The body answering a request the platform sends (`TFERunTasksResponse`) is of the resource it answers with.
  for (const [request, answer] of Object.entries(ANSWERS))
    if (index.resourceTypes.has(request) && index.resourceTypes.has(answer)) {
      const parts = request.split(' ').slice(0, -1);
      for (const word of ['response', 'result'])
        for (const words of [parts, ...pluralOne(parts)]) map.set([...words, word].join(''), answer);
    }
  // A word a client spells longer, written as one word with the rest (`Variableset` for `varsets`).
  for (const [short, type] of [...map])
    for (const [long, word] of Object.entries(SYNONYMS))
      if (short.startsWith(word) && short.length > word.length && !map.has(long + short.slice(word.length)))
        map.set(long + short.slice(word.length), type);
  cache.set(index, map);
  return map;
}

/** What answers a request the platform sends: a run task's callback carries a task result. */
const ANSWERS: Readonly<Record<string, string>> = { 'run task request': 'task-results' };

/** The words with one of them plural, each in turn (`run tasks`, `runs task`). */
function pluralOne(parts: readonly string[]): string[][] {
  return parts.map((w, k) => parts.map((x, j) => (j === k && !x.endsWith('s') ? `${x}s` : x)));
}

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** Lower-case words of an identifier: `OAuthClient` → o, auth, client; `state_versions` → state, versions. */
function nameWords(name: string): string[] {
  return (name.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z0-9]+|[A-Z]+/g) ?? []).map((w) => w.toLowerCase());
}

/** namedResource's answers by index and name (a scan asks again for the same few names), cleared at NAMED_LIMIT. */
const named = new WeakMap<HistoryIndex, Map<string, NamedResource>>();
const NAMED_LIMIT = 4_096;

/** The resource (and value field) a model, enum or module name stands for. */
export function namedResource(index: HistoryIndex, name: string): NamedResource {
  let answers = named.get(index);
  if (answers === undefined) named.set(index, (answers = new Map<string, NamedResource>()));
  let answer = answers.get(name);
  if (answer === undefined) {
    if (answers.size >= NAMED_LIMIT) answers.clear();
    answers.set(name, (answer = readNamedResource(index, name)));
  }
  return answer;
}

function readNamedResource(index: HistoryIndex, name: string): NamedResource {
  const words = nameWords(name);
  const types = spellings(index);
  let field: ValueField | undefined;
  let end = words.length;
  // An enum named for a value field: `RunStatus`, `TaskStageStatus`, `Status`.
  const last = words[end - 1];
  if (last !== undefined && FIELD_WORDS[last] !== undefined && end <= 4) {
    field = FIELD_WORDS[last];
    end--;
  }
  for (; end > 0; end--) {
    for (let start = 0; start < end; start++) {
      const span = words.slice(start, end);
      const resource = types.get(span.join('')) ?? types.get(span.map((w) => SYNONYMS[w] ?? w).join(''));
      if (resource !== undefined) return start > 0 ? { resource, field, prefixed: true } : { resource, field };
    }
    if (!KIND_WORDS.has(words[end - 1] ?? '')) break;
  }
  return { resource: undefined, field };
}

/** The value field a word of the name spells, wherever it stands (`StatusCounts`, `RunStatus`: `status`). */
export function namesField(name: string): ValueField | undefined {
  for (const word of nameWords(name)) if (FIELD_WORDS[word] !== undefined) return FIELD_WORDS[word];
  return undefined;
}

/** The resource these words spell exactly, singular or plural (`TaskStages`, `Run`), kind words not dropped. */
export function spelledResource(index: HistoryIndex, name: string): string | undefined {
  const words = nameWords(name);
  const types = spellings(index);
  return types.get(words.join('')) ?? types.get(words.map((w) => SYNONYMS[w] ?? w).join(''));
}

/** The resource a source file's name stands for (`models/state_versions.py`, `src/run.rs`), if any. */
export function fileResource(index: HistoryIndex, fileName: string | undefined): string | undefined {
  if (fileName === undefined) return undefined;
  const base = fileBaseName(fileName);
  const dot = base.indexOf('.');
  const named = namedResource(index, dot === -1 ? base : base.slice(0, dot));
  return named.field === undefined ? named.resource : undefined;
}

/**
 * Whether a model's name says it is about something other than `resource`: after the words that only
 * say what kind of model it is, some word remains and the resource's words are not all among the
 * name's (`PolicySetVersion`, `RegistryProviderVersion`, `ReservedTagKey` for `workspaces`). A name of
 * kind words alone (`Attributes`, `CreateOptions`) says nothing.
 */
export function namesOther(name: string, resource: string): boolean {
  const words = nameWords(name).map(singular);
  while (words.length > 0 && KIND_WORDS.has(words[words.length - 1] ?? '')) words.pop();
  if (words.length === 0) return false;
  return !resource
    .replace(/^admin\//, '')
    .split(/[- ]/)
    .every((w) => {
      const one = singular(w);
      return words.includes(one) || words.includes(SYNONYMS[one] ?? one) || words.some((x) => SYNONYMS[x] === one);
    });
}
