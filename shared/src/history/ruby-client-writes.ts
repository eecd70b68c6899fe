import type { Lines } from './lines.ts';
import type { HistoryIndex, HistorySubject } from './types.ts';
import { lastIndexWithin } from './source-text.ts';

/** What a write through the Ruby client stands for: where, the subject, and the name shown (`policies.create(enforce)`). */
export interface RubyClientWrite {
  readonly start: number;
  readonly end: number;
  readonly subject: HistorySubject;
  readonly name: string;
}

/** `.service.create(` / `.update(` / `.action(` and the argument's start. */
const WRITE = /\.([a-z]+(?:_[a-z]+)*)\.(create|update|action)\(/g;
/** Bounds: how far back a hash variable's assignment is looked for, and how long a hash is read. */
const MAX_BACK = 3_000;
const MAX_HASH = 4_000;
/** Keys the client takes out of the hash for the path, not the attributes (`id`, `organization`). */
const PATH_KEYS = new Set(['id', 'organization', 'workspace_id', 'run_id']);

/**
 * terraform-enterprise-client's writes (`client.policies.create(params)`, `client.workspaces.update(id: id, name: n)`,
 * `client.policy_checks.action(id: id, action: :override)`): the client sends the hash's keys, the path ones taken
 * out, as the attributes of the service's resource, and an `action` call POSTs to `/service/:id/actions/<action>`.
 * The hash is the call's own (`create(name: n, …)`) or a variable assigned a hash literal earlier in the same method
 * (`params = { … }`, then `params[:comment] = …`). A key the history has no attribute of that resource for says nothing.
 */
export function rubyClientWrites(text: string, index: HistoryIndex): RubyClientWrite[] {
  const out: RubyClientWrite[] = [];
  WRITE.lastIndex = 0;
  for (let m = WRITE.exec(text); m !== null; m = WRITE.exec(text)) {
    const service = m[1] ?? '';
    const method = m[2] ?? '';
    const resource = service.replace(/_/g, '-');
    if (!index.resourceTypes.has(resource)) continue;
    const keys = hashKeys(text, m.index + m[0].length);
    if (method === 'action') {
      const action = keys.find((k) => k.key === 'action')?.value;
      const subject = action === undefined ? undefined : actionEndpoint(index, resource, action);
      const at = m.index + service.length + 2;
      if (subject)
        out.push({ start: at, end: at + method.length, subject, name: `${service}.action(${action ?? ''})` });
      continue;
    }
    for (const k of keys) {
      if (PATH_KEYS.has(k.key)) continue;
      const wire = k.key.replace(/_/g, '-');
      const subject = (index.byName.get(wire) ?? []).find((s) => s.type === 'attribute' && s.resource === resource);
      if (subject)
        out.push({ start: k.start, end: k.start + k.key.length, subject, name: `${service}.${method}(${k.key})` });
    }
  }
  return out;
}

/** The history's POST endpoint `/resource/:id/actions/<action>`, when exactly one fits. */
function actionEndpoint(index: HistoryIndex, resource: string, action: string): HistorySubject | undefined {
  const segments = [
    { text: resource, placeholder: false },
    { text: 'id', placeholder: true },
    { text: 'actions', placeholder: false },
    { text: action, placeholder: false },
  ];
  const candidates = index.matchSegments(segments);
  const best = candidates[0]?.literals;
  const fits = candidates
    .filter((c) => c.literals === best)
    .flatMap((c) => c.endpoints.filter((e) => e.method === 'POST'));
  return fits.length === 1 ? fits[0] : undefined;
}

interface HashKey {
  readonly key: string;
  readonly start: number;
  /** A symbol or string value (`:override`, `'override'`), when the value is one. */
  readonly value: string | undefined;
}

/** The top-level keys of the hash a call at `open` (after its `(`) passes: inline, or the variable's literal. */
function hashKeys(text: string, open: number): HashKey[] {
  let i = open;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  const variable = /^([a-z_]\w*)\s*\)/.exec(text.slice(i, i + 60));
  if (!variable) return keysIn(text, i, closing(text, open - 1, '(', ')'));
  const name = variable[1] ?? '';
  // The method the call is in: its hash assignment comes after the `def` (looked for within MAX_BACK: one further back
  // leaves the search at MAX_BACK anyway, and a search back to the text's start per call was quadratic).
  const near = lastIndexWithin(text, 'def ', open - MAX_BACK, open);
  const def = near === -1 ? -1 : text.lastIndexOf('\n', near);
  const from = Math.max(def, open - MAX_BACK, 0);
  // The assignment's line starts after a newline (or at the text's start: a newline put before it), read between
  // `from` and the call only: a search from `from` in the whole text ran on to its end after the last assignment, once
  // per call (a method of many calls of one hash took time growing with their count squared: 96 s at 1.6 MB).
  const lead = from === 0 ? '\n' : '';
  const shift = from - lead.length;
  const assign = new RegExp(`\\n[ \\t]*${name}[ \\t]*=[ \\t]*\\{`, 'g');
  let hash = -1;
  for (const a of (lead + text.slice(from, open)).matchAll(assign)) hash = shift + a.index + a[0].length;
  if (hash === -1) return [];
  const keys = keysIn(text, hash, closing(text, hash - 1, '{', '}'));
  // `params[:comment] = …` added between the assignment and the call.
  const added = new RegExp(`\\n[ \\t]*${name}\\[:(\\w+)\\][ \\t]*=(?!=)`, 'g');
  for (const a of text.slice(hash, open).matchAll(added))
    keys.push({ key: a[1] ?? '', start: hash + a.index + a[0].indexOf(':') + 1, value: undefined });
  return keys;
}

/** The offset of the bracket closing the one at `at`, or a bound's end. */
function closing(text: string, at: number, open: string, close: string): number {
  let depth = 0;
  const stop = Math.min(text.length, at + MAX_HASH);
  for (let i = at; i < stop; i++) {
    const c = text.charAt(i);
    if (c === open || c === '{' || c === '[' || c === '(') depth++;
    else if ((c === close || c === '}' || c === ']' || c === ')') && --depth === 0) return i;
  }
  return -1;
}

/** `key:` / `:key =>` / `'key' =>` at the top level of `text[from, to)`. */
function keysIn(text: string, from: number, to: number): HashKey[] {
  const keys: HashKey[] = [];
  if (to === -1) return keys;
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = text.charAt(i);
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    else if (depth === 0 && (i === from || /[\s,{(]/.test(text.charAt(i - 1)))) {
      const m = KEY.exec(text.slice(i, i + 80));
      if (!m) continue;
      const key = m[1] ?? m[2] ?? m[3] ?? '';
      const start = i + m[0].indexOf(key);
      const value = VALUE.exec(text.slice(i + m[0].length, i + m[0].length + 80))?.[1];
      keys.push({ key, start, value });
      i += m[0].length - 1;
    }
  }
  return keys;
}

const KEY = /^(?:([a-z_]\w*):(?!:)[ \t]|:([a-z_]\w*)[ \t]*=>|['"]([a-z_][\w-]*)['"][ \t]*=>)/;
const VALUE = /^[ \t]*(?::|['"])([a-z][\w-]*)/;

/** A JSON:API member opened with a symbol key: `attributes: {`, `:relationships => {`, Elixir's `attributes: %{`. */
const MEMBER = /(?<![\w:'"])(?:(attributes|relationships):|:(attributes|relationships)[ \t]*=>)[ \t]*%?\{/g;

/**
 * Ruby (and Elixir's and Crystal's `key:` maps): a JSON:API payload written as a hash with symbol keys, `{ data: {
 * type: 'projects', attributes: { name: name } } }`: the symbol keys at the top level of its `attributes` (or
 * `relationships`) hash are the attributes of the type its sibling `type:` names (snake_case read as kebab-case). A
 * string key (`'name' =>`) is left to the quoted names' rules; no `type` beside the member, a type that is no
 * resource, or a key the history has no attribute of that resource for says nothing.
 */
export function rubyPayloadKeys(text: string, lines: Lines, index: HistoryIndex): RubyClientWrite[] {
  const out: RubyClientWrite[] = [];
  if (!lines.markers.has('attributes') && !lines.markers.has('relationships')) return out;
  MEMBER.lastIndex = 0;
  for (let m = MEMBER.exec(text); m !== null; m = MEMBER.exec(text)) {
    const open = m.index + m[0].length - 1;
    const holder = enclosingHash(text, m.index);
    if (holder === undefined) continue;
    const type = keysIn(text, holder + 1, closing(text, holder, '{', '}')).find((k) => k.key === 'type')?.value;
    if (type === undefined || !index.resourceTypes.has(type)) continue;
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    if (text.slice(lineStart, m.index).includes('#')) continue;
    for (const k of keysIn(text, open + 1, closing(text, open, '{', '}'))) {
      if (text.charAt(k.start - 1) === "'" || text.charAt(k.start - 1) === '"') continue;
      const subject = (index.byName.get(k.key.replace(/_/g, '-')) ?? []).find(
        (s) => s.type === 'attribute' && s.resource === type,
      );
      if (subject) out.push({ start: k.start, end: k.start + k.key.length, subject, name: k.key });
    }
  }
  return out;
}

/** The `{` opening the innermost hash holding `offset` (strings not skipped: keys are read near), within `MAX_HASH`. */
function enclosingHash(text: string, offset: number): number | undefined {
  let depth = 0;
  const stop = Math.max(0, offset - MAX_HASH);
  for (let i = offset - 1; i >= stop; i--) {
    const c = text.charAt(i);
    if (c === '}' || c === ']' || c === ')') depth++;
    else if (c === '{' || c === '[' || c === '(') {
      if (depth === 0) return c === '{' ? i : undefined;
      depth--;
    }
  }
  return undefined;
}
