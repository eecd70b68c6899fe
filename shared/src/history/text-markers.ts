/**
 * The markers the readers' gates ask of one text (`'def '`, `'curl'`, `'.attributes'`, a client's import path):
 * where each first occurs, searched at most once per text however many readers ask, and kept only as long as the
 * scan's `Lines` (`lines.markers`), never across scans. A reader that finds nothing in a text without its marker
 * asks `lines.markers.has(marker)` before any other work (see README.md, "Gates").
 *
 * Each marker is one native search the first time it is asked (`indexOf`: memchr-like, about 0.3 ns a character
 * here), the answer a map look-up after. One hand-written pass over the text for every marker at once was measured
 * (history-real, 27 markers) at 4.3–5.5 ms a pass against 0.6 ms a pass for one native search of an absent marker:
 * the character loop alone costs seven native searches, more than the gates of a file ask, so none is made.
 */
export class TextMarkers {
  readonly #text: string;
  readonly #first = new Map<string, number>();

  constructor(text: string) {
    this.#text = text;
  }

  /** Offset of the marker's first occurrence in the text, or -1. */
  first(marker: string): number {
    let at = this.#first.get(marker);
    if (at === undefined) {
      at = this.#text.indexOf(marker);
      this.#first.set(marker, at);
    }
    return at;
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
}
