/**
 * The markers the readers' gates ask of one text (`'def '`, `'curl'`, `'.attributes'`, a client's import path):
 * where each first occurs, searched at most once per text however many readers ask, and kept only as long as the
 * scan's `Lines` (`lines.markers`), never across scans. A reader that finds nothing in a text without its marker
 * asks `lines.markers.has(marker)` before any other work (see README.md, "Gates").
 *
 * Each marker is one native search the first time it is asked (`indexOf`: memchr-like, about 0.3 ns a character
 * here), the answer read by the marker's index after (`Marker`). One hand-written pass over the text for every marker
 * at once was measured (history-real, 27 markers) at 4.3–5.5 ms a pass against 0.6 ms a pass for one native search of an absent marker:
 * the character loop alone costs seven native searches, more than the gates of a file ask, so none is made. But a
 * marker that holds a `(` or a `/` is looked for at the text's `(`s or `/`s only (`firstAt`: each found once per text
 * in one native search from one to the next, and shared by every such marker); one with a `(`
 * only when the characters the text has beside its `(`s do not already rule it out (`Neighbours`: most such markers
 * are absent).
 * A native search stops at every occurrence of its needle's first character, so a marker is searched by its part
 * from its rarest character on (`probeOf`: `'.attributes'` by `'butes'`, where `.` is everywhere), each find then
 * checked for the whole marker before it: the same first occurrence, found with fewer stops.
 */
export class TextMarkers {
  readonly #text: string;
  /**
   * The answers of the markers asked so far, by their index (`Marker.id`): the first offset plus 2 (0: not asked yet).
   * An array read by index, not a map of the text keyed by the marker: two map look-ups of every marker in every text
   * (its answer asked, then set) were a third of `first`'s own time (one look-up in MARKERS is left).
   */
  #answers: number[] = new Array<number>(answerSlots()).fill(0);
  /** The answers of markers past MAX_MARKERS, which have no index. */
  #unlisted: Map<string, number> | undefined;
  #slashes: Slashes | undefined;
  #opens: number[] | null | undefined;
  /** The characters beside the text's `(`s (`Neighbours`), noted on the first ask of a marker that holds one. */
  #openNear: Neighbours | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  /** Offset of the marker's first occurrence in the text, or -1. */
  first(marker: string): number {
    const known = markerOf(marker);
    if (known === undefined) return this.#firstUnlisted(marker);
    const id = known.id;
    if (id >= this.#answers.length) grow(this.#answers, id);
    const held = this.#answers[id]!;
    if (held !== 0) return held - 2;
    const at = this.#search(marker, known);
    this.#answers[id] = at + 2;
    return at;
  }

  #firstUnlisted(marker: string): number {
    const unlisted = (this.#unlisted ??= new Map<string, number>());
    let at = unlisted.get(marker);
    if (at === undefined) {
      at = this.#search(marker, describe(marker, -1));
      unlisted.set(marker, at);
    }
    return at;
  }

  /**
   * A marker that holds a `(` or a `/` (`Group(`, `.use(`, `Sprintf("%`, `api/v2`, `/registry/`: about two thirds of
   * the gates' asks over history-real, most of them absent) is looked for only at the text's `(`s or `/`s (`firstAt`)
   * where they are few (at most one in DENSE characters); any other by a native search (`firstOf`). One with a `(` is
   * answered first by the characters the text has beside its `(`s (`Neighbours`): characters the marker has there and
   * the text nowhere mean no occurrence, with no search (3,800 of the 4,500 such asks a pass over history-real). (The
   * same for `/`s cost more than it saved: most of those markers are in the text, `/api`, `hashicorp/go-tfe`.)
   */
  #search(marker: string, known: Marker): number {
    const text = this.#text;
    if (known.paren !== -1) {
      const opens = this.opens;
      if (opens !== undefined) {
        const near = (this.#openNear ??= neighboursOf(text, opens));
        return near.lacks(known) ? -1 : firstAt(text, opens, marker, known.paren);
      }
    } else if (known.slash !== -1) {
      const slashes = this.slashes.all;
      if (slashes !== undefined) return firstAt(text, slashes, marker, known.slash);
    }
    return firstOf(text, marker, known);
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
      this.#opens = fitted(offsetsOf(this.#text, '(', Math.floor(this.#text.length / DENSE))) ?? null;
    return this.#opens ?? undefined;
  }
}

/**
 * How many answers a text's markers are given room for at first: the markers known so far, and some more; at most
 * the readers' own markers' worth (a long-running scan's projects add their own, up to MAX_MARKERS: a text that asks
 * one of those gets room for it then, `grow`).
 */
function answerSlots(): number {
  // Little room past the markers known: every text's answers live until the project's second pass (a scan's
  // markers are known after its first files).
  return Math.min(MARKERS.size, 96) + 8;
}

/**
 * A copy of `offsets` as long as it is, no room over. What a text's markers hold lives until the project's second
 * pass (the collector copies it, then promotes it), and an array grown by pushes has up to half its length again
 * of room: the copy is made once, and the grown array dies young.
 */
function fitted(offsets: number[] | undefined): number[] | undefined {
  return offsets?.slice();
}

/** Gives `answers` room for index `id` (the markers of a long-running scan's later projects). */
function grow(answers: number[], id: number): void {
  while (answers.length <= id) answers.push(0);
}

/**
 * What is known of a marker whatever the text (a fact of the marker, kept in MARKERS): its index among a text's
 * answers, where its search starts (`probe`, `part`: `probeOf`), the offset in it of its first `(` (`paren`) or,
 * with none, of its first `/` (`slash`), and the bits of the characters beside its `(` (`Neighbours`; -1: none, or
 * the marker has no such characters).
 */
interface Marker {
  readonly id: number;
  readonly probe: number;
  readonly part: string;
  readonly paren: number;
  readonly slash: number;
  /** The bit of the three characters before the marker's `(` (`Neighbours`). */
  readonly before: number;
  /** The bit of the two characters after it. */
  readonly after: number;
}

/** The markers asked so far, by their text (at most MAX_MARKERS). */
const MARKERS = new Map<string, Marker>();

/**
 * How many markers are kept. The readers' own markers are a few dozen; a project's (a helper's `.name(`, a base URL,
 * a status variable) come and go with the projects a long-running language server scans, so past this bound a
 * marker is worked out at each ask instead of kept (and its answer kept in a map of its text): the map cannot grow
 * without end.
 */
const MAX_MARKERS = 2048;

/** The marker's facts, worked out on its first ask; undefined past MAX_MARKERS. */
function markerOf(marker: string): Marker | undefined {
  let known = MARKERS.get(marker);
  if (known === undefined && MARKERS.size < MAX_MARKERS) {
    known = describe(marker, MARKERS.size);
    MARKERS.set(marker, known);
  }
  return known;
}

function describe(marker: string, id: number): Marker {
  const { at: probe, part } = probeOf(marker);
  // A marker of one character is one native search; its own `(` or `/` is no help.
  const paren = marker.length < 2 ? -1 : marker.indexOf('(');
  const slash = marker.length < 2 || paren !== -1 ? -1 : marker.indexOf('/');
  const at = paren;
  const before =
    at >= 3 ? beforeBit(marker.charCodeAt(at - 3), marker.charCodeAt(at - 2), marker.charCodeAt(at - 1)) : -1;
  const after =
    at !== -1 && at + 2 < marker.length
      ? PAIR_BITS + afterBit(marker.charCodeAt(at + 1), marker.charCodeAt(at + 2))
      : -1;
  return { id, probe, part, paren, slash, before, after };
}

/**
 * How many bits each of the two tables of a text's `Neighbours` has (a power of two). Each text's table lives until
 * the project's second pass: 1,024 bits a table rule out 4,424 of history-real's 5,523 asks of the markers with a `(`
 * a pass against 4,535 with 2,048, for half the table (the 111 more are `firstAt` walks of a few dozen offsets).
 */
const PAIR_BITS = 1024;

/** The bit of the characters right before a `(` (three: `ter(` of `Router(`) or right after it (two: `"%` of `Sprintf("%`). */
function beforeBit(a: number, b: number, c: number): number {
  return ((a * 131 + b) * 131 + c) & (PAIR_BITS - 1);
}
function afterBit(a: number, b: number): number {
  return (a * 131 + b) & (PAIR_BITS - 1);
}

/**
 * The characters a text has right before and right after each of its `(`s, as bits (`beforeBit`, `afterBit`; shared by
 * those whose bits fall together), both tables in one array (the after's bits from PAIR_BITS on). A marker with a `(`
 * is in the text only where its own neighbours are: the marker whose bit is unset is absent, known with no search
 * (`Group(` in a text with no `oup(`, `createOPAPolicyOptions(` with no `ons(`). A set bit says nothing: the marker is
 * searched. Noted from the text's `opens` on the first ask of such a marker: a text whose `(`s are read for another
 * reason only (`project-facts.ts`) never pays for them.
 */
class Neighbours {
  /**
   * Thirty-two bits a word: a plain array of integers, made on the heap (a typed array's store is made off it, and
   * making one for each text cost more than all its look-ups saved: 1.2% of the scan). Half the words of sixteen bits a
   * word, and each text's table lives until the project's second pass. Exact on every V8, since the bit operations read
   * each word as a 32-bit integer. Where V8 runs without pointer compression (Node's own builds), every 32-bit integer
   * is a small integer in the array. Where it compresses pointers (Electron's, as in VS Code's extension host), small
   * integers hold 31 bits, and a word with either top bit set is kept as a number on the heap: slower there, still
   * right.
   */
  readonly #bits: number[] = new Array<number>(PAIR_BITS >> 4).fill(0);

  /**
   * Notes the neighbours of the place `at` of the text: only those inside it (a marker with three characters before its
   * `(` has its `(` three characters in at least; no character outside the text, NaN, is read, which would make the
   * arithmetic here floating-point for every place after).
   */
  add(text: string, at: number): void {
    const bits = this.#bits;
    if (at >= 3) {
      const before = beforeBit(text.charCodeAt(at - 3), text.charCodeAt(at - 2), text.charCodeAt(at - 1));
      bits[before >> 5]! |= 1 << (before & 31);
    }
    if (at + 2 < text.length) {
      const after = PAIR_BITS + afterBit(text.charCodeAt(at + 1), text.charCodeAt(at + 2));
      bits[after >> 5]! |= 1 << (after & 31);
    }
  }

  /** Whether the text lacks the neighbours the marker has beside its `(`: then it lacks the marker. */
  lacks(marker: Marker): boolean {
    const { before, after } = marker;
    return (
      (before !== -1 && (this.#bits[before >> 5]! & (1 << (before & 31))) === 0) ||
      (after !== -1 && (this.#bits[after >> 5]! & (1 << (after & 31))) === 0)
    );
  }
}

/** The characters beside the text's `(`s (`offsets`: `TextMarkers.opens`). */
function neighboursOf(text: string, offsets: readonly number[]): Neighbours {
  const near = new Neighbours();
  for (const at of offsets) near.add(text, at);
  return near;
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
  return { all: fitted(all), opening, api };
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
 * Where a marker's search starts (a fact of the marker, not of a text; kept in its `Marker`): its rarest character
 * when that is at least 2.5 times rarer than its first (each find of the part costs a call and a check, a stop of
 * the native search at its first character almost nothing), else its start; and the part searched from there, at
 * most PART_MAX characters (V8 searches a needle of seven characters or more by Boyer-Moore-Horspool, which over
 * client code costs more than the plain search of its first six: `"attributes"` 0.90 ms a pass over history-real,
 * `"attrib` by its `"` far less).
 */
interface Probe {
  readonly at: number;
  readonly part: string;
}
/** The longest part of a marker searched for (see `probeOf`). */
const PART_MAX = 6;

function probeOf(marker: string): Probe {
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
  return { at, part: marker.slice(at, at + PART_MAX) };
}

function frequency(c: string): number {
  return FREQUENCY[c] ?? 10;
}

/** `text.indexOf(marker)`, searched by the marker's part from its probe on (`probeOf`), each find checked whole. */
function firstOf(text: string, marker: string, known: Marker): number {
  const { probe, part } = known;
  if (part.length === marker.length) return text.indexOf(marker);
  for (let at = text.indexOf(part, probe); at !== -1; at = text.indexOf(part, at + 1))
    if (text.startsWith(marker, at - probe)) return at - probe;
  return -1;
}
