import { firstAtOrAfter } from './ordered.ts';
import type { Evidence } from './hits.ts';

/**
 * Brace depths of one text, for "does this evidence's `{}` block enclose that word?" in O(log n)
 * per question instead of a character sweep between the two (which made dense files quadratic in
 * practice: every word swept up to 2,000 characters each way).
 *
 * Depth D(m) is the number of `{` minus `}` in text[0, m). For evidence at e and a word at w:
 * - e before w encloses w when no `}` in [e, w) takes the depth below D(e): the first such
 *   `}` (`close`) lies at or after w;
 * - e after w encloses w when no position in [w, e) has a depth below D(e): the `{` that last
 *   raised the depth to D(e) before e (`open`) lies before w.
 * Either way the number of levels between them is D(w) - D(e). Braces inside strings count too,
 * as they did in the sweep (a rare miscount only costs a match, never adds one).
 */
export interface BraceDepths {
  /** D(offset). */
  depthAt(offset: number): number;
  /** For evidence of the text: D(e), the `}` that closes its block (Infinity if none), the `{` that opened it (-1 if none). */
  evidence(e: Evidence): { readonly depth: number; readonly close: number; readonly open: number } | undefined;
}

const cache = new WeakMap<
  readonly Evidence[],
  { readonly count: number; readonly text: string; readonly depths: BraceDepths }
>();

/** The brace depths of a text and its evidence list, built once per scan (cached on the evidence list). */
export function braceDepths(text: string, evidence: readonly Evidence[]): BraceDepths {
  const cached = cache.get(evidence);
  if (cached && cached.count === evidence.length && cached.text === text) return cached.depths;
  const depths = build(text, evidence);
  cache.set(evidence, { count: evidence.length, text, depths });
  return depths;
}

/** From this length on a text's brace table is held in typed arrays (see `braceTable`). */
const LARGE_TEXT = 100_000;

/**
 * Each brace's offset and the depth after it, in text order. Native searches for each brace kind, merged (a
 * regex find per brace allocated a match array each). A long text's table goes into typed arrays grown by
 * doubling: pushing the 35,000 braces of a 50,000-line source onto plain arrays cost more than the searches
 * that find them; a short text's into plain arrays, as a typed array costs more to make than a few hundred pushes.
 */
function braceTable(text: string): { positions: ArrayLike<number>; after: ArrayLike<number>; count: number } {
  if (text.length < LARGE_TEXT) {
    const positions: number[] = [];
    const after: number[] = [];
    let depth = 0;
    let open = text.indexOf('{');
    let close = text.indexOf('}');
    while (open !== -1 || close !== -1) {
      if (close === -1 || (open !== -1 && open < close)) {
        positions.push(open);
        after.push(++depth);
        open = text.indexOf('{', open + 1);
      } else {
        positions.push(close);
        after.push(--depth);
        close = text.indexOf('}', close + 1);
      }
    }
    return { positions, after, count: positions.length };
  }
  let positions = new Int32Array(4096);
  let after = new Int32Array(4096);
  let count = 0;
  let depth = 0;
  let open = text.indexOf('{');
  let close = text.indexOf('}');
  while (open !== -1 || close !== -1) {
    if (count === positions.length) {
      const grownPositions = new Int32Array(count * 2);
      grownPositions.set(positions);
      positions = grownPositions;
      const grownAfter = new Int32Array(count * 2);
      grownAfter.set(after);
      after = grownAfter;
    }
    if (close === -1 || (open !== -1 && open < close)) {
      positions[count] = open;
      after[count++] = ++depth;
      open = text.indexOf('{', open + 1);
    } else {
      positions[count] = close;
      after[count++] = --depth;
      close = text.indexOf('}', close + 1);
    }
  }
  return { positions, after, count };
}

function build(text: string, evidence: readonly Evidence[]): BraceDepths {
  const { positions: braces, after: depths, count } = braceTable(text);
  // One merged pass over braces and evidence (both in text order).
  const info = new Map<Evidence, { depth: number; close: number; open: number }>();
  const sweep = new Sweep(braces, depths);
  const sorted = [...evidence].sort((a, b) => a.offset - b.offset);
  for (const e of sorted) {
    while (sweep.k < count && (braces[sweep.k] ?? 0) < e.offset) sweep.step();
    const entry = { depth: sweep.current, close: Infinity, open: sweep.openAt.get(sweep.current) ?? -1 };
    info.set(e, entry);
    sweep.pending.push({ depth: sweep.current, entry });
  }
  while (sweep.k < count && sweep.pending.length > 0) sweep.step();
  return new Depths(braces, depths, count, info);
}

/**
 * `build`'s walk over the braces: the next brace `k`, the depth before it, the `{` that last opened each depth, and
 * the evidence whose block is still open.
 */
class Sweep {
  k = 0;
  current = 0;
  readonly openAt = new Map<number, number>();
  readonly pending: { depth: number; entry: { close: number } }[] = [];

  constructor(
    readonly braces: ArrayLike<number>,
    readonly depths: ArrayLike<number>,
  ) {}

  step(): void {
    const at = this.braces[this.k] ?? 0;
    const next = this.depths[this.k] ?? 0;
    const pending = this.pending;
    if (next > this.current) this.openAt.set(next, at);
    else
      // `pending.length > 0` first: `pending[-1]` is a property looked up on the array's prototypes (slow).
      while (pending.length > 0 && (pending[pending.length - 1]?.depth ?? 0) > next)
        (pending.pop() as { entry: { close: number } }).entry.close = at;
    this.current = next;
    this.k++;
  }
}

/** The brace depths `build` made: D(offset) by binary search over the braces, each evidence's block. */
class Depths implements BraceDepths {
  constructor(
    readonly braces: ArrayLike<number>,
    readonly depths: ArrayLike<number>,
    readonly count: number,
    readonly info: ReadonlyMap<Evidence, { depth: number; close: number; open: number }>,
  ) {}

  depthAt(offset: number): number {
    const before = firstAtOrAfter(this.braces, offset, this.count);
    return before === 0 ? 0 : (this.depths[before - 1] ?? 0);
  }

  evidence(e: Evidence): { readonly depth: number; readonly close: number; readonly open: number } | undefined {
    return this.info.get(e);
  }
}
