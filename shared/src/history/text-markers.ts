/**
 * The markers the readers' gates ask of one text (`'def '`, `'curl'`, `'.attributes'`, a client's import path):
 * where each first occurs, searched at most once per text however many readers ask, and kept only as long as the
 * scan's `Lines` (`lines.markers`), never across scans. A reader that finds nothing in a text without its marker
 * asks `lines.markers.has(marker)` before any other work (see README.md, "Gates").
 *
 * Each marker is one native search the first time it is asked (`indexOf`: memchr-like, about 0.3 ns a character
 * here), the answer a map look-up after. One hand-written pass over the text for every marker at once was measured
 * (history-real, 27 markers) at 4.3–5.5 ms a pass against 0.6 ms a pass for one native search of an absent marker:
 * the character loop alone costs seven native searches, more than the gates of a file ask, so none is made. But a
 * marker that holds a `(` or a `/` is looked for at the text's `(`s or `/`s only (`firstAt`: each found once per text
 * in one native search from one to the next, and shared by every such marker).
 * A native search stops at every occurrence of its needle's first character, so a marker is searched by its part
 * from its rarest character on (`PROBE`: `'.attributes'` by `'butes'`, where `.` is everywhere), each find then
 * checked for the whole marker before it: the same first occurrence, found with fewer stops.
 */
export class TextMarkers {
  readonly #text: string;
  readonly #first = new Map<string, number>();
  #slashes: Slashes | undefined;
  #opens: number[] | null | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  /** Offset of the marker's first occurrence in the text, or -1. */
  first(marker: string): number {
    let at = this.#first.get(marker);
    if (at === undefined) {
      at = this.#search(marker);
      this.#first.set(marker, at);
    }
    return at;
  }

  /**
   * A marker that holds a `(` or a `/` (`Group(`, `.use(`, `Sprintf("%`, `api/v2`, `/registry/`: about two thirds of
   * the gates' asks over history-real, most of them absent) is looked for only at the text's `(`s or `/`s (`firstAt`)
   * where they are few (at most one in DENSE characters); any other by a native search (`firstOf`).
   */
  #search(marker: string): number {
    const text = this.#text;
    if (marker.length < 2) return firstOf(text, marker);
    const paren = marker.indexOf('(');
    const opens = paren === -1 ? undefined : this.opens;
    if (opens !== undefined) return firstAt(text, opens, marker, paren);
    const slash = paren === -1 ? marker.indexOf('/') : -1;
    const slashes = slash === -1 ? undefined : this.slashes.all;
    if (slashes !== undefined) return firstAt(text, slashes, marker, slash);
    return firstOf(text, marker);
  }

  /** Whether the text holds the marker. */
  has(marker: string): boolean {
    return this.first(marker) !== -1;
  }

  /** Whether the text holds any of the markers (asked in order, stopping at the first held). */
  any(markers: readonly string[]): boolean {
    for (const marker of markers) if (this.first(marker) !== -1) return true;
    return false;
  }

  /** The text's `/`s two readers look at (`Slashes`), found in one walk over its `/`s on the first ask. */
  get slashes(): Slashes {
    return (this.#slashes ??= slashesOf(this.#text));
  }

  /**
   * The offsets of the text's `(`s, in order (`firstAt`), found in one walk over them on the first ask; undefined in a
   * text dense in them (more than one in DENSE characters).
   */
  get opens(): readonly number[] | undefined {
    if (this.#opens === undefined)
      this.#opens = offsetsOf(this.#text, '(', Math.floor(this.#text.length / DENSE)) ?? null;
    return this.#opens ?? undefined;
  }
}

/**
 * `text.indexOf(marker)`, from the offsets of one of the marker's characters in the text (`marker[at]`, `offsets` in
 * order): the first place where the marker holds around one of them. A character on about one in a hundred of a
 * text's characters (`(`, `/`) gives a few dozen places a text to look at, found in one native search from one to the
 * next on the first ask and shared by every marker that holds it.
 */
function firstAt(text: string, offsets: readonly number[], marker: string, at: number): number {
  // A neighbouring character of the marker first: most places of a common character are no find.
  const k = at > 0 ? at - 1 : at + 1;
  const c = marker.charCodeAt(k);
  for (const offset of offsets) {
    const from = offset - at;
    if (from >= 0 && text.charCodeAt(from + k) === c && text.startsWith(marker, from)) return from;
  }
  return -1;
}

/**
 * At most one in this many characters of a text may be a `(` (or a `/`) for `firstAt` to look at them: in a text dense
 * in them (a minified bundle's calls, a one-line expression) a look at each of hundreds of thousands of offsets costs
 * more than a native search (review v7: a 4.3 MB line of nested calls took 79 ms a scan against 49), and they are not
 * kept.
 */
const DENSE = 50;

/** The offsets of `c` in the text, in order, or undefined past `max` of them (`max` none: all). */
export function offsetsOf(text: string, c: string, max = Infinity): number[] | undefined {
  const out: number[] = [];
  for (let at = text.indexOf(c); at !== -1; at = text.indexOf(c, at + 1)) {
    if (out.length >= max) return undefined;
    out.push(at);
  }
  return out;
}

/**
 * The `/`s of a text that two readers start from, found in one native search from `/` to `/` (each reader walked the
 * text's `/`s on its own before: about 0.4–0.8 ms a pass over history-real's texts each).
 */
export interface Slashes {
  /** Offsets of every `/`, in order (`firstAt`); undefined in a text dense in them (more than one in DENSE characters). */
  readonly all: readonly number[] | undefined;
  /** Offsets of each `/` before `{`, `%`, `$`, `#` or a quote: where a path helper's template or join may be (`path-helpers.ts`). */
  readonly opening: readonly number[];
  /** Offsets of each `/` after `api` and before a letter (`api/v2`, `api/iacp`): another API's base may be there (`other-api.ts`). */
  readonly api: readonly number[];
}

function slashesOf(text: string): Slashes {
  let all: number[] | undefined = [];
  const max = Math.floor(text.length / DENSE);
  const opening: number[] = [];
  const api: number[] = [];
  for (let at = text.indexOf('/'); at !== -1; at = text.indexOf('/', at + 1)) {
    if (all !== undefined && all.length >= max) all = undefined;
    all?.push(at);
    const c = text.charCodeAt(at + 1);
    // { % $ # " '
    if (c === 123 || c === 37 || c === 36 || c === 35 || c === 34 || c === 39) opening.push(at);
    else if (
      (c | 0x20) >= 97 &&
      (c | 0x20) <= 122 &&
      text.charCodeAt(at - 1) === 105 &&
      text.charCodeAt(at - 2) === 112 &&
      text.charCodeAt(at - 3) === 97
    )
      api.push(at); // a letter after `api/`
  }
  return { all, opening, api };
}

/**
 * How often printable ASCII characters occur in client code, in hundredths of a percent (counted over history-real,
 * history-new and history-held); any other character counts as 10.
 */
const FREQUENCY: Readonly<Record<string, number>> = {
  ' ': 1107,
  e: 800,
  t: 644,
  r: 602,
  i: 499,
  o: 482,
  n: 454,
  s: 445,
  a: 438,
  '\t': 299,
  '\n': 283,
  l: 262,
  c: 238,
  p: 225,
  u: 213,
  d: 193,
  '.': 167,
  g: 148,
  f: 145,
  m: 144,
  '"': 123,
  ',': 115,
  h: 103,
  '/': 103,
  ')': 93,
  '(': 93,
  y: 83,
  ':': 71,
  v: 69,
  S: 66,
  D: 62,
  T: 60,
  k: 58,
  I: 57,
  _: 55,
  b: 53,
  '=': 51,
  C: 49,
  w: 48,
  '{': 47,
  '}': 47,
  P: 47,
  R: 46,
  E: 45,
  '`': 43,
  A: 41,
  '-': 40,
  x: 40,
  O: 36,
  V: 24,
  j: 23,
  N: 22,
  '*': 22,
  q: 20,
  M: 18,
  F: 17,
  L: 17,
  z: 16,
  U: 14,
  G: 14,
};

/**
 * Where in each marker asked so far its search starts (a fact of the marker, not of a text): its rarest character
 * when that is at least 2.5 times rarer than its first (each find of the part costs a call and a check, a stop of
 * the native search at its first character almost nothing), else its start; and the part searched from there, at
 * most PART_MAX characters (V8 searches a needle of seven characters or more by Boyer-Moore-Horspool, which over
 * client code costs more than the plain search of its first six: `"attributes"` 0.90 ms a pass over history-real,
 * `"attrib` by its `"` far less).
 */
const PROBE = new Map<string, Probe>();
interface Probe {
  readonly at: number;
  readonly part: string;
}
/** The longest part of a marker searched for (see PROBE). */
const PART_MAX = 6;
/**
 * How many markers' probes are kept. The readers' own markers are a few dozen; a project's (a helper's `.name(`, a
 * base URL, a status variable) come and go with the projects a long-running language server scans, so past this
 * bound a probe is worked out each time instead of kept: the map cannot grow without end.
 */
const MAX_PROBES = 2048;

function probeOf(marker: string): Probe {
  let probe = PROBE.get(marker);
  if (probe === undefined) {
    let at = 0;
    let rarest = frequency(marker.charAt(0));
    for (let k = 1; k < marker.length; k++) {
      const f = frequency(marker.charAt(k));
      if (f < rarest) {
        rarest = f;
        at = k;
      }
    }
    if (rarest * 2.5 > frequency(marker.charAt(0))) at = 0;
    probe = { at, part: marker.slice(at, at + PART_MAX) };
    if (PROBE.size < MAX_PROBES) PROBE.set(marker, probe);
  }
  return probe;
}

function frequency(c: string): number {
  return FREQUENCY[c] ?? 10;
}

/** `text.indexOf(marker)`, searched by the marker's part from its probe on (`probeOf`), each find checked whole. */
function firstOf(text: string, marker: string): number {
  const { at: probe, part } = probeOf(marker);
  if (part.length === marker.length) return text.indexOf(marker);
  for (let at = text.indexOf(part, probe); at !== -1; at = text.indexOf(part, at + 1))
    if (text.startsWith(marker, at - probe)) return at - probe;
  return -1;
}
