import type { CursorContext } from './cursor-context.ts';
import { documentBounds, keyLine, lineAt, yamlLines } from './yaml-lines.ts';
import type { YamlLine } from './yaml-lines.ts';

const WORD_AFTER = /^[\w$.-]*/;

/**
 * What the cursor is on in a YAML role file, read line by line so half-typed text (which does not
 * parse) still gets completions. Block mappings and lists only; `undefined` inside comments, flow
 * collections, block scalars and on document separators.
 */
export function yamlContextAt(text: string, offset: number): CursorContext | undefined {
  const lines = yamlLines(text);
  const at = lineAt(lines, offset);
  const line = lines[at];
  if (!line || line.separator) return undefined;
  const before = line.text.slice(0, offset - line.start);
  if (/(^|\s)#/.test(before) || /[[{|>]/.test(before.replace(/["'][^"']*["']/g, ''))) return undefined;
  const bounds = documentBounds(lines, at);
  const after = line.text.slice(offset - line.start);
  const wordAfter = WORD_AFTER.exec(after)?.[0] ?? '';

  const item = /^(\s*)-\s+(["']?)([^:#]*)$/.exec(before);
  if (item) {
    const indent = (item[1] ?? '').length;
    const owner = listOwner(lines, at, indent, bounds.first);
    if (!owner) return undefined;
    const prefix = item[3] ?? '';
    const start = offset - prefix.length - (item[2] ?? '').length;
    return finish(lines, owner.line, owner.indent, bounds, {
      part: 'item',
      key: owner.key,
      prefix,
      replace: { start, end: offset + wordAfter.length },
      indent: owner.indent,
    });
  }
  const value = /^(\s*)(?:-\s+)?("[^"]*"|'[^']*'|[^\s"'#:][^:#]*?)\s*:(\s*)(["']?)([^#]*)$/.exec(before);
  if (value) {
    const indent = (value[1] ?? '').length;
    const key = (value[2] ?? '').replace(/^["']|["']$/g, '');
    const prefix = value[5] ?? '';
    const start = offset - prefix.length - (value[4] ?? '').length;
    const end =
      offset +
      (after.trimEnd().length > 0 && !after.trimStart().startsWith('#')
        ? after.replace(/\s+#.*$/, '').trimEnd().length
        : 0);
    return finish(lines, at, indent, bounds, { part: 'value', key, prefix, replace: { start, end }, indent });
  }
  const key = /^(\s*)([\w$.-]*)$/.exec(before);
  if (!key) return undefined;
  const indent = (key[1] ?? '').length;
  const prefix = key[2] ?? '';
  // Editing an existing `key: value`: replace through the colon so the inserted `key: ` does not double it.
  const colon = /^[\w$.-]*\s*:\s?/.exec(after);
  const end = offset + (colon ? colon[0].length : wordAfter.length);
  return finish(lines, at, indent, bounds, {
    part: 'key',
    prefix,
    replace: { start: offset - prefix.length, end },
    indent,
  });
}

type Partial = Pick<CursorContext, 'part' | 'prefix' | 'replace' | 'indent'> & { key?: string };

function finish(
  lines: readonly YamlLine[],
  at: number,
  indent: number,
  bounds: { index: number; first: number; last: number },
  partial: Partial,
): CursorContext {
  const parents = parentKeys(lines, at, indent, bounds.first);
  const from = (parents.item ?? parents.line) + 1;
  const siblings = siblingKeys(lines, from, bounds.last, indent, partial.part === 'key' ? at : -1);
  // A list item's mapping: its first key sits on the `- ` line.
  const first =
    parents.item === undefined ? undefined : /^\s*-\s+([\w$.-]+)\s*:\s*(.*)$/.exec(lines[parents.item]?.text ?? '');
  if (first?.[1] && at !== parents.item) siblings.set(first[1], first[2]?.trim() || undefined);
  return { ...partial, path: parents.path, siblings, document: bounds.index };
}

/** Keys of the mappings that enclose a line at `indent`, found by walking up to smaller indentation. */
function parentKeys(
  lines: readonly YamlLine[],
  at: number,
  indent: number,
  first: number,
): { path: string[]; line: number; item?: number } {
  const path: string[] = [];
  let item: number | undefined;
  let current = indent;
  let line = first - 1;
  for (let i = at - 1; i >= first && current > 0; i--) {
    const candidate = lines[i];
    if (!candidate || candidate.blank || candidate.indent >= current) continue;
    const trimmed = candidate.text.trimStart();
    if (trimmed.startsWith('- ')) {
      // `- Effect: Allow` opens a list item's mapping: its key is a sibling; the list's key is next up.
      if (candidate.indent + trimmed.length - trimmed.slice(1).trimStart().length !== current) break;
      if (path.length === 0) item ??= i;
      current = candidate.indent + 1;
      continue;
    }
    const parsed = keyLine(candidate);
    if (!parsed) break;
    path.unshift(parsed.key);
    if (line === first - 1) line = i;
    current = candidate.indent;
  }
  return item === undefined ? { path, line } : { path, line, item };
}

/** The `key:` that owns a list item at `indent` (YAML allows the items at the key's own indentation). */
function listOwner(
  lines: readonly YamlLine[],
  at: number,
  indent: number,
  first: number,
): { key: string; line: number; indent: number } | undefined {
  for (let i = at - 1; i >= first; i--) {
    const candidate = lines[i];
    if (!candidate || candidate.blank) continue;
    if (candidate.indent === indent && candidate.text.trimStart().startsWith('-')) continue;
    if (candidate.indent > indent) continue;
    const parsed = keyLine(candidate);
    return parsed && parsed.value === undefined ? { key: parsed.key, line: i, indent: candidate.indent } : undefined;
  }
  return undefined;
}

/** Keys at exactly `indent` from `from` until the mapping ends (a line indented less), skipping one line. */
function siblingKeys(
  lines: readonly YamlLine[],
  from: number,
  last: number,
  indent: number,
  skip: number,
): Map<string, string | undefined> {
  const keys = new Map<string, string | undefined>();
  for (let i = Math.max(0, from); i <= last; i++) {
    const line = lines[i];
    if (!line || line.blank || i === skip) continue;
    if (line.indent < indent) break;
    if (line.indent !== indent) continue;
    const parsed = keyLine(line);
    if (parsed) keys.set(parsed.key, parsed.value);
  }
  return keys;
}
