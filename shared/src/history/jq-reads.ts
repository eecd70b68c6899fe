import { modelKeys, type Hits, type UrlHit } from './hits.ts';
import type { Lexicon } from './lexicon.ts';
import { Lines, memoKey } from './lines.ts';
import { commandAt, type Word } from './shell-commands.ts';
import { firstAtOrAfter } from './ordered.ts';
import { lastIndexWithin } from './source-text.ts';
import { variablePatterns } from './variable-patterns.ts';
import { loopHeaders } from './value-flow.ts';

/** How many lines above its reader a response's variable, or a URL's, may be assigned. */
const ASSIGN_LINES = 40;

/** `.attributes.name`, `.attributes."workspace-count"`, `.attributes["workspace-count"]` (quotes possibly escaped). Group 1 or 2: the key. */
const ATTRIBUTE = /^\.attributes(?:\.([A-Za-z_]\w*)|\.?\[?\\?"([\w-]+)\\?"\]?)/;
/** `.relationships.project`, `.relationships."agent-pool"`, `.relationships["agent-pool"]`: a relationship's name. Groups as ATTRIBUTE's. */
const RELATIONSHIP = /^\.relationships(?:\.([A-Za-z_][\w-]*)|\.?\[?\\?"([\w-]+)\\?"\]?)/;

/**
 * Attribute keys a jq filter reads from an API response in shell (`curl … /projects | jq -r
 * '.data[].attributes.name'`): the response is the one the command piped into `jq` sends (its URL, or the
 * variable holding its URL), or the one a variable holds (`response=$(curl … "$PROJECTS_URL")` then `echo
 * "$response" | jq …`, `jq … <<< "$response"`). The resource is the one the URL's path ends with
 * (`/organizations/:organization_name/projects` → projects); the key is that resource's key only (a model
 * context), so `.attributes.name` of a workspace is no project's name. A filter reading `included` or
 * `relationships` first, a response whose resource is not known, or a jq not fed by a request says nothing.
 */
export function jqReadHits(
  text: string,
  lines: Lines,
  lexicon: Lexicon,
  hits: Hits,
  place: (offset: number) => { readonly inComment: boolean; readonly stringStart: number },
): void {
  if (hits.urls.length === 0) return;
  jqPayloadHits(text, lines, lexicon, hits, place);
  const keys = modelKeys(hits.names);
  const byCommand = new Map<number, readonly string[] | undefined>();
  const reads: [number, RegExp][] = [];
  for (let at = lines.markers.first('.attributes'); at !== -1; at = text.indexOf('.attributes', at + 11))
    reads.push([at, ATTRIBUTE]);
  for (let at = lines.markers.first('.relationships'); at !== -1; at = text.indexOf('.relationships', at + 14))
    reads.push([at, RELATIONSHIP]);
  // Where the text writes `.type` (a type selection's test), found on the first read that asks.
  let types: readonly number[] | undefined;
  for (const [at, pattern] of reads) {
    const m = pattern.exec(text.slice(at, at + 80));
    const word = m?.[1] ?? m?.[2];
    // `.attributes | [.name, .readme]`: the keys the next step reads from the attributes.
    const read =
      m && word ? [{ word, start: at + m[0].indexOf(word) }] : pattern === ATTRIBUTE ? pipedKeys(text, at) : [];
    const known = read.filter((r) => (lexicon.words.get(r.word)?.candidates.length ?? 0) > 0);
    if (known.length === 0) continue;
    const p = place(at);
    if (p.inComment) continue;
    const stringStart = p.stringStart === -1 ? openedFilter(text, lines, at) : p.stringStart;
    if (stringStart === -1) continue;
    // The filter up to the key: another object's attributes (`.included[]`, a relationship) are not the response's,
    // unless the filter keeps the objects of one type (`.included[] | select(.type == "task-results")`).
    const filter = text.slice(stringStart, at);
    types ??= typeSelections(text);
    const selected = hasBetween(types, stringStart, at)
      ? jqSelectedType(text, stringStart + 1, at, lexicon, 2)
      : undefined;
    if (selected === undefined && /included|relationships/.test(filter)) continue;
    const words = jqWords(text, lines, at, stringStart);
    const program = words?.find((w) => !/^\w+=/.test(w.text));
    if (!words || !program || program.text !== 'jq') continue;
    let resources = selected === undefined ? byCommand.get(program.start) : [selected];
    if (selected === undefined && !byCommand.has(program.start)) {
      resources = jqInput(text, lines, hits.urls, words, program);
      byCommand.set(program.start, resources);
    }
    if (!resources) continue;
    for (const { word: key, start } of known)
      keys.mark(start, start + key.length, lines.lineOf(start), lexicon.words.get(key)!, { resources, guessed: false });
  }
}

/** `.attributes | ` (or `.attributes? |`) then the step it feeds. */
const PIPED = /^\.attributes\??[ \t]*\|[ \t]*/;
/** A path step of the input at the start of a term: `.name`, `."execution-mode"`, `.["execution-mode"]`. */
const FIRST_STEP = /(?<![\w\])"?.])\.(?:([A-Za-z_]\w*)|"([\w-]+)"|\["([\w-]+)"\])/g;

/**
 * The keys read from the attributes by the step a pipe gives them to (`.data.attributes | [.name, .readme] | @tsv`,
 * `.attributes | {n: .name}`): each path that opens a term of that step (its first step only), up to the next `|` of its
 * level or the filter's end.
 */
function pipedKeys(text: string, at: number): { word: string; start: number }[] {
  const piped = PIPED.exec(text.slice(at, at + 40));
  if (!piped) return [];
  const from = at + piped[0].length;
  let end = from;
  let depth = 0;
  for (; end < Math.min(text.length, from + 400); end++) {
    const c = text.charCodeAt(end);
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) {
      if (--depth < 0) break;
    } else if (depth === 0 && (c === 124 || c === 39 || c === 10 || c === 34 || c === 59)) break;
  }
  const out: { word: string; start: number }[] = [];
  const step = text.slice(from, end);
  FIRST_STEP.lastIndex = 0;
  for (let m = FIRST_STEP.exec(step); m !== null; m = FIRST_STEP.exec(step)) {
    const word = m[1] ?? m[2] ?? m[3] ?? '';
    out.push({ word, start: from + m.index + m[0].indexOf(word) });
  }
  return out;
}

/** How many lines a jq filter written over lines may span. */
const FILTER_LINES = 100;

/** A text's `'`s in order: the last one before a key is found by a binary search (see openedFilter). */
const SINGLE_QUOTES = memoKey<readonly number[]>('single quotes');
/** Whether the `'` at an offset opens a jq filter written over lines, by the offset (see openedFilter). */
const FILTER_OPENINGS = memoKey<Map<number, boolean>>('jq filter openings');

/**
 * The `'` opening a jq filter written over lines that holds `at` on a line wholly inside it (a line-by-line reading
 * sees no string there): the last `'` before `at`, on an earlier line of a `jq` command where it opens a string (an odd
 * count of `'` on that line), within FILTER_LINES. Else -1. The text's quotes are listed once and each quote's line
 * read once (a search back for the last quote, and a reading of its line, at each key took time growing with the
 * square of a long line's keys: 6 s for 400 KB of `p.attributes.name; ` in a.sh).
 */
function openedFilter(text: string, lines: Lines, at: number): number {
  const quotes = lines.memo(SINGLE_QUOTES, () => {
    const found: number[] = [];
    for (let i = text.indexOf("'"); i !== -1; i = text.indexOf("'", i + 1)) found.push(i);
    return found;
  });
  // The last quote at or before `at`: the one before the first past it.
  const after = firstAtOrAfter(quotes, at + 1);
  if (after === 0) return -1;
  const open = quotes[after - 1]!;
  const line = lines.lineOf(open);
  const here = lines.lineOf(at);
  if (line === here || here - line > FILTER_LINES) return -1;
  const opens = lines.memoAt(FILTER_OPENINGS, open, () => {
    const content = text.slice(lines.startOf(line), lines.endOf(line));
    // The command's words before the quote, from the line its `\` continuations start on (`jq -n --arg n "$n" \` then `'{`).
    const before = text.slice(lines.startOf(continuedFrom(text, lines, line)), open);
    return /(?:^|[\s|(])jq\s/.test(before) && (content.split("'").length - 1) % 2 === 1;
  });
  return opens ? open : -1;
}

/** `select(.type == "task-results")`, `select(.type=="task-results" and .id == $rid)`: the type a jq step keeps (group 1). */
const TYPE_SELECT = /^select\(\s*\.type\s*==\s*\\?"([\w-]+)\\?"/;

/**
 * The JSON:API type of the objects a jq read at `at` reads, as its filter (from `from`) keeps them: walking back from
 * the read through the pipeline that feeds it (out of the groups it is in; past siblings separated by `,` or an object
 * key's `:`), the first `select(.type == "T")` step (`.included[]? | select(.type == "task-results") | .attributes
 * .status`), an array or group built of such a selection, or a variable bound to one (`([.included[] | select(.type ==
 * "task-results")] | INDEX(.id)) as $by_id` … `$by_id[$rid] | .attributes.status`). A pipeline opening with anything
 * else than a path of its input (a literal, another variable) says nothing; T must be a resource type.
 */
function jqSelectedType(text: string, from: number, at: number, lexicon: Lexicon, depth: number): string | undefined {
  let i = at - 1;
  while (i >= from) {
    const c = text.charCodeAt(i);
    if (c === 41 || c === 93 || c === 125) {
      // `)`, `]`, `}`: a group closed before the read.
      const open = jqEnclosing(text, from, i); // the bracket opening the group `i` closes
      if (open === -1) return undefined;
      const before = text.slice(Math.max(from, open - 6), open);
      if (c === 41 && before === 'select') {
        const type = TYPE_SELECT.exec(text.slice(open - 6, i + 1))?.[1];
        if (type !== undefined) return lexicon.words.get(type)?.resourceType === true ? type : undefined;
      } else if (c !== 125 && depth > 0 && !/[\w$.?"\])]$/.test(before.trimEnd())) {
        // An array or a parenthesised pipeline built before the read: the type it keeps.
        const inner = jqSelectedType(text, open + 1, i, lexicon, depth - 1);
        if (inner !== undefined) return inner;
      }
      i = open - 1;
    } else if (c === 40 || c === 91 || c === 123 || c === 44 || c === 58 || c === 124) {
      // A step (`|`), out of the group the read is in, or past its siblings (`,`) and its key (`:`): what feeds it.
      if (!jqHeadIsInput(text, i + 1, at)) return jqHeadType(text, from, i + 1, at, lexicon, depth);
      if (c === 44 || c === 58) {
        const open = jqEnclosing(text, from, i);
        if (open === -1) return undefined;
        i = open;
      }
      i--;
    } else if (c === 34) {
      const open = lastIndexWithin(text, '"', from, i - 1);
      if (open === -1) return undefined;
      i = open - 1;
    } else i--;
  }
  return jqHeadIsInput(text, from, at) ? undefined : jqHeadType(text, from, from, at, lexicon, depth);
}

/** The offsets of `.type` in the text, in order. */
function typeSelections(text: string): number[] {
  const out: number[] = [];
  for (let at = text.indexOf('.type'); at !== -1; at = text.indexOf('.type', at + 5)) out.push(at);
  return out;
}

/** Whether a sorted offset list holds one in [from, to). */
function hasBetween(offsets: readonly number[], from: number, to: number): boolean {
  const first = firstAtOrAfter(offsets, from);
  return first < offsets.length && offsets[first]! < to;
}

/**
 * Whether the pipeline segment starting at `start` reads its input (a path `.attributes`, a step `select(…)`,
 * `map(…)`, `length`): not a variable (`$by_id[…]`) or a literal, which give values of their own.
 */
function jqHeadIsInput(text: string, start: number, at: number): boolean {
  let k = start;
  while (k < at && /\s/.test(text.charAt(k))) k++;
  return k >= at || !/[$"0-9]/.test(text.charAt(k));
}

/** The type a segment's head gives (`$by_id[$rid] | …`: the variable's binding), else none. */
function jqHeadType(
  text: string,
  from: number,
  start: number,
  at: number,
  lexicon: Lexicon,
  depth: number,
): string | undefined {
  const head = /^\s*\$(\w+)/.exec(text.slice(start, Math.min(at, start + 80)));
  if (!head || depth <= 0) return undefined;
  const binding = lastIndexWithin(text, ` as $${head[1]}`, from, start);
  if (binding === -1 || /\w/.test(text.charAt(binding + head[1]!.length + 5))) return undefined;
  let close = binding - 1;
  while (close >= from && /\s/.test(text.charAt(close))) close--;
  if (text.charAt(close) !== ')' && text.charAt(close) !== ']') return undefined;
  const open = jqEnclosing(text, from, close);
  return open === -1 ? undefined : jqSelectedType(text, open + 1, close, lexicon, depth - 1);
}

/**
 * The bracket opening the group that holds `at` (strings skipped), not before `from`, else -1; at a closing bracket,
 * the one it closes.
 */
function jqEnclosing(text: string, from: number, at: number): number {
  let depth = 0;
  for (let i = at - 1; i >= from; i--) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = lastIndexWithin(text, '"', from, i - 1);
      if (i === -1) return -1;
    } else if (c === 41 || c === 93 || c === 125) depth++;
    else if (c === 40 || c === 91 || c === 123) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** How many lines a command's `\` continuations are followed up. */
const CONTINUED_LINES = 12;

/** The first line of the command `line` continues: lines above it that end with a `\` continuation. */
function continuedFrom(text: string, lines: Lines, line: number): number {
  let first = line;
  while (
    first > 0 &&
    line - first < CONTINUED_LINES &&
    /\\[ \t]*$/.test(text.slice(lines.startOf(first - 1), lines.endOf(first - 1)))
  )
    first--;
  return first;
}

/**
 * The words of the command a jq filter at `at` is in. A single-quoted filter opened on an earlier line (`jq -r '` then
 * `map(select(.attributes.name == $n))` then `' <<<"$have"`) is one word of the command it opened in, as the shell reads it.
 */
function jqWords(text: string, lines: Lines, at: number, stringStart: number): Word[] | undefined {
  const opened = lines.lineOf(stringStart);
  if (opened === lines.lineOf(at) || text.charAt(stringStart) !== "'") return commandAt(text, lines, at);
  const close = text.indexOf("'", at);
  if (close === -1 || lines.lineOf(close) - opened > FILTER_LINES) return undefined;
  const from = lines.startOf(continuedFrom(text, lines, opened));
  const to = lines.endOf(lines.lineOf(close));
  // The same text with the filter's line breaks made blanks: offsets stay, the command is one line.
  const flat =
    text.slice(from, stringStart) + text.slice(stringStart, close).replace(/[\r\n]/g, ' ') + text.slice(close, to);
  const words = commandAt(flat, new Lines(flat), at - from);
  return words?.map((w) => ({ text: w.text, start: w.start + from, end: w.end + from }));
}

/** The resource of the response a `jq` command reads: piped in (`… | jq`) or given as a here-string (`<<< "$r"`). */
function jqInput(
  text: string,
  lines: Lines,
  urls: readonly UrlHit[],
  words: readonly Word[],
  program: Word,
): readonly string[] | undefined {
  const here = words.findIndex((w) => w.text === '<<<' || w.text.startsWith('<<<'));
  if (here !== -1) {
    const w = words[here]!;
    const operand = w.text === '<<<' ? words[here + 1] : { ...w, text: w.text.slice(3), start: w.start + 3 };
    const name = operand ? variableOf(operand.text) : undefined;
    return name ? responseOf(text, lines, urls, name, lines.lineOf(program.start), 1) : undefined;
  }
  // The command before the `|` that feeds jq (blanks, line breaks and `\` continuations between).
  let i = program.start - 1;
  while (i >= 0 && /[\s\\]/.test(text.charAt(i))) i--;
  if (text.charAt(i) !== '|' || text.charAt(i - 1) === '|') return undefined;
  let j = i - 1;
  while (j >= 0 && /[ \t\\\r\n]/.test(text.charAt(j))) j--;
  const upstream = j < 0 ? undefined : commandAt(text, lines, j);
  return upstream ? commandResource(text, lines, urls, upstream, 1) : undefined;
}

/**
 * The resource of the response a command gives: a request whose URL is written in it (or held in a variable
 * assigned a URL above), or `echo "$response"` / `printf '%s' "$response"` of a variable holding one.
 */
function commandResource(
  text: string,
  lines: Lines,
  urls: readonly UrlHit[],
  words: readonly Word[],
  hops: number,
): readonly string[] | undefined {
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last) return undefined;
  const inside = urls.filter((u) => u.start >= first.start && u.start < last.end);
  if (inside.length > 0) return inside.length === 1 ? urlResource(inside[0]!) : undefined;
  const program = words.find((w) => !/^\w+=/.test(w.text))?.text ?? '';
  const line = lines.lineOf(first.start);
  // A function of this text (`list_projects "$org"`): the response its body's requests give.
  const own = /^[A-Za-z_][\w-]*$/.test(program) ? functionResource(text, lines, urls, program) : undefined;
  if (own) return own;
  const names = words.map((w) => variableOf(w.text)).filter((n): n is string => n !== undefined);
  if (program === 'echo' || program === 'printf') {
    const name = names[names.length - 1];
    return name && hops > 0 ? responseOf(text, lines, urls, name, line, hops - 1) : undefined;
  }
  // A request sending a URL held in a variable: `curl -sS -H … "$PROJECTS_URL"`.
  const found = new Set<string>();
  let resources: readonly string[] | undefined;
  for (const name of names) {
    const assigned = assignmentLine(text, lines, name, line);
    if (assigned === undefined) continue;
    const url = urls.find((u) => u.line === assigned);
    const r = url ? urlResource(url) : undefined;
    if (!r) continue;
    resources = r;
    found.add(r.join(' '));
  }
  return found.size === 1 ? resources : undefined;
}

/** The resource of the response a variable holds: `response=$(curl … )` assigned within ASSIGN_LINES above `line`. */
function responseOf(
  text: string,
  lines: Lines,
  urls: readonly UrlHit[],
  name: string,
  line: number,
  hops: number,
): readonly string[] | undefined {
  const assigned = assignmentLine(text, lines, name, line);
  if (assigned === undefined) {
    // A loop's variable over the items of a response's `data` (`echo "$r" | jq -c '.data[]' | while read -r p`).
    const loop = loopSource(text, lines, name, line);
    return loop === undefined ? undefined : responseOf(text, lines, urls, loop.name, loop.line, hops);
  }
  const from = lines.startOf(assigned);
  const body = text.slice(from, lines.endOf(assigned));
  const open = body.indexOf('$(');
  if (open === -1) return undefined;
  // The command inside `$(`: its first word may be on the next line (`$(\n  curl …`).
  let at = from + open + 2;
  while (at < text.length && /[\s\\]/.test(text.charAt(at))) at++;
  const words = commandAt(text, lines, at);
  return words ? commandResource(text, lines, urls, words, hops) : undefined;
}

/** `| while read -r p`, `| while IFS= read -r p; do` (group 1: the pipeline before; 2: the variable). */
const WHILE_READ =
  /^(.*)\|[ \t]*while[ \t]+(?:IFS=\S*[ \t]+)?read[ \t]+(?:-[a-z]+[ \t]+)*([A-Za-z_]\w*)[ \t]*(?:;[ \t]*do\b.*)?$/;
/** `for p in $(…)` (group 1: the variable; 2: the command substituted). */
const FOR_IN = new RegExp(loopHeaders('([A-Za-z_]\\w*)', '"?\\$\\((.*)\\)"?[ \\t]*;?[ \\t]*(?:do\\b.*)?$').forIn);
/** A jq program that gives the items of a document's `data`: `jq -c '.data[]'`, `jq -c '.data | .[]'`. */
const DATA_ITEMS = /\bjq\b[^|]*?'\s*\.data\s*(?:\[\]|\|\s*\.\[\])\??\s*'/;
/** The variable whose response a pipeline reads: `echo "$r" |`, `printf '%s' "$r" |`, `<<< "$r"`. */
const PIPED_VARIABLE =
  /(?:\b(?:echo|printf[ \t]+(?:'[^']*'|"[^"]*"))[ \t]+"?\$\{?([A-Za-z_]\w*)\}?"?[ \t]*\||<<<[ \t]*"?\$\{?([A-Za-z_]\w*)\}?"?)/;

/**
 * The response whose `data` items a loop's variable `name` walks, by its loop within ASSIGN_LINES above `line`: `echo
 * "$r" | jq -c '.data[]' | while read -r name`, `for name in $(echo "$r" | jq -c '.data[]')`, `jq -c '.data[]' <<<
 * "$r" | while read -r name`: the variable holding the response (`r`) and the loop's line. Any other loop (a filter
 * giving another list than `data`'s items, a source other than a variable) says nothing.
 */
function loopSource(
  text: string,
  lines: Lines,
  name: string,
  line: number,
): { name: string; line: number } | undefined {
  if (!lines.markers.has('jq')) return undefined;
  for (let l = line; l >= 0 && l >= line - ASSIGN_LINES; l--) {
    const content = text.slice(lines.startOf(l), lines.endOf(l));
    if (!content.includes(name) || !/\b(?:while|for)\b/.test(content)) continue;
    const loop = WHILE_READ.exec(content);
    const feed =
      loop?.[2] === name ? loop[1] : FOR_IN.exec(content)?.[1] === name ? FOR_IN.exec(content)?.[2] : undefined;
    if (feed === undefined) continue;
    if (!DATA_ITEMS.test(feed)) return undefined;
    const piped = PIPED_VARIABLE.exec(feed);
    const source = piped?.[1] ?? piped?.[2];
    return source === undefined || source === name ? undefined : { name: source, line: l };
  }
  return undefined;
}

/** The line, within ASSIGN_LINES above `line`, where the shell variable `name` is last assigned (also after a `;`: `local r; r="$(…)"`). */
function assignmentLine(text: string, lines: Lines, name: string, line: number): number | undefined {
  const assigns = variablePatterns(name).shellAssigns;
  const after = `; ${name}=`;
  for (let l = line; l >= 0 && l >= line - ASSIGN_LINES; l--) {
    const content = text.slice(lines.startOf(l), lines.endOf(l));
    if (assigns.test(content) || content.replace(/;[ \t]+/g, '; ').includes(after)) return l;
  }
  return undefined;
}

/** How many lines a shell function's body may have for its requests to be read. */
const FUNCTION_LINES = 120;
/** `name() {`, `function name {`, `function name() {` at a line start. Group 1 or 2: the name. */
const FUNCTION_DEF =
  /^[ \t]*(?:function[ \t]+([A-Za-z_][\w-]*)[ \t]*(?:\(\))?|([A-Za-z_][\w-]*)[ \t]*\(\))[ \t]*\{?[ \t]*$/gm;

const BODIES = memoKey<ReadonlyMap<string, { from: number; to: number } | null>>('shell function bodies');

/** The shell functions a text defines, by name: their bodies' offsets (null for a name defined twice). Read once per scan. */
function functionBodies(text: string, lines: Lines): ReadonlyMap<string, { from: number; to: number } | null> {
  return lines.memo(BODIES, () => readFunctionBodies(text, lines));
}

function readFunctionBodies(text: string, lines: Lines): ReadonlyMap<string, { from: number; to: number } | null> {
  const map = new Map<string, { from: number; to: number } | null>();
  FUNCTION_DEF.lastIndex = 0;
  for (let m = FUNCTION_DEF.exec(text); m !== null; m = FUNCTION_DEF.exec(text)) {
    const name = m[1] ?? m[2] ?? '';
    if (map.has(name)) {
      map.set(name, null);
      continue;
    }
    const line = lines.lineOf(m.index);
    let last = line + 1;
    // The body ends at the first `}` alone on its line at the definition's indentation.
    const indent = /^[ \t]*/.exec(m[0])?.[0] ?? '';
    for (; last <= line + FUNCTION_LINES && lines.startOf(last) < text.length; last++)
      if (text.slice(lines.startOf(last), lines.endOf(last)).trimEnd() === `${indent}}`) break;
    map.set(name, { from: m.index + m[0].length, to: lines.endOf(last) });
  }
  return map;
}

/**
 * The resource of the responses a shell function of this text gives (`list_projects() {` … `curl … /organizations/$org/projects`):
 * the one resource every request URL in its body ends with; none, two, or a function defined twice say nothing.
 */
function functionResource(
  text: string,
  lines: Lines,
  urls: readonly UrlHit[],
  name: string,
): readonly string[] | undefined {
  const body = functionBodies(text, lines).get(name);
  if (!body) return undefined;
  let found: readonly string[] | undefined;
  for (const u of urls) {
    if (u.start < body.from || u.start >= body.to) continue;
    const r = urlResource(u);
    if (!r || (found && found.join(' ') !== r.join(' '))) return undefined;
    found = r;
  }
  return found;
}

/** `$x`, `${x}`, `"$x"`, `"${x}"`: the variable a word is, whole. */
function variableOf(word: string): string | undefined {
  return /^"?\$\{?([A-Za-z_]\w*)\}?"?$/.exec(word)?.[1];
}

/** The resource a URL's path ends with (`/organizations/:organization_name/projects` → projects), if it names one. */
export function urlResource(url: UrlHit): readonly string[] | undefined {
  const best = url.candidates[0];
  const last = best?.template
    .split('/')
    .filter((s) => s !== '' && !s.startsWith(':'))
    .pop();
  return last !== undefined && best?.resources.includes(last) === true ? [last] : undefined;
}

/** `attributes: {` or `relationships: {` in a jq program. */
const ATTRIBUTES_OBJECT = /(?:attributes|relationships)[ \t]*:[ \t]*\{/g;
/** A key of a jq object at its top level: `name:`, `"execution-mode":` after `{` or `,`. Group 1 or 2: the key. */
const JQ_KEY = /(?:^|[{,])\s*(?:([A-Za-z_][\w-]*)|"([\w-]+)")\s*:/y;
/** How far a jq payload's object may run. */
const PAYLOAD_CHARS = 2_000;

/**
 * The keys of a JSON:API payload a jq program builds (`jq -n --arg n "$name" '{ data: { type: "projects",
 * attributes: { name: $n, description: $d } } }'`): the unquoted (or quoted) keys at the top level of the
 * `attributes` object (and the relationship names of the `relationships` one: `project: { data: … }`) are that type's,
 * and of no other. The type is the `type:` string beside them in the same object; none there, or a program of another
 * command than jq, says nothing.
 */
function jqPayloadHits(
  text: string,
  lines: Lines,
  lexicon: Lexicon,
  hits: Hits,
  place: (offset: number) => { readonly inComment: boolean; readonly stringStart: number },
): void {
  if (!lines.markers.has('jq') || !lines.markers.has('attributes')) return;
  const keys = modelKeys(hits.names);
  ATTRIBUTES_OBJECT.lastIndex = 0;
  for (let m = ATTRIBUTES_OBJECT.exec(text); m !== null; m = ATTRIBUTES_OBJECT.exec(text)) {
    const at = m.index;
    if (/[\w."-]/.test(text.charAt(at - 1))) continue;
    const p = place(at);
    if (p.inComment) continue;
    const stringStart = p.stringStart === -1 ? openedFilter(text, lines, at) : p.stringStart;
    if (stringStart === -1 || text.charAt(stringStart) !== "'") continue;
    const words = jqWords(text, lines, at, stringStart);
    if (words?.find((w) => !/^\w+=/.test(w.text))?.text !== 'jq') continue;
    // The object holding `attributes:`: its `{` before, its `}` after (the program's own text only).
    const close = text.indexOf("'", at);
    if (close === -1) continue;
    const outer = enclosingObject(text, Math.max(stringStart + 1, at - PAYLOAD_CHARS), at, close);
    if (!outer) continue;
    const type = typeAtTop(text, outer.open, outer.close);
    const info = type === undefined ? undefined : lexicon.words.get(type);
    if (!info?.resourceType || type === undefined) continue;
    const open = at + m[0].length - 1;
    const end = matchingBrace(text, open, close);
    if (end === -1) continue;
    const model = { resources: [type], guessed: false };
    for (const key of topLevelKeys(text, open, end)) {
      const keyInfo = lexicon.words.get(key.name);
      if (!keyInfo || keyInfo.candidates.length === 0) continue;
      keys.mark(key.start, key.start + key.name.length, lines.lineOf(key.start), keyInfo, model);
    }
  }
}

/** The `{` before `at` (from `from`) not closed before it, and its matching `}` before `limit`. */
function enclosingObject(
  text: string,
  from: number,
  at: number,
  limit: number,
): { open: number; close: number } | undefined {
  let depth = 0;
  for (let i = at - 1; i >= from; i--) {
    const c = text.charAt(i);
    if (c === '}') depth++;
    else if (c === '{') {
      if (depth === 0) {
        const close = matchingBrace(text, i, limit);
        return close === -1 ? undefined : { open: i, close };
      }
      depth--;
    }
  }
  return undefined;
}

/** The `}` matching the `{` at `open`, before `limit` (strings in the program skipped), or -1. */
function matchingBrace(text: string, open: number, limit: number): number {
  let depth = 0;
  for (let i = open; i < limit; i++) {
    const c = text.charAt(i);
    if (c === '"') {
      const end = text.indexOf('"', i + 1);
      if (end === -1 || end >= limit) return -1;
      i = end;
    } else if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') {
      depth--;
      if (depth === 0) return c === '}' ? i : -1;
    }
  }
  return -1;
}

/** The keys at the top level of the object from `open` to `close`, with their offsets. */
function topLevelKeys(text: string, open: number, close: number): { name: string; start: number }[] {
  const out: { name: string; start: number }[] = [];
  let depth = 0;
  for (let i = open; i < close; i++) {
    const c = text.charAt(i);
    if (c === '"' && depth > 1) {
      const end = text.indexOf('"', i + 1);
      if (end === -1 || end >= close) break;
      i = end;
      continue;
    }
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    if (depth === 1 && (c === '{' || c === ',')) {
      JQ_KEY.lastIndex = i;
      const k = JQ_KEY.exec(text);
      if (k) {
        const name = k[1] ?? k[2] ?? '';
        out.push({ name, start: i + k[0].indexOf(name) });
        i += k[0].length - 1;
      }
    } else if (c === '"') {
      const end = text.indexOf('"', i + 1);
      if (end === -1 || end >= close) break;
      i = end;
    }
  }
  return out;
}

/** The `type: "projects"` string at the top level of the object from `open` to `close`. */
function typeAtTop(text: string, open: number, close: number): string | undefined {
  for (const key of topLevelKeys(text, open, close)) {
    if (key.name !== 'type') continue;
    return /^type"?[ \t]*:[ \t]*"([\w-]+)"/.exec(text.slice(key.start, key.start + 80))?.[1];
  }
  return undefined;
}
