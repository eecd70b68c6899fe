import type { Lexicon } from './lexicon.ts';
import { isWordChar } from './source-text.ts';

/**
 * A JSON:API type written as the value of a `type` key that names no resource of the history
 * (`{ Type: "provider-sets", Columns: []string{"updated-at"} }`, `{"type": "hyok-configurations", …}`):
 * the block around it is about that resource, so no other resource's attribute is meant in it (as a
 * struct's `jsonapi:"primary,…"` tag of an unknown type says). Only a plural kebab-case word counts
 * (`provider-sets`, `queries`): `type: "object"`, `Type: "submit"`, `"type": "success"` name no resource.
 * A family's plain name (`data-retention-policies` for the history's `data-retention-policy-delete-olders` and
 * `data-retention-policy-dont-deletes`) stands for its members.
 */
const TYPE_VALUE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*s$/;
const NOT_PLURAL = /(?:ss|us|is)$/;

/** Such values: the offset inside the quotes and the resources the value stands for (itself, or its family). */
export function unknownTypeValues(
  text: string,
  lexicon: Lexicon,
  types: ReadonlySet<string>,
): { readonly at: number; readonly resources: readonly string[] }[] {
  const out: { at: number; resources: readonly string[] }[] = [];
  // `type` and `Type` in one native search for their common tail: `y` is rare in code, `t` is not (a
  // search for `type` stops at every `t`), and one pass over the text instead of two.
  for (let y = text.indexOf('ype', 1); y !== -1; y = text.indexOf('ype', y + 3)) {
    const t = text.charCodeAt(y - 1);
    if (t !== 116 && t !== 84) continue;
    const value = valueAfterKey(text, y - 1);
    if (value === -1) continue;
    const close = text.indexOf(text.charAt(value - 1), value);
    if (close === -1 || close - value > 60) continue;
    const word = text.slice(value, close);
    if (!TYPE_VALUE.test(word) || NOT_PLURAL.test(word) || lexicon.words.get(word)?.resourceType === true) continue;
    out.push({ at: value, resources: family(word, types) });
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * The known types named `<word's singular>-…` (`data-retention-policy-…`), else the word itself: a fact of the word
 * and the index's types, kept per set of types (a Go text writes the same unknown type many times).
 */
function family(word: string, types: ReadonlySet<string>): readonly string[] {
  let known = FAMILIES.get(types);
  if (known === undefined) FAMILIES.set(types, (known = new Map<string, readonly string[]>()));
  let found = known.get(word);
  if (found === undefined) {
    const stem = `${word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.slice(0, -1)}-`;
    const members = [...types].filter((t) => t.startsWith(stem));
    found = members.length > 0 ? members : [word];
    // Words come from texts: past the bound the answers are worked out again, the map does not grow without end.
    if (known.size < MAX_FAMILIES) known.set(word, found);
  }
  return found;
}

const FAMILIES = new WeakMap<ReadonlySet<string>, Map<string, readonly string[]>>();
const MAX_FAMILIES = 4_096;

/** After a `type` key at `at` (`Type:`, `"type":`, `type =`, not `==` or a longer name): the value's first character, or -1. */
function valueAfterKey(text: string, at: number): number {
  const before = text.charCodeAt(at - 1);
  if (at > 0 && (isWordChar(before) || before === 46)) return -1;
  let i = at + 4;
  const quoted = before === 34 || before === 39;
  if (quoted) {
    if (text.charCodeAt(i) !== before) return -1;
    i++;
  } else if (isWordChar(text.charCodeAt(i))) return -1;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  const sep = text.charCodeAt(i);
  if (sep !== 58 && sep !== 61) return -1;
  const next = text.charCodeAt(i + 1);
  if (next === 58 || next === 61) return -1;
  i++;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  const quote = text.charCodeAt(i);
  return quote === 34 || quote === 39 || quote === 96 ? i + 1 : -1;
}
