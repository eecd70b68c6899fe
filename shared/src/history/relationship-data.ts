import { isWordChar } from './source-text.ts';

/** How far back the enclosing objects of a literal are read. */
const REACH = 1_200;
/** How many enclosing brackets are looked at: a to-many's `[`, `data`'s `{`, the relationship's `{`, `relationships`' `{`. */
const LEVELS = 5;

/**
 * Whether the literal at `offset` sits inside a JSON:API relationship: an object held, within a few
 * levels, under a `relationships` key (`"relationships": {"workspace": {"data": {"type": "workspaces", …}}}`,
 * `relationships = @{ workspace = @{ data = @{ type = "workspaces" } } }`, a Go map literal
 * `"relationships": map[string]interface{}{…}`, JSON in a string with `\"` quotes). There a type
 * string names the target of a reference, not the resource the payload is.
 */
export function inRelationship(text: string, offset: number): boolean {
  const stop = Math.max(0, offset - REACH);
  let depth = 0;
  let levels = 0;
  for (let i = offset - 1; i >= stop; i--) {
    const c = text.charCodeAt(i);
    if (c === 125 || c === 93 || c === 41) depth++;
    else if (c === 123 || c === 91 || c === 40) {
      if (depth > 0) {
        depth--;
        continue;
      }
      if (c === 40) return false; // a call's or a tuple's parentheses: no longer one object
      if (keyBeforeOpener(text, i) === 'relationships') return true;
      if (++levels >= LEVELS) return false;
    }
  }
  return false;
}

/**
 * The key whose value opens at `open` (lower-cased): `"key": {`, `key: {`, `key = {`, `key = @{`,
 * `"key" => {`, `\"key\": {`, `"key": map[string]interface{}{`; '' when none.
 */
function keyBeforeOpener(text: string, open: number): string {
  let i = open - 1;
  if (text.charCodeAt(i) === 64) i--; // PowerShell's @{
  // A Go composite literal's type: `map[string]interface{}{`, `&Relationships{`, `[]Ref{`.
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 125 && text.charCodeAt(i - 1) === 123) i -= 2;
    else if (isWordChar(c) || c === 46 || c === 91 || c === 93 || c === 42 || c === 38) i--;
    else break;
  }
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  const c = text.charCodeAt(i);
  if (c === 62 && text.charCodeAt(i - 1) === 61) i -= 2;
  else if (c === 58 || c === 61) i--;
  else return '';
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  if (text.charCodeAt(i) === 34 || text.charCodeAt(i) === 39) i--;
  if (text.charCodeAt(i) === 92) i--;
  const end = i + 1;
  while (i >= 0 && isWordChar(text.charCodeAt(i)) && end - i <= 20) i--;
  return text.slice(i + 1, end).toLowerCase();
}
