import { bracketPairs } from './brackets.ts';
import type { ValueField } from './data-types.ts';
import { memoKey, type Lines } from './lines.ts';
import { fileResource, namedResource, type NamedResource } from './model-names.ts';
import { GO_DASHED_TAG, writesApiRoot } from './other-api.ts';
import type { HistoryIndex } from './types.ts';
import { isNameChar } from './source-text.ts';
import { goDeclarations, isGoWordChar } from './go-declarations.ts';

/**
 * A client's own model of an API object, as its language declares one: a Python class (pydantic,
 * dataclass, TypedDict, Enum), a TypeScript interface, class, object type or enum, a Rust struct or
 * enum (with serde's `rename_all` and `rename`), a Dart class mapping JSON keys. Its resource is the one its name spells
 * (`model-names.ts`), else the one of the models holding it in a field (`vcs_repo: VcsRepoConfig` in a
 * workspace request), else the one of its file (`models/projects.py`); holders of different
 * resources leave it unknown.
 */
export interface Model {
  readonly name: string;
  readonly kind: 'struct' | 'enum';
  /** Offsets of the body (after the `{` or the class line, to the `}` or the block's end). */
  readonly open: number;
  readonly close: number;
  resource: string | undefined;
  /** An enum named for a value field (`RunStatus`): its values are that field's. */
  readonly field: ValueField | undefined;
  /** The name has words before its resource's (`PrePlanPayload`): see `NamedResource`. */
  readonly prefixed?: boolean;
  readonly members: Member[];
  /** Source ranges where the model's own declarations are (field lines with their arguments). */
  readonly declarations: { readonly start: number; readonly end: number }[];
  /** Rust: an `impl` of the model or a `Name::Variant` path may name its variants. */
  readonly rename: Rename | undefined;
  /** Templates the project sends this model to as a query (`project-facts.ts`). */
  paths?: readonly string[];
}

/** A field or enum member, with the wire name the model gives it. */
interface Member {
  readonly start: number;
  readonly end: number;
  /** The wire name: an alias or rename, the name converted by the model's rule, or the name itself. */
  readonly wire: string;
  /** The wire name is a camelCase name read as kebab-case by convention (not said by the model). */
  readonly guessed: boolean;
  /** Rest of the declaration (the field's type), where held models are named. */
  readonly typeText: string;
  /** For enum members with a string value: where the value literal's text starts. */
  readonly valueStart?: number;
}

/** serde's `rename_all` rules. */
type Rename = 'kebab-case' | 'snake_case' | 'camelCase' | 'lowercase' | 'SCREAMING_SNAKE_CASE';

/** Bounds: a model body longer than this is not read (generated monsters, minified code). */
const MAX_BODY = 200_000;

/** The models a text declares, for the languages whose models the matcher reads. */
export function readModels(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  languageId: string | undefined,
  fileName: string | undefined,
): Model[] {
  let models: Model[];
  if (languageId === 'python') models = pythonModels(text, lines, index);
  else if (languageId === 'typescript' || languageId === 'javascript' || languageId === 'typescriptreact')
    models = tsModels(text, lines, index, lines.markers.any(['this.attributes', 'this.relationships']));
  else if (languageId === 'rust') models = rustModels(text, lines, index);
  else if (languageId === 'go') models = goModels(text, lines, index);
  else if (languageId === 'java')
    models = [...javaEnums(text, lines, index), ...wireNamedClasses(text, lines, index, 'java')];
  else if (languageId === 'kotlin' || languageId === 'csharp')
    models = wireNamedClasses(text, lines, index, languageId);
  else if (languageId === 'dart') models = dartModels(text, lines, index);
  else return [];
  if (models.length === 0) return models;
  resolveHolders(models, fileResource(index, fileName));
  untieUnproven(models, text, index, languageId === 'go');
  return models;
}

/**
 * A model's resource known from names alone (its own, a holder's, its file's) is dropped in a file that does not show
 * the API: no API URL (`/api/v2`), no link to its documentation, no go-tfe import, no resource written as a
 * document's type (`"type": "projects"`), no model holding a JSON:API document's `attributes` or `relationships` or
 * spelling a member in kebab-case as its documents do (`alias="resource-count"`; not a timestamp such as
 * `json:"created-at"`, any dasherized app's), and no model
 * of the resource declaring an attribute of it spelt in more than one word, other than timestamps (`workspace_count`
 * of a project). A single word (`name`, `enabled`, `project`, `priority`) is plain English any app's model may have.
 * A to-do app's `Task { title, description, enabled }`, a portal's `ProjectCreate(BaseModel)` with a name and a
 * budget, another service's `Project` struct with `json:"name"` is no model of this API: its words say nothing of
 * the API's projects or tasks. Enums named for a value field (`RunStatus`) are kept: their values say it.
 */
function untieUnproven(models: readonly Model[], text: string, index: HistoryIndex, go: boolean): void {
  const byResource = new Map<string, Model[]>();
  for (const m of models)
    if (m.kind === 'struct' && m.resource !== undefined)
      byResource.set(m.resource, [...(byResource.get(m.resource) ?? []), m]);
  if (
    byResource.size === 0 ||
    writesApiRoot(text) ||
    API_DOCS.test(text) ||
    (go && (text.includes(GO_TFE_IMPORT) || (GO_ATTRIBUTES_TAG.test(text) && GO_DASHED_TAG.test(text))))
  )
    return;
  const wires = new Map(models.map((m) => [m, wireNames(text, m, go)]));
  if (models.some((m) => wires.get(m)!.some((w) => DOCUMENT_PARTS.has(w.wire) || (w.said && apiWire(w.wire))))) return;
  for (const [resource, mine] of byResource) {
    if (typeNamed(text, resource)) continue;
    if (mine.some((m) => wires.get(m)!.some((w) => ownAttribute(index, resource, w.wire)))) continue;
    for (const m of mine) m.resource = undefined;
  }
}

/**
 * Whether the text writes `resource` as a document's type: `"type": "projects"`, `type: 'projects'`, `type = "projects"`,
 * `Literal["projects"]` (a tag list's `tags=["projects"]` is not one).
 */
function typeNamed(text: string, resource: string): boolean {
  for (const quoted of [`"${resource}"`, `'${resource}'`])
    for (let at = text.indexOf(quoted); at !== -1; at = text.indexOf(quoted, at + quoted.length))
      if (TYPE_BEFORE.test(text.slice(Math.max(0, at - 24), at))) return true;
  return false;
}

/** What comes before a resource type's literal: a `type` key or assignment, or Python's `Literal[`. */
const TYPE_BEFORE = /(?:\btype["']?[ \t]*[:=][ \t]*|Literal\[[ \t]*)$/;

/** A link to this API's documentation (`developer.hashicorp.com/terraform/cloud-docs/api-docs/variable-sets`). */
const API_DOCS = /\b(?:cloud-docs|enterprise)\/api-docs\b|terraform\.io\/docs\/(?:cloud|enterprise)\/api\//;

/** Members of a JSON:API document's model: the file models this kind of API's documents. */
const DOCUMENT_PARTS = new Set(['attributes', 'relationships']);

/**
 * A wire name spelled in kebab-case as this API's documents spell theirs (`alias="resource-count"`,
 * `"auto-queue-runs"`), other than a timestamp (`created-at`, `updated-at`, `locked-at`): those are every dasherized
 * Rails or Ember model's, not this API's mark. (The history knows only the attributes that changed, so an attribute it
 * does not list, `auto-queue-runs`, still counts.)
 */
function apiWire(wire: string): boolean {
  return /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/.test(wire) && !wire.endsWith('-at') && !COMMON_ATTRIBUTES.has(wire);
}

/**
 * A Go struct's `json:"…"` tag names (its members are not read); elsewhere its members' wire names, `said` when the
 * model spells them (an alias, a quoted key, a serde rename), not a camelCase name read as kebab-case by convention.
 */
function wireNames(text: string, model: Model, go: boolean): { wire: string; said: boolean }[] {
  if (!go) return model.members.map((m) => ({ wire: m.wire, said: !m.guessed }));
  return [...text.slice(model.open, model.close).matchAll(GO_JSON_TAG)].map((m) => ({ wire: m[1] ?? '', said: true }));
}

const GO_JSON_TAG = /\bjson:"([^",]+)/g;

/** Attribute names most apps' models have, whatever they model: they show no resource. */
const COMMON_ATTRIBUTES = new Set(['name', 'description', 'created-at', 'updated-at']);

/**
 * An attribute of `resource` in the history whose wire name is more than one word (`workspace_count`:
 * `workspace-count`), other than COMMON_ATTRIBUTES. A single word (`enabled`, `project`, `readme`, `outputs`) is plain
 * English any app's model may have (a to-do `Task`'s `enabled`, a bot's `Workspace` with a `project`): no proof.
 */
function ownAttribute(index: HistoryIndex, resource: string, wire: string): boolean {
  const kebab = wire.replace(/_/g, '-').toLowerCase();
  if (!kebab.includes('-') || COMMON_ATTRIBUTES.has(kebab)) return false;
  const snake = kebab.replace(/-/g, '_');
  const subjects = [wire, kebab, snake].flatMap((w) => index.byName.get(w) ?? []);
  return subjects.some((s) => s.resource === resource && s.type !== 'endpoint');
}

/** Models whose name says nothing take the one resource of the models holding them, else the file's. */
function resolveHolders(models: Model[], file: string | undefined): void {
  attributeObjects(models);
  const unknown = models.filter((m) => m.resource === undefined);
  if (unknown.length === 0) return;
  // The models holding each word in a member's type, for a name's `\bName\b`.
  const held = new HeldBy(models, (m) => m.typeText.match(TYPE_WORD) ?? []);
  for (let round = 0; round < 2 && unknown.length > 0; round++) {
    for (const model of unknown) {
      if (model.resource !== undefined) continue;
      const holders = WORD_NAME.test(model.name)
        ? held.holders(model, model.name)
        : holdersByPattern(models, model, () => true);
      if (holders.size === 1) {
        const [only] = holders;
        if (only !== undefined) held.assign(model, only);
      } else if (holders.size > 1 && file !== undefined && holders.has(file))
        // Held by models of several resources, one the file's (`Data` of a workspace document, and of the
        // organization it refers to): the file's document is the one its parts make up.
        held.assign(model, file);
      else if (holders.size > 1) holders.add(undefined);
      if (model.resource === undefined && round === 1 && holders.size === 0) held.assign(model, file);
    }
  }
}

/** A name that is one word of a type's text exactly where `\bName\b` finds it: a run of word characters. */
const WORD_NAME = /^\w+$/;
/** The words of a member's type (`Optional[List[WorkspaceData]]`: `Optional`, `List`, `WorkspaceData`). */
const TYPE_WORD = /\w+/g;

/**
 * The resources of the models other than `model` with a member `also` takes whose type has the model's name as
 * `\bName\b` finds it: for a name of other characters than word ones (TypeScript's `$`), its pattern as it reads.
 */
function holdersByPattern(
  models: readonly Model[],
  model: Model,
  also: (m: Member) => boolean,
): Set<string | undefined> {
  const word = new RegExp(`\\b${model.name}\\b`);
  const holders = new Set<string | undefined>();
  for (const other of models)
    if (other !== model && other.members.some((m) => also(m) && word.test(m.typeText))) holders.add(other.resource);
  return holders;
}

/**
 * Which models have a member of a key (a word of its type), counted by their resource (`resolveHolders`,
 * `attributeObjects`): each model's members read once, the counts kept as resources are assigned. Each model was
 * matched against every other model's members (a regex of its name on each type), so a file of many models took time
 * growing with their count squared.
 */
class HeldBy {
  /** For each key: how many models have a member of it, by their resource. */
  readonly #byKey = new Map<string, Map<string | undefined, number>>();
  /** Each model's keys. */
  readonly #keys = new Map<Model, Set<string>>();

  constructor(models: readonly Model[], keys: (member: Member) => Iterable<string>) {
    for (const model of models) {
      const own = new Set<string>();
      for (const m of model.members) for (const key of keys(m)) own.add(key);
      this.#keys.set(model, own);
      for (const key of own) {
        let counts = this.#byKey.get(key);
        if (counts === undefined) this.#byKey.set(key, (counts = new Map<string | undefined, number>()));
        counts.set(model.resource, (counts.get(model.resource) ?? 0) + 1);
      }
    }
  }

  /** The resources of the models other than `model` with a member of `key`. */
  holders(model: Model, key: string): Set<string | undefined> {
    const holders = new Set<string | undefined>();
    const counts = this.#byKey.get(key);
    if (counts === undefined) return holders;
    const self = this.#keys.get(model)?.has(key) === true;
    for (const [resource, n] of counts)
      if (n - (self && resource === model.resource ? 1 : 0) > 0) holders.add(resource);
    return holders;
  }

  /** Gives `model` a resource, its keys counted under it from now on. */
  assign(model: Model, resource: string | undefined): void {
    for (const key of this.#keys.get(model) ?? []) {
      const counts = this.#byKey.get(key)!;
      const left = counts.get(model.resource)! - 1;
      if (left === 0) counts.delete(model.resource);
      else counts.set(model.resource, left);
      counts.set(resource, (counts.get(resource) ?? 0) + 1);
    }
    model.resource = resource;
  }
}

/**
 * A struct named for a resource and one of its value words (`OrganizationAccess`: organizations, `access`) held in
 * a field of the same name (`organization_access: Option<OrganizationAccess>`) by a model of another resource (a
 * team's attributes) is the object of that field: the holder's resource, not the one its name starts with.
 */
function attributeObjects(models: readonly Model[]): void {
  let held: HeldBy | undefined;
  for (const model of models) {
    if (model.kind !== 'struct' || model.field === undefined || model.resource === undefined) continue;
    const own = flat(model.name);
    // The models with a member of each flat wire name and type word (`organizationaccess`, `OrganizationAccess`).
    held ??= new HeldBy(models, (m) => {
      const wire = flat(m.wire);
      return (m.typeText.match(TYPE_WORD) ?? []).map((w) => `${wire}\n${w}`);
    });
    const holders = WORD_NAME.test(model.name)
      ? held.holders(model, `${own}\n${model.name}`)
      : holdersByPattern(models, model, (m) => flat(m.wire) === own);
    const [only] = holders;
    if (holders.size === 1 && only !== undefined && only !== model.resource) held.assign(model, only);
  }
}

/** A name without its `-` and `_`, in lower case (`organization_access`, `OrganizationAccess`: `organizationaccess`). */
function flat(name: string): string {
  return name.replace(/[-_]/g, '').toLowerCase();
}

// ---------------------------------------------------------------- Python

const PY_CLASS = /^([ \t]*)class[ \t]+([A-Za-z_]\w*)[ \t]*(?:\(([^)]*)\))?[ \t]*:/;
const PY_FIELD = /^([ \t]+)([A-Za-z_]\w*)[ \t]*:[ \t]*([^=\n]*)/;
const PY_MEMBER = /^([ \t]+)([A-Za-z_]\w*)[ \t]*=[ \t]*(?:\w+\()?(["'])([^"'\n]*)\3/;
const PY_ALIAS = /\b(?:serialization_)?alias[ \t]*=[ \t]*(["'])([^"'\n]+)\1/;

function pythonModels(text: string, lines: Lines, index: HistoryIndex): Model[] {
  const models: Model[] = [];
  const lastLine = lines.lineOf(text.length);
  const triple = new TripleQuotes(text);
  // A class's own dictionaries of its resource object (`ownDocument`), searched for only in a text that assigns one.
  const owns = lines.markers.any(['self.attributes', 'self.relationships']);
  for (
    let at = text.startsWith('class ') ? 0 : text.indexOf('class ');
    at !== -1;
    at = text.indexOf('class ', at + 6)
  ) {
    const line = lines.lineOf(at);
    const lineStart = lines.startOf(line);
    const head = PY_CLASS.exec(text.slice(lineStart, lines.endOf(line)));
    if (!head || lineStart + (head[1]?.length ?? 0) !== at) continue;
    const name = head[2] ?? '';
    const bases = head[3] ?? '';
    const indent = head[1]?.length ?? 0;
    const named = namedResource(index, name);
    const isEnum = /\bEnum\b/.test(bases);
    const members: Member[] = [];
    const declarations: { start: number; end: number }[] = [];
    let bodyIndent = -1;
    let docstring = false;
    let close = lines.endOf(line);
    let open: { start: number; end: number } | undefined;
    for (let l = line + 1; l <= lastLine; l++) {
      const start = lines.startOf(l);
      if (start - at > MAX_BODY) break;
      const end = lines.endOf(l);
      // Rows are read without slicing until one is at the body's own indent (methods are most of a class).
      const quotes = triple.within(start, end);
      if (docstring) {
        if (quotes % 2 === 1) docstring = false;
        close = end;
        continue;
      }
      let first = start;
      while (first < end && (text.charCodeAt(first) === 32 || text.charCodeAt(first) === 9)) first++;
      const c = text.charCodeAt(first);
      if (first === end || c === 35 || c === 13) continue; // blank or `#` comment
      const own = first - start;
      if (own <= indent) break;
      close = end;
      if (quotes % 2 === 1) docstring = true;
      if (bodyIndent === -1) bodyIndent = own;
      if (own > bodyIndent) {
        if (open) open.end = end;
        continue;
      }
      const row = text.slice(start, end);
      if (open) declarations.push(open);
      open = undefined;
      if (quotes > 0) continue;
      const member = isEnum ? PY_MEMBER.exec(row) : undefined;
      if (member) {
        members.push(valueMember(start + member.index + member[0].length - 1, member[4] ?? ''));
        open = { start, end };
        continue;
      }
      const field = isEnum ? undefined : PY_FIELD.exec(row);
      if (!field || row.trimStart().startsWith('def ')) continue;
      const fieldStart = start + (field[1]?.length ?? 0);
      const fieldName = field[2] ?? '';
      open = { start, end };
      members.push({
        start: fieldStart,
        end: fieldStart + fieldName.length,
        wire: fieldName,
        guessed: false,
        typeText: field[3] ?? '',
      });
    }
    if (open) declarations.push(open);
    // A field's alias, anywhere in its statement (`Field(None, alias="tag-bindings", …)`).
    for (const [k, member] of members.entries()) {
      const statement = declarations.find((d) => d.start <= member.start && member.start < d.end);
      const alias = statement && !isEnum ? PY_ALIAS.exec(text.slice(member.end, statement.end)) : null;
      if (alias?.[2] !== undefined) members[k] = { ...member, wire: alias[2] };
    }
    // A resource object's model says its type: `type: str = "task-results"` (its name may spell nothing).
    const typed = named.resource === undefined && !isEnum ? typeDefault(text, index, members, declarations) : undefined;
    const said = typed === undefined ? named : { ...named, resource: typed };
    if (!isEnum && said.resource !== undefined && owns && tiedToApi(text, lines, said.resource))
      ownDocument(text, lines, lines.endOf(line), close, 'self.', declarations);
    models.push(model(name, isEnum, lines.endOf(line), close, said, members, declarations, undefined));
  }
  return models;
}

/**
 * A class that holds its resource object's parts as dictionaries of its own (`self.attributes = {'name': name,
 * 'priority': False}`, `this.relationships = { project: {…} }`): each such literal assigned in the class's body (its
 * methods included) is a declaration of the class's model, so its keys are the model's resource's (asked only for a
 * class whose resource is known). `receiver` is the language's `self.` or `this.`.
 */
function ownDocument(
  text: string,
  lines: Lines,
  from: number,
  to: number,
  receiver: string,
  declarations: { start: number; end: number }[],
): void {
  for (const part of OWN_PARTS) {
    const needle = receiver + part;
    for (let at = text.indexOf(needle, from); at !== -1 && at < to; at = text.indexOf(needle, at + needle.length)) {
      const head = OWN_DOCUMENT.exec(text.slice(at + needle.length, at + needle.length + 20));
      if (head === null || (at > 0 && isNameChar(text.charCodeAt(at - 1)))) continue;
      const open = at + needle.length + head[0].length;
      const close = matchingBrace(text, lines, open);
      if (close !== -1 && close < to) declarations.push({ start: open - 1, end: close + 1 });
    }
  }
}

/**
 * Whether the file ties a class of `resource` to the API, not by the class's name alone (a to-do app's `Task` and
 * `Project` are no API's): the resource's type written as a string (`'type': 'projects'`), or an API URL (`/api/v2`).
 */
function tiedToApi(text: string, lines: Lines, resource: string): boolean {
  // Once a resource a text: asked per class, three searches of the whole text each made a text of many classes take
  // time growing with its length squared (a to-do app's classes repeated to 400 KB: 1.1 s; session 38).
  const known = lines.memo(TIED_TO_API, () => new Map<string, boolean>());
  let tied = known.get(resource);
  if (tied === undefined)
    known.set(
      resource,
      (tied = writesApiRoot(text) || text.includes(`'${resource}'`) || text.includes(`"${resource}"`)),
    );
  return tied;
}
const TIED_TO_API = memoKey<Map<string, boolean>>('models: resources the text ties to the API');

/** The parts of a resource object a class may hold as dictionaries of its own. */
const OWN_PARTS = ['attributes', 'relationships'];

/** After `self.attributes`: ` = {` (the brace's offset is the match's end, less one). */
const OWN_DOCUMENT = /^[ \t]*=[ \t]*\{/;

/** The resource type a `type` field's default names (`type: str = "task-results"`, `type: Literal["projects"] = "projects"`). */
function typeDefault(
  text: string,
  index: HistoryIndex,
  members: readonly Member[],
  declarations: readonly { start: number; end: number }[],
): string | undefined {
  const member = members.find((m) => m.wire === 'type');
  if (!member) return undefined;
  const statement = declarations.find((d) => d.start <= member.start && member.start < d.end);
  if (!statement) return undefined;
  const value = /=[ \t]*(["'])([\w-]+)\1[ \t]*(?:#.*)?$/.exec(text.slice(member.end, statement.end).trimEnd())?.[2];
  return value !== undefined && index.resourceTypes.has(value) ? value : undefined;
}

/** Counts `"""` and `'''` in a range by native searches, remembering the next of each. */
class TripleQuotes {
  #double = -2;
  #single = -2;
  #from = 0;
  constructor(readonly text: string) {}

  within(from: number, to: number): number {
    let n = 0;
    for (let at = this.#next(from); at !== -1 && at < to; at = this.#next(at + 3)) n++;
    return n;
  }

  #next(from: number): number {
    // A nested class reads rows again: search afresh from there.
    if (from < this.#from) this.#double = this.#single = -2;
    this.#from = from;
    if (this.#double !== -1 && this.#double < from) this.#double = this.text.indexOf('"""', from);
    if (this.#single !== -1 && this.#single < from) this.#single = this.text.indexOf("'''", from);
    if (this.#double === -1) return this.#single;
    return this.#single === -1 ? this.#double : Math.min(this.#double, this.#single);
  }
}

// ---------------------------------------------------------------- TypeScript / JavaScript

const TS_HEAD =
  /^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?(?:default[ \t]+)?(?:abstract[ \t]+)?(interface|class|type|enum|const enum)[ \t]+([A-Za-z_$][\w$]*)[^\n{=;]*?(=[ \t]*)?\{/;
const TS_KEY =
  /^[ \t]*(?:(?:readonly|public|private|protected|declare|static)[ \t]+)*(?:(["'])([^"'\n]+)\1|([A-Za-z_$][\w$]*))[ \t]*[?!]?[ \t]*:[ \t]*([^\n;]*)/;
const TS_MEMBER = /^[ \t]*([A-Za-z_$][\w$]*)[ \t]*=[ \t]*(["'])([^"'\n]*)\2/;

/** Whether the line at `lineStart` opens, after its blanks, with a letter TS_HEAD's first word may (`e`, `d`, `a`, `i`, `c`, `t`). */
function mayOpenHead(text: string, lineStart: number): boolean {
  let i = lineStart;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  const c = text.charCodeAt(i);
  return c === 101 || c === 100 || c === 97 || c === 105 || c === 99 || c === 116;
}

function tsModels(text: string, lines: Lines, index: HistoryIndex, owns: boolean): Model[] {
  const models: Model[] = [];
  // A head opens its body on its own line: the lines that hold a `{` (one native search, each line once), then
  // the head pattern on those whose first word may open one (a pattern of the keywords stopped at every word).
  for (let brace = text.indexOf('{'); brace !== -1;) {
    // Back to the line's start by hand: lines are short, and `lastIndexOf` is a call into the runtime each time.
    let lineStart = brace;
    while (lineStart > 0 && text.charCodeAt(lineStart - 1) !== 10) lineStart--;
    const eol = text.indexOf('\n', brace);
    brace = eol === -1 ? -1 : text.indexOf('{', eol + 1);
    if (!mayOpenHead(text, lineStart)) continue;
    const m = TS_HEAD.exec(text.slice(lineStart, eol === -1 ? text.length : eol));
    if (!m) continue;
    const keyword = m[1] ?? '';
    if (keyword === 'type' && m[3] === undefined) continue; // `type X = {` only
    const open = lineStart + m.index + m[0].length;
    const close = matchingBrace(text, lines, open);
    if (close === -1) continue;
    const name = m[2] ?? '';
    const named = namedResource(index, name);
    const isEnum = keyword.endsWith('enum');
    const members: Member[] = [];
    const declarations: { start: number; end: number }[] = [];
    readBody(text, open, close, (row, i, end, depth) => {
      // Interfaces and object types declare at every depth; a class only at its own.
      if (isEnum) {
        const member = TS_MEMBER.exec(row);
        if (member) {
          members.push(valueMember(i + member.index + member[0].length - 1, member[3] ?? ''));
          declarations.push({ start: i, end });
        }
      } else if (keyword !== 'class' || depth === 1) {
        const key = TS_KEY.exec(row);
        if (key && !/^\s*\(/.test(key[4] ?? '')) {
          declarations.push({ start: i, end });
          const bare = key[3];
          if (bare !== undefined) {
            const start = i + row.indexOf(bare, key[0].indexOf(bare));
            const kebab = camelToKebab(bare);
            members.push({
              start,
              end: start + bare.length,
              wire: kebab,
              guessed: kebab !== bare,
              typeText: key[4] ?? '',
            });
          } else members.push({ start: -1, end: -1, wire: key[2] ?? '', guessed: false, typeText: key[4] ?? '' });
        }
      }
    });
    if (owns && keyword === 'class' && named.resource !== undefined && tiedToApi(text, lines, named.resource))
      ownDocument(text, lines, open, close, 'this.', declarations);
    models.push(model(name, isEnum, open, close, named, members, declarations, undefined));
  }
  return models;
}

// ---------------------------------------------------------------- Rust

const RS_HEAD = /(?:^|\n)[ \t]*(?:pub(?:\([\w ]+\))?[ \t]+)?(struct|enum)[ \t]+([A-Za-z_]\w*)[^\n{;]*\{/g;
const RS_RENAME_ALL = /rename_all[ \t]*=[ \t]*"([\w-]+)"/;
const RS_RENAME = /#\[serde\([^\]\n]*\brename[ \t]*=[ \t]*"([^"\n]+)"/;
const RS_FIELD = /^[ \t]*(?:pub(?:\([\w ]+\))?[ \t]+)?([a-z_][a-z0-9_]*)[ \t]*:[ \t]*([^\n]*)/;
const RS_VARIANT = /^[ \t]*([A-Z][A-Za-z0-9]*)[ \t]*(?:,|\(|\{|=|$)/;

function rustModels(text: string, lines: Lines, index: HistoryIndex): Model[] {
  const models: Model[] = [];
  RS_HEAD.lastIndex = 0;
  for (let m = RS_HEAD.exec(text); m !== null; m = RS_HEAD.exec(text)) {
    const open = m.index + m[0].length;
    const close = matchingBrace(text, lines, open);
    if (close === -1) continue;
    const isEnum = m[1] === 'enum';
    const name = m[2] ?? '';
    // The attributes just above the item: `#[serde(rename_all = "kebab-case")]`.
    const above = text.slice(Math.max(0, m.index - 400), m.index);
    const attrs = above.slice(above.search(/(?:\n[ \t]*#\[[^\n]*)+$/) + 1);
    const renameAll = RS_RENAME_ALL.exec(attrs)?.[1] as Rename | undefined;
    const named = namedResource(index, name);
    const members: Member[] = [];
    const declarations: { start: number; end: number }[] = [];
    let renamed: string | undefined;
    readBody(text, open, close, (row, i, end, depth) => {
      if (depth !== 1) return;
      const rename = RS_RENAME.exec(row)?.[1];
      if (rename !== undefined) {
        renamed = rename;
        return;
      }
      if (/^\s*(?:#|\/\/)/.test(row)) return;
      const item = isEnum ? RS_VARIANT.exec(row) : RS_FIELD.exec(row);
      if (item) {
        const ident = item[1] ?? '';
        const start = i + row.indexOf(ident);
        const wire = renamed ?? convert(ident, renameAll, isEnum);
        members.push({
          start,
          end: start + ident.length,
          wire,
          guessed: false,
          typeText: isEnum ? '' : (item[2] ?? ''),
        });
        declarations.push({ start: i, end });
      }
      renamed = undefined;
    });
    models.push(model(name, isEnum, open, close, named, members, declarations, isEnum ? renameAll : undefined));
  }
  return models;
}

// ---------------------------------------------------------------- Java

const JAVA_ENUM = /(?:^|\n)[ \t]*(?:(?:public|private|protected|static)[ \t]+)*enum[ \t]+([A-Z]\w*)[^\n{;]*\{/g;
/** An enum constant with its wire value: `@JsonProperty("queuing") QUEUING,` or `QUEUING("queuing"),`. */
const JAVA_CONSTANT =
  /^[ \t]*(?:@JsonProperty\([ \t]*(?:value[ \t]*=[ \t]*)?"([^"\n]+)"[ \t]*\)[ \t]*)?[A-Z][A-Z0-9_]*[ \t]*(?:\([ \t]*"([^"\n]+)"[ \t]*[,)])?/;

/**
 * A Java enum named for a value field (`enum RunStatus`), its constants mapped to their wire values by Jackson's
 * `@JsonProperty("queuing")` or a string argument (`QUEUING("queuing")`): the field's values on the enum's resource.
 * Constants without a said value are not read (their wire spelling is the program's choice).
 */
function javaEnums(text: string, lines: Lines, index: HistoryIndex): Model[] {
  if (!text.includes('enum ')) return [];
  const models: Model[] = [];
  JAVA_ENUM.lastIndex = 0;
  for (let m = JAVA_ENUM.exec(text); m !== null; m = JAVA_ENUM.exec(text)) {
    const name = m[1] ?? '';
    const named = namedResource(index, name);
    if (named.field === undefined || named.resource === undefined) continue;
    const open = m.index + m[0].length;
    const close = matchingBrace(text, lines, open);
    if (close === -1) continue;
    const members: Member[] = [];
    let done = false;
    readBody(text, open, close, (row, i, _end, depth) => {
      if (done || depth !== 1) return;
      const item = JAVA_CONSTANT.exec(row);
      const value = item?.[1] ?? item?.[2];
      if (item && value !== undefined) {
        const quote = i + item[0].indexOf(`"${value}"`) + 1 + value.length;
        members.push(valueMember(quote, value));
      }
      // The constants end at the first `;` of the enum's own level (its fields and methods follow).
      if (row.replace(/"[^"\n]*"/g, '').includes(';')) done = true;
    });
    if (members.length > 0) models.push(model(name, true, open, close, named, members, [], undefined));
  }
  return models;
}

/** Class heads: Java's `class`/`record`, Kotlin's (`data class X(`, its fields in the constructor), C#'s `class`/`record`/`struct`. */
const CLASS_HEADS: Readonly<Record<'java' | 'kotlin' | 'csharp', RegExp>> = {
  java: /(?:^|\n)[ \t]*(?:(?:public|private|protected|static|final|abstract)[ \t]+)*(?:class|record)[ \t]+([A-Z]\w*)[^\n{;]*\{/g,
  kotlin:
    /(?:^|\n)[ \t]*(?:(?:public|private|internal|open|data|sealed|abstract)[ \t]+)*class[ \t]+([A-Z]\w*)[ \t]*(?:<[^>\n]*>[ \t]*)?(?:\(|[^\n({;=]*\{)/g,
  csharp:
    /(?:^|\n)[ \t]*(?:(?:public|private|protected|internal|static|sealed|abstract|partial|readonly)[ \t]+)*(?:class|record|struct)[ \t]+([A-Z]\w*)[^\n{;]*(?:\r?\n[ \t]*)?\{/g,
};
/** A wire name an annotation gives (`@SerializedName("auto-apply")`, `@Json(name = "auto-apply")`): group 1. */
const WIRE_NAME =
  /(?:JsonProperty|SerializedName|SerialName|JsonPropertyName|Json)\([ \t]*(?:(?:name|value)[ \t]*=[ \t]*)?"([^"\n]+)"/g;
/** What gives a field its wire name, per language: Jackson, Gson, kotlinx, Moshi, System.Text.Json, Newtonsoft. */
const WIRE_MARKS: Readonly<Record<'java' | 'kotlin' | 'csharp', readonly string[]>> = {
  java: ['@JsonProperty(', '@SerializedName('],
  kotlin: ['@JsonProperty(', '@SerializedName(', '@SerialName(', '@Json(name'],
  csharp: ['[JsonPropertyName(', '[JsonProperty('],
};

/**
 * A Java, Kotlin or C# class (or record, struct) whose fields carry wire names (`@JsonProperty("terraform-build-worker-apply-timeout")`,
 * Gson's `@SerializedName`, kotlinx's `@SerialName`, Moshi's `@Json(name = …)`, `[JsonPropertyName("auto-apply")]`) and
 * whose name spells a resource (`class Organization`, `data class WorkspaceAttributes(`): its body (a Kotlin data class's
 * constructor too) is that resource's declaration, so the names found there (by the main pass) are its attributes, not
 * another resource's of the same name (the admin API's `admin/organizations` and `general-settings` share their
 * timeouts). A class whose name spells none says nothing; a class nested in one of another resource is a part of that
 * one's object (a policy check's `Result.Sentinel.Policy` is no policy) and is left to it.
 */
function wireNamedClasses(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  language: 'java' | 'kotlin' | 'csharp',
): Model[] {
  const marks = WIRE_MARKS[language];
  if (!marks.some((mark) => text.includes(mark))) return [];
  const models: Model[] = [];
  const head = CLASS_HEADS[language];
  head.lastIndex = 0;
  for (let m = head.exec(text); m !== null; m = head.exec(text)) {
    const name = m[1] ?? '';
    const named = namedResource(index, name);
    if (named.resource === undefined || named.field !== undefined) continue;
    const open = m.index + m[0].length;
    // A Kotlin constructor's `(…)`, then the class body's `{…}` when one follows.
    let close =
      text.charCodeAt(open - 1) === 40
        ? bracketPairs(text, lines, 'all').close(open - 1, MAX_BODY)
        : matchingBrace(text, lines, open);
    if (close === -1) continue;
    const brace = text.charCodeAt(open - 1) === 40 ? /^[^\n{;=]*\{/.exec(text.slice(close + 1, close + 200)) : null;
    if (brace) {
      const end = matchingBrace(text, lines, close + 1 + brace[0].length);
      if (end !== -1) close = end;
    }
    if (models.some((o) => o.open < open && close <= o.close && o.resource !== named.resource)) continue;
    const body = text.slice(open, close);
    if (!marks.some((mark) => body.includes(mark))) continue;
    // The wire names, as members that show the model spells the API's names (`untieUnproven`), read nowhere else.
    const members = [...body.matchAll(WIRE_NAME)].map((w): Member => ({
      start: -1,
      end: -1,
      wire: w[1] ?? '',
      guessed: false,
      typeText: '',
    }));
    models.push(model(name, false, open, close, named, members, [{ start: open, end: close }], undefined));
  }
  return models;
}

// ---------------------------------------------------------------- Dart

const DART_HEAD =
  /(?:^|\n)[ \t]*(?:(?:abstract|base|final|sealed|interface)[ \t]+)*(class|enum)[ \t]+([A-Z]\w*)[^\n{;]*\{/g;
/** A field: `final String? name;`, `List<Data>? data;`, `@JsonKey(name: 'auto-apply') bool? autoApply;`. */
const DART_FIELD =
  /^[ \t]*(?:@\w+(?:\([^\n]*?\))?[ \t]+)*(?:(?:final|late|static|const|external)[ \t]+)*([A-Za-z_]\w*(?:<[^;=()\n]*>)?\??)[ \t]+([a-z_$][\w$]*)[ \t]*(?:=[^;\n]*)?;/;
/** A wire key the class reads or writes: `json['auto-apply']`, `data['tag-names'] =`, `@JsonKey(name: 'auto-apply')`. */
const DART_WIRE = /\[[ \t]*(["'])([^"'$\n]+)\1[ \t]*\]|@JsonKey\([^)\n]*\bname:[ \t]*(["'])([^"'$\n]+)\3/g;
/** An enum value: `@JsonValue('plan_queued') planQueued,`, `planQueued('plan_queued'),`, a bare `fetching,`. */
const DART_VALUE =
  /^[ \t]*(?:@JsonValue\([ \t]*(["'])([^"'\n]+)\1[ \t]*\)[ \t]*)?([a-z]\w*)[ \t]*(?:\([ \t]*(["'])([^"'\n]+)\4)?/;

/**
 * Dart (Flutter) models: a class that maps JSON by hand (`fromJson` reading `json['auto-apply']`, `toJson` writing
 * `data['auto-apply']`) or by json_serializable's `@JsonKey(name: 'auto-apply')` is a model whose whole body declares
 * the keys found there; its fields (`Attributes? attributes;`) say which classes it holds, so a nameless part
 * (`Data`, `Attributes`, `Permissions`) takes its holder's resource. An enum named for a value field (`RunStatus`)
 * gives its values: a said one (`@JsonValue('plan_queued')`, `planQueued('plan_queued')`) or a member of one
 * lower-case word (`fetching`), whose spelling is the wire's.
 */
function dartModels(text: string, lines: Lines, index: HistoryIndex): Model[] {
  if (!text.includes('class ') && !text.includes('enum ')) return [];
  const models: Model[] = [];
  DART_HEAD.lastIndex = 0;
  for (let m = DART_HEAD.exec(text); m !== null; m = DART_HEAD.exec(text)) {
    const open = m.index + m[0].length;
    const close = matchingBrace(text, lines, open);
    if (close === -1) continue;
    const name = m[2] ?? '';
    const named = namedResource(index, name);
    const members: Member[] = [];
    if (m[1] === 'enum') {
      if (named.field === undefined) continue;
      let done = false;
      readBody(text, open, close, (row, i, _end, depth) => {
        if (done || depth !== 1) return;
        const item = DART_VALUE.exec(row);
        const said = item?.[2] ?? item?.[5];
        if (item && said !== undefined) {
          const quote = i + row.indexOf(said, item.index) + said.length;
          members.push(valueMember(quote, said));
        } else if (item && /^[a-z]+$/.test(item[3] ?? '')) {
          const start = i + row.indexOf(item[3] ?? '');
          members.push({
            start,
            end: start + (item[3]?.length ?? 0),
            wire: item[3] ?? '',
            guessed: false,
            typeText: '',
          });
        }
        // An enhanced enum's values end at the first `;` of its own level (its fields and methods follow).
        if (row.replace(/(["'])[^"'\n]*\1/g, '').includes(';')) done = true;
      });
      if (members.length > 0) models.push(model(name, true, open, close, named, members, [], undefined));
      continue;
    }
    const body = text.slice(open, close);
    DART_WIRE.lastIndex = 0;
    for (let w = DART_WIRE.exec(body); w !== null; w = DART_WIRE.exec(body))
      members.push({ start: -1, end: -1, wire: w[2] ?? w[4] ?? '', guessed: false, typeText: '' });
    if (members.length === 0) continue;
    readBody(text, open, close, (row, _i, _end, depth) => {
      if (depth !== 1) return;
      const field = DART_FIELD.exec(row);
      if (field) members.push({ start: -1, end: -1, wire: field[2] ?? '', guessed: true, typeText: field[1] ?? '' });
    });
    models.push(model(name, false, open, close, named, members, [{ start: open, end: close }], undefined));
  }
  return models;
}

// ---------------------------------------------------------------- Go

/**
 * A Go struct with `json` tags declared at the top level (`type VariablesetList struct {`): its whole body, nested anonymous
 * structs (`Data []struct { Attributes struct { … } }`) included, is the named type's declaration, so the
 * names its tags carry (`json:"updated-at"`, found by the main pass) take the resource the type's name spells.
 */
function goModels(text: string, lines: Lines, index: HistoryIndex): Model[] {
  const models: Model[] = [];
  let goTfe: boolean | undefined;
  let copied: CopiedStructs | undefined;
  // The file's `type Name struct {` heads at line starts (`go-declarations.ts`).
  for (const head of goDeclarations(text, lines).types) {
    const first = head.name.charCodeAt(0);
    if (head.kind !== 'struct' || (first >= 48 && first <= 57)) continue;
    const open = head.brace + 1;
    const close = matchingBrace(text, lines, open);
    if (close === -1) continue;
    // A jsonapi-tagged struct says its type itself (`jsonapi:"primary,varsets"`), read where its tags are.
    const body = text.slice(open, close);
    if (!body.includes('json:"') || body.includes('jsonapi:"')) continue;
    goTfe ??= text.includes(GO_TFE_IMPORT);
    const name = head.name;
    if (goTfe && (copied ??= new CopiedStructs(text, lines)).copied(name)) continue;
    models.push(
      model(name, false, open, close, namedResource(index, name), [], [{ start: open, end: close }], undefined),
    );
  }
  return models;
}

const GO_TFE_IMPORT = '"github.com/hashicorp/go-tfe"';
/**
 * A Go struct's field tagged as a JSON:API document's `attributes` (`json:"attributes"`, `json:"attributes,omitempty"`),
 * wherever the struct is declared (a function's own `projJSON` whose `Attrs projectAttrs` field is so tagged, which
 * `goModels` does not read as a model), with a field tagged dashed as this API's attributes are (`json:"created-at"`,
 * GO_DASHED_TAG): the file models this API's documents. The tag alone is any JSON:API's (Snyk's, Datadog's v2).
 */
const GO_ATTRIBUTES_TAG = /\bjson:"attributes[",]/;
/** A keyed field of a literal copied from a field of the same name (`Name: p.Name,`). */
const COPIED_FIELD = /^[ \t]*(\w+):[ \t]*&?[A-Za-z_]\w*\.(\w+)[ \t]*,?[ \t]*$/gm;
const MAX_COPY_LITERAL = 4_000;

/**
 * In a file that reads the API through go-tfe, a struct of its own whose literal copies two or more fields of
 * another value by the same names (`&projectJSON{ Name: p.Name, Description: p.Description }`) is the program's
 * copy of go-tfe's data (its own output), not the API's document: its tags say nothing.
 */
class CopiedStructs {
  /** Where each name's `Name{` literals start (the name's offset), read once when first asked. */
  #literals: Map<string, number[]> | undefined;
  /** The answer for each name asked. */
  readonly #known = new Map<string, boolean>();

  constructor(
    readonly text: string,
    readonly lines: Lines,
  ) {}

  /**
   * Whether a literal of the struct `name` copies two or more fields by the same names. Each struct searched the text
   * for its `Name{` to the end, so a file of many structs took time growing with their count squared: the literals
   * are found once, by each `{` and the word before it (a word starting the text or after a non-word character, as
   * the search for `Name{` took it).
   */
  copied(name: string): boolean {
    let known = this.#known.get(name);
    if (known === undefined) this.#known.set(name, (known = this.#read(name)));
    return known;
  }

  #read(name: string): boolean {
    const text = this.text;
    for (const at of (this.#literals ??= literalHeads(text)).get(name) ?? []) {
      const open = at + name.length + 1;
      const close = matchingBrace(text, this.lines, open);
      if (close === -1 || close - open > MAX_COPY_LITERAL) continue;
      let same = 0;
      for (const f of text.slice(open, close).matchAll(COPIED_FIELD)) if (f[1] === f[2]) same++;
      if (same >= 2) return true;
    }
    return false;
  }
}

/** Each word written right before a `{` (`Name{`), with where each such word starts, in order. */
function literalHeads(text: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (let brace = text.indexOf('{'); brace !== -1; brace = text.indexOf('{', brace + 1)) {
    let at = brace;
    while (at > 0 && isGoWordChar(text.charCodeAt(at - 1))) at--;
    if (at === brace) continue;
    const word = text.slice(at, brace);
    const list = out.get(word);
    if (list === undefined) out.set(word, [at]);
    else list.push(at);
  }
  return out;
}

/** A Rust field (snake_case) or variant (PascalCase) under serde's `rename_all`; without one, as written. */
function convert(ident: string, rule: Rename | undefined, variant: boolean): string {
  const words = variant ? (ident.match(/[A-Z][a-z0-9]*|[a-z0-9]+/g) ?? [ident]) : ident.split('_');
  const lower = words.map((w) => w.toLowerCase());
  switch (rule) {
    case 'kebab-case':
      return lower.join('-');
    case 'snake_case':
      return lower.join('_');
    case 'lowercase':
      return lower.join('');
    case 'SCREAMING_SNAKE_CASE':
      return lower.join('_').toUpperCase();
    case 'camelCase':
      return lower.map((w, k) => (k === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
    default:
      return ident;
  }
}

/** `applyDurationAverage` → `apply-duration-average`; a name without capitals stays. */
function camelToKebab(name: string): string {
  if (!/[A-Z]/.test(name) || name.includes('_')) return name;
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** Visits each row of a brace body with the brace depth at its start (1: the model's own level). */
function readBody(
  text: string,
  open: number,
  close: number,
  visit: (row: string, start: number, end: number, depth: number) => void,
): void {
  let depth = 1;
  for (let i = open; i < close;) {
    const eol = text.indexOf('\n', i);
    const end = eol === -1 || eol > close ? close : eol;
    visit(text.slice(i, end), i, end, depth);
    for (let k = i; k < end; k++) {
      const c = text.charCodeAt(k);
      if (c === 123) depth++;
      else if (c === 125) depth--;
    }
    i = end + 1;
  }
}

/** An enum member by its string value, whose closing quote is at `quote`. */
function valueMember(quote: number, value: string): Member {
  const valueStart = quote - value.length;
  return { start: valueStart, end: quote, wire: value, guessed: false, typeText: '', valueStart };
}

function model(
  name: string,
  isEnum: boolean,
  open: number,
  close: number,
  named: NamedResource,
  members: Member[],
  declarations: { start: number; end: number }[],
  rename: Rename | undefined,
): Model {
  const { resource, field } = named;
  const kind = isEnum ? 'enum' : 'struct';
  // Two literals, not a spread of the optional key (an object spread costs a copy of its own).
  return named.prefixed === true
    ? { name, kind, open, close, resource, field, prefixed: true, members, declarations, rename }
    : { name, kind, open, close, resource, field, members, declarations, rename };
}

/**
 * The `}` closing a block whose body starts at `open`, or -1 (strings and comments not tracked: a rare miscount ends the
 * model early). Read from the text's brace pairs (`bracketPairs`, once per text): a reader asks about each of its heads.
 */
function matchingBrace(text: string, lines: Lines, open: number): number {
  return bracketPairs(text, lines).close(open - 1, MAX_BODY + 1);
}
