import { braceDepths, type BraceDepths } from './brace-depths.ts';
import type { Evidence, Hits, UrlHit } from './hits.ts';
import type { Lexicon } from './lexicon.ts';
import { firstAtOrAfterBy } from './ordered.ts';
import { memoKey, type Lines } from './lines.ts';
import type { HistorySubject } from './types.ts';

/**
 * "Nearby", as the matcher means it:
 * - resource context for a generic word: evidence (a `type` value, a matched API path, a run
 *   task header) at most CONTEXT_LINES lines away, in the same `{}` block or an enclosing one;
 *   the closest enclosing evidence wins, then the closest in the text, so a `name` inside a
 *   `policy-sets` payload is never taken for a project's `name` because a projects URL is above;
 * - a method for a URL: a method token at most METHOD_LINES lines away (see `assignMethods`);
 * - a URL for a query parameter key: at most PARAM_LINES lines away.
 * Whatever the lines, nothing further than MAX_CHARS characters counts, and only the
 * MAX_NEIGHBOURS closest items on each side are looked at: on a minified line of 300,000
 * characters "12 lines" is everything, and the matcher must stay linear. Beyond CONTEXT_LINES, the
 * `{}` block holding a `type` value still names its resource for everything inside it (see
 * `scopedResourcesAt`; at most MAX_SCOPES blocks are walked back).
 */
export const NEARBY = {
  CONTEXT_LINES: 12,
  METHOD_LINES: 3,
  PARAM_LINES: 5,
  MAX_CHARS: 2000,
  MAX_NEIGHBOURS: 8,
  MAX_SCOPES: 64,
} as const;

/** What resolution needs besides the hit itself. */
export interface ResolveContext {
  readonly text: string;
  readonly hits: Hits;
  readonly lines: Lines;
  readonly lexicon: Lexicon;
  /** Blocks are made by indentation (YAML), not only by braces. */
  readonly indentBlocks: boolean;
  /**
   * The resource the file's name stands for (`agentpool_create.go`, `projects.py`), if any, and every
   * resource some evidence in the file names (a type value, a path): a file that names another resource
   * anywhere is not only about its own.
   */
  readonly file?: { readonly resource: string; readonly named: ReadonlySet<string> };
  /**
   * The file handles run task requests: some evidence names the run task request (its callback URL key, its
   * signature header, its other fields) or a task result (`"type": "task-results"`). See `RUN_TASK_CONTEXT`.
   */
  readonly runTask?: boolean;
  /** The resource a Terraform provider resource file manages (`resource_tfe_organization_default_settings.go`). */
  readonly providerResource?: string;
  /** The text is Markdown: prose, with its code in fenced blocks and inline spans. */
  readonly markdown?: boolean;
}

/**
 * What a file that handles run task requests is about where nothing nearer says: the request it reads and the
 * task result it answers with. A request field (`stage`) or a result's value (`"passed"`) there is theirs.
 */
export const RUN_TASK_CONTEXT: readonly string[] = ['run task request', 'task-results'];

/** The run task request's callback URL field under any spelling (`TaskResultCallbackURL`, `getTaskResultCallbackUrl()`). */
const CALLBACK_FIELD = /task_?result_?callback_?url/i;
/**
 * A name for a callback URL (`callback_url`, `callbackUrl`), any case: in every name CALLBACK_FIELD finds, and a
 * fast search (its literal is looked for directly, where `task_?` stops at every `t`), so it is tried first.
 */
const CALLBACK_URL = /callback_?url/i;

/** Whether a text names a callback URL: a scan asks more than once of one text (`handlesRunTasks`, `callbackMatches`). */
const CALLBACK_NAMED = memoKey<boolean>('names a callback URL');

/** Whether the text names a callback URL (CALLBACK_URL), the one search made once per scan of a text. */
export function namesCallbackUrl(text: string, lines: Lines): boolean {
  return lines.memo(CALLBACK_NAMED, () => CALLBACK_URL.test(text));
}

/**
 * Whether the file handles run task requests (`ResolveContext.runTask`): some evidence is the run task context's,
 * or the code names the request's callback URL field, however its language spells it.
 */
export function handlesRunTasks(text: string, lines: Lines, evidence: readonly Evidence[]): boolean {
  return (
    evidence.some((e) => e.resources.some((r) => RUN_TASK_CONTEXT.includes(r))) ||
    (namesCallbackUrl(text, lines) && CALLBACK_FIELD.test(text))
  );
}

/**
 * The resources in context at a position, or undefined when nothing nearby says. Evidence
 * counts when its `{}` block is the word's own or encloses it; the closest enclosing block
 * wins, then the closest in the text. Braces are counted in one sweep each way from the word
 * (braces inside strings too: a rare miscount only costs a match, never adds one).
 */
export function resourcesAt(
  ctx: ResolveContext,
  offset: number,
  line: number,
  kind?: Evidence['kind'],
): readonly string[] | undefined {
  // The neighbours (`neighbours`: before the word closest first, then after it) walked in place, the best kept in
  // one record (`Nearest`): a dense file asks this of thousands of words, and each list made was garbage at once.
  const items = ctx.hits.evidence;
  const first = firstAtOrAfterBy(items, offset, evidenceOffset);
  const near: Nearest = { depths: undefined, here: 0, best: undefined, levels: 0, distance: 0, kind: 'token' };
  for (let k = first - 1, n = 0; k >= 0 && n < NEARBY.MAX_NEIGHBOURS; k--, n++) {
    const e = items[k];
    if (!e || line - e.line > NEARBY.CONTEXT_LINES || offset - e.offset > NEARBY.MAX_CHARS) break;
    if (kind === undefined || e.kind === kind) consider(ctx, offset, line, near, e);
  }
  for (let k = first, n = 0; k < items.length && n < NEARBY.MAX_NEIGHBOURS; k++, n++) {
    const e = items[k];
    if (!e || e.line - line > NEARBY.CONTEXT_LINES || e.offset - offset > NEARBY.MAX_CHARS) break;
    if (kind === undefined || e.kind === kind) consider(ctx, offset, line, near, e);
  }
  return near.best;
}

/** `resourcesAt`'s walk: the text's brace depths once asked, the word's depth, and the best evidence so far. */
interface Nearest {
  depths: BraceDepths | undefined;
  here: number;
  best: readonly string[] | undefined;
  levels: number;
  distance: number;
  kind: Evidence['kind'];
}

/**
 * `resourcesAt`'s look at one neighbour `e` of the word at `offset`, kept in `near` when it is the best so far.
 */
function consider(ctx: ResolveContext, offset: number, line: number, near: Nearest, e: Evidence): void {
  if (near.depths === undefined) {
    near.depths = braceDepths(ctx.text, ctx.hits.evidence);
    near.here = near.depths.depthAt(offset);
  }
  const info = near.depths.evidence(e);
  if (!info) return;
  // Before the word: no `}` between them closes its block. After it: its block was open before the word.
  const encloses = e.offset <= offset ? info.close >= offset : info.open < offset;
  if (!encloses || (ctx.indentBlocks && !sameIndentBlock(ctx, e.line, line))) return;
  const levels = near.here - info.depth;
  const distance = Math.abs(e.offset - offset);
  // At one place a type value wins over a token (`"type": "task-results"` is both).
  if (
    near.best === undefined ||
    levels < near.levels ||
    (levels === near.levels &&
      (distance < near.distance || (distance === near.distance && e.kind === 'type' && near.kind !== 'type')))
  ) {
    near.best = e.resources;
    near.levels = levels;
    near.distance = distance;
    near.kind = e.kind;
  }
}

/**
 * YAML: evidence on line `from` speaks for line `to` when the mapping that holds the evidence
 * (its key's column) is still open at the word: no line from the evidence down to the word is
 * indented less than that column (`logging:` closes a `team-access:` list), and evidence below the
 * word is not the start of a new list item (`- type: …` opens the next entry).
 */
function sameIndentBlock(ctx: ResolveContext, from: number, to: number): boolean {
  if (from === to) return true;
  const { indent: column, dash } = keyColumn(ctx, from);
  if (from > to && dash) return false;
  const [first, last] = from < to ? [from + 1, to] : [to, from - 1];
  for (let l = first; l <= last; l++) {
    const indent = keyColumn(ctx, l);
    if (indent.indent >= 0 && indent.indent - (indent.dash ? 2 : 0) < column) return false;
  }
  return true;
}

/** Column of a line's first key (after `- `), whether it starts a list item; -1 for a blank or comment line. */
function keyColumn(ctx: ResolveContext, line: number): { indent: number; dash: boolean } {
  const start = ctx.lines.startOf(line);
  const end = ctx.lines.endOf(line);
  const text = ctx.text;
  let i = start;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  let dash = false;
  while (text.charCodeAt(i) === 45 && (text.charCodeAt(i + 1) === 32 || text.charCodeAt(i + 1) === 9)) {
    dash = true;
    i += 2;
    while (i < end && text.charCodeAt(i) === 32) i++;
  }
  const c = text.charCodeAt(i);
  return i >= end || c === 35 || c === 10 || c === 13 ? { indent: -1, dash } : { indent: i - start, dash };
}

/**
 * The resources of the innermost `{}` block around `offset` that holds a `type` value (a JSON:API
 * resource object, a Go struct with its `jsonapi:"primary,…"` tag, an HCL block whose label names
 * a resource), however far from the word it is: `relationships.project` 30 lines under the
 * `type` of its document is still that resource's. Undefined when no such block encloses it.
 */
export function scopedResourcesAt(ctx: ResolveContext, offset: number): readonly string[] | undefined {
  const scopes = scopesOf(ctx);
  const lo = firstAtOrAfterBy(scopes, offset, scopeOpen);
  // Blocks are nested or apart: walking back from the last opened before the word, the first that
  // is still open at the word is the innermost.
  for (let k = lo - 1, n = 0; k >= 0 && n < NEARBY.MAX_SCOPES; k--, n++) {
    const scope = scopes[k];
    if (scope && scope.close >= offset) return scope.resources;
  }
  return undefined;
}

const scopeOpen = (scope: Scope): number => scope.open;

interface Scope {
  readonly open: number;
  readonly close: number;
  readonly resources: readonly string[];
}

const scopeCache = new WeakMap<Hits, Scope[]>();

function scopesOf(ctx: ResolveContext): Scope[] {
  let scopes = scopeCache.get(ctx.hits);
  if (!scopes) {
    scopes = [];
    // Only `type` evidence opens a scope: a text with none (most) has none, and no brace table is built for it here.
    if (ctx.hits.evidence.some(isTypeEvidence)) {
      const depths = braceDepths(ctx.text, ctx.hits.evidence);
      for (const e of ctx.hits.evidence) {
        if (e.kind !== 'type') continue;
        const info = depths.evidence(e);
        if (info && info.open !== -1) scopes.push({ open: info.open, close: info.close, resources: e.resources });
      }
      scopes.sort((a, b) => a.open - b.open);
    }
    scopeCache.set(ctx.hits, scopes);
  }
  return scopes;
}

const isTypeEvidence = (e: Evidence): boolean => e.kind === 'type';

/**
 * The items (sorted by offset) within `lines` lines and MAX_CHARS characters of a position, at
 * most MAX_NEIGHBOURS on each side, closest first on each side.
 */
export function neighbours<T extends { readonly line: number }>(
  items: readonly T[],
  at: (item: T) => number,
  offset: number,
  line: number,
  lines: number,
): T[] {
  const out: T[] = [];
  const first = firstAtOrAfterBy(items, offset, at);
  for (let k = first - 1, n = 0; k >= 0 && n < NEARBY.MAX_NEIGHBOURS; k--, n++) {
    const item = items[k];
    if (!item || line - item.line > lines || offset - at(item) > NEARBY.MAX_CHARS) break;
    out.push(item);
  }
  for (let k = first, n = 0; k < items.length && n < NEARBY.MAX_NEIGHBOURS; k++, n++) {
    const item = items[k];
    if (!item || item.line - line > lines || at(item) - offset > NEARBY.MAX_CHARS) break;
    out.push(item);
  }
  return out;
}

/** Position accessors for `neighbours`. */
const evidenceOffset = (e: { readonly offset: number }): number => e.offset;
export const urlStart = (u: { readonly start: number }): number => u.start;

/** True when evidence within CONTEXT_LINES of `line` names the resource of one of the candidates. */
export function anyEvidenceFor(
  ctx: ResolveContext,
  offset: number,
  line: number,
  candidates: readonly { readonly subject: HistorySubject }[],
): boolean {
  for (const e of neighbours(ctx.hits.evidence, evidenceOffset, offset, line, NEARBY.CONTEXT_LINES)) {
    for (const { subject } of candidates)
      if (subject.resource !== undefined && e.resources.includes(subject.resource)) return true;
  }
  return false;
}

/** The nearest URL hit within PARAM_LINES whose templates carry this parameter, if any. */
export function boundUrl(
  ctx: ResolveContext,
  parameter: HistorySubject,
  offset: number,
  line: number,
): UrlHit | undefined {
  let best: UrlHit | undefined;
  for (const url of neighbours(ctx.hits.urls, urlStart, offset, line, NEARBY.PARAM_LINES)) {
    if (!urlHasParameter(url, parameter)) continue;
    if (!best || Math.abs(url.start - offset) < Math.abs(best.start - offset)) best = url;
  }
  return best;
}

/**
 * Whether a parameter subject belongs to one of the URL's templates; a `*` parameter (the pagination
 * keys `page[number]`, `page[size]`) to every API URL.
 */
export function urlHasParameter(url: UrlHit, parameter: HistorySubject): boolean {
  return parameter.path === '*' || url.candidates.some((c) => c.template === parameter.path);
}
