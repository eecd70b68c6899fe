import { profileFor } from './language-profile.ts';
import type { Lines } from './lines.ts';
import { makeMatch } from './make-match.ts';
import type { Match } from './match-types.ts';
import { providerArgument, providerTypeResource, providerTypes } from './sdk-names.ts';
import { LinePlaces } from './source-text.ts';
import type { HistoryIndex, HistorySubject } from './types.ts';

/** A labelled HCL block and the API resources its type label names. */
export interface BlockLabel {
  /** Just inside the block's `{`: evidence there encloses everything in the block. */
  readonly offset: number;
  readonly resources: readonly string[];
}

/**
 * A `resource` or `data` block's head up to its `{` (group 1 up to its type label): the type label quoted (`resource
 * "tfe_workspace" "w" {`, group 2) or, as HCL allows too, a bare identifier (`resource tfe_workspace w {`, group 3).
 */
const BLOCK = /((?:^|\n)[ \t]*(?:resource|data)[ \t]+)(?:"([A-Za-z][\w-]*)"|([A-Za-z][\w-]*)(?=[ \t{]))[^{\n]*\{/g;

/** A `BLOCK` match's type label and its offset in the text (inside its quotes). */
function blockType(m: RegExpExecArray): { readonly type: string; readonly at: number } {
  const quoted = m[2] !== undefined;
  return { type: m[2] ?? m[3] ?? '', at: m.index + (m[1]?.length ?? 0) + (quoted ? 1 : 0) };
}

const cache = new WeakMap<HistoryIndex, readonly { readonly resource: string; readonly words: readonly string[] }[]>();

/** The API's Terraform provider (`hashicorp/tfe`): its resource and data types start `tfe_`. */
const PROVIDER = 'tfe';

/**
 * The resources named by the type labels of HCL `resource` and `data` blocks of the API's provider:
 * `tfe_workspace` manages a workspace, `tfe_team_project_access` a team's project access,
 * `tfe_variable_set` a variable set. The provider's own mapping says it first (`providerResources` of the SDK
 * names: `tfe_policy_set` is `policy-sets`, not `policies` too); else a resource is named when its words
 * (singular) appear in order among the label's words after the prefix, the one with the most words when
 * several do (`tfe_team_project_access` is `team-projects`, not `teams` and `projects`). Another provider's
 * block (`aws_codebuild_project`, `google_project`, `doppler_project`) manages its own things: no evidence.
 * Such a label is resource evidence for the whole block, as a JSON:API `type` is for its object.
 */
export function blockLabelResources(text: string, index: HistoryIndex): BlockLabel[] {
  const out: BlockLabel[] = [];
  BLOCK.lastIndex = 0;
  for (let m = BLOCK.exec(text); m !== null; m = BLOCK.exec(text)) {
    const label = blockType(m).type;
    if (!label.startsWith(`${PROVIDER}_`)) continue;
    const resources = labelResources(index, label);
    if (resources.length > 0) out.push({ offset: m.index + m[0].length, resources });
  }
  return out;
}

/** The resources a provider type label names (`blockLabelResources`): the mapping's, else by the label's words. */
function labelResources(index: HistoryIndex, label: string): readonly string[] {
  const known = providerTypeResource(index, label);
  if (known !== undefined) return [known];
  const words = label.split(/[_-]/).slice(1).map(singular);
  const named = resourceNames(index).filter((n) => isSubsequence(n.words, words));
  const most = Math.max(0, ...named.map((n) => n.words.length));
  return [...new Set(named.filter((n) => n.words.length === most).map((n) => n.resource))];
}

/**
 * Whether a text may hold a block of the provider's types: its type label opens `"tfe_` quoted, or ` tfe_` bare after
 * the keyword (`resource tfe_workspace w {`).
 */
function holdsBlocks(lines: Lines): boolean {
  return lines.markers.has(`"${PROVIDER}_`) || lines.markers.has(` ${PROVIDER}_`);
}

/** The provider's name for itself beside the subject in a hover, as for an SDK's names. */
const PROVIDER_CLIENT = 'terraform-provider-tfe';
/** On `blockArguments`' stack: a brace opening an object value, and one opening a string's interpolation. */
const OBJECT = 1;
const INTERPOLATION = 2;
/** How far a block is read for its closing brace. */
const MAX_BLOCK = 20_000;
/**
 * An argument of a block at a line's start: `project_id = …` (not `==`, group 1), or a nested block the provider sends as
 * one, `project_access {` (group 3) or `dynamic "project_access" {` (group 2).
 */
const ARGUMENT =
  /[ \t]*(?:([a-z][a-z0-9_]*)[ \t]*=(?!=)|dynamic[ \t]+"([a-z][a-z0-9_]*)"[ \t]*\{|([a-z][a-z0-9_]*)[ \t]*\{)/y;

/** An exact match of `subject` at `start`..`end` through the provider (`name`: its type, argument or construct). */
export function providerSdkMatch(
  text: string,
  lines: Lines,
  start: number,
  end: number,
  subject: HistorySubject,
  name: string,
): Match {
  const match: { -readonly [K in keyof Match]: Match[K] } = makeMatch(text, lines, {
    start,
    end,
    subject,
    confidence: 'exact',
    via: 'sdk',
  });
  match.sdk = { client: PROVIDER_CLIENT, name };
  return match;
}

/**
 * The API's provider's blocks as uses of the API through the provider, by the provider's own mapping (as a client's
 * names are, `sdk-names.ts`): a `resource "tfe_workspace" "x"` or `data "tfe_workspace" "x"` block's type label is a
 * use of the resource the provider's type manages (`resource - workspaces`) where the history has that resource, as
 * go-tfe's `jsonapi:"primary,workspaces"` model is; an argument of the block that the provider's schema maps
 * (`tag_names` of `tfe_workspace`) is a use of its attribute. Only the mapping decides: a label's words do not (no
 * `*_workspace` of another provider), and neither does a module's input or a variable named like an argument.
 */
export function providerBlockMatches(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  languageId: string | undefined,
): Match[] {
  const out: Match[] = [];
  if (!holdsBlocks(lines)) return out;
  let places: LinePlaces | undefined;
  let comments: BlockComments | undefined;
  const push = (start: number, end: number, subject: HistorySubject, name: string): void => {
    out.push(providerSdkMatch(text, lines, start, end, subject, name));
  };
  BLOCK.lastIndex = 0;
  for (let m = BLOCK.exec(text); m !== null; m = BLOCK.exec(text)) {
    const { type, at: start } = blockType(m);
    if (!type.startsWith(`${PROVIDER}_`)) continue;
    places ??= new LinePlaces(text, profileFor({ languageId }), lines);
    comments ??= lines.markers.has('/*') ? new BlockComments(text) : NO_COMMENTS;
    if (places.at(start).inComment || comments.holds(start)) continue;
    const resource = providerTypeResource(index, type);
    const subject = resource === undefined ? undefined : index.byId.get(`resource - ${resource}`);
    if (subject) push(start, start + type.length, subject, type);
    const open = m.index + m[0].length - 1;
    const close = blockArguments(text, open, (at, key) => {
      const name = providerArgument(index, type, key);
      if (name) push(at, at + key.length, name.subject, name.name);
    });
    BLOCK.lastIndex = Math.max(BLOCK.lastIndex, close);
  }
  return out;
}

/**
 * The spans (the `{` to the closing `}`) of the API's provider's blocks whose type neither the provider's mapping knows
 * nor names a resource by its words (`resource "tfe_stack"`, a type newer than the mapping): what such a block
 * manages, and so what its arguments are, is not known. A name another resource's argument shares there (a
 * `vcs_repo` block's `github_app_installation_id`) is not that resource's.
 */
export function unmappedBlocks(
  text: string,
  lines: Lines,
  index: HistoryIndex,
): readonly (readonly [number, number])[] {
  const out: [number, number][] = [];
  if (!holdsBlocks(lines)) return out;
  const known = new Set(providerTypes(index));
  BLOCK.lastIndex = 0;
  for (let m = BLOCK.exec(text); m !== null; m = BLOCK.exec(text)) {
    const { type } = blockType(m);
    if (!type.startsWith(`${PROVIDER}_`) || known.has(type) || labelResources(index, type).length > 0) continue;
    const open = m.index + m[0].length - 1;
    const close = blockArguments(text, open, () => undefined);
    out.push([open, close]);
    BLOCK.lastIndex = Math.max(BLOCK.lastIndex, close);
  }
  return out;
}

/**
 * The `/* … *\/` comments of an HCL text, read once forward (strings and `#`/`//` comments stepped over), asked in
 * rising order of offsets (`holds`): each label costs a step of a pointer, not a search back over the text.
 */
class BlockComments {
  readonly #spans: number[] = [];
  #next = 0;

  constructor(text: string) {
    for (let i = text.indexOf('/*') === -1 ? text.length : 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        // A string ends at its closing quote on its line.
        for (i++; i < text.length; i++) {
          const d = text.charCodeAt(i);
          if (d === 92) i++;
          else if (d === 34 || d === 10) break;
        }
      } else if (c === 35 || (c === 47 && text.charCodeAt(i + 1) === 47)) {
        const eol = text.indexOf('\n', i);
        i = eol === -1 ? text.length : eol;
      } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
        const close = text.indexOf('*/', i + 2);
        this.#spans.push(i, close === -1 ? text.length : close + 2);
        i = close === -1 ? text.length : close + 1;
      }
    }
  }

  /** Whether `at` is inside one of the comments; `at` no less than any asked before. */
  holds(at: number): boolean {
    const spans = this.#spans;
    while (this.#next < spans.length && (spans[this.#next + 1] ?? 0) <= at) this.#next += 2;
    return this.#next < spans.length && (spans[this.#next] ?? Infinity) <= at;
  }
}

const NO_COMMENTS = { holds: (): boolean => false } as unknown as BlockComments;

/**
 * Reads an HCL block from its `{` at `open` to its `}` (within MAX_BLOCK characters), passing each argument at a line's
 * start in code (`project_id = …`, in nested blocks too) to `argument`; strings (and their `${…}` interpolations),
 * heredocs and comments are stepped over, so neither a `{` in a comment nor a `kind = …` line in a heredoc counts.
 * Returns where the block ends (its `}`, or where the reading stopped).
 */
function blockArguments(text: string, open: number, argument: (at: number, key: string) => void): number {
  const end = Math.min(text.length, open + MAX_BLOCK);
  // Open braces and strings, innermost last: `{` a block or an interpolation's brace, `"` a string.
  const stack: number[] = [];
  let lineStart = false;
  /** How many object values (`OBJECT` on the stack) the reading is inside. */
  let objects = 0;
  for (let i = open; i < end; i++) {
    const c = text.charCodeAt(i);
    if (stack[stack.length - 1] === 34) {
      if (c === 92) i++;
      else if (c === 34) stack.pop();
      else if ((c === 36 || c === 37) && text.charCodeAt(i + 1) === 123 && text.charCodeAt(i - 1) !== c) {
        stack.push(INTERPOLATION);
        i++;
      }
      continue;
    }
    if (lineStart) {
      lineStart = false;
      ARGUMENT.lastIndex = i;
      const a = objects === 0 ? ARGUMENT.exec(text) : null;
      if (a !== null && a.index === i) {
        const key = a[1] ?? a[2] ?? a[3] ?? '';
        argument(i + (a[2] === undefined ? a[0].indexOf(key) : a[0].indexOf(`"${key}"`) + 1), key);
      }
    }
    if (c === 10) lineStart = true;
    else if (c === 34) stack.push(34);
    else if (c === 123) {
      // An object value (`tags = {`, `[{`, `f({`): its keys are no arguments; a nested block (`vcs_repo {`) has them.
      const object = objects > 0 || /[=([,:?][ \t]*$/.test(text.slice(Math.max(open, i - 40), i));
      if (object) objects++;
      stack.push(object ? OBJECT : 123);
    } else if (c === 125) {
      if (stack.pop() === OBJECT) objects--;
      if (stack.length === 0) return i;
    } else if (c === 35 || (c === 47 && text.charCodeAt(i + 1) === 47)) {
      const eol = text.indexOf('\n', i);
      i = (eol === -1 ? end : eol) - 1;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? end : close + 1;
    } else if (c === 60 && text.startsWith('<<', i)) {
      const tag = /^<<-?[ \t]*"?([A-Za-z_]\w*)"?[ \t]*\r?\n/.exec(text.slice(i, i + 80));
      if (tag) {
        const close = new RegExp(`^[ \\t]*${tag[1]}[ \\t]*$`, 'm');
        close.lastIndex = 0;
        const rest = close.exec(text.slice(i + tag[0].length, end));
        i = rest === null ? end : i + tag[0].length + rest.index + rest[0].length - 1;
      }
    }
  }
  return end;
}

function resourceNames(
  index: HistoryIndex,
): readonly { readonly resource: string; readonly words: readonly string[] }[] {
  let names = cache.get(index);
  if (!names) {
    const list: { resource: string; words: string[] }[] = [];
    for (const type of index.resourceTypes) list.push({ resource: type, words: type.split(/[-/ ]/).map(singular) });
    // Resources also go by their aliases: `variable sets` for `varsets`.
    for (const subject of index.subjects) {
      if (subject.type !== 'resource') continue;
      for (const alias of subject.aliases)
        list.push({ resource: subject.name, words: alias.toLowerCase().split(/[-_ ]/).map(singular) });
    }
    cache.set(index, (names = list));
  }
  return names;
}

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ss')) return word;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** `part` in order (not necessarily adjacent) inside `whole`. */
function isSubsequence(part: readonly string[], whole: readonly string[]): boolean {
  if (part.length === 0) return false;
  let k = 0;
  for (const w of whole) if (w === part[k]) k++;
  return k >= part.length;
}
