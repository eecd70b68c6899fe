import type { OffsetRange, Problem, TextRange } from '../problem.ts';
import type { NodeLocation, ParsedDocument, Suppression } from './types.ts';

/** How far a document moved: offsets, lines (columns stay: it moves by whole lines) and its index. */
export interface Shift {
  readonly offset: number;
  readonly lines: number;
  readonly index: number;
}

/**
 * The same document where an edit before it moved it: every range, line and its index shifted,
 * its value (and so what the rules found in it) untouched. Locations are shifted as they are read,
 * so moving a document costs the same whatever its size.
 */
export function shiftDocument(document: ParsedDocument, by: Shift): ParsedDocument {
  if (by.offset === 0 && by.lines === 0 && by.index === 0) return document;
  const index = document.index + by.index;
  return {
    index,
    value: document.value,
    range: shiftRange(document.range, by.offset),
    locations: ShiftedLocations.of(document.locations, by.offset),
    problems: document.problems.map((p): Problem => ({
      ...p,
      document: index,
      ...(p.range ? { range: shiftText(p.range, by) } : {}),
    })),
    suppressions: document.suppressions.map((s): Suppression => ({
      ...s,
      codeRanges: s.codeRanges.map((r) => shiftText(r, by)),
      range: shiftText(s.range, by),
      appliesToLine: s.appliesToLine === 0 ? 0 : s.appliesToLine + by.lines,
    })),
  };
}

function shiftRange(range: OffsetRange, by: number): OffsetRange {
  return { start: range.start + by, end: range.end + by };
}

function shiftText(range: TextRange, by: Shift): TextRange {
  return {
    ...range,
    start: range.start + by.offset,
    end: range.end + by.offset,
    startLine: range.startLine + by.lines,
    endLine: range.endLine + by.lines,
  };
}

function shiftLocation(location: NodeLocation, by: number): NodeLocation {
  return {
    ...location,
    ...(location.key ? { key: shiftRange(location.key, by) } : {}),
    value: shiftRange(location.value, by),
  };
}

/** A document's locations seen `by` characters further on; shifting it again shifts the original. */
class ShiftedLocations implements ReadonlyMap<string, NodeLocation> {
  private constructor(
    readonly base: ReadonlyMap<string, NodeLocation>,
    readonly by: number,
  ) {}

  static of(locations: ReadonlyMap<string, NodeLocation>, by: number): ReadonlyMap<string, NodeLocation> {
    if (locations instanceof ShiftedLocations)
      return by + locations.by === 0 ? locations.base : new ShiftedLocations(locations.base, locations.by + by);
    return by === 0 ? locations : new ShiftedLocations(locations, by);
  }

  get size(): number {
    return this.base.size;
  }

  get(pointer: string): NodeLocation | undefined {
    const found = this.base.get(pointer);
    return found && shiftLocation(found, this.by);
  }

  has(pointer: string): boolean {
    return this.base.has(pointer);
  }

  forEach(
    fn: (value: NodeLocation, key: string, map: ReadonlyMap<string, NodeLocation>) => void,
    thisArg?: unknown,
  ): void {
    for (const [key, value] of this) fn.call(thisArg, value, key, this);
  }

  *entries(): MapIterator<[string, NodeLocation]> {
    for (const [key, value] of this.base) yield [key, shiftLocation(value, this.by)];
  }

  keys(): MapIterator<string> {
    return this.base.keys();
  }

  *values(): MapIterator<NodeLocation> {
    for (const value of this.base.values()) yield shiftLocation(value, this.by);
  }

  [Symbol.iterator](): MapIterator<[string, NodeLocation]> {
    return this.entries();
  }
}
