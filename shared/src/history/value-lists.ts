import { resourcesAt, scopedResourcesAt, type ResolveContext } from './context.ts';
import type { NameHit } from './hits.ts';
import type { Lexicon } from './lexicon.ts';
import { memoKey } from './lines.ts';
import { isNameChar, isWordChar } from './source-text.ts';
import type { HistorySubject } from './types.ts';
import { assignmentOpening, loopHeaders, valueFlow } from './value-flow.ts';

/**
 * Enumerated values held in a collection (`var permissions = []string{"read", "write", "maintain", "admin", "custom"}`,
 * `valid_levels = {"admin", "maintain", "write", "read"}`, `const STATUSES = ['fetching', 'queuing']`, `for s in
 * ("read", "write"):`): a status value that is a plain word (`read`, `admin`, `fetching`) says nothing alone; a
 * collection whose every member is a value of one enumeration (one resource's value field: team-projects' `access`)
 * is that enumeration's when what the collection flows to decides it:
 * - a line where it is used names the field (`if access not in valid_levels:`, `STATUSES.includes(run.status)`,
 *   `item.Access`) or a type named for the resource and field (`tfe.TeamProjectAccessType(level)`), with the resource
 *   known there (evidence nearby, or anywhere in the text, or the text naming that type: `tfe.TeamProjectAccess.List`).
 *   Its uses are where the collection's name (bound once: `NAME = […]`, `var NAME = []string{…}`, `NAME := …`) stands,
 *   and, for a loop over it (`for x in NAME`, `for _, x := range NAME`, `NAME.forEach((x) =>`), where the loop's
 *   variable stands in the next LOOP_LINES lines; an inline collection's own first and last lines are uses too;
 * - or it holds every value the history lists for the enumeration (at least COMPLETE_AT of them), in a text that
 *   names the resource (evidence, or the type named for resource and field).
 * A member that is no value of the enumeration (`plan` of a workspace access list, `triage` of a GitHub permission
 * list), a collection bound twice, or a resource known nowhere says nothing.
 */

/** How far back (characters) the bracket opening a collection is looked for, and how long a collection may be. */
const MAX_LIST = 2_000;
/** At most this many members are read. */
const MAX_MEMBERS = 64;
/** At most this many uses of a collection's name are read (a name used everywhere is nobody's list). */
const MAX_USES = 24;
/** How many lines under a loop over the collection its variable's uses are read. */
const LOOP_LINES = 30;
/** A collection of every listed value decides only for an enumeration of at least this many values. */
const COMPLETE_AT = 3;
/** How far either side of a use its line is read (minified code). */
const LINE_READ = 200;

/** A collection literal: its brackets and its members (the strings it holds, in order). */
interface Collection {
  readonly open: number;
  readonly close: number;
  readonly members: readonly string[];
  /** A single value assigned to a name (`assignedValue`): the name, and where its statement ends. */
  readonly assigned?: { readonly name: string; readonly end: number };
}

/** What one collection says, kept per text by its opening bracket: the enumerations it decides (`resource\tfield`). */
const DECIDED = memoKey<Map<number, ReadonlySet<string>>>('value lists decided');

/**
 * Whether the status value at `hit` is a member of a collection of `subject`'s enumeration that its flow (or its
 * completeness) decides, as the module's comment says.
 */
export function listedEnumeration(ctx: ResolveContext, hit: NameHit, subject: HistorySubject): boolean {
  const field = subject.valueField;
  const resource = subject.resource;
  if (field === undefined || resource === undefined) return false;
  const collection = collectionAt(ctx.text, hit.start, hit.end) ?? assignedValue(ctx, hit);
  if (collection === undefined) return false;
  return ctx.lines.memoAt(DECIDED, collection.open, () => decide(ctx, collection)).has(`${resource}\t${field}`);
}

/** The enumerations (`resource\tfield`) a collection's flow or completeness decides. */
function decide(ctx: ResolveContext, collection: Collection): ReadonlySet<string> {
  const out = new Set<string>();
  const { members } = collection;
  if (members.length < (collection.assigned === undefined ? 2 : 1)) return out;
  // The enumerations every member is a value of.
  let shared: Set<string> | undefined;
  for (const member of members) {
    const own = new Set<string>();
    for (const c of ctx.lexicon.words.get(member)?.candidates ?? [])
      if (c.subject.type === 'status' && c.subject.resource !== undefined && c.subject.valueField !== undefined)
        own.add(`${c.subject.resource}\t${c.subject.valueField}`);
    shared = shared === undefined ? own : new Set([...shared].filter((e) => own.has(e)));
    if (shared.size === 0) return out;
  }
  if (shared === undefined) return out;
  let uses: readonly Use[] | undefined;
  for (const enumeration of shared) {
    const [resource = '', field = ''] = enumeration.split('\t');
    const about = namesEnumeration(ctx, resource, field);
    const listed = enumerationValues(ctx.lexicon).get(enumeration) ?? 0;
    if (about && listed >= COMPLETE_AT && new Set(members).size >= listed) {
      out.add(enumeration);
      continue;
    }
    uses ??= usesOf(ctx, collection);
    const suffix = field.charAt(0).toUpperCase() + field.slice(1);
    const words = resource.split(/[-/ ]/).map(singularWord);
    const inContext = (at: number, line: number): boolean =>
      (resourcesAt(ctx, at, line) ?? scopedResourcesAt(ctx, at))?.includes(resource) === true;
    // The resource is known where the collection or the use stands; anywhere in the text only for a typed field.
    const known = inContext(collection.open, ctx.lines.lineOf(collection.open));
    for (const use of uses) {
      const from = Math.max(ctx.lines.startOf(use.line), use.at - LINE_READ);
      const to = Math.min(ctx.lines.endOf(use.line), use.at + LINE_READ);
      // The name used there is blanked (`kind = "OPA"` then `Sprintf("%s", kind)` names no field).
      const n = use.length ?? 0;
      const line =
        n === 0
          ? ctx.text.slice(from, to)
          : `${ctx.text.slice(from, use.at)}${' '.repeat(n)}${ctx.text.slice(use.at + n, to)}`;
      const typed = namesTypedField(line, suffix, words);
      if (!typed && !reachesField(ctx, line, use.at - from, use.line, field, suffix)) continue;
      if (known || (typed && about) || inContext(use.at, use.line)) {
        out.add(enumeration);
        break;
      }
    }
  }
  return out;
}

/**
 * Whether a use's line (`at` is the use's offset in it) has the value reach the API's field itself, not a word on the
 * line (`t["access"]` of another system's object, `project.Access` of a GitLab project, `"granted %s access"` in a log
 * message say nothing): the field read from a document's attributes (`run.attributes.status`, `["attributes"]["access"]`),
 * the field a key whose value is the use (`{"access": level}`, `access: level`, `access=level`, jq's `--arg access
 * "$level"`), or a name that is the field's word (`if access not in LEVELS:`) sent as that key's value in the
 * LOOP_LINES lines under the use (`{"access": access}`).
 */
function reachesField(
  ctx: ResolveContext,
  line: string,
  at: number,
  lineNumber: number,
  field: string,
  suffix: string,
): boolean {
  for (const word of field === suffix ? [field] : [field, suffix])
    for (let i = line.indexOf(word); i !== -1; i = line.indexOf(word, i + 1)) {
      const end = i + word.length;
      if (isWordChar(line.charCodeAt(i - 1)) || isWordChar(line.charCodeAt(end))) continue;
      const before = line.slice(Math.max(0, i - 16), i);
      if (ATTRIBUTES_BEFORE.test(before)) return true;
      if (at >= end) {
        const between = line.slice(end, at);
        if (KEY_TO_VALUE.test(between) || (JQ_ARG.test(before) && JQ_VALUE.test(between))) return true;
      }
      // A bare name that is the field's word, sent as the field below.
      if (!/[\w.$[\]"'`-]/.test(line.charAt(i - 1)) && !/["'`\]]/.test(line.charAt(end))) {
        const { text, lines } = ctx;
        const last = Math.min(lineNumber + LOOP_LINES, lines.lineOf(text.length));
        const below = text.slice(lines.startOf(lineNumber), lines.endOf(last));
        if (sentAsItself(field).test(below)) return true;
      }
    }
  return false;
}

/** Before a field read from a document's attributes: `attributes.`, `attributes?.`, `["attributes"]["`, `attributes['`. */
const ATTRIBUTES_BEFORE = /\battributes(?:["']\])?(?:\?\.|\.|\[[ \t]*["'])$/;
/** Between a key and its value: `": `, `: `, `=`, `=>` (the value's `$` or opening quote of an f-string excepted). */
const KEY_TO_VALUE = /^["']?[ \t]*(?::|=>|=(?!=))[ \t]*\$?$/;
/** jq's named argument before the field's word, and between it and the value: `--arg access "$level"`. */
const JQ_ARG = /--arg[ \t]+$/;
const JQ_VALUE = /^[ \t]+["']?\$?$/;

const SENT = new Map<string, RegExp>();
/** The field as a key whose value is a bare name of the same word: `"access": access`, `access: access`. */
function sentAsItself(field: string): RegExp {
  let re = SENT.get(field);
  if (re === undefined) {
    re = new RegExp(`(?:["']${field}["']|(?<![\\w.$])${field})[ \\t]*(?::|=>|=(?!=))[ \\t]*${field}(?![\\w("'])`);
    SENT.set(field, re);
  }
  return re;
}

/** How many values the history lists for each enumeration (`resource\tfield`), per lexicon. */
const VALUES = new WeakMap<Lexicon, Map<string, number>>();

function enumerationValues(lexicon: Lexicon): Map<string, number> {
  let counts = VALUES.get(lexicon);
  if (counts === undefined) {
    const seen = new Set<HistorySubject>();
    counts = new Map();
    for (const info of lexicon.words.values())
      for (const { subject } of info.candidates) {
        if (subject.type !== 'status' || subject.resource === undefined || subject.valueField === undefined) continue;
        if (seen.has(subject)) continue;
        seen.add(subject);
        const key = `${subject.resource}\t${subject.valueField}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    VALUES.set(lexicon, counts);
  }
  return counts;
}

/** Per text: whether it names a resource of an enumeration (`resource\tfield`), by evidence or by a typed name. */
const NAMES = memoKey<Map<string, boolean>>('value lists: enumerations the text names');

/**
 * The text names the enumeration's resource: evidence anywhere (a `type` value, a path), or a type named for the
 * resource and field (`TeamProjectAccess`, `RunStatus`, `ConfigurationStatus`).
 */
function namesEnumeration(ctx: ResolveContext, resource: string, field: string): boolean {
  const memo = ctx.lines.memo(NAMES, () => new Map<string, boolean>());
  const key = `${resource}\t${field}`;
  let found = memo.get(key);
  if (found === undefined) {
    const suffix = field.charAt(0).toUpperCase() + field.slice(1);
    found =
      ctx.hits.evidence.some((e) => e.resources.includes(resource)) ||
      namesTypedField(ctx.text, suffix, resource.split(/[-/ ]/).map(singularWord));
    memo.set(key, found);
  }
  return found;
}

/** A place a collection is used: an offset and its line. */
interface Use {
  readonly at: number;
  readonly line: number;
  /** The length of the name standing there: the line must name the field elsewhere than by that name. */
  readonly length?: number;
}

/**
 * Where a collection is used: its name's uses (bound once), a loop's variable's uses under a loop over it, and an
 * inline collection's own first and last lines.
 */
function usesOf(ctx: ResolveContext, collection: Collection): Use[] {
  const { text, lines } = ctx;
  const out: Use[] = [];
  if (collection.assigned !== undefined) {
    nameUses(ctx, collection.assigned.name, collection.assigned.end, out);
    return out;
  }
  const openLine = lines.lineOf(collection.open);
  const lineStart = lines.startOf(openLine);
  const beforeStart = Math.max(lineStart, collection.open - LINE_READ);
  const before = text.slice(beforeStart, collection.open);
  const name = BINDING.exec(before)?.[1];
  if (name === undefined) {
    out.push({ at: collection.open, line: openLine });
    const closeLine = lines.lineOf(collection.close);
    if (closeLine !== openLine) out.push({ at: collection.close, line: closeLine });
    // `for status in ("planned", "errored"):`: the loop's variable below.
    const loop = INLINE_LOOP.exec(before)?.[1];
    if (loop !== undefined) loopUses(ctx, loop, collection.close, out);
    return out;
  }
  const bound = beforeStart + before.lastIndexOf(name);
  let count = 0;
  for (const at of valueFlow(text, lines).usesOf(name, { start: 0, end: text.length })) {
    if (at === bound || (at > collection.open && at < collection.close)) continue;
    // Bound again (not compared): two values, nothing known.
    if (/^\s*(?::=|=(?!=))/.test(text.slice(at + name.length, at + name.length + 4))) return [];
    if (++count > MAX_USES) return [];
    const line = lines.lineOf(at);
    out.push({ at, line, length: name.length });
    const own = text.slice(lines.startOf(line), lines.endOf(line));
    const loop = loopVariable(own, name);
    if (loop !== undefined) loopUses(ctx, loop, lines.endOf(line), out);
  }
  return out;
}

/**
 * A status value assigned to a name, whole or as one branch of what is assigned (`access = "admin" if owner else
 * "read"`, `const level = owner ? 'admin' : 'read'`, the shell's `level=$(echo "$t" | jq -r \` then `'if … then
 * "admin" else "read" end')`): a collection of one member, bound to that name, used where the name stands in the
 * LOOP_LINES lines under the statement (a name assigned again there is another value, not a use). Not a call's
 * argument, a list's item or another key's value.
 */
function assignedValue(ctx: ResolveContext, hit: NameHit): Collection | undefined {
  const { text, lines } = ctx;
  // Another key's value, unless the `:` is a conditional's (`owner ? 'admin' : 'read'`).
  if (hit.keyOf !== '' && !TERNARY_ELSE.test(text.slice(Math.max(0, hit.start - 120), hit.start - 1))) return undefined;
  let b = hit.start - 2;
  while (b >= 0 && (text.charCodeAt(b) === 32 || text.charCodeAt(b) === 9)) b--;
  if ('(,[{'.includes(text.charAt(b))) return undefined;
  // The statement's first line: back over the shell's `\` line continuations.
  let line = lines.lineOf(hit.start);
  for (let n = 0; n < MAX_CONTINUED && line > 0; n++) {
    const previous = text.slice(lines.startOf(line - 1), lines.endOf(line - 1)).trimEnd();
    if (!previous.endsWith('\\')) break;
    line--;
  }
  const from = lines.startOf(line);
  if (hit.start - from > MAX_LIST) return undefined;
  const name = assignmentOpening(text.slice(from, hit.start))?.name;
  if (name === undefined) return undefined;
  return {
    open: hit.start - 1,
    close: hit.end,
    members: [hit.info.text],
    assigned: { name, end: lines.endOf(lines.lineOf(hit.end)) },
  };
}

/** A conditional's other branch before the value: `? 'admin' : `. */
const TERNARY_ELSE = /\?[ \t]*["'`][^"'`\n]*["'`][ \t]*:[ \t]*$/;

/** How many continued lines (`\` at a line's end) a statement may span. */
const MAX_CONTINUED = 4;

/** The uses of a name assigned one value, in the LOOP_LINES lines under its statement (which ends at `from`). */
function nameUses(ctx: ResolveContext, name: string, from: number, out: Use[]): void {
  const { text, lines } = ctx;
  const last = Math.min(lines.lineOf(from) + LOOP_LINES, lines.lineOf(text.length));
  const end = lines.endOf(last);
  let count = 0;
  // A shell's or PowerShell's `$name` is the name's use. Only the lines read are searched: the uses of the whole text,
  // kept to these lines after, cost each collection a walk over all of them (a file of many constants of one type took
  // time growing with its length squared: 6 s at 1.6 MB).
  const flow = valueFlow(text, lines);
  const read = { start: from, end };
  const found = [...flow.usesOf(name, read), ...[...flow.usesOf(`$${name}`, read)].map((at) => at + 1)]
    .filter((at) => at >= from && at < end)
    .sort((a, b) => a - b);
  for (const at of found) {
    if (/^\s*(?::=|=(?!=))/.test(text.slice(at + name.length, at + name.length + 4))) continue;
    if (++count > MAX_USES) return;
    out.push({ at, line: lines.lineOf(at), length: name.length });
  }
}

/** The uses of a loop's variable in the LOOP_LINES lines under its header (which ends at `from`). */
function loopUses(ctx: ResolveContext, variable: string, from: number, out: Use[]): void {
  const { text, lines } = ctx;
  const last = Math.min(lines.lineOf(from) + LOOP_LINES, lines.lineOf(text.length));
  const end = lines.endOf(last);
  let count = 0;
  for (const at of valueFlow(text, lines).usesOf(variable, { start: from, end })) {
    if (++count > MAX_USES) return;
    out.push({ at, line: lines.lineOf(at), length: variable.length });
  }
}

/**
 * What stands before a collection bound to a name, on its line: the name (group 1), a type or annotation, `=` or `:=`
 * (not `==`), then what makes the collection (`[]string`, `map[string]bool`, `new Set(`, `frozenset(`, `List.of(`,
 * PowerShell's `@`): `var permissions = []string`, `valid_levels = `, `const STATUSES: string[] = `, `$levels = @`.
 */
const BINDING =
  /(?:^|[^\w$.])(?:self\.|this\.|@|\$)?([A-Za-z_][\w]*)[ \t]*(?::[^=\n]*)?(?<![=!<>:])(?::=|=)[ \t]*(?:new[ \t]+)?(?:\[\][\w.]+|map\[[\w.]+\](?:struct\{\}|[\w.]+)|[\w.]+(?:<[^<>\n]*>)?(?:\[\])?)?[ \t]*(?:\([ \t]*)?@?$/;

/** A loop over an inline collection, up to its bracket: `for status in (`, `for (const s of [`, `foreach ($s in @(`. */
const INLINE_LOOP = new RegExp(loopHeaders('([A-Za-z_]\\w*)', '@?$').forIn);

/**
 * The variable of a loop over `name` on a line (`for x in NAME`, `for _, x := range NAME`, `NAME.forEach((x) =>`,
 * `foreach ($NAME as $x)`).
 */
function loopVariable(line: string, name: string): string | undefined {
  const n = name.replace(/\$/g, '\\$');
  const item = '([A-Za-z_$][\\w$]*)';
  const loop = loopHeaders(item, `(?:self\\.|this\\.|\\$)?${n}\\b`);
  const patterns = [loop.forIn, loop.range, loop.typed, loop.as, loopHeaders(item, `\\b${n}`).method];
  for (const p of patterns) {
    const m = new RegExp(p).exec(line);
    if (m?.[1] !== undefined && m[1] !== '_') return m[1];
  }
  return undefined;
}

/** The closing bracket of each opening one. */
const CLOSER: Record<string, string> = { '[': ']', '{': '}', '(': ')' };
/** Names whose call makes a collection of its arguments (`frozenset(`, `List.of(`, `setOf(`, `Set(`). */
const MAKERS =
  /(?:^|[^\w$])(?:set|frozenset|tuple|list|Set|List|of|asList|setOf|listOf|arrayOf|mutableSetOf|mutableListOf|hashSetOf|Array|array)$/;

/** Words after which a parenthesis opens a tuple, not a call's arguments (`for x in (`, `return (`, `x not in (`). */
const KEYWORDS = /(?:^|[^\w$])(?:in|of|return|yield|and|or|not|if|elif|else|case|when)$/;

/**
 * The collection literal the string at [start, end) (its quotes just outside) is a member of: the bracket enclosing it,
 * every member a quoted string (a set-map's `"x": true` too), separated by commas; undefined for anything else (a
 * call's arguments, an object, a list holding other values).
 */
function collectionAt(text: string, start: number, end: number): Collection | undefined {
  let depth = 0;
  let open = -1;
  for (let i = start - 2; i >= 0 && start - i < MAX_LIST; i--) {
    const c = text.charAt(i);
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (depth === 0) {
        open = i;
        break;
      }
      depth--;
    }
  }
  if (open === -1) return undefined;
  const opener = text.charAt(open);
  if (opener === '(') {
    // A call's arguments are no collection, unless the call makes one.
    let b = open - 1;
    while (b >= 0 && (text.charCodeAt(b) === 32 || text.charCodeAt(b) === 9)) b--;
    const word = text.slice(Math.max(0, b - 20), b + 1);
    if (isNameChar(text.charCodeAt(b)) && !MAKERS.test(word) && !KEYWORDS.test(word)) return undefined;
  }
  const closer = CLOSER[opener] ?? '';
  const members: string[] = [];
  let holds = false;
  let i = open + 1;
  const limit = Math.min(text.length, open + MAX_LIST);
  const skip = (): void => {
    for (;;) {
      while (i < limit && /\s/.test(text.charAt(i))) i++;
      // A comment to the line's end (`// …`, `# …`).
      if (text.startsWith('//', i) || (text.charAt(i) === '#' && text.charAt(i + 1) !== '{')) {
        const nl = text.indexOf('\n', i);
        i = nl === -1 ? limit : nl;
        continue;
      }
      return;
    }
  };
  for (;;) {
    skip();
    if (i >= limit) return undefined;
    if (text.charAt(i) === closer) break;
    const quote = text.charAt(i);
    if (quote !== '"' && quote !== "'" && quote !== '`') return undefined;
    let j = i + 1;
    while (j < limit && text.charAt(j) !== quote && text.charAt(j) !== '\n') j += text.charAt(j) === '\\' ? 2 : 1;
    if (text.charAt(j) !== quote) return undefined;
    if (i + 1 === start && j === end) holds = true;
    members.push(text.slice(i + 1, j));
    if (members.length > MAX_MEMBERS) return undefined;
    i = j + 1;
    skip();
    // A set written as a map: `"read": true`, `"read": struct{}{}`, `"read": {}`.
    if (text.charAt(i) === ':') {
      i++;
      skip();
      const value = /^(?:true|True|1|struct\{\}\{\}|\{\})/.exec(text.slice(i, i + 12));
      if (!value) return undefined;
      i += value[0].length;
      skip();
    }
    if (text.charAt(i) === ',') {
      i++;
      continue;
    }
    if (text.charAt(i) === closer) break;
    return undefined;
  }
  return holds ? { open, close: i, members } : undefined;
}

/** Whether the text names a type `<resource words><Field>` or `<resource words><Field>Type`. */
export function namesTypedField(line: string, suffix: string, resourceWords: readonly string[]): boolean {
  for (let i = line.indexOf(suffix); i !== -1; i = line.indexOf(suffix, i + 1)) {
    // The type ends with the field, or with the field and `Type` (`TeamProjectAccessType`).
    const end = line.startsWith('Type', i + suffix.length) ? i + suffix.length + 4 : i + suffix.length;
    if (isWordChar(line.charCodeAt(end))) continue;
    let s = i;
    while (s > 0 && isAlphanumeric(line.charCodeAt(s - 1))) s--;
    const words = line
      .slice(s, i)
      .split(/(?=[A-Z])/)
      .filter((w) => w !== '')
      .map((w) => singularWord(w.toLowerCase()));
    if (words.length > 0 && words.every((w) => resourceWords.includes(w))) return true;
  }
  return false;
}

/** `[A-Za-z0-9]`. */
function isAlphanumeric(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

/** A resource's words, each singular (`configuration-versions`: configuration, version), kept per resource. */
export function resourceWords(resource: string): readonly string[] {
  let words = RESOURCE_WORDS.get(resource);
  if (words === undefined) {
    words = resource.split(/[-/ ]/).map(singularWord);
    // The history's resources are a few hundred: the bound only keeps another index's from piling up.
    if (RESOURCE_WORDS.size >= 4_096) RESOURCE_WORDS.clear();
    RESOURCE_WORDS.set(resource, words);
  }
  return words;
}

const RESOURCE_WORDS = new Map<string, readonly string[]>();

export function singularWord(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The word stands whole on the line (no word character, `-` included, on either side). */
export function hasWord(line: string, word: string): boolean {
  for (let i = line.indexOf(word); i !== -1; i = line.indexOf(word, i + 1)) {
    if (!isWordChar(line.charCodeAt(i - 1)) && !isWordChar(line.charCodeAt(i + word.length))) return true;
  }
  return false;
}
