import type { HttpMethod } from './data-types.ts';
import type { LanguageProfile } from './language-profile.ts';
import type { Lines } from './lines.ts';
import { makeMatch } from './make-match.ts';
import type { Match } from './match-types.ts';
import { namedResource, spelledResource } from './model-names.ts';
import { normalizeUrl } from './normalize-url.ts';
import { receiverLibrary, showsThisApi, type ReceiverLibrary } from './receivers.ts';
import { isNameChar, isRegexWordChar, LinePlaces } from './source-text.ts';
import { knownVerb } from './verb-methods.ts';
import type { HistoryIndex } from './types.ts';

/**
 * Calls of a client library's resource services, named as such clients name them:
 * `client.organizations.listWorkspaces(org)`, `client.runs.createRun(req)`,
 * `client.taskStages.listRunTaskStages(runId)`, `client.workspaces.showWorkspace(id)`. The service is
 * named for a resource (`organizations`, `taskStages`); the method is a verb and the resource it acts
 * on, after the parent it is listed under (`Run` in `listRunTaskStages`, else the service's own):
 * list/iterate a collection (GET), show/get/read one (GET), create (POST to the collection),
 * update (PATCH) and delete (DELETE) one; a bare `list`, `iterate` or `create` acts on the service's
own collection (`client.organizations.list()`). The call stands for the history's endpoint of that method on
 * that path. A method named otherwise (`showWorkspaceByName`, a bare `get`: a map's) or a service named for no
 * resource (`cache.items.listItems()`) claims nothing. Other SDKs name their services alike (an AI client's
 * `threads.runs`, an identity service's `organizations`, an ORM's models): a call counts only where its receiver is
 * this API's client, or the file shows this API and the receiver is no other library's object (`receiverLibrary`).
 */
const CALL = /\b[A-Za-z_$][\w$]*\??\.([a-z][A-Za-z0-9]*)\??\.([a-z]+)([A-Z][A-Za-z0-9]*)?\(/g;

/**
 * CALL's part after the object's name: `.service.verbNoun(` (each `.` may follow a `?`). It starts only at a
 * `.` or `?`, where CALL starts at every word of the text (and reads the word to its end before failing).
 */
const TAIL = /\??\.[a-z][A-Za-z0-9]*\??\.[a-z]+(?:[A-Z][A-Za-z0-9]*)?\(/g;

/**
 * CALL's finds, in order, with CALL run only where one can start. A find is a name (a run of `[\w$]`) and
 * TAIL right after it: TAIL's finds, leftmost first, say where; CALL is run from the start of the name
 * before each, when the name holds a place CALL can start at (`\b`, then `[A-Za-z_$]`), and finds the same
 * match it would have found scanning there from the last one's end. No find starts inside a TAIL find.
 */
function* calls(text: string): Generator<RegExpExecArray> {
  TAIL.lastIndex = 0;
  for (let tail = TAIL.exec(text); tail !== null; tail = TAIL.exec(text)) {
    let from = tail.index;
    while (from > 0 && isNameChar(text.charCodeAt(from - 1))) from--;
    if (!callStartIn(text, from, tail.index)) continue;
    CALL.lastIndex = from;
    const m = CALL.exec(text);
    if (m === null) return;
    yield m;
    TAIL.lastIndex = CALL.lastIndex;
  }
}

/** Some offset of `[from, to)` (a run of `[\w$]`) is where CALL may start: a word boundary, then `[A-Za-z_$]`. */
function callStartIn(text: string, from: number, to: number): boolean {
  for (let p = from; p < to; p++) {
    const c = text.charCodeAt(p);
    const before = p > 0 && isRegexWordChar(text.charCodeAt(p - 1));
    if (c === 36 ? before : !before && !(c >= 48 && c <= 57)) return true;
  }
  return false;
}

export function serviceCallMatches(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  profile: LanguageProfile,
  languageId: string | undefined,
): Match[] {
  if (languageId !== 'typescript' && languageId !== 'javascript' && languageId !== 'typescriptreact') return [];
  const out: Match[] = [];
  const places = new LinePlaces(text, profile, lines);
  /** Whether the file shows this API (its path, host or a client module it imports); asked once, when needed. */
  let evidence: boolean | undefined;
  const receivers = new Map<string, ReceiverLibrary>();
  for (const m of calls(text)) {
    const [, service = '', verb = '', noun = ''] = m;
    const action = knownVerb(verb);
    const owner = namedResource(index, service);
    if (action?.one === undefined || owner.resource === undefined || owner.field !== undefined) continue;
    // Other SDKs name their services alike (OpenAI's `runs`, WorkOS's `organizations`, Prisma's models): the call
    // is this API's only where the receiver is its client, or the file shows this API and the receiver is not
    // another library's object.
    const receiver = receiverLibrary(text, m.index + m[0].indexOf('.'), receivers);
    if (receiver === 'other') continue;
    if (receiver === undefined && !(evidence ??= showsThisApi(text))) continue;
    // A bare verb acts on the service's own collection (`client.organizations.list()`); a bare `get` claims nothing.
    const template =
      noun === ''
        ? action.one === false
          ? `/${owner.resource}`
          : undefined
        : templateOf(index, owner.resource, noun, action.one);
    if (template === undefined) continue;
    const subject = endpointFor(index, template, action.method);
    const start = m.index + m[0].length - 1 - verb.length - noun.length;
    if (!subject || places.at(start).inComment) continue;
    const match = makeMatch(text, lines, {
      start,
      end: start + verb.length + noun.length,
      subject,
      confidence: 'context',
      via: 'sdk',
    });
    out.push({ ...match, sdk: { client: 'a client library', name: `${service}.${verb}${noun}` } });
  }
  return out;
}

/** The path a service method acts on: `/organizations/{}/workspaces`, `/runs/{}/task-stages`, `/workspaces/{}`. */
function templateOf(index: HistoryIndex, owner: string, noun: string, one: boolean | 'noun'): string | undefined {
  const words = noun.match(/[A-Z][a-z0-9]*/g) ?? [];
  // The resource acted on: the noun's last words; the words before them, its parent.
  for (let start = 0; start < words.length; start++) {
    const resource = spelledResource(index, words.slice(start).join(''));
    if (resource === undefined) continue;
    const head = words.slice(0, start).join('');
    const parent = head === '' ? (resource === owner ? undefined : owner) : spelledResource(index, head);
    if (head !== '' && parent === undefined) return undefined;
    const single = one === 'noun' ? !(words[words.length - 1] ?? '').endsWith('s') : one;
    if (single) return parent === undefined ? `/${resource}/{}` : undefined;
    return parent === undefined ? `/${resource}` : `/${parent}/{}/${resource}`;
  }
  return undefined;
}

/** The history's endpoint of this method on the path, when exactly one fits it best. */
export function endpointFor(index: HistoryIndex, template: string, method: HttpMethod): Match['subject'] | undefined {
  const url = normalizeUrl(template);
  if (!url) return undefined;
  const candidates = index.matchSegments(url.segments);
  const best = candidates[0]?.literals;
  const fits = candidates
    .filter((c) => c.literals === best)
    .flatMap((c) => c.endpoints.filter((e) => e.method === method));
  return fits.length === 1 ? fits[0] : undefined;
}
