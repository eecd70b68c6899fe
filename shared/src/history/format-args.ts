import type { UrlPart } from './hits.ts';
import { includesBy } from './source-text.ts';

/** At most this many format calls are read per text, and this far their arguments. */
const MAX_CALLS = 500;
const MAX_ARGUMENTS = 600;

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
export function formattedLiterals(text: string, known: (word: string) => boolean): FormattedLiteral[] {
  const out: FormattedLiteral[] = [];
  if (!includesBy(text, 'format!(', 6)) return out;
  const constants = new Map<string, string>();
  STR_CONST.lastIndex = 0;
  for (let m = STR_CONST.exec(text); m !== null; m = STR_CONST.exec(text)) constants.set(m[1] ?? '', m[2] ?? '');
  FORMAT_CALL.lastIndex = 0;
  for (let m = FORMAT_CALL.exec(text); m !== null && out.length < MAX_CALLS; m = FORMAT_CALL.exec(text)) {
    const open = m.index + m[0].length - 1;
    const close = closingQuote(text, open + 1);
    if (close === -1) continue;
    const args = formatArguments(text, close + 1);
    if (args.length === 0) continue;
    const read = fill(text, open + 1, close, args, constants, known);
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

/** The arguments after a format literal (from just after its closing quote), each trimmed, with its start. */
function formatArguments(text: string, from: number): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  let i = from;
  while (i < text.length && /\s/.test(text.charAt(i))) i++;
  if (text.charCodeAt(i) !== 44) return out; // ,
  let depth = 0;
  let begin = i + 1;
  const limit = Math.min(text.length, from + MAX_ARGUMENTS);
  for (i = i + 1; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const shut = closingQuote(text, i + 1);
      if (shut === -1) return [];
      i = shut;
    } else if (c === 40 || c === 91 || c === 123) depth++;
    else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
    else if (depth === 0 && (c === 44 || c === 41)) {
      const raw = text.slice(begin, i);
      const lead = raw.length - raw.trimStart().length;
      if (raw.trim() !== '') out.push({ text: raw.trim(), start: begin + lead });
      if (c === 41) return out;
      begin = i + 1;
    }
  }
  return [];
}

function closingQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) return i;
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
export function segmentChains(text: string): FormattedLiteral[] {
  const out: FormattedLiteral[] = [];
  // By `Segmen` (`S` is rare in code; the `.` and `p` that open the word are not; six characters, see includesBy).
  if (!includesBy(text, '.pathSegment(', 5, 6)) return out;
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
