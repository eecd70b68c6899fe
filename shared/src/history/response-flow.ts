import { importsThisApiClient } from './receivers.ts';
import { importsCamelCasingClient } from './sdk-names.ts';
import { callArguments, topLevelArguments } from './client-operations.ts';
import type { NameHit, UrlHit } from './hits.ts';
import { lineStartDefsIn, stickyDefs } from './line-start-defs.ts';
import { urlResource } from './jq-reads.ts';
import { lexiconFor } from './lexicon.ts';
import type { Lines } from './lines.ts';
import { makeMatch } from './make-match.ts';
import type { Match } from './match-types.ts';
import { namedResource } from './model-names.ts';
import { firstAtOrAfter, firstAtOrAfterBy } from './ordered.ts';
import { rootScope, type RootScope } from './response-scope.ts';
import type { HistoryIndex } from './types.ts';
import { assignmentOf, loopHeaders } from './value-flow.ts';

/**
 * Whose attributes a JSON:API response's keys are, by a small data flow through a Python function's
 * variables (`response = self._request("GET", f"/projects/{id}")`, `data = response.get("data", {})`,
 * `attributes = data.get("attributes", {})`, then `attributes.get("name")` is the project's `name`):
 * - a key read (`x["name"]`, `x.get("name")`, `"name" in x`) counts only when what it reads from is a
 *   resource object's `attributes` or `relationships` (read through the chain on the line or through the
 *   variable's assignment);
 * - a variable's resource comes from its last assignment before the read in the same function: the URL
 *   the call on its right sends (a literal in the call, or a variable assigned one), a helper of the
 *   same file whose `return` is such a value, a read of `data` of another such variable, or the list a
 *   `for` (or comprehension) walks;
 * - a variable never assigned in the function (a parameter: `def _format_output(self, project)`) is
 *   of the resource its name spells (`project`, `existing_varset`), else of the file's
 *   (`hcp_terraform_project.py`: `def response_to_hash(response)`), else unknown.
 * Unknown says nothing: the hit keeps the matcher's other rules. A known resource is given to the hit as
 * a declaring model's would be (`resources: [type]`), so a distinct name of another resource is not
 * matched there and a generic one (`name`, `priority`) is the resource's own.
 */
export function flowResources(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  urls: readonly UrlHit[],
  names: NameHit[],
  languageId: string | undefined,
  fileResource: string | undefined,
): void {
  if (languageId !== 'python') return;
  let flow: Flow | undefined;
  const dropped = new Set<number>();
  for (const [k, hit] of names.entries()) {
    if (hit.model !== undefined) continue;
    // `"name" in project["attributes"]`: a membership test reads the key as a subscript would.
    const tested = !hit.isKey && hit.keyOf === '' && isMembership(text, lines, hit);
    if (!hit.isKey && !tested) continue;
    const read = readOf(text, lines, hit);
    flow ??= new Flow(text, lines, index, urls, fileResource);
    let state: State | undefined;
    if (read) {
      // An Ansible module's own options (`self.params.get('global_remote_state')`) are no API key.
      if (read.options) {
        if (hit.info.candidates.every((c) => c.subject.type !== 'parameter' && c.subject.type !== 'endpoint'))
          dropped.add(k);
        continue;
      }
      state = flow.chain(read.base, read.keys, hit.start, 0);
    } else state = flow.written(hit, lines);
    if (state?.resource === undefined || !state.inside) continue;
    names[k] = { ...hit, isKey: true, model: { resources: [state.resource], guessed: false } };
  }
  if (dropped.size > 0) {
    const kept = names.filter((_, k) => !dropped.has(k));
    names.length = 0;
    names.push(...kept);
  }
}

/** What a value holds: a resource's document, object or list (`inside` false), or its attributes or relationships. */
interface State {
  readonly resource: string | undefined;
  readonly inside: boolean;
}

/** The key `keysOf` gives for an index (`[0]`, `[x]`): a list's item is of the list's resource. */
const INDEX = '[]';

/** How deep helpers and variables are followed. */
const MAX_DEPTH = 4;

/** One accessor of a chain: `["data"]`, `.get("attributes", {})`. */
const ACCESSOR =
  /\[\s*(['"])([\w-]+)\1\s*\]|\.get\(\s*(['"])([\w-]+)\3\s*(?:,[^()]*(?:\([^()]*\))?[^()]*)?\)|(\[\s*(?:\d+|[A-Za-z_]\w*)\s*\])/g;
/**
 * A chain ending where the read key's accessor opens: `project['attributes'][`, `attrs.get(`. A `.get`'s
 * default (`, {}`, `, f(x)`) is `,[^()]*` then at most one `(…)` and what follows it, written so that
 * one text splits one way only (`,[^()]*(?:\([^()]*\))?[^()]*` tried every split of a long default). No match
 * starts after a letter or `_` (one starting there would start a character sooner): the lookbehind only spares the
 * tries inside words.
 */
const CHAIN_BEFORE =
  /(?<![A-Za-z_])([A-Za-z_][\w]*)((?:\s*\[\s*(['"])[\w-]+\3\s*\]|\.get\(\s*(['"])[\w-]+\4\s*(?:,[^()]*(?:\([^()]*\)[^()]*)?)?\)|\[\s*(?:\d+|[A-Za-z_]\w*)\s*\])*)\s*(?:\[|\.get\()\s*$/;
/**
 * How far back from a key its chain is looked for (then back to a word's start): a chain of accessors is at most
 * 64 characters in the 2,555 labelled files. CHAIN_BEFORE ends with `$`, so it is tried at every start of what it
 * runs on; run on the line up to each key, a long line of keys took time growing with the square of its length.
 */
const CHAIN_CHARS = 400;
/** `"name" in project['attributes']`. */
const MEMBERSHIP =
  /^\s+in\s+([A-Za-z_]\w*)((?:\[\s*(['"])[\w-]+\3\s*\]|\.get\(\s*(['"])[\w-]+\4[^()]*\)|\[\s*(?:\d+|[A-Za-z_]\w*)\s*\])*)/;

/** The variable and keys a key read reads from, or undefined when the key is not read from a variable. */
function readOf(
  text: string,
  lines: Lines,
  hit: NameHit,
): { base: string; keys: string[]; options?: true } | undefined {
  const quote = text.charAt(hit.start - 1);
  if (quote !== '"' && quote !== "'") return undefined;
  // A subscript assigned to is written, not read: `attributes["priority"] = …`.
  if (text.charAt(hit.end) === quote && /^\s*\]\s*=(?!=)/.test(text.slice(hit.end + 1, hit.end + 40))) return undefined;
  const lineStart = lines.startOf(hit.line);
  const before = chainBefore(text, lineStart, hit.start - 1);
  if (before?.[1] !== undefined) {
    // `self.params` / `module.params`: the 8 characters before `params` (or the line's start) decide.
    const at = before.index;
    const options = before[1] === 'params' && /\b(?:self|module)\.$/.test(text.slice(Math.max(lineStart, at - 8), at));
    return { base: before[1], keys: keysOf(before[2] ?? ''), ...(options ? { options } : {}) };
  }
  if (text.charAt(hit.end) !== quote) return undefined;
  const after = MEMBERSHIP.exec(text.slice(hit.end + 1, lines.endOf(hit.line)));
  if (after?.[1] !== undefined) return { base: after[1], keys: keysOf(after[2] ?? '') };
  return undefined;
}

/**
 * CHAIN_BEFORE on the line's text from `lineStart` to `end`, its index made one in `text`. Only a text
 * ending with an accessor's opening is read, and only its last CHAIN_CHARS characters (from a word's start).
 */
function chainBefore(text: string, lineStart: number, end: number): RegExpExecArray | null {
  let last = end;
  while (last > lineStart && /\s/.test(text.charAt(last - 1))) last--;
  if (text.charAt(last - 1) !== '[' && !(last - 5 >= lineStart && text.startsWith('.get(', last - 5))) return null;
  let from = Math.max(lineStart, end - CHAIN_CHARS);
  while (from > lineStart && /\w/.test(text.charAt(from - 1))) from--;
  const before = CHAIN_BEFORE.exec(text.slice(from, end));
  if (before !== null) before.index += from;
  return before;
}

/** A quoted name tested for membership: `'name' in x[…]` (`readOf` reads what it tests). */
function isMembership(text: string, lines: Lines, hit: NameHit): boolean {
  const quote = text.charAt(hit.start - 1);
  if ((quote !== '"' && quote !== "'") || text.charAt(hit.end) !== quote) return false;
  return MEMBERSHIP.test(text.slice(hit.end + 1, lines.endOf(hit.line)));
}

function keysOf(chain: string): string[] {
  return [...chain.matchAll(ACCESSOR)].map((m) => m[2] ?? m[4] ?? (m[5] === undefined ? '' : INDEX));
}

/** A Python function: its name, where its body runs, its parameters' text. */
interface Def {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/** The top level of a script, the scope of what no function holds. */
const TOP: Def = { name: '', start: 0, end: Number.MAX_SAFE_INTEGER };

const DEF = stickyDefs(/^([ \t]*)(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(/gm);
const KEYWORDS = new Set(['self', 'cls', 'None', 'True', 'False', 'and', 'or', 'not', 'in', 'is', 'if', 'else', 'for']);

/** A variable's assignments: a payload's (`name = {` a dict literal), any (or a `for name in`), a URL's. */
const ASSIGNMENT = {
  payload: (name: string) => `${assignmentOf(name, { opening: true })}[ \\t]*(\\{)?([^\\n]*)`,
  variable: (name: string) =>
    `(?:${assignmentOf(name, { opening: true })}[ \\t]*([^\\n]+))|(?:${loopHeaders(name, '([^\\n]+)').forIn})|(?:${loopHeaders(name, '([^\\n]+)').enumerated})`,
  url: (name: string) => `${assignmentOf(name, { opening: true })}[ \\t]*([^\\n]+)`,
};
/** A variable put into a payload: `"attributes": name`, `payload["data"]["relationships"] = name`. */
const TAKEN = (name: string): string =>
  `(['"])(?:attributes|relationships)\\1\\s*:\\s*${name}\\b|([A-Za-z_]\\w*)((?:\\[\\s*(['"])[\\w-]+\\4\\s*\\])*\\[\\s*(['"])(?:attributes|relationships)\\5\\s*\\])\\s*=\\s*${name}\\b`;
/**
 * A line whose first word is assigned (`name =`, `name: T =`, or a type annotation; the first of two names unpacked,
 * `ws, _ = self.get_workspace()`), by that word.
 */
const ASSIGNED_LINE = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?:,[ \t]*[A-Za-z_]\w*[ \t]*)?[:=]/gm;
/** A `for name in` (or `for i, name in`) anywhere on a line (loops and comprehensions), by the loop variable. */
const FOR_IN = /\bfor(?=[ \t]+(?:\w+[ \t]*,[ \t]*)?([A-Za-z_]\w*)[ \t]+in[ \t])/g;

class Flow {
  private readonly defs: Def[] = [];
  /** Each function's first definition by name (the helpers a call names). */
  private readonly defByName = new Map<string, Def>();
  /**
   * The lines that may assign a variable, by its name, ascending: built once for the file, so a
   * variable's last assignment is found among its own few lines, not by a scan of its function.
   */
  private assignedLines: Map<string, number[]> | undefined;
  /** The patterns compiled for a name, by their source (one compilation a name and kind, not one a look-up). */
  private readonly compiled = new Map<string, RegExp>();
  /** `callsOf`: each function's (or own method's) call places. */
  private readonly calls = new Map<string, number[]>();

  constructor(
    private readonly text: string,
    lines: Lines,
    private readonly index: HistoryIndex,
    private readonly urls: readonly UrlHit[],
    private readonly fileResource: string | undefined,
  ) {
    for (const m of lineStartDefsIn(text, lines, DEF)) {
      const indent = (m[1] ?? '').length;
      const start = m.index;
      // The body ends at the next non-blank line indented no deeper than the `def`.
      const rest = /\n(?=[ \t]*\S)/g;
      rest.lastIndex = text.indexOf(':', start + m[0].length);
      let end = text.length;
      for (let n = rest.exec(text); n; n = rest.exec(text)) {
        const lead = /^[ \t]*/.exec(text.slice(n.index + 1, n.index + 200))?.[0].length ?? 0;
        const first = text.charAt(n.index + 1 + lead);
        if (lead <= indent && first !== ')' && first !== '#') {
          end = n.index;
          break;
        }
      }
      const def = { name: m[2] ?? '', start, end };
      this.defs.push(def);
      if (!this.defByName.has(def.name)) this.defByName.set(def.name, def);
    }
  }

  /** The innermost function holding `offset`: of those starting before it (ascending), the last that has not ended. */
  private defAt(offset: number): Def | undefined {
    const defs = this.defs;
    // Offsets are whole numbers: the first def starting after `offset`.
    const lo = firstAtOrAfterBy(defs, offset + 1, (d) => d.start);
    for (let i = lo - 1; i >= 0; i--) {
      const d = defs[i];
      if (d && offset < d.end) return d;
    }
    return undefined;
  }

  /** The line starts that may assign `name` (its first word, or a `for name in` on it), ascending. */
  private linesAssigning(name: string): readonly number[] {
    if (!this.assignedLines) {
      const byName = new Map<string, number[]>();
      const add = (key: string, line: number): void => {
        const list = byName.get(key);
        if (!list) byName.set(key, [line]);
        else if ((list[list.length - 1] ?? -1) < line) list.push(line);
        else if (!list.includes(line)) {
          list.push(line);
          list.sort((a, b) => a - b);
        }
      };
      for (const m of this.text.matchAll(ASSIGNED_LINE)) add(m[1] ?? '', m.index);
      for (const m of this.text.matchAll(FOR_IN)) add(m[1] ?? '', this.text.lastIndexOf('\n', m.index - 1) + 1);
      this.assignedLines = byName;
    }
    return this.assignedLines.get(name) ?? [];
  }

  /** The pattern of `kind` for `name`, compiled once (`source` builds it). */
  private pattern(kind: string, name: string, source: (name: string) => string, flags: string): RegExp {
    const key = `${kind} ${name}`;
    let re = this.compiled.get(key);
    if (!re) {
      re = new RegExp(source(name), flags);
      this.compiled.set(key, re);
    }
    return re;
  }

  /**
   * The state of the object a key is written into: `payload["data"]["attributes"]["x"] = …`,
   * `relationships["projects"] = …`, `"project": {…}` inside `"relationships": {` or
   * `payload["data"]["relationships"] = {`, the `attributes = {…}` a payload takes later.
   */
  written(hit: NameHit, lines: Lines): State | undefined {
    const text = this.text;
    const quote = text.charAt(hit.start - 1);
    if ((quote !== '"' && quote !== "'") || text.charAt(hit.end) !== quote) return undefined;
    const after = text.slice(hit.end + 1, hit.end + 40);
    const head = text.slice(lines.startOf(hit.line), hit.start - 1);
    if (/^\s*\]\s*=(?!=)/.test(after)) {
      const m = /([A-Za-z_]\w*)((?:\[\s*(['"])[\w-]+\3\s*\])*)\[\s*$/.exec(head);
      if (m?.[1] === undefined) return undefined;
      let state = this.payload(m[1], hit.start, 0);
      for (const key of keysOf(m[2] ?? '')) state = step(state, key);
      return state;
    }
    if (!/^\s*:/.test(after)) return undefined;
    const open = enclosingBrace(text, hit.start);
    if (open === undefined) return undefined;
    const lead = text.slice(Math.max(0, open - 200), open);
    const member = /(['"])(attributes|relationships)\1\s*:\s*$/.exec(lead);
    if (member) {
      const holder = enclosingBrace(text, open);
      const resource = holder === undefined ? undefined : this.holderType(holder, 0);
      return resource === undefined ? undefined : { resource, inside: true };
    }
    const sub = /([A-Za-z_]\w*)((?:\[\s*(['"])[\w-]+\3\s*\])+)\s*=\s*$/.exec(lead);
    if (sub?.[1] !== undefined) {
      let state = this.payload(sub[1], open, 0);
      for (const key of keysOf(sub[2] ?? '')) state = step(state, key);
      return state;
    }
    const assigned = /(?:^|\n)[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*$/.exec(lead);
    if (assigned?.[1] !== undefined) return this.takenBy(assigned[1], open, 0);
    return undefined;
  }

  /** The JSON:API type a payload variable holds at `offset`: the dict literal it was assigned, or the payload it goes into. */
  private payload(name: string, offset: number, depth: number): State | undefined {
    if (depth > MAX_DEPTH || KEYWORDS.has(name)) return undefined;
    const found = this.lastInFunction('payload', name, offset);
    if (!found) return undefined;
    const { def, last } = found;
    // Part of another payload: `attributes = payload["data"]["attributes"]`.
    const part =
      last?.[1] === undefined ? /^([A-Za-z_]\w*)((?:\[\s*(['"])[\w-]+\3\s*\])+)\s*$/.exec(last?.[2] ?? '') : null;
    if (last && part?.[1] !== undefined) {
      let state = this.payload(part[1], def.start + last.index, depth + 1);
      for (const key of keysOf(part[2] ?? '')) state = step(state, key);
      if (state !== undefined) return state;
    }
    if (last?.[1] !== undefined) {
      const open = def.start + last.index + last[0].length - (last[2] ?? '').length - 1;
      // A document (`{"data": {"type": …}}`) or a resource object.
      const data = /^\{\s*(['"])data\1\s*:\s*\{/.exec(this.text.slice(open, open + 80));
      const resource = this.directType(open) ?? (data ? this.directType(open + data[0].length - 1) : undefined);
      if (resource !== undefined) return { resource, inside: false };
    }
    return this.takenBy(name, offset, depth);
  }

  /** A variable built apart and then put into a payload: `"attributes": attributes`, `payload["data"]["relationships"] = relationships`. */
  private takenBy(name: string, offset: number, depth: number): State | undefined {
    const def = this.defAt(offset);
    if (!def || depth > MAX_DEPTH) return undefined;
    const body = this.text.slice(offset, def.end);
    const use = this.pattern('taken', name, TAKEN, '').exec(body);
    if (!use) return undefined;
    if (use[2] === undefined) {
      const holder = enclosingBrace(this.text, offset + use.index);
      const resource = holder === undefined ? undefined : this.holderType(holder, depth + 1);
      return resource === undefined ? undefined : { resource, inside: true };
    }
    let state = this.payload(use[2], offset + use.index, depth + 1);
    for (const key of keysOf(use[3] ?? '')) state = step(state, key);
    return state;
  }

  /** The type of the object whose literal opens at `open`: its own `type` member, else what it is given to. */
  private holderType(open: number, depth: number): string | undefined {
    const own = this.directType(open);
    if (own !== undefined) return own;
    const lead = this.text.slice(Math.max(0, open - 200), open);
    const update = /([A-Za-z_]\w*)\.update\(\s*$/.exec(lead);
    if (update?.[1] !== undefined) return this.payload(update[1], open, depth + 1)?.resource;
    if (/\breturn\s*$/.test(lead)) return this.fileResource;
    return undefined;
  }

  /** The `type` value written directly in the dict literal opening at `open` (not in a nested one). */
  private directType(open: number): string | undefined {
    const text = this.text;
    let depth = 0;
    const limit = Math.min(text.length, open + 6_000);
    for (let i = open; i < limit; i++) {
      const c = text.charAt(i);
      if (c === '{' || c === '[' || c === '(') depth++;
      else if (c === '}' || c === ']' || c === ')') {
        depth--;
        if (depth === 0) return undefined;
      } else if (depth === 1 && (c === '"' || c === "'")) {
        const m = /^(['"])type\1\s*:\s*(['"])([\w-]+)\2/.exec(text.slice(i, i + 80));
        if (m?.[3] !== undefined && this.index.resourceTypes.has(m[3])) return m[3];
        const end = text.indexOf(c, i + 1);
        if (end === -1 || end > limit) return undefined;
        i = end;
      }
    }
    return undefined;
  }

  /** The state of `base` read through `keys` at `offset`. */
  chain(base: string, keys: readonly string[], offset: number, depth: number): State | undefined {
    let state = this.variable(base, offset, depth);
    for (const key of keys) state = step(state, key);
    return state;
  }

  /** A variable's state at `offset`: its last assignment before, in its function; else its name's resource. */
  private variable(name: string, offset: number, depth: number): State | undefined {
    if (depth > MAX_DEPTH || KEYWORDS.has(name)) return undefined;
    const found = this.lastInFunction('variable', name, offset);
    if (!found) return undefined;
    const { def, last } = found;
    // A name the top level never assigns (imported, or bound where no pattern reads) says nothing.
    if (!last && def === TOP) return undefined;
    if (!last) {
      const resource = namedResource(this.index, name).resource ?? this.fileResource;
      return resource === undefined ? this.argument(def, name, depth) : { resource, inside: false };
    }
    // A loop's iterated value: `for p in X`, or `for i, p in enumerate(X, 1)` (X: `balanced` cuts the closing
    // parenthesis, `firstItem` the start).
    const counted = last[3] !== undefined;
    const iterated = last[2] ?? last[3];
    const loop = iterated !== undefined;
    let expr = (loop ? iterated : last[1]) ?? '';
    if (loop) expr = balanced(expr.replace(/\s+if\b.*$/, '').replace(/:\s*(?:#.*)?$/, ''));
    if (counted) expr = firstItem(expr);
    const at = def.start + last.index + last[0].length - (loop ? iterated : (last[1] ?? '')).length;
    // A call whose arguments go on over lines (`response = requests.get(` / `url=f"…",` / `)`) is read whole.
    if (!loop) expr = wholeCall(this.text, at, expr);
    // The first of two names unpacked (`ws, ws_id = self.get_workspace()`): the first item its helper returns.
    // A comma right after the first name, not one inside a type annotation (`ws: Dict[str, Any] = …`).
    const unpacked = !loop && /^[ \t]*[A-Za-z_]\w*[ \t]*,/.test(last[0]);
    const value = this.expression(expr.trim(), at, depth + 1, unpacked);
    // A loop's item is its name's resource only when the loop walks a document's `data` list (`for project in
    // st.session_state['project_list']['data']`): any other unknown iterable says nothing of its items. A counted
    // loop (`for i, ws in enumerate(filtered)`) over an unknown iterable keeps its name's resource, as it had before
    // such loops were read.
    return value ?? (loop && !counted && !DATA_LIST.test(expr.trim()) ? undefined : this.named(name));
  }

  /**
   * A parameter whose name says nothing: what the file's calls of its function pass there (`self._parse(ws_data)` in
   * `for ws_data in data.get('data', [])` of a workspaces listing), when every call (at most `MAX_CALLS`) passes a
   * value of one state; a call passing anything unknown, by keyword or unpacked, says nothing.
   */
  private argument(def: { start: number }, name: string, depth: number): State | undefined {
    const head = DEF_HEAD.exec(this.text.slice(def.start, def.start + MAX_HEAD));
    if (head === null) return undefined;
    const fn = head[1]!;
    const list = def.start + head[0].length - 1 - head[2]!.length;
    const params = (topLevelArguments(this.text, list, list + head[2]!.length) ?? []).map(
      (p) => /^\s*\**([A-Za-z_]\w*)/.exec(this.text.slice(p.start, p.end))?.[1] ?? '',
    );
    let position = params.indexOf(name);
    if (position === -1) return undefined;
    const method = params[0] === 'self' || params[0] === 'cls';
    if (method) position--;
    if (position < 0) return undefined;
    const needle = `${fn}(`;
    let found: State | undefined;
    let calls = 0;
    for (const at of this.callsOf(fn, method)) {
      if (at >= def.start && at < def.start + head[0].length) continue;
      if (++calls > MAX_CALLS) return undefined;
      const part = callArguments(this.text, at + needle.length - 1, MAX_ARGUMENTS)?.args[position];
      const arg = part === undefined ? undefined : this.text.slice(part.start, part.end).trim();
      if (arg === undefined || /^\*|^[A-Za-z_]\w*[ \t]*=(?!=)/.test(arg)) return undefined;
      const state = this.expression(arg, at, depth + 1);
      if (
        state === undefined ||
        (found !== undefined && (found.resource !== state.resource || found.inside !== state.inside))
      )
        return undefined;
      found = state;
    }
    return found;
  }

  /**
   * The places of the calls of the function `fn` (`parse(x)`), or with `method` of the method on its own object
   * (`self._parse(x)`), no other's: found once a name a text. Searched per parameter asked, a text of many functions
   * of one name (each class's `__init__`) read every place of the name for each (a Python file of such classes repeated
   * to 400 KB: 260 ms, growing with its length squared; session 38).
   */
  private callsOf(fn: string, method: boolean): readonly number[] {
    const key = `${method ? 'method' : 'function'} ${fn}`;
    let found = this.calls.get(key);
    if (found !== undefined) return found;
    found = [];
    const needle = `${fn}(`;
    for (let at = this.text.indexOf(needle); at !== -1; at = this.text.indexOf(needle, at + needle.length)) {
      const before = this.text.slice(Math.max(0, at - 6), at);
      if (method ? !/(?:self|cls)\.$/.test(before) || /\w(?=(?:self|cls)\.$)/.test(before) : /[\w.]$/.test(before))
        continue;
      found.push(at);
    }
    this.calls.set(key, found);
    return found;
  }

  private named(name: string): State | undefined {
    const resource = namedResource(this.index, name).resource;
    return resource === undefined ? undefined : { resource, inside: false };
  }

  /** The state of an expression written at `at` (`first`: of the first item of the pair a helper it calls returns). */
  private expression(expr: string, at: number, depth: number, first = false): State | undefined {
    const stripped = expr.replace(/\s*#[^'"\n]*$/, '').replace(/\s+or\s+(?:\{\}|\[\]|None)\s*$/, '');
    if (/^[A-Za-z_]\w*$/.test(stripped)) return this.variable(stripped, at, depth);
    // The decoded body of a response: `response.json()` holds what `response` was sent for.
    const decoded = /^([A-Za-z_]\w*)\.json\(\s*\)$/.exec(stripped);
    if (decoded?.[1] !== undefined) return this.variable(decoded[1], at, depth);
    const read =
      /^([A-Za-z_]\w*)((?:\[\s*(['"])[\w-]+\3\s*\]|\.get\(\s*(['"])[\w-]+\4[^()]*\)|\[\s*(?:\d+|[A-Za-z_]\w*)\s*\])+)$/.exec(
        stripped,
      );
    if (read?.[1] !== undefined) return this.chain(read[1], keysOf(read[2] ?? ''), at, depth);
    // A model's members read by attribute: `project.attributes`, `resp.data.attributes`.
    const dotted = /^([A-Za-z_]\w*)((?:\.(?:data|attributes|relationships))+)$/.exec(stripped);
    if (dotted?.[1] !== undefined) return this.chain(dotted[1], dotted[2]?.split('.').slice(1) ?? [], at, depth);
    // A list of the items of another, each taken whole or validated into a model:
    // `[Project.model_validate(item) for item in raw_items]`, `[Workspace(**w) for w in data]`.
    const each = COMPREHENSION.exec(stripped);
    const item = each?.[1] ?? each?.[2];
    if (item !== undefined && item === each?.[3] && each[4] !== undefined)
      return step(this.expression(each[4], at, depth + 1), INDEX);
    const url = this.urlResource(at, at + expr.length);
    if (url !== undefined) return { resource: url, inside: false };
    // A call: a helper of the file (`self._get(…)`, `get_varset(…)`), or a library's (`requests.get(…)`).
    const call = /^((?:[A-Za-z_]\w*\.)*)(\w+)\s*\(/.exec(stripped);
    if (!call) return undefined;
    const own = call[1] === '' || call[1] === 'self.';
    const helper = own ? this.defByName.get(call[2] ?? '') : undefined;
    if (helper && depth <= MAX_DEPTH) {
      const returns = /^[ \t]*return[ \t]+([^\n]+)/gm;
      const body = this.text.slice(helper.start, helper.end);
      for (let m = returns.exec(body); m; m = returns.exec(body)) {
        const returned = (m[1] ?? '').trim();
        // `return x, workspace_id`: its first item (a name or a read) when the caller unpacks it.
        const item = first ? /^([A-Za-z_][\w.]*(?:\[[^\]\n]*\])*)[ \t]*,/.exec(returned)?.[1] : returned;
        if (item === undefined) continue;
        const r = this.expression(item, helper.start + m.index + m[0].length - (m[1] ?? '').length, depth + 1);
        if (r?.resource !== undefined) return r;
      }
    }
    if (first) return undefined;
    // A variable holding a URL among the call's arguments: `self._request("GET", endpoint)`.
    for (const arg of stripped.slice(call[0].length).matchAll(/(?<![\w.'"])([A-Za-z_]\w*)(?![\w(])/g)) {
      const name = arg[1] ?? '';
      if (KEYWORDS.has(name)) continue;
      const resource = this.urlOfVariable(name, at);
      if (resource !== undefined) return { resource, inside: false };
    }
    return undefined;
  }

  /**
   * The last match of `pattern` (multiline, assigning `name`) in the text of the function enclosing
   * `offset`, before `offset`; its index from the function's start. A match never crosses a line and
   * takes the rest of its line, so it is the first match on the last line that has one: only the lines
   * that may assign `name` are tried, from the last before `offset` back to the function's start.
   */
  private lastInFunction(
    kind: keyof typeof ASSIGNMENT,
    name: string,
    offset: number,
  ): { def: { start: number }; last: RegExpExecArray | undefined } | undefined {
    // A script's top level is a scope of its own for what it reads (`r = requests.get(…)` then `for p in
    // r.json()["data"]:` with no `def`): its lines inside functions are skipped.
    const def = this.defAt(offset) ?? (kind === 'payload' ? undefined : TOP);
    if (!def) return undefined;
    const lines = this.linesAssigning(name);
    const lo = firstAtOrAfter(lines, offset);
    const re = this.pattern(kind, name, ASSIGNMENT[kind], 'gm');
    for (let i = lo - 1; i >= 0; i--) {
      const start = lines[i] ?? 0;
      if (start < def.start) break;
      if (def === TOP && this.defAt(start) !== undefined) continue;
      const newline = this.text.indexOf('\n', start);
      re.lastIndex = 0;
      const within = newline === -1 || newline > offset;
      const m = re.exec(this.text.slice(start, within ? offset : newline));
      if (!m) continue;
      // A variable read on the right of its own assignment (`x = x.json()`) is its value before it.
      if (within && kind === 'variable' && m[1] !== undefined) continue;
      m.index += start - def.start;
      return { def, last: m };
    }
    return { def, last: undefined };
  }

  /** The resource of the URL last assigned to `name` before `offset` in its function. */
  private urlOfVariable(name: string, offset: number): string | undefined {
    const found = this.lastInFunction('url', name, offset);
    if (!found?.last) return undefined;
    const { def, last } = found;
    const end = def.start + last.index + last[0].length;
    return this.urlResource(end - (last[1] ?? '').length, end);
  }

  /** The resource of the API path literal between two offsets: the last type among its template's literal segments. */
  private urlResource(from: number, to: number): string | undefined {
    for (const url of this.urls) {
      if (url.start < from || url.start >= to) continue;
      const template = url.candidates[0]?.template;
      if (template === undefined) continue;
      const segments = template.split('/').filter((s) => s !== '' && !s.startsWith(':'));
      for (let i = segments.length - 1; i >= 0; i--) {
        const s = segments[i] ?? '';
        if (this.index.resourceTypes.has(s)) return s;
      }
    }
    return undefined;
  }
}

/** Reading `key` from a value: `data` keeps the resource, `attributes`/`relationships` go inside it, any other key leaves it. */
function step(state: State | undefined, key: string): State | undefined {
  if (state === undefined) return undefined;
  if (state.inside) return undefined;
  if (key === 'data' || key === INDEX) return state;
  if (key === 'attributes' || key === 'relationships') return { resource: state.resource, inside: true };
  return undefined;
}

/** `[Model.model_validate(x) for x in xs]` (the item, its loop variable, the list). */
const COMPREHENSION =
  /^\[\s*(?:[A-Za-z_][\w.]*\(\s*(?:\*\*)?([A-Za-z_]\w*)\s*\)|([A-Za-z_]\w*))\s+for\s+([A-Za-z_]\w*)\s+in\s+([A-Za-z_][\w.]*(?:\([^()]*\))?)\s*\]$/;

/** `x.attributes.name` (the object, the member); `attrs.name` once `attrs = x.attributes`. */
const ATTRIBUTE_READ = /(?<![\w.])([A-Za-z_]\w*)\.attributes\.([a-z][a-z0-9_]*)\b(?![ \t]*(?:\(|=(?!=)))/g;
/** A variable assigned an object's attributes by attribute: `attrs = project.attributes`. */
const ATTRIBUTES_ASSIGNED = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*[A-Za-z_]\w*(?:\.data)?\.attributes[ \t]*(?:#.*)?$/gm;

/**
 * Python: a member of a JSON:API resource object's attributes read by attribute, as a model (pydantic,
 * a namespace) gives it: `proj.attributes.workspace_count`, or `attrs.name` after
 * `attrs = project.attributes`. The object's resource comes from the same data flow as a key read's
 * (`flowResources`); the member's snake_case name is the attribute's kebab-case one. Only an attribute of
 * that resource is reported, and nothing when the resource is unknown.
 */
export function attributeReads(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  urls: readonly UrlHit[],
  languageId: string | undefined,
  fileResource: string | undefined,
): Match[] {
  if (isJsLike(languageId))
    return jsMemberReads(text, lines, index, urls, rootScope(text, lines, index, urls, languageId, true));
  if (languageId !== 'python' || !lines.markers.has('.attributes')) return [];
  const flow = new Flow(text, lines, index, urls, fileResource);
  const out: Match[] = [];
  const report = (state: State | undefined, member: string, start: number): void => {
    if (state?.resource === undefined || !state.inside) return;
    const wire = member.replace(/_/g, '-');
    const subject = (index.byName.get(wire) ?? index.byName.get(member) ?? []).find(
      (s) => s.type === 'attribute' && s.resource === state.resource,
    );
    if (subject === undefined) return;
    const line = lines.lineOf(start);
    if (/#/.test(text.slice(lines.startOf(line), start))) return;
    out.push(
      makeMatch(text, lines, { start, end: start + member.length, subject, confidence: 'context', via: 'name' }),
    );
  };
  for (const m of text.matchAll(ATTRIBUTE_READ)) {
    const base = m[1] ?? '';
    const member = m[2] ?? '';
    report(flow.chain(base, ['attributes'], m.index, 0), member, m.index + m[0].length - member.length);
  }
  const assigned = new Set<string>();
  for (const m of text.matchAll(ATTRIBUTES_ASSIGNED)) assigned.add(m[1] ?? '');
  for (const name of assigned) {
    const read = new RegExp(`(?<![\\w.])${name}\\.([a-z][a-z0-9_]*)\\b(?![ \\t]*(?:\\(|=(?!=)))`, 'g');
    for (const m of text.matchAll(read)) {
      const member = m[1] ?? '';
      report(flow.chain(name, [], m.index, 0), member, m.index + m[0].length - member.length);
    }
  }
  return out;
}

function isJsLike(languageId: string | undefined): boolean {
  return (
    languageId === 'typescript' ||
    languageId === 'javascript' ||
    languageId === 'typescriptreact' ||
    languageId === 'javascriptreact'
  );
}

/**
 * `project.attributes.name`, `this.workspace.attributes['resource-count']`, `workspace.relationships.project?.data`,
 * `ws?.relationships?.["locked-by"]`: a JSON:API object's member read. Group 1: the object's name; 2: attributes or
 * relationships; 3 or 4: the member.
 */
const JS_MEMBER_READ =
  /(?<![\w$.])(?:this\.)?([A-Za-z_$][\w$]*)\??\.(attributes|relationships)\??\.(?:([A-Za-z_$][\w$]*)|\[\s*['"]([\w-]+)['"]\s*\])(?![\w$]|[ \t]*(?:\(|=(?![=>])))/g;

/**
 * JS/TS: a member of a JSON:API resource object's attributes or relationships read by an object named for its
 * resource (`project.attributes.name` in `projects.find(…)`'s result, a `protected project: Project` field read as
 * `this.project.attributes.name`, `workspace.relationships.project?.data?.id`): that resource's attribute, and only
 * when the resource has one of that name (snake_case read as kebab-case). An object named for no resource (`data`,
 * `item`, `res.data`) says nothing; so does a call or an assignment of the member.
 */
function jsMemberReads(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  urls: readonly UrlHit[],
  scope: RootScope,
): Match[] {
  if (!lines.markers.has('.attributes') && !lines.markers.has('.relationships')) return [];
  const out: Match[] = [];
  let ownClient: boolean | undefined;
  let camel: boolean | undefined;
  let requested: ReadonlySet<string> | undefined;
  let distinct: ReadonlySet<string> | undefined;
  for (const m of text.matchAll(JS_MEMBER_READ)) {
    const resource = namedResource(index, m[1] ?? '').resource;
    if (resource === undefined) continue;
    // The name alone is no evidence (a CMS's JSON:API `project.attributes.name` reads alike): the object holds this
    // API's response in its function, the file requests that resource of this API (`fetchApi(`/organizations/${o}/
    // projects`)`), it reads objects of its own client of this API (`from '../tfcApi'`), or its other reads of the
    // object name an attribute only that resource has.
    if (
      scope(m[1] ?? '', m.index, lines.lineOf(m.index), 'included') !== resource &&
      !(requested ??= new Set(urls.flatMap((u) => (u.method === undefined ? [] : (urlResource(u) ?? []))))).has(
        resource,
      ) &&
      !(ownClient ??= importsThisApiClient(text) || importsCamelCasingClient(text, index)) &&
      !(distinct ??= readsDistinct(text, index)).has(`${m[1] ?? ''} ${resource}`)
    )
      continue;
    const member = m[3] ?? m[4] ?? '';
    // snake_case, or camelCase where a mapped client that camel-cases the response's keys gives them (`uploadUrl`), is
    // kebab-case.
    camel ??= importsCamelCasingClient(text, index);
    const camelCased = camel ? member.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase() : member;
    const wire = camelCased.replace(/_/g, '-');
    const subject = (index.byName.get(wire) ?? index.byName.get(member) ?? []).find(
      (s) => s.type === 'attribute' && s.resource === resource,
    );
    if (subject === undefined) continue;
    const start = m.index + m[0].lastIndexOf(member);
    const line = lines.lineOf(start);
    const before = text.slice(lines.startOf(line), start);
    if (/\/\/|^\s*\*/.test(before)) continue;
    out.push(
      makeMatch(text, lines, { start, end: start + member.length, subject, confidence: 'context', via: 'name' }),
    );
  }
  return out;
}

/**
 * The objects (`name resource`) whose member reads in the text include an attribute only that resource of this API has
 * (tfgql's mapper reads `run.attributes["allow-config-generation"]` beside `run.attributes.refresh`): this API's
 * objects, whatever passed them in (review v5 item 16).
 */
function readsDistinct(text: string, index: HistoryIndex): ReadonlySet<string> {
  const out = new Set<string>();
  const { words } = lexiconFor(index);
  for (const m of text.matchAll(ANY_ATTRIBUTE_READ)) {
    const member = (m[2] ?? m[3] ?? '')
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .replace(/_/g, '-')
      .toLowerCase();
    // A name of several words (`allow-config-generation`), not one every JSON:API writes (`name`, `description`) nor a
    // timestamp or author every resource has (`updated-at`, `created-by`): one the matcher reads as distinct.
    if (!member.includes('-') || /-(?:at|by)$/.test(member)) continue;
    const owners = new Set(
      (words.get(member)?.candidates ?? [])
        .filter((c) => c.rule === 'distinct' && c.subject.type === 'attribute')
        .map((c) => c.subject.resource),
    );
    const [only] = owners;
    if (owners.size === 1 && only !== undefined) out.add(`${m[1] ?? ''} ${only}`);
  }
  return out;
}

/** An object's attribute read by member or subscript (`run.attributes.refresh`, `run.attributes["plan-only"]`, `?.[…]`). */
const ANY_ATTRIBUTE_READ =
  /(?<![\w$.])(?:this\.)?([A-Za-z_$][\w$]*)\??\.attributes(?:\??\.([A-Za-z_$][\w$]*)|(?:\?\.)?\[\s*['"]([\w-]+)['"]\s*\])/g;

/** How far a call's arguments are followed over lines. */
const CALL_SPAN = 1_500;

/** `expr` (one line's text from `at`), or the call it opens taken to its closing bracket on a later line. */
function wholeCall(text: string, at: number, expr: string): string {
  if (!/\(\s*(?:#.*)?$/.test(expr)) return expr;
  let depth = 0;
  const limit = Math.min(text.length, at + CALL_SPAN);
  for (let i = at; i < limit; i++) {
    const c = text.charAt(i);
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return text.slice(at, i + 1);
    } else if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end === -1 || end >= limit) return expr;
      i = end;
    }
  }
  return expr;
}

/** The text up to a closing bracket it did not open (a comprehension's `]`). */
function balanced(expr: string): string {
  let depth = 0;
  for (let i = 0; i < expr.length; i++) {
    const c = expr.charAt(i);
    if (c === '[' || c === '(' || c === '{') depth++;
    else if (c === ']' || c === ')' || c === '}') {
      if (depth === 0) return expr.slice(0, i);
      depth--;
    }
  }
  return expr;
}

/** An argument list's first item: `xs` of `xs, 1` (`enumerate(xs, start=1)`). */
function firstItem(expr: string): string {
  let depth = 0;
  for (let i = 0; i < expr.length; i++) {
    const c = expr.charAt(i);
    if (c === '[' || c === '(' || c === '{') depth++;
    else if (c === ']' || c === ')' || c === '}') depth--;
    else if (c === ',' && depth === 0) return expr.slice(0, i);
  }
  return expr;
}

/** The `{` that opens the innermost dict literal holding `offset` (strings skipped on the way), if near. */
export function enclosingBrace(text: string, offset: number): number | undefined {
  let depth = 0;
  const stop = Math.max(0, offset - 4_000);
  for (let i = offset - 1; i >= stop; i--) {
    const c = text.charAt(i);
    if (c === '}' || c === ']' || c === ')') depth++;
    else if (c === '{' || c === '[' || c === '(') {
      if (depth === 0) return c === '{' ? i : undefined;
      depth--;
    }
  }
  return undefined;
}

/** An iterable that ends reading a document's `data` list: `x['data']`, `x.get('data', [])`. */
const DATA_LIST = /(?:\[\s*(['"])data\1\s*\]|\.get\(\s*(['"])data\2\s*(?:,\s*(?:\[\s*\]|None))?\s*\))$/;

/** A function's head from its `def`: its name and parameter list (on one or several lines). */
const DEF_HEAD = /^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(([^()]*)\)/;
/** How long a function's head is read, and how many calls of it a parameter is followed through. */
const MAX_HEAD = 600;
const MAX_CALLS = 8;
/** How long a call's argument list is read. */
const MAX_ARGUMENTS = 400;
