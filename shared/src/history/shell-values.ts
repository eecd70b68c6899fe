import { matchesAt } from './line-start-defs.ts';
import { memoKey, type Lines } from './lines.ts';
import { UNKNOWN, type FlowPiece, type FlowValue } from './value-flow-types.ts';

/** A variable's value site: the value as written, where it starts, `shell` when the shell's assignment count counts it. */
export interface ValueSite {
  readonly text: string;
  readonly start: number;
  readonly shell: boolean;
}

/**
 * What the shell family's variables hold (sh/bash/zsh, PowerShell, a CI file's `variables:`/`env:` keys, Makefiles):
 * how many times each is assigned, and the value of one assigned exactly once. The one answer to "assigned once, and
 * to what" for the shell value flow (`ShellFlow`, which adds where values go) and for shell-commands.ts's helpers (a
 * URL's base held in a variable). Built once per text (`shellValues`), lazily, bounded (MAX_CHARS, MAX_NAMES).
 */
export class ShellValues {
  readonly #text: string;
  /** PowerShell: names are case-insensitive (`$Uri` is `$uri`) and scoped (`$script:uri`). */
  readonly #powershell: boolean;
  /** How many times each variable is assigned (keys lower-cased); built on the first question. */
  #counts: Map<string, number> | undefined;
  /** Each variable's value sites (`value`); built on the first question about a value. */
  #values: Map<string, ValueSite[]> | undefined;
  /** Each value worked out (`value`), by depth and name: every reference is read once, not once per path to it. */
  readonly #held = new Map<string, FlowValue>();
  /** PowerShell's value sites (`$Base = "…"`), by lower-cased name (`written`); built on the first question. */
  #psValues: Map<string, ValueSite[]> | undefined;

  constructor(text: string, powershell: boolean) {
    this.#text = text;
    this.#powershell = powershell;
  }

  /** How many assignments of `name` the text holds (`X=…`, `export X=…`, `$X = …`, `for X in`, `read -r X`). */
  assignments(name: string): number {
    return this.#assignmentCounts().get(name.toLowerCase()) ?? 0;
  }

  /**
   * What the variable `name` holds (f1's `FlowValue`): the value of its only assignment — a shell one (`X="…"`, `export
   * X=…`, `X="${X:-https://…}"`: the default), a Makefile's (`X := …`, `X ?= …`), a CI file's `variables:`/`env:` key
   * (`X: "…"`) — its references to other variables read the same way (at most MAX_DEPTH deep), each unknown one a
   * placeholder. Unknown when assigned more than once (`conflict`), never (`unbound`), or in a cycle or too deep.
   */
  value(name: string, depth = 0): FlowValue {
    if (depth > MAX_DEPTH) return UNKNOWN.depth;
    const key = `${depth} ${name}`;
    let held = this.#held.get(key);
    if (held === undefined) {
      held = this.#readValue(name, depth);
      this.#held.set(key, held);
    }
    return held;
  }

  #readValue(name: string, depth: number): FlowValue {
    const values = this.sites().get(name);
    if (!values || values.length === 0) return UNKNOWN.unbound;
    if (this.total(name) !== 1) return UNKNOWN.conflict;
    const site = values[0]!;
    const pieces: FlowPiece[] = [];
    let last = 0;
    const raw = site.text;
    // matchAll works on a copy of the pattern: the nested calls below read other values with it.
    for (const m of raw.matchAll(REFERENCE)) {
      if (m.index > last) pieces.push({ literal: raw.slice(last, m.index), start: site.start + last });
      const inner = m[1] ?? m[2] ?? m[3] ?? '';
      const held = inner === name ? UNKNOWN.cycle : this.value(inner, depth + 1);
      if (held.kind === 'unknown' && held.reason === 'cycle') return held;
      if (held.kind === 'template') for (const piece of held.pieces) pieces.push(piece);
      else pieces.push({ hole: m[0], start: site.start + m.index });
      // A value of more pieces than a URL is written with (`A="$B$B$B…"`) is not read.
      if (pieces.length > MAX_PIECES) return UNKNOWN.opaque;
      last = m.index + m[0].length;
    }
    if (last < raw.length) pieces.push({ literal: raw.slice(last), start: site.start + last });
    if (pieces.length > MAX_PIECES) return UNKNOWN.opaque;
    return pieces.length === 0 ? UNKNOWN.unbound : { kind: 'template', pieces };
  }

  /**
   * The text of the only assignment of `name` as written (`TFE_API="https://$HOST/api/v2"`: `https://$HOST/api/v2`;
   * PowerShell's `$TfeBase = "…"` too), its references not read; undefined when it is assigned more than once or never.
   */
  written(name: string): string | undefined {
    if (this.total(name) !== 1) return undefined;
    if (!this.#powershell) return this.sites().get(name)?.[0]?.text;
    return this.#psSites().get(name.toLowerCase())?.[0]?.text;
  }

  #psSites(): Map<string, ValueSite[]> {
    if (this.#psValues) return this.#psValues;
    const values = new Map<string, ValueSite[]>();
    const text = this.#text;
    const end = Math.min(text.length, MAX_CHARS);
    PS_VALUE_SITE.lastIndex = 0;
    for (let m = PS_VALUE_SITE.exec(text); m !== null && m.index < end; m = PS_VALUE_SITE.exec(text)) {
      const value = m[2] ?? m[3] ?? m[4] ?? '';
      const start = m.index + m[0].length - value.length - (m[4] === undefined ? 1 : 0);
      if (!addSite(values, (m[1] ?? '').toLowerCase(), { text: value, start, shell: true })) break;
    }
    this.#psValues = values;
    return values;
  }

  /** All the assignments of `name`: the shell's and Makefile's (`assignments`) and a CI file's keys. */
  total(name: string): number {
    const count = this.assignments(name);
    if (this.#powershell) return count;
    let keys = 0;
    for (const site of this.sites().get(name) ?? []) if (!site.shell) keys++;
    return count + keys;
  }

  /** Each variable's value sites (`value`), read once: `shell` when the shell's assignment count counts it too. */
  sites(): Map<string, ValueSite[]> {
    if (this.#values) return this.#values;
    const values = new Map<string, ValueSite[]>();
    const text = this.#text;
    const end = Math.min(text.length, MAX_CHARS);
    for (const m of startMatches(text, VALUE_SITE, LINE_STARTS, end)) {
      if (m[7] !== undefined) {
        // `: "${X:=https://…}"`: X is assigned its default when unset, the default its value.
        const start = m.index + m[0].lastIndexOf(m[8] ?? '');
        if (!addSite(values, m[7], { text: m[8] ?? '', start, shell: true })) break;
        continue;
      }
      const name = m[1] ?? m[4] ?? '';
      const quoted = m[2] ?? m[5];
      let value = quoted === undefined ? (m[3] ?? m[6] ?? '').replace(/[ \t]+#.*$/, '').trim() : quoted.slice(1, -1);
      let start = m.index + m[0].length - (m[3] ?? m[6] ?? quoted ?? '').length + (quoted === undefined ? 0 : 1);
      // `X="${X:-https://…}"`, `GH=${GH_API:-https://api.github.com}` (`:-`, `-`, `:=`, `=`): the default is the value
      // (a run may set another, hardly another API); without one, `${GH_API:-}` holds what GH_API holds.
      const fallback = DEFAULT_VALUE.exec(value);
      if (fallback !== null && (fallback[2] !== '' || fallback[1] === name)) {
        start += value.indexOf(fallback[2] ?? '', fallback[1]!.length + 3);
        value = fallback[2] ?? '';
      } else if (fallback !== null) value = `\${${fallback[1]}}`;
      if (!addSite(values, name, { text: value, start, shell: m[1] !== undefined })) break;
    }
    this.#values = values;
    return values;
  }

  #assignmentCounts(): Map<string, number> {
    if (this.#counts) return this.#counts;
    const counts = new Map<string, number>();
    const text = this.#text;
    const end = Math.min(text.length, MAX_CHARS);
    const found = this.#powershell
      ? globalMatches(text, PS_ASSIGN, end)
      : startMatches(text, SH_ASSIGN, SH_STARTS, end);
    for (const m of found) {
      const name = (m[1] ?? m[2] ?? m[3] ?? '').toLowerCase();
      if (name === '') continue;
      if (!counts.has(name) && counts.size >= MAX_NAMES) break;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    this.#counts = counts;
    return counts;
  }
}

/** Keeps a variable's value site (its first four); false, nothing kept, when MAX_NAMES other names are kept already. */
function addSite(values: Map<string, ValueSite[]>, name: string, site: ValueSite): boolean {
  const list = values.get(name);
  if (list) {
    if (list.length < 4) list.push(site);
    return true;
  }
  if (values.size >= MAX_NAMES) return false;
  values.set(name, [site]);
  return true;
}

/** A text's variables read as shell and as PowerShell (`shellValues`). */
const SHELL_VALUES = [memoKey<ShellValues>('shell values'), memoKey<ShellValues>('PowerShell values')] as const;

/** What a text's variables hold, built once per scan (kept with its `Lines`) for each reading of it. */
export function shellValues(text: string, lines: Lines, powershell: boolean): ShellValues {
  return lines.memo(SHELL_VALUES[powershell ? 1 : 0], () => new ShellValues(text, powershell));
}

/** The characters read for assignments, and the names kept. */
const MAX_CHARS = 2_000_000;
const MAX_NAMES = 4_000;

/**
 * A shell assignment at a command's start, a line's or after `;` or `{` (`X=…`, `export X=…`, `local -r X=…`, `f() {
 * local url="$1"; …`, a Makefile's `X := …`, `X ?= …`) or a loop's or `read`'s variable (`for X in`, `read -r X Y`: counted, so such a variable is never read as one value).
 * Also the no-op command assigning a default (`: "${X:=…}"`, `: ${X=…}`).
 * Group 1: the assigned name; group 2: the loop's or read's; group 3: the default's. Sticky: tried at SH_STARTS only
 * (`startMatches`).
 */
const SH_ASSIGN =
  /(?:^|;|(?<!\$)\{)[ \t]*(?:(?:export|local|readonly|declare|typeset)(?:[ \t]+-\w+)*[ \t]+)?([A-Za-z_]\w*)(?:=|[ \t]*(?::{1,2}=|\?=|\+=))|(?:^|[;&|({ \t])(?:for|read(?:[ \t]+-\w+)*)[ \t]+([A-Za-z_]\w*)|(?:^|[;{])[ \t]*:[ \t]+"?\$\{([A-Za-z_]\w*):?=/my;
/** How deep `value` follows references to other variables. */
const MAX_DEPTH = 4;
/** The most pieces (literals and placeholders) a value read is made of. */
const MAX_PIECES = 64;
/**
 * A value site: a shell or Makefile assignment at a line start (group 1 the name; 2 a quoted value, 3 an unquoted
 * one, a default's `${GH_API:-https://…}` too), or a YAML key of a `variables:`/`env:` map — any key whose name a
 * script may read, written in capitals (group 4; 5 quoted, 6 plain), or the no-op command assigning a default (`:
 * "${X:=https://…}"`; group 7 the name, 8 the default). Sticky: tried at line starts only (`startMatches`).
 */
const VALUE_SITE =
  /^[ \t]*(?:(?:export|readonly|local|declare|typeset)(?:[ \t]+-\w+)*[ \t]+)?([A-Za-z_]\w*)(?:=|[ \t]*(?::{1,2}=|\?=|=))[ \t]*(?:("[^"\n]*"|'[^'\n]*')[ \t]*(?:[;#][^\n]*)?$|((?:[^\s"'`;|&()$]|\$\(\w+\)|\$\{\w+(?::?[-=][^\s"'`;|&()${}]*)?\}|\$\w)+(?:[ \t]+#[^\n]*)?)$)|^[ \t]+(?:-[ \t]+)?([A-Z_][A-Z0-9_]*):[ \t]*(?:("[^"\n]*"|'[^'\n]*')[ \t]*$|([^\s"'#][^\s#]*)[ \t]*$)|^[ \t]*:[ \t]+"?\$\{([A-Za-z_]\w*):?=([^\s"'`;|&()${}]*)\}"?[ \t]*(?:[;#][^\n]*)?$/my;
/**
 * Where a match of a pattern may start, each a needle and how far from its offset the match starts: a line's start
 * (after each of the m flag's line terminators; offset 0 too), or a character of the needle's own.
 */
type Starts = readonly (readonly [needle: string, shift: number])[];
const LINE_STARTS: Starts = [
  ['\n', 1],
  ['\r', 1],
  ['\u2028', 1],
  ['\u2029', 1],
];
/** SH_ASSIGN's: a line's start, a `;` or `{`, or the character before a loop's `for` or a `read`. */
const SH_STARTS: Starts = [...LINE_STARTS, [';', 0], ['{', 0], ['for', -1], ['read', -1]];

/**
 * The matches of a sticky pattern (flags `my`) that starts only at `starts`, before `end`, in order and without overlap
 * as its /gm form's exec loop from 0 gives them (`matchesAt`): tried at those offsets only. A /gm pattern is tried at
 * every character (SH_ASSIGN and VALUE_SITE over a text were about an eighth of a shell script's scan).
 */
function startMatches(text: string, sticky: RegExp, starts: Starts, end: number): readonly RegExpExecArray[] {
  const offsets = [0];
  for (const [needle, shift] of starts)
    for (
      let at = text.indexOf(needle, Math.max(0, -shift));
      at !== -1 && at + shift < end;
      at = text.indexOf(needle, at + 1)
    )
      if (at + shift > 0) offsets.push(at + shift);
  // Ascending, each once (`matchesAt` tries them in order).
  offsets.sort((x, y) => x - y);
  let kept = 0;
  for (const offset of offsets) if (kept === 0 || offsets[kept - 1] !== offset) offsets[kept++] = offset;
  offsets.length = kept;
  return matchesAt(text, offsets, sticky);
}

/** The matches of a /g pattern before `end`, as its exec loop from 0 gives them. */
function* globalMatches(text: string, pattern: RegExp, end: number): Generator<RegExpExecArray> {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null && m.index < end; m = pattern.exec(text)) yield m;
}

/** A value that is a variable's default and nothing else (`${GH_API:-https://…}`): group 1 the variable, 2 the default. */
const DEFAULT_VALUE = /^\$\{(\w+):?[-=](.*)\}$/;
/** A reference inside a value: `$(X)` (Make), `${X}` (a default's `${X:-…}` not), `$X`. */
const REFERENCE = /\$\(([A-Za-z_]\w*)\)|\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g;
/** A PowerShell assignment (`$uri = …`, `$script:uri += …`, `[string]$uri = …`) or loop variable (`foreach ($uri in`). */
const PS_ASSIGN =
  /\$(?:(?:script|global|local|private|env):)?([A-Za-z_]\w*)[ \t]*(?:[+]?=(?!=))|foreach[ \t]*\([ \t]*\$([A-Za-z_]\w*)/gim;
/**
 * A PowerShell assignment at a line start (`$TfeBase = "https://…/api/v2"`, `[string]$script:base = '…'`): group 1 the
 * name; 2 a double-quoted value, 3 a single-quoted one, 4 a plain one.
 */
const PS_VALUE_SITE =
  /^[ \t]*(?:\[[^\]\n]{1,60}\][ \t]*)?\$(?:(?:script|global|local|private|env):)?([A-Za-z_]\w*)[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"'#;|]+))/gim;
