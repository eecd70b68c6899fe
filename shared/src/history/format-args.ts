import { callArguments } from './client-operations.ts';
import type { UrlPart } from './hits.ts';
import type { TextMarkers } from './text-markers.ts';

/** At most this many format calls are read per text (`formattedLiterals`), and results kept (`segmentChains`). */
const MAX_CALLS = 500;
/** How far from its `(` a format call's arguments are read for the `)` that closes them. */
const MAX_FORMAT_CALL = 1_000;
/** How far a template literal written before its method (`"…".format(`, `("…"):format(`) is searched back on its line. */
const MAX_TEMPLATE_BACK = 400;

/** An argument of a format call: its text (trimmed), where that text starts, and where the argument ends (its `,` or `)`). */
interface FormatArgument {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** A format call read (`formatCall`): its template literal's content (quotes excluded) and the arguments after it. */
export interface FormatCall {
  readonly template: { readonly start: number; readonly end: number };
  readonly args: readonly FormatArgument[];
}

/**
 * A format call's callee, in every language read: Rust's `format!`, Python's `"…".format` and Lua's `("…"):format` (a
 * method of the template), Lua's `string.format`, Java's `String.format`, C's `sprintf`, Go's `fmt.Sprintf`, C#'s
 * `String.Format` / `string.Format` (its `{0}` placeholders read like Python's).
 */
const FORMAT_CALLEE = /(?:^|[.:])(?:format!?|[Ss]printf)$|(?:^|[^\w.]|System\.)[Ss]tring\.Format$/;

/**
 * The one reader of format calls: the call whose callee starts at `calleeStart` and whose `(` is at `open`, when the
 * callee is a format function (`FORMAT_CALLEE`) and its template a string literal: the literal the callee is a method
 * of (`"{}/runs".format(base)`, `("curl %s"):format(url)`: on its line, just before the callee), else the call's first
 * argument when it is a literal whole (`fmt.Sprintf("%s/runs", base)`, `format!("/{}/teams", ORGS)`). The arguments
 * are the call's top-level ones after the template (a blank one, a trailing comma's, left out); undefined when the
 * call does not close within MAX_FORMAT_CALL characters.
 */
export function formatCall(text: string, calleeStart: number, open: number): FormatCall | undefined {
  const callee = text.slice(calleeStart, open);
  if (!FORMAT_CALLEE.test(callee)) return undefined;
  if (callee.startsWith('.') || callee.startsWith(':')) {
    const template = templateBefore(text, calleeStart);
    const args = template === undefined ? undefined : formatArguments(text, open);
    return args && template && { template, args };
  }
  const args = formatArguments(text, open);
  const first = args?.[0];
  if (!first) return undefined;
  const quote = first.text.charCodeAt(0);
  if (quote !== 34 && quote !== 39) return undefined;
  const close = closingQuote(text, first.start + 1, first.end, quote);
  if (close !== first.start + first.text.length - 1) return undefined;
  return { template: { start: first.start + 1, end: close }, args: args.slice(1) };
}

/**
 * The template literal a format method is called on (`"{}/runs".format(`, `("curl %s"):format(`), its content's span
 * (quotes excluded), found on its line just before the callee at `calleeStart`; a cheap look before the call's arguments.
 */
export function templateBefore(text: string, calleeStart: number): { start: number; end: number } | undefined {
  const close = text.charCodeAt(calleeStart - 1) === 41 ? calleeStart - 2 : calleeStart - 1;
  const start = openingQuote(text, close);
  return start === -1 ? undefined : { start: start + 1, end: close };
}

/** The arguments of the call whose `(` is at `open`, each trimmed (a blank one left out), or undefined (`formatCall`). */
function formatArguments(text: string, open: number): FormatArgument[] | undefined {
  const read = callArguments(text, open, MAX_FORMAT_CALL);
  if (!read) return undefined;
  const args: FormatArgument[] = [];
  for (const a of read.args) {
    const raw = text.slice(a.start, a.end);
    const trimmed = raw.trim();
    if (trimmed !== '') args.push({ text: trimmed, start: a.start + raw.length - raw.trimStart().length, end: a.end });
  }
  return args;
}

/** The quote that opens the string closing at `close` (on its line, within MAX_TEMPLATE_BACK characters), or -1. */
function openingQuote(text: string, close: number): number {
  const quote = text.charCodeAt(close);
  if (quote !== 34 && quote !== 39) return -1;
  for (let i = close - 1; i >= 0 && close - i < MAX_TEMPLATE_BACK; i--) {
    const c = text.charCodeAt(i);
    if (c === 10) return -1;
    if (c === quote && text.charCodeAt(i - 1) !== 92) return i;
  }
  return -1;
}

/** Rust's `format!("/{}/{}/oauth-clients", api::ORGANIZATIONS, org)`, up to the literal's opening quote. */
const FORMAT_CALL = /\bformat!\(\s*"/g;
/** `const ORGANIZATIONS: &str = "organizations";` (also `pub`, `&'static str`). Groups: the name, the value. */
const STR_CONST = /\bconst[ \t]+([A-Z][A-Z0-9_]*)[ \t]*:[ \t]*&(?:'static[ \t]+)?str[ \t]*=[ \t]*"([^"\\\n]{1,200})"/g;
/** An argument that is a constant: `api::ORGANIZATIONS`, `Self::TEAMS`, `&PROJECTS`. Group 1: its name. */
const CONSTANT_ARGUMENT = /^&?(?:[A-Za-z_]\w*::)*([A-Z][A-Z0-9_]*)$/;

/** A format call's literal read with the constants its placeholders take put in their place. */
export interface FormattedLiteral {
  /** The literal's span, quotes excluded. */
  readonly start: number;
  readonly end: number;
  /** Its text with the constants' values in place of their placeholders (`/organizations/{}/oauth-clients`). */
  readonly text: string;
  readonly parts: readonly UrlPart[];
}

/**
 * Rust format calls whose positional placeholders take constants (`api::ORGANIZATIONS`): a constant of the text
 * gives its value; one defined elsewhere, whose name spells a resource of the API (`known`: `TEAM_PROJECTS` is
 * `team-projects`), gives that name. Other arguments stay placeholders; a call no constant fills is left out
 * (its literal is read as written).
 */
export function formattedLiterals(
  text: string,
  markers: TextMarkers,
  known: (word: string) => boolean,
): FormattedLiteral[] {
  const out: FormattedLiteral[] = [];
  // Asked of the text's markers: a marker with a `(` is looked for at the text's `(`s, found once for every such gate.
  if (!markers.has('format!(')) return out;
  const constants = new Map<string, string>();
  STR_CONST.lastIndex = 0;
  for (let m = STR_CONST.exec(text); m !== null; m = STR_CONST.exec(text)) constants.set(m[1] ?? '', m[2] ?? '');
  FORMAT_CALL.lastIndex = 0;
  let reads = 0;
  for (let m = FORMAT_CALL.exec(text); m !== null && reads < MAX_CALLS; m = FORMAT_CALL.exec(text)) {
    reads++;
    const call = formatCall(text, m.index, m.index + 'format!'.length);
    if (!call || call.args.length === 0) continue;
    const read = fill(text, call.template.start, call.template.end, call.args, constants, known);
    if (read) out.push(read);
  }
  return out;
}

function fill(
  text: string,
  start: number,
  end: number,
  args: readonly { readonly text: string; readonly start: number }[],
  constants: ReadonlyMap<string, string>,
  known: (word: string) => boolean,
): FormattedLiteral | undefined {
  let virtual = '';
  const parts: UrlPart[] = [{ virtual: 0, source: start }];
  let next = 0;
  let filled = false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 123) {
      virtual += text.charAt(i);
      continue;
    }
    if (text.charCodeAt(i + 1) === 123) {
      virtual += '{{';
      i++;
      continue;
    }
    const shut = text.indexOf('}', i);
    if (shut === -1 || shut >= end) return undefined;
    const inside = text.slice(i + 1, shut);
    const position = /^(\d*)(?::[^{}]*)?$/.exec(inside);
    const arg = position ? args[position[1] ? Number(position[1]) : next++] : undefined;
    const name = arg ? CONSTANT_ARGUMENT.exec(arg.text)?.[1] : undefined;
    const kebab = name?.toLowerCase().replace(/_/g, '-');
    const value = name === undefined ? undefined : (constants.get(name) ?? (kebab && known(kebab) ? kebab : undefined));
    if (value === undefined || !arg) {
      virtual += text.slice(i, shut + 1);
    } else {
      parts.push({ virtual: virtual.length, source: arg.start });
      virtual += value;
      parts.push({ virtual: virtual.length, source: shut + 1 });
      filled = true;
    }
    i = shut;
  }
  return filled ? { start, end, text: virtual, parts } : undefined;
}

/** The `quote` that closes a string whose content starts at `from`, before `to` (`\` escapes the next character), or -1. */
function closingQuote(text: string, from: number, to: number, quote: number): number {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === quote) return i;
    if (c === 92) i++;
  }
  return -1;
}

/** A chain of Spring `UriComponentsBuilder` path segments: `.pathSegment("organizations").pathSegment(org)`. */
const SEGMENT_CHAIN = /(?:\.pathSegment\([ \t]*(?:"[^"\n]*"|[^()"\n]*(?:\([^()"\n]*\))?)[ \t]*\)\s*){2,20}/g;
const SEGMENT = /\.pathSegment\([ \t]*(?:"([^"\n]*)"|[^()"\n]*(?:\([^()"\n]*\))?)[ \t]*\)/g;

/**
 * Spring's path segments chained on a builder (`.pathSegment("organizations").pathSegment(org).pathSegment("workspaces")`)
 * read as one path: each literal a segment, each other argument a placeholder. The span runs from the first literal to
 * the last; a chain with fewer than two literals is left out.
 */
export function segmentChains(text: string, markers: TextMarkers): FormattedLiteral[] {
  const out: FormattedLiteral[] = [];
  // Asked of the text's markers, as `formattedLiterals` asks (a native search for `Segmen` in every text was about
  // 0.5% of the scan of history-real).
  if (!markers.has('.pathSegment(')) return out;
  SEGMENT_CHAIN.lastIndex = 0;
  for (let m = SEGMENT_CHAIN.exec(text); m !== null && out.length < MAX_CALLS; m = SEGMENT_CHAIN.exec(text)) {
    let virtual = '';
    const parts: UrlPart[] = [];
    let first = -1;
    let last = -1;
    let literals = 0;
    SEGMENT.lastIndex = 0;
    for (let s = SEGMENT.exec(m[0]); s !== null; s = SEGMENT.exec(m[0])) {
      virtual += '/';
      if (s[1] === undefined) {
        virtual += '{}';
        continue;
      }
      const start = m.index + s.index + s[0].indexOf('"') + 1;
      if (first === -1) first = start;
      last = start + s[1].length;
      literals++;
      parts.push({ virtual: virtual.length, source: start });
      virtual += s[1].replace(/^\/+|\/+$/g, '');
    }
    if (literals >= 2 && first !== -1) out.push({ start: first, end: last, text: virtual, parts });
  }
  return out;
}
