import type { LanguageProfile } from './language-profile.ts';
import type { Lines } from './lines.ts';
import { shellStringResumes, substitutionEnd } from './shell-commands.ts';

/** Where an offset sits on its line, as far as a left-to-right look at the line can tell. */
export interface LinePlace {
  readonly inComment: boolean;
  /** Offset of the opening quote of the string the position is in, or -1. */
  readonly stringStart: number;
  readonly quote: number;
}

const IN_COMMENT: LinePlace = Object.freeze({ inComment: true, stringStart: -1, quote: 0 });
const IN_CODE: LinePlace = Object.freeze({ inComment: false, stringStart: -1, quote: 0 });

const DQ = 34,
  SQ = 39,
  BT = 96,
  SLASH = 47,
  HASH = 35,
  BACKSLASH = 92,
  NL = 10;

/** True when the profile treats this character as a string quote. */
export function isQuote(profile: LanguageProfile, c: number): boolean {
  return c === DQ || (c === SQ && profile.singleQuote) || (c === BT && profile.backtick);
}

/**
 * Says whether an offset is inside a comment or a string (and which), reading its line from the
 * start. Only that line is read: a string or comment opened on an earlier line is not seen, except in
 * shell (`quotesAcrossLines`), where a line that starts inside a string reads afresh past its closing quote.
 * Offsets asked in increasing order on one line continue where the last answer stopped, so a
 * pass over a long line (minified code) stays linear.
 */
export class LinePlaces {
  #line = -1;
  #at = 0;
  #quote = 0;
  #stringStart = -1;
  #comment = false;
  /** Where the current line reads afresh, past a quote closing a string opened above it, or -1. */
  #resume = -1;
  /** Shell: the double-quoted strings a `$(` inside them left (`"$(curl "$u" …)"`), with the substitution's open `(`s. */
  readonly #outer: { stringStart: number; depth: number }[] = [];
  /** The last answer inside a string, given again while the string is the same (answers are read-only). */
  #inString: LinePlace = IN_CODE;

  /**
   * The profile's flags the character loop reads, copied once: profiles come in many shapes (spread from
   * each other), and a property read on one of many shapes is a slow generic look-up, once a character.
   */
  readonly #singleQuote: boolean;
  readonly #backtick: boolean;
  readonly #slashComments: boolean;
  readonly #hashComments: boolean;
  readonly #nests: boolean;

  constructor(
    readonly text: string,
    readonly profile: LanguageProfile,
    readonly lines: Lines,
  ) {
    this.#singleQuote = profile.singleQuote;
    this.#backtick = profile.backtick;
    this.#slashComments = profile.slashComments;
    this.#hashComments = profile.hashComments !== 'none';
    this.#nests = profile.quotesAcrossLines === true;
  }

  at(offset: number): LinePlace {
    const line = this.lines.lineOf(offset);
    if (line !== this.#line || offset < this.#at) {
      this.#line = line;
      this.#at = this.lines.startOf(line);
      this.#resume = this.#nests ? (shellStringResumes(this.text, this.lines).get(this.#at) ?? -1) : -1;
      this.#quote = 0;
      this.#stringStart = -1;
      this.#comment = false;
      // Emptied, not made anew: a line is read afresh at most answers, and a new array each was about 0.7% of the scan's
      // allocation over history-real (only a shell `"$(` ever pushes onto it).
      this.#outer.length = 0;
    }
    // The line starts inside a string opened above (shell): past its closing quote, the line reads afresh.
    if (this.#resume !== -1 && offset >= this.#resume && this.#at < this.#resume) {
      this.#at = this.#resume;
      this.#quote = 0;
      this.#stringStart = -1;
      this.#comment = false;
      this.#outer.length = 0;
    }
    if (!this.#comment) this.#advance(offset);
    this.#at = Math.max(this.#at, offset);
    // The two answers outside strings are shared (read-only): most finds are in code or comments.
    if (this.#comment) return IN_COMMENT;
    if (this.#quote === 0) return IN_CODE;
    const last = this.#inString;
    if (last.stringStart === this.#stringStart && last.quote === this.#quote) return last;
    return (this.#inString = { inComment: false, stringStart: this.#stringStart, quote: this.#quote });
  }

  #advance(offset: number): void {
    const text = this.text;
    let quote = this.#quote;
    let i = this.#at;
    const nests = this.#nests;
    const singleQuote = this.#singleQuote;
    const backtick = this.#backtick;
    const slashComments = this.#slashComments;
    const hashComments = this.#hashComments;
    for (; i < offset; i++) {
      const c = text.charCodeAt(i);
      if (quote !== 0) {
        if (c === BACKSLASH) i++;
        else if (c === quote) quote = 0;
        else if (nests && quote === DQ && c === 36 && text.charCodeAt(i + 1) === 40) {
          // `"$(curl "$@" https://…)"`: the command substitution inside the string is code.
          this.#outer.push({ stringStart: this.#stringStart, depth: 0 });
          quote = 0;
          this.#stringStart = -1;
          i++;
        }
      } else if (nests && this.#outer.length > 0 && (c === 40 || c === 41)) {
        const top = this.#outer[this.#outer.length - 1]!;
        if (c === 40) top.depth++;
        else if (top.depth > 0) top.depth--;
        else {
          this.#outer.pop();
          quote = DQ;
          this.#stringStart = top.stringStart;
        }
      } else if (c === DQ || (c === SQ && singleQuote) || (c === BT && backtick)) {
        quote = c;
        this.#stringStart = i;
      } else if (
        c === SLASH
          ? slashComments && text.charCodeAt(i + 1) === SLASH && text.charCodeAt(i - 1) !== 58
          : c === HASH && hashComments && (i === 0 || isSpace(text.charCodeAt(i - 1)))
      ) {
        this.#comment = true;
        break;
      }
    }
    this.#quote = quote;
    this.#at = i;
  }
}

/** Offset of the quote closing a string whose content starts at `from`, or -1 (unterminated on its line). */
export function closingQuote(text: string, profile: LanguageProfile, from: number, quote: number): number {
  const multiline = quote === BT || (quote === DQ && profile.multilineDouble);
  const substitutions = quote === DQ && profile.quotesAcrossLines === true;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === quote) return i;
    if (c === BACKSLASH) i++;
    else if (c === NL && !multiline) return -1;
    // The shell's `"…/workspaces/$(ws_id "$1")/vars"`: the command substitution's own quotes do not end the string.
    else if (substitutions && c === 36 && text.charCodeAt(i + 1) === 40) {
      const close = substitutionEnd(text, i + 2);
      if (close !== -1) i = close;
    }
  }
  return -1;
}

/**
 * Whether the token ending at `after` is a key: `:` follows (not `::` or Go's `:=`), `=` where
 * the profile makes keys with it (not `==` or `=>`), `=>` in Ruby and PHP, `{` in HCL.
 */
export function keyFollows(text: string, profile: LanguageProfile, after: number): boolean {
  let i = after;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  const c = text.charCodeAt(i);
  const next = text.charCodeAt(i + 1);
  if (c === 58) return next !== 58 && next !== 61;
  if (c === 123) return profile.blockKeys;
  if (c === 61 && next === 62) return profile.arrowKeys;
  return c === 61 && profile.equalsKeys && next !== 61;
}

/**
 * The key a value starting at `valueStart` belongs to (`"type": "x"`, `type: x`, `type = "x"`),
 * or '' when the value does not directly follow a key.
 */
export function keyBefore(text: string, profile: LanguageProfile, valueStart: number): string {
  let i = valueStart - 1;
  // JSON inside a string: `\"type\": \"projects\"` (a Postman body, a payload written in a literal).
  if (text.charCodeAt(i) === BACKSLASH) i--;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  const sep = text.charCodeAt(i);
  if (sep === 62 && profile.arrowKeys && text.charCodeAt(i - 1) === 61)
    i--; // `=>`
  else if (sep === 61 && !profile.equalsKeys && text.charCodeAt(i - 1) !== 61) return annotatedField(text, i);
  else if (sep !== 58 && !(sep === 61 && profile.equalsKeys)) return '';
  i--;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  const end = i + 1;
  const last = text.charCodeAt(i);
  if (last === DQ || last === SQ) {
    const open = lastIndexWithin(text, String.fromCharCode(last), i - 64, i - 1);
    const close = text.charCodeAt(i - 1) === BACKSLASH ? i - 1 : i;
    return open === -1 ? '' : text.slice(open + 1, close);
  }
  while (i >= 0 && isWordChar(text.charCodeAt(i))) i--;
  return text.slice(i + 1, end);
}

/**
 * The start of the line holding `at` when it is at most `reach` characters before `at` (its `\n` within `reach`), else
 * -1: looked for back over those characters only (searched back over a long line once per find, its time grew with the
 * finds' count squared).
 */
function lineStartWithin(text: string, at: number, reach: number): number {
  for (let i = at; i >= 0 && i >= at - reach; i--) if (text.charCodeAt(i) === 10) return i + 1;
  return at - reach < 0 ? 0 : -1;
}

/** A field declared with a type and a default, at its line's start: `type: str = …`, `readonly type: string = …` (the `=` at `eq`). */
function annotatedField(text: string, eq: number): string {
  const lineStart = lineStartWithin(text, eq, 121);
  if (lineStart === -1) return '';
  return (
    /^[ \t]*(?:(?:readonly|public|private|protected)[ \t]+)*([A-Za-z_]\w*)[ \t]*:[^=:\n(){}]+$/.exec(
      text.slice(lineStart, eq),
    )?.[1] ?? ''
  );
}

/**
 * `text.includes(word)`, searched by the part of `word` from `rare` on (`!(` of `format!(`): a native search
 * for a word that opens with a character common in code (`f`, `a`, `.`) steps through each of that character,
 * several times slower than one that opens with a rare one; these tests run once per text, over every file.
 */
export function includesBy(text: string, word: string, rare: number, length = word.length - rare): boolean {
  // `length` cuts the part searched short: V8 searches a needle of seven characters or more another way, which
  // can cost more than one that stops at every character of a short needle's first.
  const tail = word.slice(rare, rare + length);
  for (let at = text.indexOf(tail, rare); at !== -1; at = text.indexOf(tail, at + 1))
    if (text.startsWith(word, at - rare)) return true;
  return false;
}

/** `text.indexOf(word, from)`, searched by the part of `word` from `rare` on, as `includesBy` searches. */
export function indexBy(text: string, word: string, rare: number, from: number): number {
  const tail = word.slice(rare);
  for (let at = text.indexOf(tail, from + rare); at !== -1; at = text.indexOf(tail, at + 1))
    if (text.startsWith(word, at - rare)) return at - rare;
  return -1;
}

/**
 * The calls after a dot in the text (`.name(`), in order, one pass: `visit` gets the name and the dot's offset, and
 * stops the pass by returning true (then so does this). For look-ups against a table of names (a project's
 * operations and helpers) instead of one whole-text search a name. Found from each `(` back over the name (a native
 * search for `(`, about four times faster than the pattern `\.([\w$]+)\(`, which stops at every dot of the text);
 * the same calls as that pattern.
 */
export function dotCalls(text: string, visit: (name: string, dot: number) => boolean | void): boolean {
  for (let open = text.indexOf('('); open !== -1; open = text.indexOf('(', open + 1)) {
    let start = open;
    while (start > 0 && isCallNameChar(text.charCodeAt(start - 1))) start--;
    if (start === open || text.charCodeAt(start - 1) !== 46) continue;
    if (visit(text.slice(start, open), start - 1) === true) return true;
  }
  return false;
}

/** Python's function body ends at the first non-blank, non-comment line indented no deeper than its `def` (a `)` closing a signature goes on). */
export function pythonBodyEnd(text: string, from: number, indent: number, max = Infinity): number {
  let at = text.indexOf('\n', from);
  while (at !== -1 && at - from < max) {
    const next = text.indexOf('\n', at + 1);
    const line = text.slice(at + 1, next === -1 ? text.length : next);
    const body = line.trimStart();
    if (body !== '' && !body.startsWith('#') && line.length - body.length <= indent && !body.startsWith(')'))
      return at + 1;
    at = next;
  }
  return at === -1 ? text.length : at + 1;
}

/** `[\w$]`. */
function isCallNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
}

/** The offset of the `\n` ending the line that holds `at`, or the text's length on its last line. */
export function lineEnd(text: string, at: number): number {
  const end = text.indexOf('\n', at);
  return end === -1 ? text.length : end;
}

/** `[A-Za-z0-9_-]`. */
export function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

/** A regular expression's `\w`: `[A-Za-z0-9_]` (no `-`, unlike `isWordChar`). */
export function isRegexWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** A regular expression's `\s` (and what `trim` removes): JavaScript's white space and line terminators. */
export function isRegexSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 160 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** At most this many command words opening with one variable's reference are read (`commandWordEnd`'s readers). */
export const MAX_REFERENCE_WORDS = 64;

/** What ends a word of a command: a blank, a quote, a backtick, `;`, `|`, `)` or `\`. */
const COMMAND_WORD_ENDS = new Set([...' \t\r\n"\'`;|)\\'].map((c) => c.charCodeAt(0)));

/** Where the command word going on at `from` ends (`COMMAND_WORD_ENDS`, or the text's end). */
export function commandWordEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && !COMMAND_WORD_ENDS.has(text.charCodeAt(end))) end++;
  return end;
}

/** A character of a name in the languages that allow `$` in one (JS, PHP, Java): `[\w$]`. */
/**
 * The last `needle` of `text` that starts at `from` or after and at `to` or before, or -1: `text.lastIndexOf(needle, to)`
 * kept to `from`, searched within the bounds only. A reader that searched back with `lastIndexOf` and dropped an answer
 * too far back read to the text's start each time none was near: a text of many asks and no near answer took time
 * growing with its length squared (session 36's sweep found five such readers).
 */
export function lastIndexWithin(text: string, needle: string, from: number, to: number): number {
  const start = Math.max(0, from);
  if (to < start) return -1;
  const at = text.slice(start, to + needle.length).lastIndexOf(needle);
  return at === -1 ? -1 : start + at;
}

/**
 * The leftmost match of a global pattern that starts at a place or after, for asks at places that mostly rise: the
 * last search is kept (where it started and what it found), and an ask at or after its start and at or before its
 * find is answered by it, as a match's start does not depend on where the search began. A reader that ran a global
 * pattern from each ask and stopped at a bound read on to the text's end each time nothing was near: a text of many
 * asks and few finds took time growing with its length squared (session 37: 8,000 C# `[HttpGet]` lines, 2 s).
 * The pattern's own `lastIndex` is this reader's: give each `NextMatch` a pattern nothing else runs.
 */
export class NextMatch {
  private start = Infinity;
  private found: RegExpExecArray | null = null;
  constructor(
    private readonly text: string,
    private readonly pattern: RegExp,
  ) {}
  /** The leftmost match starting at `from` or after, or null. */
  at(from: number): RegExpExecArray | null {
    if (from >= this.start && (this.found === null || this.found.index >= from)) return this.found;
    this.pattern.lastIndex = from;
    this.start = from;
    this.found = this.pattern.exec(this.text);
    return this.found;
  }
}

export function isNameChar(c: number): boolean {
  return isRegexWordChar(c) || c === 36;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** Calls that read a key from a parsed body (`body.get("stage")`, `doc.dig("data", "attributes", "x")`). */
const ACCESSORS = new Set([
  'get',
  'fetch',
  'dig',
  'getString',
  'getBoolean',
  'getInt',
  'getJSONObject',
  'optString',
  'optBoolean',
  'path',
  'has',
  'hasKey',
  'containsKey',
  'get_in',
  'GetProperty',
  'TryGetProperty',
  'Get',
  'GetString',
  'setdefault',
  'pop',
  'key?',
]);

/**
 * Calls that give a key, and how: a field's wire name (Jackson's `@JsonProperty("stage")`, Gson's `@SerializedName`,
 * kotlinx's `@SerialName`, System.Text.Json's `[JsonPropertyName("…")]`, Dart's `@JsonKey(name: 'auto-apply')`,
 * Moshi's `@Json(name = "auto-apply")`) and a map's `put`. `first`: as the first argument; `named`: after `name` or
 * `value` in an annotation (`@…(name: `, `@…(value = `); `either`: both. The two readings below (`WIRE_NAMES`,
 * `NAMED_WIRE`) are built from this one table, so a call added for one form is seen beside the other.
 */
const WIRE_NAME_CALLS: Readonly<Record<string, 'first' | 'named' | 'either'>> = {
  JsonProperty: 'either',
  SerializedName: 'either',
  SerialName: 'either',
  JsonPropertyName: 'first',
  JsonAlias: 'first',
  put: 'first',
  JsonKey: 'named',
  Json: 'named',
};
const wireNameCalls = (form: 'first' | 'named'): string[] =>
  Object.entries(WIRE_NAME_CALLS)
    .filter(([, how]) => how === form || how === 'either')
    .map(([name]) => name);

/** Calls whose first argument is a key (`WIRE_NAME_CALLS`). */
const WIRE_NAMES = new Set(wireNameCalls('first'));

/**
 * Whether the string literal from `open` to `close` (its quotes) is a key being read: a subscript
 * (`payload["stage"]`, `$s['attributes']['run-tasks']`) or an argument of an accessor call on
 * the same line (`body.get("stage")`, `doc.dig("data", "attributes", "description")`), or the first argument of
 * a wire name annotation or a map's `put` (`WIRE_NAMES`).
 */
export function isAccessorKey(text: string, open: number, close: number): boolean {
  let before = open - 1;
  while (text.charCodeAt(before) === 32) before--;
  let after = close + 1;
  while (text.charCodeAt(after) === 32) after++;
  const b = text.charCodeAt(before);
  if (b === 91) return text.charCodeAt(after) === 93; // [ … ]
  if (b === 10 || b === 13 || b === 9) return isWrappedSubscript(text, before, close);
  // A wire name given by name (Dart's `@JsonKey(name: 'auto-apply')`, Moshi's `@Json(name = "auto-apply")`,
  // `@JsonProperty(value = "…")`).
  if (b === 58 || b === 61) return namedWireName(text, before);
  if (b !== 40 && b !== 44) return false; // ( or ,
  // The call this argument belongs to: the last `(` before it on the line, with no `)` between.
  const from = Math.max(0, open - 160);
  for (let i = before; i >= from; i--) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 41) return false;
    if (c !== 40) continue;
    let s = i;
    while (s > 0 && (isWordChar(text.charCodeAt(s - 1)) || text.charCodeAt(s - 1) === 63)) s--;
    const name = text.slice(s, i);
    return ACCESSORS.has(name) || (b === 40 && WIRE_NAMES.has(name));
  }
  return false;
}

/** `name:` / `name =` / `value =` opening a wire name annotation's arguments (`before`: the `:` or `=`). */
const NAMED_WIRE = new RegExp(`@(?:${wireNameCalls('named').join('|')})\\([ \\t]*(?:name|value)[ \\t]*$`);

function namedWireName(text: string, before: number): boolean {
  const from = Math.max(0, before - 60, lineStartWithin(text, before, 60));
  return NAMED_WIRE.test(text.slice(from, before));
}

/**
 * A subscript a formatter wrapped over lines (`request.json[` / `"configuration_version_download_url"` / `]`): the
 * `[` ends the line before the key and follows a name, `]` or `)` at once (a list literal's opens after `=`, `(`,
 * `,` or `:`), and the `]` closes it on the line after.
 */
function isWrappedSubscript(text: string, before: number, close: number): boolean {
  let b = before;
  while (b > 0 && isBlank(text.charCodeAt(b))) b--;
  if (text.charCodeAt(b) !== 91 || text.slice(b + 1, before + 1).split('\n').length !== 2) return false;
  const held = text.charCodeAt(b - 1);
  if (!(isWordChar(held) || held === 93 || held === 41)) return false;
  let a = close + 1;
  while (a < text.length && isBlank(text.charCodeAt(a))) a++;
  return text.charCodeAt(a) === 93 && text.slice(close + 1, a).split('\n').length === 2;
}

/** A space, tab or line break. */
function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** The word right before a position (blanks skipped) is `case`. */
export function followsCase(text: string, at: number): boolean {
  let i = at - 1;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  return text.charCodeAt(i) === 101 && text.startsWith('case', i - 3) && !isWordChar(text.charCodeAt(i - 4));
}
