import { isHttpMethod } from './data-types.ts';
import type { UrlHit } from './hits.ts';
import type { Lines } from './lines.ts';
import type { MethodToken } from './match-types.ts';

/** How far above a URL the first line of its step may be (a step's script builds the URL below it). */
const STEP_LINES = 60;
/** How far below the building step a later step may send its result. */
const READER_LINES = 400;
/** How far a request step's `method:` key may be from its `url:` key (sibling keys of one mapping). */
const SIBLING_LINES = 15;

/** A list item's first line: `- ref: build_url`, `- name: Build`, `-  id: setup`. Group 1: the dash's indentation. */
const ITEM = /^([ \t]*)-[ \t]+[\w-]+[ \t]*:/;
/** A step's name among its keys: `ref: build_url` (workflow engines such as tracecat), `id: setup` (GitHub Actions). */
const STEP_NAME = /^[ \t]*(?:-[ \t]+)?(?:ref|id):[ \t]*["']?([\w-]+)["']?[ \t]*$/;

/**
 * The method of a later workflow step that sends, as its request's `url:`, the result of the step a URL
 * is built in: a step `ref: build_url` (or `id: setup`) whose script returns the URL (`return
 * f"https://…/workspaces/{id}"`, or a variable assigned it: `base_url = f"…"` then `return base_url`), or
 * sets a step output to it (`echo "url=https://…" >> $GITHUB_OUTPUT`, or `url=$v` of a variable assigned
 * it), then a step whose `url: ${{ steps.build_url.result }}` (`${{ steps.setup.outputs.url }}`) has a
 * sibling `method: GET`. A URL the step builds but does not hand on, a reader whose method is not written
 * beside its `url:` key, or another step's result say nothing (undefined). Bounded: the step's first line
 * within STEP_LINES above the URL, the reader within READER_LINES below, `method:` within SIBLING_LINES.
 */
export function workflowStepMethod(text: string, lines: Lines, url: UrlHit): MethodToken | undefined {
  const step = enclosingStep(text, lines, url.line);
  if (!step) return undefined;
  const handed = handedOn(text, lines, url, step);
  if (handed === undefined) return undefined;
  const from = lines.startOf(step.last + 1);
  const to = lines.endOf(step.last + READER_LINES);
  const body = text.slice(from, to);
  const reference =
    handed === RESULT
      ? new RegExp(`\\$\\{\\{\\s*steps\\.${step.name}\\.result\\s*\\}\\}`, 'g')
      : new RegExp(`\\$\\{\\{\\s*steps\\.${step.name}\\.outputs\\.${handed}\\s*\\}\\}`, 'g');
  for (let m = reference.exec(body); m; m = reference.exec(body)) {
    const line = lines.lineOf(from + m.index);
    const content = text.slice(lines.startOf(line), lines.endOf(line));
    const key = /^([ \t]*)(?:-[ \t]+)?(?:url|uri|endpoint):[ \t]*["']?\$\{\{/.exec(content);
    if (!key) continue;
    const method = siblingMethod(
      text,
      lines,
      line,
      (key[1] ?? '').length + (content.trimStart().startsWith('-') ? 2 : 0),
    );
    if (method) return method;
  }
  return undefined;
}

/** The result of a step (its script's return value), as opposed to a named output. */
const RESULT = '';

interface Step {
  /** The step's name (`ref:` or `id:`). */
  readonly name: string;
  /** Its first line (the list item's dash) and its last line. */
  readonly first: number;
  readonly last: number;
}

/** The list item, less indented than `line`, that holds it and names a step (`ref:` / `id:` among its keys). */
function enclosingStep(text: string, lines: Lines, line: number): Step | undefined {
  let indent = indentOf(text, lines, line);
  for (let l = line - 1; l >= 0 && l >= line - STEP_LINES; l--) {
    const content = text.slice(lines.startOf(l), lines.endOf(l));
    if (content.trim() === '') continue;
    const own = indentOf(text, lines, l);
    if (own >= indent) continue;
    indent = own;
    const item = ITEM.exec(content);
    if (!item) continue;
    const dash = (item[1] ?? '').length;
    const keys = content.search(/[^\s-]/);
    // The item's lines: those below the dash more indented than it (its keys and their values).
    let last = l;
    let name: string | undefined;
    for (let k = l; k <= l + READER_LINES && (k === l || lines.startOf(k) > lines.startOf(k - 1)); k++) {
      const row = text.slice(lines.startOf(k), lines.endOf(k));
      if (k > l && row.trim() !== '' && indentOf(text, lines, k) <= dash) break;
      if (row.trim() !== '') last = k;
      const key = k === l || indentOf(text, lines, k) === keys ? STEP_NAME.exec(row) : null;
      if (key?.[1]) name ??= key[1];
    }
    if (last < line) return undefined;
    return name ? { name, first: l, last } : undefined;
  }
  return undefined;
}

/**
 * How the step hands the URL on: RESULT when its script returns it (on the URL's line, or by the variable
 * the URL is assigned to), an output's name when it sets one to it; undefined when it does neither.
 */
function handedOn(text: string, lines: Lines, url: UrlHit, step: Step): string | undefined {
  const lineStart = lines.startOf(url.line);
  const before = text.slice(lineStart, url.start);
  if (/(?:^|[^\w.])return[ \t]+f?["'`]?$/.test(before)) return RESULT;
  // `echo "url=https://…" >> $GITHUB_OUTPUT`: the output's name before the URL, or opening the literal read with it.
  const output =
    /(?:^|[\s"'])([\w-]+)=["']?$/.exec(before)?.[1] ?? /^([\w-]+)=https?:/.exec(text.slice(url.start, url.end))?.[1];
  if (output && /\$\{?GITHUB_OUTPUT\b/.test(text.slice(url.end, lines.endOf(url.line)))) return output;
  const variable = /^[ \t]*(?:export[ \t]+|local[ \t]+)?([A-Za-z_]\w*)[ \t]*=[ \t]*f?["'`]?$/.exec(before)?.[1];
  if (!variable) return undefined;
  const rest = text.slice(lines.startOf(url.line + 1), lines.endOf(step.last));
  if (new RegExp(`(?:^|[^\\w.])return[ \\t]+(?:f?["'\`]\\{)?${variable}\\b`).test(rest)) return RESULT;
  const set = new RegExp(
    `(?:^|[\\s"'])([\\w-]+)=["']?\\$\\{?${variable}\\b[^\\n]*>>[ \\t]*["']?\\$\\{?GITHUB_OUTPUT\\b`,
  ).exec(rest);
  return set?.[1];
}

/** The `method:` key beside a `url:` key at `indent` on `line`: sibling keys of the same mapping. */
function siblingMethod(text: string, lines: Lines, line: number, indent: number): MethodToken | undefined {
  for (const step of [-1, 1])
    for (let l = line + step; Math.abs(l - line) <= SIBLING_LINES && l >= 0; l += step) {
      if (step > 0 && lines.startOf(l) <= lines.startOf(l - 1)) break;
      const from = lines.startOf(l);
      const content = text.slice(from, lines.endOf(l));
      if (content.trim() === '') continue;
      const own = indentOf(text, lines, l);
      if (own < indent) break;
      if (own !== indent) continue;
      const m = /^[ \t]*method:[ \t]*(["']?)([A-Za-z]+)\1[ \t]*(?:#.*)?$/.exec(content);
      if (!m) continue;
      const word = m[2] ?? '';
      const method = word.toUpperCase();
      if (!isHttpMethod(method)) return undefined;
      const start = from + content.indexOf(word, content.indexOf(':') + 1);
      return { method, start, end: start + word.length, text: word };
    }
  return undefined;
}

function indentOf(text: string, lines: Lines, line: number): number {
  const from = lines.startOf(line);
  let i = from;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  return i - from;
}
