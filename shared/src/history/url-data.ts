import { matchingClose } from './brackets.ts';
import { goSliceType, keyBeforeOpener, opener } from './relationship-data.ts';
import { isWordChar } from './source-text.ts';
import type { UrlHit } from './hits.ts';

// URLs written as data, not sent: a JSON:API document's links, an item of a list of paths.

/** How far back the object holding a link is looked for. */
const LINK_REACH = 600;

/**
 * Whether the literal whose text starts at `start` is a JSON:API link: the value of a `self` or `related` key (or of a
 * run task request's callback URL key), or of
 * any key of an object held under a `links` key (`"links": {"self": …, "next": "/api/v2/…?page[number]=2"}`, `links:
 * { related: '…' }`, `"download": …` in a configuration version's links, JSON in a string with `\"` quotes). A link
 * is the server's address of a resource in a document it answered (a recorded response, a mock's body, a server's
 * own answer): writing it makes no request. `mayHoldLinks`: whether the text holds the word `links` (asked last).
 */
export function jsonApiLink(text: string, start: number, mayHoldLinks: () => boolean): boolean {
  let i = start - 1;
  const q = text.charCodeAt(i);
  if (q === 34 || q === 39 || q === 96) i--;
  if (text.charCodeAt(i) === 92) i--;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  const sep = text.charCodeAt(i);
  if (sep === 62 && text.charCodeAt(i - 1) === 61) i -= 2;
  else if (sep === 58) i--;
  else return false;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  const k = text.charCodeAt(i);
  if (k === 34 || k === 39) i--;
  if (text.charCodeAt(i) === 92) i--;
  const end = i + 1;
  while (i >= 0 && isWordChar(text.charCodeAt(i)) && end - i <= 24) i--;
  if (end === i + 1) return false;
  const key = text.slice(i + 1, end).toLowerCase();
  // The callback address a run task request carries (`"task_result_callback_url": "https://…/task-results/…"`): the
  // task PATCHes its result there later (callback-calls.ts); the body naming it sends nothing.
  if (key === 'self' || key === 'related' || /callback_?url$/.test(key)) return true;
  if (!mayHoldLinks()) return false;
  const open = opener(text, i, start - LINK_REACH);
  return open !== -1 && text.charCodeAt(open) !== 91 && keyBeforeOpener(text, open, 'links');
}

/** How far back the list holding a URL is looked for. */
const LIST_REACH = 2_000;

/**
 * Whether a single URL literal is one item of a list of paths kept as data, or of segments: a list literal (`[`, a Go
 * `[]string{`) joined into one path (`'/'.join(['/organizations', org, …])`, `[…].join('/')`), or whose items next to
 * it are paths too and which is a key's value or a variable's that nothing iterates (`"endpoints": ["/api/v2/runs",
 * "/api/v2/policies", …]`, a capability summary). Such an item is data or a segment, not a request. A list a loop
 * goes over (`for p in [`, `for (const p of [`, `range []string{`, `[…].map(`, a variable then iterated) is sent item
 * by item, and a list pairing a URL with anything else (`[url, "GET"]`) is no list of paths: neither is said less of.
 */
export function listedUrl(text: string, url: Pick<UrlHit, 'start' | 'end' | 'single'>): boolean {
  if (!url.single) return false;
  const q = text.charCodeAt(url.start - 1);
  if ((q !== 34 && q !== 39 && q !== 96) || text.charCodeAt(url.end) !== q) return false;
  let i = url.start - 2;
  if (i >= 0 && /[A-Za-z]/.test(text.charAt(i))) i--; // f"…", r'…'
  i = skipBack(text, i);
  const j = skipOn(text, url.end + 1);
  const before = text.charCodeAt(i);
  const after = text.charCodeAt(j);
  if (before !== 91 && before !== 44) return false;
  if (after !== 44 && after !== 93 && after !== 125) return false;
  const open = opener(text, i, url.start - LIST_REACH);
  if (open === -1) return false;
  const c = text.charCodeAt(open);
  if (c !== 91 && !(c === 123 && goSliceType(text, open))) return false;
  const lead = text.slice(Math.max(0, open - 80), open).replace(/\[\][\w.*]*$/, '');
  const close = matchingClose(text, open, LIST_REACH);
  const tail = close === -1 ? '' : text.slice(close + 1, close + 16);
  // Joined into one path: `'/'.join([` before the list, `].join(` after it.
  if (/\.join\(\s*$/.test(lead) || /^\s*\.join\(/.test(tail)) return true;
  // Gone over by a loop: its items are sent one by one.
  if (LOOPED_BEFORE.test(lead) || LOOPED_AFTER.test(tail)) return false;
  // Else a list of paths: every item beside this one a path too, and one at least.
  const previous = before === 44 ? pathItemBefore(text, i) : undefined;
  const next = after === 44 ? pathItemAfter(text, j + 1) : undefined;
  if (previous === undefined && next === undefined) return false;
  if (previous === false || next === false) return false;
  // Held by a key (`"endpoints": [`), or by a variable nothing iterates.
  if (/(?:["'\w]\s*:|=>)\s*$/.test(lead)) return true;
  const held = HELD_BY.exec(lead)?.[1];
  return held !== undefined && !iterated(text, held);
}

/** The keywords of a loop over the list that follows them: `for p in [`, `for (const p of [`, `range []string{`, `foreach ($p in @(`. */
const LOOPED_BEFORE = /(?:\b(?:in|of|range)\s*@?\(?\s*$)/;
/** A call over the list's items after its close: `].map(`, `.forEach(`, `.each`, `.flatMap(`. */
const LOOPED_AFTER = /^\s*\.\s*(?:map|forEach|flatMap|each|each_with_index|filter|reduce)\b/;
/** The name a list is assigned to: `paths = [`, `const PATHS = [`, `paths := []string{`, `self.paths = [`. */
const HELD_BY = /(?:^|[^\w$.])(?:[\w$]+\.)?([A-Za-z_$][\w$]*)\s*(?::[^=\n]*)?(?::=|=)\s*$/;

/** Whether the text goes over the variable `name` in a loop (`for p in PATHS`, `of paths`, `range paths`, `paths.map(`). */
function iterated(text: string, name: string): boolean {
  const escaped = name.replace(/\$/g, '\\$');
  return new RegExp(
    `\\b(?:in|of|range)\\s+(?:self\\.|this\\.|@)?${escaped}\\b|\\b${escaped}\\s*\\.\\s*(?:map|forEach|flatMap|each)\\b`,
  ).test(text);
}

/** A path literal (opening with `/`, or a URL) as an item of a list: its quoted text is one. */
const PATH_ITEM = /^[fr]?(["'`])(?:\/|https?:\/\/)[^"'`\s]*\1$/;

/** The item ending before the `,` at `comma`: whether it is a path literal (undefined: none read). */
function pathItemBefore(text: string, comma: number): boolean | undefined {
  const end = skipBack(text, comma - 1) + 1;
  const line = text.slice(Math.max(0, end - 300), end);
  const m = /[fr]?(["'`])[^"'`\n]*\1$/.exec(line);
  return m !== null && PATH_ITEM.test(m[0]);
}

/** The item starting after a `,` at `from`: whether it is a path literal (undefined: the list ends there). */
function pathItemAfter(text: string, from: number): boolean | undefined {
  const start = skipOn(text, from);
  const c = text.charCodeAt(start);
  if (c === 93 || c === 125) return undefined;
  const m = /^[fr]?(["'`])[^"'`\n]*\1/.exec(text.slice(start, start + 300));
  return m !== null && PATH_ITEM.test(m[0]);
}

/** The last offset at or before `i` that is no blank. */
function skipBack(text: string, i: number): number {
  while (i >= 0 && isSpace(text.charCodeAt(i))) i--;
  return i;
}

/** The first offset at or after `j` that is no blank. */
function skipOn(text: string, j: number): number {
  while (j < text.length && isSpace(text.charCodeAt(j))) j++;
  return j;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}
