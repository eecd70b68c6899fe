// `alternation` (scan-pattern.ts) renders a sorted list as the prefix tree it stands for, with no tree built. Its
// pattern must be the very text the tree of maps it replaced rendered (`treeAlternation` below, kept here as the
// reference): the scan pattern, the SDK patterns and so every find depend on it. Compared over the lexicon's own
// lists, the SDK names and thousands of generated lists (shared prefixes, a text that is another's prefix, the empty
// text, duplicates, characters a pattern escapes), and each pattern checked to match what a longest-first flat
// alternation matches.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { history } from '@keyfob/shared/history';
import { lexiconFor } from '../../src/history/lexicon.ts';
import { alternation, escapeRegExp } from '../../src/history/scan-pattern.ts';

/** The tree of maps the scan pattern was rendered from before (issue 22, until 2026-12-04). */
function treeAlternation(texts: readonly string[]): string {
  interface Node {
    end: boolean;
    readonly next: Map<string, Node>;
  }
  const root: Node = { end: false, next: new Map() };
  for (const text of new Set(texts)) {
    let node = root;
    for (const c of text) {
      let child = node.next.get(c);
      if (!child) node.next.set(c, (child = { end: false, next: new Map() }));
      node = child;
    }
    node.end = true;
  }
  const render = (node: Node): string => {
    const branches = [...node.next].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const parts = branches.map(([c, child]) => {
      let run = escapeRegExp(c);
      let at = child;
      while (!at.end && at.next.size === 1) {
        const [[d, only]] = [...at.next] as [[string, Node]];
        run += escapeRegExp(d);
        at = only;
      }
      return run + render(at);
    });
    if (parts.length === 0) return '';
    const body = parts.length === 1 ? parts[0]! : `(?:${parts.join('|')})`;
    if (!node.end) return body;
    return parts.length === 1 && parts[0]!.length > 0 ? `(?:${body})?` : `${body}?`;
  };
  const out = render(root);
  return root.end ? `(?:${out})?` : out;
}

/** A deterministic list of texts over a small alphabet (so prefixes are shared), some with characters to escape. */
function generated(seed: number): string[] {
  let state = seed;
  const random = (): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const alphabet = [
    'a',
    'b',
    'c',
    '-',
    '_',
    '.',
    '/',
    '[',
    ']',
    '?',
    '$',
    '{',
    '}',
    '(',
    ')',
    '*',
    '+',
    '|',
    '\\',
    '^',
  ];
  const letters = random() < 0.5 ? 3 : alphabet.length;
  const out: string[] = [];
  const count = Math.floor(random() * 40);
  for (let i = 0; i < count; i++) {
    const pick = random();
    if (pick < 0.15 && out.length > 0) {
      const other = out[Math.floor(random() * out.length)]!;
      out.push(pick < 0.07 ? other : other.slice(0, Math.floor(random() * (other.length + 1))));
      continue;
    }
    let text = '';
    const length = Math.floor(random() * 7);
    for (let k = 0; k < length; k++) text += alphabet[Math.floor(random() * letters)];
    out.push(text);
  }
  return out;
}

describe('alternation: the prefix tree rendered from a sorted list', () => {
  it("renders the lexicon's lists and the SDK names as the tree did", () => {
    const lexicon = lexiconFor(history);
    const lists = [lexicon.quoted, lexicon.roots, lexicon.keys, lexicon.listValues, lexicon.distinctValues];
    const sdk = history.subjects.flatMap((s) => [s.name, ...s.aliases]);
    for (const list of [...lists, sdk]) assert.equal(alternation(list), treeAlternation(list));
  });

  it('renders 5,000 generated lists as the tree did, and matches what a longest-first flat alternation matches', () => {
    for (let seed = 1; seed <= 5000; seed++) {
      const list = generated(seed);
      const pattern = alternation(list);
      assert.equal(pattern, treeAlternation(list), `seed ${seed}: ${JSON.stringify(list)}`);
      const texts = [...new Set(list)].filter((t) => t !== '');
      if (texts.length === 0) continue;
      const flat = new RegExp(
        `^(?:${[...texts]
          .sort((a, b) => b.length - a.length)
          .map(escapeRegExp)
          .join('|')})`,
      );
      const tree = new RegExp(`^(?:${pattern})`);
      for (const text of [...texts, ...texts.map((t) => `${t}a-`), 'zz']) {
        const expected = flat.exec(text)?.[0] ?? (list.includes('') ? '' : undefined);
        assert.equal(
          tree.exec(text)?.[0],
          expected,
          `seed ${seed}: ${JSON.stringify(text)} in ${JSON.stringify(list)}`,
        );
      }
    }
  });

  it('renders no texts as nothing, and the empty text alone as an optional nothing', () => {
    assert.equal(alternation([]), treeAlternation([]));
    assert.equal(alternation(['']), treeAlternation(['']));
    assert.equal(alternation(['', 'a']), '(?:(?:a)?)?');
  });
});
