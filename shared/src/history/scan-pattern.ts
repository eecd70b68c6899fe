import type { LanguageProfile } from './language-profile.ts';
import type { Lexicon } from './lexicon.ts';
import { isRegexSpace } from './source-text.ts';

/** What a find of the scan pattern is. */
export type FindKind =
  'block-comment' | 'tag' | 'word' | 'path' | 'relative-path' | 'key' | 'list-item' | 'sent' | 'sent-variable';

/** The scan patterns of one lexicon and profile: the whole one, and the one without tags (`untagged`), made on first use. */
interface Patterns {
  whole?: RegExp;
  untagged?: RegExp;
}

const cache = new WeakMap<Lexicon, Map<LanguageProfile, Patterns>>();

/**
 * The one pattern a document is scanned with, per language profile. Alternatives, leftmost first:
 * block comments' and docstrings' openers (the collector skips to their ends, `BlockEnds`, so nothing inside them matches);
 * a Go `jsonapi:"`, `json:"` or `url:"` struct tag; a method and the literal sent with it
 * (`"GET", "`, `http.MethodPost, "`); a known word between quotes (the closing quote may be
 * escaped: JSON inside a string); `/` plus a known first path segment (optionally after
 * `api/v2/`); a quote plus a known first segment and `/` or `?` (paths written without a leading
 * slash, `"team-workspaces?filter[workspace][id]=…"`); a distinct status value opening or continuing a comma-separated string
 * (`"planned_and_saved,applied"`); in YAML/HCL-like profiles, a known unquoted key; in YAML, a
 * status value as an unquoted list item.
 *
 * Every alternative is a literal or a literal set: no nested quantifiers and nothing read past a find, so matching stays
 * linear. There are no capture
 * groups and no empty alternatives, which keeps V8's first-character quick check effective;
 * `kindOf` tells the alternatives apart by their first characters instead.
 *
 * Not `tagged`: without the alternatives that open with a letter (`jsonapi:"`, `json:"`, `url:"`, `http.Method…`), for
 * a text without `http.Method`, whose struct tags `nextTag` finds instead. Those letters are common, and with them in
 * the pattern V8's first-character check lets far more positions through to the whole alternation (the pattern ran
 * about a third faster without them over history-real's Go files). The finds are the same once merged by offset, a tag
 * first at a tie: a tag alternative wins at its position over any later one (the bare keys and list values, the only
 * others that may open with a letter), and none before it opens with a letter.
 */
export function scanPatternFor(profile: LanguageProfile, lexicon: Lexicon, tagged = true): RegExp {
  let byProfile = cache.get(lexicon);
  if (!byProfile) cache.set(lexicon, (byProfile = new Map<LanguageProfile, Patterns>()));
  let patterns = byProfile.get(profile);
  if (!patterns) byProfile.set(profile, (patterns = {}));
  const pattern = tagged
    ? (patterns.whole ??= build(profile, lexicon, true))
    : (patterns.untagged ??= build(profile, lexicon, false));
  pattern.lastIndex = 0;
  return pattern;
}

/**
 * Where the next struct tag find (`jsonapi:"`, `json:"`, or `url:"` after a backtick or a blank: what the scan pattern's
 * tag alternatives match) starts at `from` or after; -1 when none. Tags are found by their `:"` (one native search,
 * few stops in Go: the tags themselves), then the word before it.
 */
export function nextTag(text: string, from: number): number {
  // The shortest tag (`url:"`) puts its `:"` three characters after its start.
  for (let colon = text.indexOf(':"', from + 3); colon !== -1; colon = text.indexOf(':"', colon + 1)) {
    const at = tagStart(text, colon);
    if (at >= from) return at;
  }
  return -1;
}

/** Where the tag whose `:"` is at `colon` starts (`jsonapi`, `json`, or `url` after a backtick or a blank), or -1. */
function tagStart(text: string, colon: number): number {
  if (colon >= 7 && text.startsWith('jsonapi', colon - 7)) return colon - 7;
  if (colon >= 4 && text.startsWith('json', colon - 4)) return colon - 4;
  if (colon >= 4 && text.startsWith('url', colon - 3)) {
    const before = text.charCodeAt(colon - 4);
    if (before === 96 || isRegexSpace(before)) return colon - 3;
  }
  return -1;
}

/** Where the struct tag starting at `at` (`nextTag`) ends: after its `:"`. */
export function tagEnd(text: string, at: number): number {
  if (text.charCodeAt(at) === 117) return at + 5; // url:"
  return text.charCodeAt(at + 4) === 97 ? at + 9 : at + 6; // jsonapi:" or json:"
}

/**
 * Where a block comment or docstring a scan pattern's find opens (`/*`, `"""`, `'''`, `<#` at `at`) ends: after its
 * closer (`*\/`, the same three quotes, `#>`), or at the text's end when none follows. Each closer's last search is kept:
 * the next opener before what it found (or after a search that found none) is answered without searching, so a text of
 * many openers and no closer (`"arn:aws:dynamodb:*:…:table/*"` lines of a Terraform policy, each opener inside a
 * string) is searched once, not once an opener (26 ms at 100 KB, 5.1 s at 1.6 MB).
 */
export class BlockEnds {
  readonly #text: string;
  /** Per closer, the offset its last search started from and what it found (-1: none). */
  readonly #last = new Map<string, { readonly from: number; readonly found: number }>();

  constructor(text: string) {
    this.#text = text;
  }

  after(at: number): number {
    const text = this.#text;
    const c = text.charCodeAt(at);
    const closer = c === 47 ? '*/' : c === 60 ? '#>' : text.slice(at, at + 3);
    const from = at + (c === 47 || c === 60 ? 2 : 3);
    const last = this.#last.get(closer);
    let found: number;
    if (last !== undefined && last.from <= from && (last.found === -1 || last.found >= from)) found = last.found;
    else this.#last.set(closer, { from, found: (found = text.indexOf(closer, from)) });
    return found === -1 ? text.length : found + closer.length;
  }
}

/** Which alternative produced a find. */
export function kindOf(find: string): FindKind {
  const c = find.charCodeAt(0);
  const second = find.charCodeAt(1);
  if (c === 47) return second === 42 ? 'block-comment' : 'path';
  if (c === 60) return 'block-comment'; // <# … #>
  if (c === 44) return 'list-item';
  if (c === 34 || c === 39 || c === 96) {
    if (second === c && find.charCodeAt(2) === c) return 'block-comment';
    if (find.includes(',')) return isQuote(find.charCodeAt(find.length - 1)) ? 'sent' : 'sent-variable';
    const last = find.charCodeAt(find.length - 1);
    if (last === 47 || last === 63) return 'relative-path';
    return last === 34 || last === 39 || last === 96 ? 'word' : 'list-item';
  }
  if (find.startsWith('http.Method')) return isQuote(find.charCodeAt(find.length - 1)) ? 'sent' : 'sent-variable';
  return find.startsWith('jsonapi:"') || find.startsWith('json:"') || find.startsWith('url:"') ? 'tag' : 'key';
}

const isQuote = (c: number): boolean => c === 34 || c === 39 || c === 96;

function build(profile: LanguageProfile, lexicon: Lexicon, tagged: boolean): RegExp {
  const alternatives: string[] = [];
  // Line comments are not consumed here (they are frequent, and each would cost a find);
  // finds are checked against their line instead (see `LinePlaces`).
  // Their openers only: where each ends is `BlockEnds`'s (a lazy match to the closer or the text's end ran to the end
  // for each opener in a string with no closer after it: `"arn:aws:s3:::bucket/*"` lines, quadratic).
  if (profile.slashComments) alternatives.push('/\\*');
  if (profile.tripleQuotes) alternatives.push('"""', "'''");
  if (profile.hashBlockComments) alternatives.push('<#');
  const roots = alternationOf(lexicon.roots);
  if (tagged)
    alternatives.push(
      'jsonapi:"',
      'json:"',
      // go-querystring tags of option structs (`url:"search[tags],omitempty"`), after a backtick or a blank.
      // The look-behind comes after the literal: a leading one would run at every position of the text.
      'url:"(?<=[`\\s]url:")',
    );
  alternatives.push(
    // A method and the literal a request call sends with it: `NewRequest("GET", "team-projects"`,
    // `NewRequest(http.MethodPost, "…"`; ends at the literal's opening quote. Or the variable it sends
    // (`NewRequest("GET", u, …)`), which ends at the `,` or `)` after the name.
    `["'\`](?:GET|POST|PUT|PATCH|DELETE)["'\`][ \\t]*,[ \\t]*(?:["'\`]|[A-Za-z_]\\w*[ \\t]*[,)])`,
  );
  if (tagged)
    alternatives.push(`http\\.Method(?:Get|Post|Put|Patch|Delete)[ \\t]*,[ \\t]*(?:["'\`]|[A-Za-z_]\\w*[ \\t]*[,)])`);
  alternatives.push(
    `["'\`](?:${alternationOf(lexicon.quoted)})\\\\?["'\`]`,
    `/(?:api/v2/|api/registry/)?(?:${roots})(?![\\w-])`,
    `["'\`](?:${roots})[/?]`,
    `["'\`,](?:${alternationOf(lexicon.distinctValues)})(?=,|["'\`])`,
  );
  if (profile.bareKeys)
    alternatives.push(
      `(?<![\\w-])(?:${alternationOf(lexicon.keys)})(?=[ \\t]*(?::(?![\\w-])|[=${profile.blockKeys ? '{' : ''}]))`,
    );
  // Unquoted list items (`- fetching`, `[queuing, pre_plan_running]`): the collector checks what precedes.
  if (profile.listValues)
    alternatives.push(`(?<![\\w-])(?:${alternationOf(lexicon.listValues)})(?=[ \\t]*(?:[\\],#\\r\\n]|$))`);
  return new RegExp(alternatives.join('|'), 'g');
}

/**
 * `alternation` of one of a lexicon's lists, made once per list: every profile's pattern (and its untagged twin) holds
 * the same roots, quoted names and keys, and a process that scans Go, Python and shell built each list's tree again for
 * each (about a tenth of `keyfob history scan`'s first pass over the real client, run before the JIT has warmed up).
 */
function alternationOf(texts: readonly string[]): string {
  let out = ALTERNATIONS.get(texts);
  if (out === undefined) ALTERNATIONS.set(texts, (out = alternation(texts)));
  return out;
}
const ALTERNATIONS = new WeakMap<readonly string[], string>();

/**
 * The texts as one prefix tree (`a(?:bc|d(?:e)?)`): at each position V8 then follows one branch per
 * character instead of trying every name in turn, which a flat alternation of hundreds of names does.
 * The same texts match as with a longest-first flat alternation: a name ending where a longer one
 * continues is an optional greedy tail, tried long first, and names that share no prefix cannot both
 * match at one position.
 */
export function alternation(texts: readonly string[]): string {
  // Sorted, the texts under one node of the tree are a run of the list, and its children runs of that run by the
  // character at the node's depth: rendered from the list, with no tree built (a tree of maps, each node's children
  // spread and sorted and each character escaped by a pattern, took 58 ms for the lexicon's lists before the JIT had
  // warmed up: the first scan of every process).
  const list = [...new Set(texts)].sort();
  if (list.length === 0) return '';
  const out = renderRun(list, 0, list.length, 0);
  return list[0] === '' ? `(?:${out})?` : out;
}

/**
 * The pattern of the tree's node that `list[from..to)` (sorted, at least one) share the first `depth` characters of: a
 * child per character at `depth`, each with the run of single children after it as one literal, then its own node's.
 */
function renderRun(list: readonly string[], from: number, to: number, depth: number): string {
  // The node ends a text when one of them is the prefix itself: sorted, it comes first.
  const end = list[from]!.length === depth;
  const parts: string[] = [];
  for (let i = end ? from + 1 : from; i < to;) {
    const first = list[i]!;
    const c = first.charCodeAt(depth);
    let j = i + 1;
    while (j < to && list[j]!.charCodeAt(depth) === c) j++;
    const last = list[j - 1]!;
    // A chain of single children is one literal run: no text ends in it, and the first and last texts (so all of
    // them, sorted) go on with the same character.
    let stop = depth + 1;
    while (first.length > stop && first.charCodeAt(stop) === last.charCodeAt(stop)) stop++;
    parts.push(escapeRegExp(first.slice(depth, stop)) + renderRun(list, i, j, stop));
    i = j;
  }
  if (parts.length === 0) return '';
  const body = parts.length === 1 ? parts[0]! : `(?:${parts.join('|')})`;
  if (!end) return body;
  return parts.length === 1 && parts[0]!.length > 0 ? `(?:${body})?` : `${body}?`;
}

/** `text` with every character a regular expression gives a meaning escaped: the one escape of the history readers. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
