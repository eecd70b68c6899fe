import type { LanguageProfile } from './language-profile.ts';
import type { Lines } from './lines.ts';
import { makeMatch } from './make-match.ts';
import type { Match } from './match-types.ts';
import { isNameChar, LinePlaces } from './source-text.ts';
import type { HistoryIndex } from './types.ts';

/** A Go struct field declared with a JSON tag on its line: `\tStage string `json:"stage"``. */
const FIELD_LINE = /^[ \t]*([A-Z]\w*)[ \t]+[^`\n]*`[^`\n]*json:"([^",]+)/;

/**
 * Go, in a file that handles run task requests: a field of the struct the server decodes the request into
 * (its JSON tag is a run task request field: `ConfigurationVersionDownloadURL string `json:"configuration_version_download_url"``)
 * read through a value (`payload.ConfigurationVersionDownloadURL`, `req.Stage == "pre_plan"`) is a read of that
 * request field. Only fields whose tag the scan matched as the request's, read after a lower-case name and a dot,
 * outside comments (not a call or a composite literal: `pkg.Stage{}`).
 */
export function requestFieldReads(text: string, lines: Lines, matches: readonly Match[]): Match[] {
  const fields = new Map<string, Match>();
  for (const m of matches) {
    if (m.subject.type !== 'attribute' || m.subject.resource !== 'run task request') continue;
    const row = text.slice(lines.startOf(m.line - 1), lines.endOf(m.line - 1));
    const f = FIELD_LINE.exec(row);
    if (f?.[1] !== undefined && f[2] === m.text && !fields.has(f[1])) fields.set(f[1], m);
  }
  const out: Match[] = [];
  for (const [name, tag] of fields) {
    const needle = `.${name}`;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
      const end = at + needle.length;
      if (/[\w({]/.test(text.charAt(end)) || !/[a-z_]\w*$/.test(text.slice(Math.max(0, at - 40), at))) continue;
      const line = lines.lineOf(at);
      const before = text.slice(lines.startOf(line), at);
      if (before.includes('//')) continue;
      out.push(
        makeMatch(text, lines, { start: at + 1, end, subject: tag.subject, confidence: 'context', via: 'name' }),
      );
    }
  }
  return out;
}

/** The run task request's fields the history has (spelled as the request's JSON keys). */
const REQUEST_FIELDS = [
  'stage',
  'configuration_version_download_url',
  'configuration_version_id',
  'workspace_working_directory',
  'capabilities',
];
/** Fields only a run task request carries: one read beside a field says the value read is a run task request. */
const STRONG_FIELDS = [
  'task_result_callback_url',
  'task_result_id',
  'task_result_enforcement_level',
  'plan_json_api_url',
  'run_app_url',
  'workspace_app_url',
  'configuration_version_download_url',
  'configuration_version_id',
  'workspace_working_directory',
  'is_speculative',
  'vcs_repo_url',
  'vcs_commit_url',
  'vcs_pull_request_url',
];
/** Fields other payloads carry too (a notification's, a token's): two of them beside a field are needed. */
const WEAK_FIELDS = [
  'access_token',
  'organization_name',
  'workspace_name',
  'workspace_id',
  'run_id',
  'run_message',
  'run_created_at',
  'run_created_by',
  'payload_version',
];
/** A field's name however a language spells it (`TaskResultCallbackURL`, `task_result_callback_url`): lower case, no `_`. */
const folded = (name: string): string => name.toLowerCase().replaceAll('_', '');
const FIELD_OF = new Map<string, { field: string; kind: 'field' | 'strong' | 'weak' }>();
for (const f of WEAK_FIELDS) FIELD_OF.set(folded(f), { field: f, kind: 'weak' });
for (const f of STRONG_FIELDS) FIELD_OF.set(folded(f), { field: f, kind: 'strong' });
for (const f of REQUEST_FIELDS) if (!FIELD_OF.has(folded(f))) FIELD_OF.set(folded(f), { field: f, kind: 'field' });
/**
 * A field's name where one is read (a word, any case): `stage`, `Stage`, `ConfigurationVersionDownloadURL`,
 * `configuration_version_id`. Searched for first; the read around each is checked by hand.
 */
const FIELD_WORD = /stage|configuration_?version_?(?:download_?url|id)|workspace_?working_?directory|capabilities/gi;
/** The text before a field's name that makes it a read: `.`, `["`, `['`, `.get("`; group 1 is the quote, if any. */
const READ_BEFORE = /(?<=[\w$\])])\s*(?:\.\s*|(?:\[\s*|\.get\(\s*)(["']))$/;
/** The value a read is made through, before it: `payload`, `event["payload"]["detail"]`, `self.request`. */
const RECEIVER = /(?<![\w$.])([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*|\s*\[\s*["'][^"'\]\n]{1,60}["']\s*\])*)\s*$/;
/** What may follow a read of a field that holds it as a value, not an object or a method: not `[`, `(`, `.get(`. */
const NOT_VALUE = /^\s*(?:\[|\(|\.get\()/;
/** An assignment after a key or a field: it is written, not read. */
const WRITTEN = /^\s*(?::?=(?!=)|[-+*/|&]=)/;
/** At most this many values read a field are looked at in one text. */
const MAX_RECEIVERS = 16;

/** A receiver's pattern from its normalized text (`event["payload"]`): any spacing, either quote. */
function receiverPattern(receiver: string): string {
  return receiver
    .split(/(?=\.|\[)/)
    .map((part) =>
      part.startsWith('[')
        ? `\\s*\\[\\s*["']${part.slice(2, -2).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']\\s*\\]`
        : part.startsWith('.')
          ? `\\s*\\.\\s*${part.slice(1).replace(/\$/g, '\\$')}`
          : part.replace(/\$/g, '\\$'),
    )
    .join('');
}

/**
 * The run task request's fields read through a value that is a run task request: the same value (by its name,
 * `payload`, or the subscripts it is read through, `event["payload"]["detail"]`) also reads a field only the
 * request carries (`payload.task_result_callback_url`, `req.PlanJSONAPIURL`), or two that other payloads carry
 * too (`organization_name` and `workspace_name`), or it is declared with the type of such a value (`var
 * runTaskReq api.Request` beside `reqBody api.Request`'s `reqBody.TaskResultCallbackURL`). Then `payload.stage`,
 * `req.Stage == "pre_plan"`, `event["payload"]["detail"]["stage"]`, `data.get("stage")` are the request's. A
 * field read as an object (`event["result"]["stage"]["status"]`), a method (`req.Stage()`) or written
 * (`out["stage"] = …`) is not, nor any read in a comment or a string.
 */
export function receiverReads(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  profile: LanguageProfile,
  runTask: boolean,
): Match[] {
  // A file that handles run task requests, or (the scan asks only where it found the word `stage`) one that
  // reads two of the request's common keys (a request handed on by a queue, `event["payload"]["detail"]["organization_name"]`).
  if (!runTask && !(text.includes('workspace_name') && text.includes('organization_name'))) return [];
  const places = new LinePlaces(text, profile, lines);
  const reads: { receiver: string; field: string; start: number; end: number }[] = [];
  FIELD_WORD.lastIndex = 0;
  for (let m = FIELD_WORD.exec(text); m !== null; m = FIELD_WORD.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (isNameChar(text.charCodeAt(start - 1)) || isNameChar(text.charCodeAt(end))) continue;
    const field = FIELD_OF.get(folded(m[0]));
    if (field === undefined) continue;
    const read = readAt(text, places, start, end);
    if (read !== undefined) reads.push({ receiver: read.receiver, field: field.field, start, end });
  }
  if (reads.length === 0) return [];
  const receivers = [...new Set(reads.map((r) => r.receiver))].slice(0, MAX_RECEIVERS);
  const requests = new Set(receivers.filter((r) => readsRequest(text, places, r)));
  // A plain name declared with the type another name that reads the request is declared with (`var tr
  // api.TaskRequest` beside `func send(in api.TaskRequest)`'s `in.TaskResultCallbackURL`).
  for (const r of receivers) {
    if (requests.has(r) || !/^[A-Za-z_$][\w$]*$/.test(r)) continue;
    const types = declared(text, r, 'type');
    if (types.some((t) => declared(text, t, 'names').some((n) => n !== r && readsRequest(text, places, n))))
      requests.add(r);
  }
  const out: Match[] = [];
  for (const r of reads) {
    if (!requests.has(r.receiver)) continue;
    const subject = index.subjects.find(
      (s) => s.type === 'attribute' && s.resource === 'run task request' && s.name === r.field,
    );
    if (subject)
      out.push(makeMatch(text, lines, { start: r.start, end: r.end, subject, confidence: 'context', via: 'name' }));
  }
  return out;
}

/**
 * The read of a field whose name is at [start, end): its receiver, when the name is read through a value as a
 * value (not called, subscripted further or written), outside comments and strings.
 */
function readAt(text: string, places: LinePlaces, start: number, end: number): { receiver: string } | undefined {
  const before = READ_BEFORE.exec(text.slice(Math.max(0, start - 12), start));
  if (!before) return undefined;
  const quote = before[1];
  if (quote !== undefined && text.charAt(end) !== quote) return undefined;
  const open = start - before[0].length + before[0].search(/[.[]/);
  const place = places.at(open);
  if (place.inComment || place.stringStart !== -1) return undefined;
  const receiver = RECEIVER.exec(text.slice(Math.max(0, open - 160), open))?.[1];
  if (receiver === undefined) return undefined;
  const rest = text.slice(end, end + 40);
  const after = quote === undefined ? rest : rest.replace(/^["']\s*[\])]?/, '');
  if (WRITTEN.test(after) || NOT_VALUE.test(after)) return undefined;
  return { receiver: receiver.replace(/\s+/g, '').replace(/'/g, '"') };
}

/**
 * Whether the value `receiver` also reads a field only the request has, or two it shares with other payloads.
 * Its name is found by native search, the reads after it by a sticky pattern there.
 */
function readsRequest(text: string, places: LinePlaces, receiver: string): boolean {
  const first = /^[A-Za-z_$][\w$]*/.exec(receiver)?.[0];
  if (first === undefined) return false;
  const read = new RegExp(
    `${receiverPattern(receiver)}\\s*(?:(?:\\[\\s*|\\.get\\(\\s*)["']([A-Za-z_]+)["']|\\.\\s*([A-Za-z_]\\w*))`,
    'y',
  );
  const weak = new Set<string>();
  for (let at = text.indexOf(first); at !== -1; at = text.indexOf(first, at + first.length)) {
    const c = text.charCodeAt(at - 1);
    if (at > 0 && (isNameChar(c) || c === 46)) continue;
    read.lastIndex = at;
    const m = read.exec(text);
    if (!m) continue;
    const known = FIELD_OF.get(folded(m[1] ?? m[2]!));
    if (known === undefined || known.kind === 'field') continue;
    const place = places.at(at);
    if (place.inComment || place.stringStart !== -1) continue;
    if (WRITTEN.test(text.slice(at + m[0].length, at + m[0].length + 20).replace(/^["']?\s*[\])]?/, ''))) continue;
    if (known.kind === 'strong') return true;
    weak.add(known.field);
    if (weak.size >= 2) return true;
  }
  return false;
}

/** The text between a declared name and its type: Go's `req api.Request`, `in *T`; `payload: RunTaskPayload`. */
const DECLARES = /^(?:[ \t]+\*?|[ \t]*:[ \t]*)((?:[A-Za-z_]\w*\.)?[A-Z]\w*)(?![\w.])/;
/** A name declared just before a type (see DECLARES). */
const DECLARED_NAME = /(?<![\w$.])([A-Za-z_$][\w$]*)(?:[ \t]+\*?|[ \t]*:[ \t]*)$/;

/**
 * Declarations of a name and its type: Go's `req api.Request`, `var in *taskRequest`; `payload: RunTaskPayload`.
 * `type`: the types a plain name is declared with; `names`: the names declared with a type. Native search for the
 * word, read around by hand; at most MAX_RECEIVERS answers.
 */
function declared(text: string, word: string, want: 'type' | 'names'): string[] {
  const out = new Set<string>();
  for (let at = text.indexOf(word); at !== -1 && out.size < MAX_RECEIVERS; at = text.indexOf(word, at + word.length)) {
    const c = text.charCodeAt(at - 1);
    if (at > 0 && (isNameChar(c) || c === 46)) continue;
    const end = at + word.length;
    if (want === 'type') {
      if (isNameChar(text.charCodeAt(end))) continue;
      const type = DECLARES.exec(text.slice(end, end + 80))?.[1];
      if (type !== undefined) out.add(type);
    } else {
      if (isNameChar(text.charCodeAt(end)) || text.charCodeAt(end) === 46) continue;
      const name = DECLARED_NAME.exec(text.slice(Math.max(0, at - 80), at))?.[1];
      if (name !== undefined) out.add(name);
    }
  }
  return [...out];
}
