import type { ModelContext, NameHit } from './hits.ts';
import type { Lexicon } from './lexicon.ts';
import { memoKey, type Lines } from './lines.ts';
import { firstAtOrAfter, firstAtOrAfterBy } from './ordered.ts';
import { namedResource, namesField } from './model-names.ts';
import type { Model } from './models.ts';
import { isNameChar, isRegexWordChar } from './source-text.ts';
import type { HistoryIndex } from './types.ts';

/**
 * Names declared by a client's models (`models.ts`), merged into the name hits:
 * - every field or member of a model is a key of its wire name (`aggregated_commit_status_enabled`
 *   with `alias="aggregated-commit-status-enabled"`, serde's kebab-case `save_plan`, a camelCase
 *   `applyDurationAverage` read as `apply-duration-average`), on the model's resource;
 * - names found by the main pass inside a model's declarations (quoted keys, aliases) take the
 *   model's resource: `"tag-bindings"` in a project request is not the workspace attribute;
 * - an enum named for a value field (`RunStatus`, Rust's `Status` in `run.rs`) gives its members'
 *   values that field and resource, and so do its Rust variant paths (`Status::PlannedAndSaved`) and
 *   a literal of one of its values on a line naming the enum (`Status::Queuing => write!(f, "queuing")`).
 * `names` is sorted by offset on return.
 */
export function mergeModelHits(
  text: string,
  lines: Lines,
  lexicon: Lexicon,
  models: readonly Model[],
  names: NameHit[],
): void {
  const byStart = new Map<number, number>();
  names.forEach((h, k) => byStart.set(h.start, k));
  const put = putter(byStart, names);
  // Names of the main pass inside a model's declarations: the innermost model decides (none: nothing to read).
  const declared = names.length === 0 ? [] : declarationsInOrder(models);
  // Keys found inside a model of known resource, by index in `names`: read for keys that are its values.
  let keyed: Map<number, Model> | undefined;
  if (declared.length > 0) {
    // The furthest end of the declarations up to each: walking back from the last declaration opened at or before a
    // hit, none further back holds it once that end is at or before it (a file of many structs reads a few each).
    const reach: number[] = [];
    for (const d of declared) reach.push(Math.max(reach[reach.length - 1] ?? -Infinity, d.end));
    for (const [k, hit] of names.entries()) {
      // Past the last declaration opened at or before the hit.
      const lo = firstAtOrAfterBy(declared, hit.start + 1, declarationStart);
      // The smallest model holding the hit; of equal ones the first declared (`<=` walking back).
      let inner: Model | undefined;
      let size = Infinity;
      for (let j = lo - 1; j >= 0 && reach[j]! > hit.start; j--) {
        const d = declared[j]!;
        if (hit.start < d.end && d.model.close - d.model.open <= size) {
          inner = d.model;
          size = d.model.close - d.model.open;
        }
      }
      if (inner) {
        names[k] = { ...hit, model: contextOf(inner, false), keyOf: hit.keyOf || keyOfMember(inner, hit) };
        if (inner.resource !== undefined && hit.isKey) (keyed ??= new Map()).set(k, inner);
      }
    }
    if (keyed !== undefined) keysOfValues(names, keyed);
  }
  const alike = new Map<string, Model>();
  for (const model of models) {
    for (const member of model.members) {
      if (member.start < 0) continue;
      const info = lexicon.words.get(member.wire);
      if (!info || info.candidates.length === 0) continue;
      const isValue = model.kind === 'enum';
      put({
        start: member.start,
        end: member.end,
        line: lines.lineOf(member.start),
        info,
        isKey: !isValue,
        keyOf: isValue ? (model.field ?? '') : '',
        via: 'name',
        model: contextOf(model, member.guessed),
      });
    }
    if (model.kind === 'enum' && model.field !== undefined) enumUses(text, lines, lexicon, model, names, put, alike);
  }
  names.sort((a, b) => a.start - b.start);
}

/** A declaration's start, the key `declarationsInOrder` orders them by. */
const declarationStart = (d: { readonly start: number }): number => d.start;

/**
 * The models' declarations with their models, by start, the longer first of two at one start. Most files' come in that
 * order already (one a model, the models in text order): then the list is not sorted (a stable sort of a list in order
 * leaves it as it is).
 */
function declarationsInOrder(models: readonly Model[]): { start: number; end: number; model: Model }[] {
  const declared: { start: number; end: number; model: Model }[] = [];
  let ordered = true;
  for (const model of models)
    for (const d of model.declarations) {
      const last = declared[declared.length - 1];
      if (last !== undefined && byStartLongerFirst(last, d) > 0) ordered = false;
      declared.push({ start: d.start, end: d.end, model });
    }
  return ordered ? declared : declared.sort(byStartLongerFirst);
}

function byStartLongerFirst(a: { start: number; end: number }, b: { start: number; end: number }): number {
  return a.start - b.start || b.end - a.end;
}

/** How many distinct values of one field a model's keys must spell to be keyed by that field's values. */
const KEYED_BY_VALUES = 3;

/**
 * A model keyed by its resource's values (a run list's `meta.status-counts`: `json['fetching']`, `json['queuing']`,
 * `json['applied']`, each a count of runs in that status): when the model's name spells a value field (`StatusCounts`)
 * or three or more of its keys are distinct values of one field of the model's resource, each key that is a value of
 * that field and no attribute of the resource is a use of that value (`keyOf` the field), not a key.
 */
function keysOfValues(names: NameHit[], keyed: ReadonlyMap<number, Model>): void {
  const byModel = new Map<Model, Map<string, number[]>>();
  for (const [k, model] of keyed) {
    const hit = names[k]!;
    const resource = model.resource;
    if (hit.info.candidates.some((c) => !c.value && c.subject.type !== 'status' && c.subject.resource === resource))
      continue;
    for (const c of hit.info.candidates) {
      const field = c.subject.valueField;
      if (c.subject.type !== 'status' || c.subject.resource !== resource || field === undefined) continue;
      let fields = byModel.get(model);
      if (fields === undefined) byModel.set(model, (fields = new Map<string, number[]>()));
      fields.set(field, [...(fields.get(field) ?? []), k]);
    }
  }
  for (const fields of byModel.values())
    for (const [field, ks] of fields) {
      const model = keyed.get(ks[0]!)!;
      if (namesField(model.name) !== field && new Set(ks.map((k) => names[k]!.info.text)).size < KEYED_BY_VALUES)
        continue;
      for (const k of ks) names[k] = { ...names[k]!, isKey: false, keyOf: field };
    }
}

/**
 * Puts a hit among `names`, in place of the one at its start if any (`byStart` the index of each start).
 */
function putter(byStart: Map<number, number>, names: NameHit[]): (hit: NameHit) => void {
  return (hit) => {
    const k = byStart.get(hit.start);
    if (k === undefined) {
      byStart.set(hit.start, names.length);
      names.push(hit);
    } else names[k] = hit;
  };
}

/** What a model tells its names: its resource (or its name when it has none), whether guessed, its paths. */
function contextOf(model: Model, guessed: boolean): ModelContext {
  return {
    ...(model.resource === undefined
      ? { resources: [], guessed, name: model.name }
      : { resources: [model.resource], guessed, ...(model.prefixed === true ? { prefixed: true } : {}) }),
    ...(model.paths === undefined ? {} : { paths: model.paths }),
  };
}

/** A value literal of an enum's member: the enum's field. */
function keyOfMember(model: Model, hit: NameHit): string {
  return model.kind === 'enum' && model.field !== undefined && model.members.some((m) => m.valueStart === hit.start)
    ? model.field
    : '';
}

/** Rust `Status::PlannedAndSaved` paths, and value literals on lines naming the enum. */
function enumUses(
  text: string,
  lines: Lines,
  lexicon: Lexicon,
  model: Model,
  names: readonly NameHit[],
  put: (hit: NameHit) => void,
  alike: Map<string, Model>,
): void {
  const context: ModelContext = { resources: model.resource === undefined ? [] : [model.resource], guessed: false };
  const field = model.field ?? '';
  const wires = new Set(model.members.map((m) => m.wire));
  const naming = new Set<number>();
  const plain = PLAIN_NAME.test(model.name);
  // An enum like one read before (its name, field, resource, rename and members the same: a file pasted twice, a type
  // declared in each of several modules of one file) puts what that one put at every place outside both bodies, and
  // the hits on the lines that one names are taken: only the places inside that one's body are new. Read again whole
  // for each such enum, a text of many took time growing with its length squared (session 38).
  const kind = JSON.stringify([
    model.name,
    field,
    model.resource,
    model.rename,
    model.members.map((m) => [text.slice(m.start, m.end), m.wire]),
  ]);
  const first = alike.get(kind);
  if (first === undefined) alike.set(kind, model);
  for (const sep of ['::', '.'] as const) {
    const path = `${model.name}${sep}`;
    const places = plain
      ? (lines.memo(ENUM_PATHS, () => enumPaths(text))[sep].get(model.name) ?? [])
      : pathsOf(text, path);
    const from = first === undefined ? 0 : firstAtOrAfter(places, first.open);
    const to = first === undefined ? places.length : firstAtOrAfter(places, first.close);
    for (let k = from; k < to; k++) {
      const at = places[k]!;
      if (at >= model.open && at < model.close) continue;
      naming.add(lines.lineOf(at));
      if (sep !== '::' || model.rename === undefined) continue;
      const ident = /^[A-Z]\w*/.exec(text.slice(at + path.length, at + path.length + 80))?.[0];
      const member = ident === undefined ? undefined : model.members.find((m) => text.slice(m.start, m.end) === ident);
      const info = member ? lexicon.words.get(member.wire) : undefined;
      if (!info || ident === undefined) continue;
      const start = at + path.length;
      put({
        start,
        end: start + ident.length,
        line: lines.lineOf(start),
        info,
        isKey: false,
        keyOf: field,
        via: 'name',
        model: context,
      });
    }
  }
  if (naming.size === 0) return;
  for (const hit of names)
    if (naming.has(hit.line) && !hit.isKey && wires.has(hit.info.text) && hit.model === undefined)
      put({ ...hit, keyOf: field, model: context });
}

/** A name of letters, digits, `_` and `$`: its paths are found by `enumPaths`' one walk. */
const PLAIN_NAME = /^[\w$]+$/;

/**
 * The places of `path` (a name and its separator) in the text after no word character: a name `enumPaths` does not
 * hold (one with other characters), searched alone.
 */
function pathsOf(text: string, path: string): number[] {
  const out: number[] = [];
  for (let at = text.indexOf(path); at !== -1; at = text.indexOf(path, at + path.length))
    if (at === 0 || !/[\w$]/.test(text.charAt(at - 1))) out.push(at);
  return out;
}

/**
 * Every name written before `::` or `.` (the whole run of word characters and `$` before the separator), with the
 * places it starts at, in order: one walk over the text's separators a scan, for all of its enums. Searched per enum
 * (`Status::`, `Status.`), a text of many enums took time growing with its length squared (a Dart enum shape of
 * 100 KB, 1.3 s; session 37).
 */
function enumPaths(text: string): { readonly '::': Map<string, number[]>; readonly '.': Map<string, number[]> } {
  const walk = (sep: string): Map<string, number[]> => {
    const out = new Map<string, number[]>();
    for (let at = text.indexOf(sep); at !== -1; at = text.indexOf(sep, at + sep.length)) {
      let start = at;
      while (start > 0 && isNameChar(text.charCodeAt(start - 1))) start--;
      if (start === at) continue;
      const name = text.slice(start, at);
      const places = out.get(name);
      if (places === undefined) out.set(name, [start]);
      else places.push(start);
    }
    return out;
  };
  return { '::': walk('::'), '.': walk('.') };
}
const ENUM_PATHS = memoKey<ReturnType<typeof enumPaths>>('enum paths: names before :: and .');

/**
 * `TaskStatus.PASSED`, `RunStatus.PLANNED_AND_SAVED`: an enum's member read by its path, as the pattern
 * `\b([A-Z][A-Za-z0-9]*)\.([A-Z][A-Z0-9_]*)\b(?![\w(.])` finds them (the enum, the member), read at each native find of
 * `.` with an upper-case letter after it: the enum is the whole run of letters and digits before the dot, opening with
 * an upper-case letter after no word character; the member the whole run after it, followed by no word character,
 * `(` or `.`. (The pattern tried a `\b` at every character of the text: a fortieth of the project's scan.)
 */
function memberPaths(text: string): { readonly at: number; readonly enumName: string; readonly member: string }[] {
  const out: { at: number; enumName: string; member: string }[] = [];
  for (let dot = text.indexOf('.'); dot !== -1; dot = text.indexOf('.', dot + 1)) {
    if (!isUpper(text.charCodeAt(dot + 1))) continue;
    let start = dot;
    // Letters and digits: `\w` less `_`.
    while (start > 0 && isRegexWordChar(text.charCodeAt(start - 1)) && text.charCodeAt(start - 1) !== 95) start--;
    if (start === dot || !isUpper(text.charCodeAt(start)) || isRegexWordChar(text.charCodeAt(start - 1))) continue;
    let end = dot + 2;
    // Upper-case letters, digits and `_`: `\w` less the lower-case letters.
    while (isRegexWordChar(text.charCodeAt(end)) && !isLower(text.charCodeAt(end))) end++;
    const next = text.charCodeAt(end);
    if (isRegexWordChar(next) || next === 40 || next === 46) continue;
    out.push({ at: start, enumName: text.slice(start, dot), member: text.slice(dot + 1, end) });
  }
  return out;
}

function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}

function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

/**
 * Python, JS and TS: a member of an enum named for a value field (`TaskStatus.PASSED`, `RunStatus.APPLIED`), read by
 * its path where the enum may be declared in another file, is a use of the value its member spells (`passed`; a
 * member this file's enum declares gives its own value) as the value of that field, on the resource the enum's
 * name spells (a run task file widens it: `resolve-names.ts`). The value must be one the history lists; a name
 * that is no value field's (`Colors.RED`, `Status` a class of another word) says nothing. Inside the enum's own
 * body, nothing (its members are read as declared).
 */
export function enumMemberHits(
  text: string,
  lines: Lines,
  lexicon: Lexicon,
  index: HistoryIndex,
  models: readonly Model[],
  names: NameHit[],
): void {
  const taken = new Set(names.map((h) => h.start));
  for (const { at, enumName, member } of memberPaths(text)) {
    const named = namedResource(index, enumName);
    if (named.field === undefined) continue;
    const own = models.find((x) => x.name === enumName && x.kind === 'enum');
    if (own && at >= own.open && at < own.close) continue;
    const start = at + enumName.length + 1;
    if (taken.has(start)) continue;
    const value = own?.members.find((x) => text.slice(x.start, x.end) === member)?.wire ?? member.toLowerCase();
    const info = lexicon.words.get(value);
    if (!info || !info.candidates.some((c) => c.value === true || c.subject.type === 'status')) continue;
    // Not in a comment or a string on its line (a rough look: a `#` or `//` before it, or an odd count of quotes).
    const head = text.slice(lines.startOf(lines.lineOf(at)), at);
    if (/#|\/\/|^\s*\*/.test(head) || (head.match(/["'`]/g)?.length ?? 0) % 2 === 1) continue;
    const resource = own?.resource ?? named.resource;
    names.push({
      start,
      end: start + member.length,
      line: lines.lineOf(start),
      info,
      isKey: false,
      keyOf: named.field,
      via: 'name',
      model: { resources: resource === undefined ? [] : [resource], guessed: false },
    });
    taken.add(start);
  }
}
