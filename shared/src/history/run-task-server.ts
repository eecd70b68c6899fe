import { namesCallbackUrl } from './context.ts';
import type { LanguageProfile } from './language-profile.ts';
import type { Lines } from './lines.ts';
import { makeMatch } from './make-match.ts';
import type { Match } from './match-types.ts';
import { LinePlaces } from './source-text.ts';
import type { TextMarkers } from './text-markers.ts';
import type { HistoryIndex, HistorySubject } from './types.ts';
import { escapeRegExp } from './scan-pattern.ts';

/**
 * A run task server, in any language: the program HCP Terraform POSTs a run task request to (`stage`,
 * `access_token`, `task_result_callback_url`, …) and that answers with a PATCH of a `task-results` body to the
 * callback URL. The result's status (`passed`, `failed`, `running`) and the request's stage (`pre_plan`, …) are
 * plain words everywhere else ("status: passed" is common): only in such a file, or in a project one of whose
 * files writes that body, do they stand for the task result's status and the request's stage.
 *
 * The file's rules (`runTaskServerMatches`, in a file that handles run task requests, `ResolveContext.runTask`, and
 * names the callback URL):
 * - a status value passed on the line that passes the callback URL (`send_result(token, callback_url, "passed")`,
 *   Clojure's `(send-task-result token task_result_callback_url "failed")`): the status the call sends;
 * - a status value a function named for the status returns (`def decide_status(stage): … return "passed", msg`);
 * - a stage value compared with a name for the stage (`if stage == "post_apply":`, `payload.stage === 'pre_plan'`).
 *
 * The project's rule (`statusFacts` for each file, then `projectStatusMatches` with their union):
 * - the name the body's `status` is given (`"status": status`, Go's `Status: status`, YAML's `status: "{{
 *   run_task_status }}"`), and the names a YAML template hands on to it (`run_task_status: "{{
 *   hostvars[h]['completed_run_task_status'] }}"`): a status value written to that name anywhere in the project
 *   (`status = "failed"`, an Ansible role's default `run_task_status: passed`) is the result's status.
 */

/** The history's task result status and run task request stage, and the values each lists. */
interface Subjects {
  readonly status: HistorySubject;
  readonly statusValues: readonly string[];
  readonly stage: HistorySubject | undefined;
  readonly stageValues: readonly string[];
  /** A status value after the callback URL on its line (`send(callback_url, "passed")`): group 2 the value. */
  readonly sent: RegExp;
}
const SUBJECTS = new WeakMap<HistoryIndex, Subjects | null>();
function subjectsOf(index: HistoryIndex): Subjects | undefined {
  let found = SUBJECTS.get(index);
  if (found === undefined) {
    const status = index.subjects.find((s) => s.id === 'attribute task-results status');
    const stage = index.subjects.find((s) => s.id === 'attribute run task request stage');
    const values = (s: HistorySubject | undefined): string[] =>
      [...new Set((s?.changes ?? []).flatMap((c) => c.values ?? []))].filter((v) => /^[a-z][a-z_]*$/.test(v));
    const statusValues = values(status);
    const stageValues = values(stage);
    const v = statusValues.join('|');
    found =
      status === undefined || statusValues.length === 0
        ? null
        : {
            status,
            statusValues,
            stage,
            stageValues,
            sent: new RegExp(`^[^\\n]*?(["'])(${v})\\1`),
          };
    SUBJECTS.set(index, found);
  }
  return found ?? undefined;
}

/** What one file tells the others about a run task result's status (`FileFacts.taskStatus`). */
export interface StatusFacts {
  /** Names the `status` of a task result body is given (`status`, `run_task_status`). */
  readonly names: readonly string[];
  /** YAML template hand-overs of a status: [the key, the name its template reads]. */
  readonly handovers: readonly (readonly [string, string])[];
}

/** The project's status names and constants (`ProjectFacts.taskStatus`). */
export interface ProjectStatus {
  readonly names: ReadonlySet<string>;
}

/**
 * The bounds of a file's status facts (`FileFacts.taskStatus`, and of a project's names): 50 names and 50 hand-overs (a
 * run task server gives its result's status one name or two, a playbook hands a status on a few times), each name at
 * most 200 characters (STATUS_VALUE_NAME reads 200 characters after `status`; a hand-over's key is held to it), each
 * hand-over's name at most 200 (STATUS_HANDOVER's template expression). The wire's reader accepts these and no more
 * (`project-facts.ts`'s FACT_BOUNDS).
 */
export const STATUS_BOUND = { entries: 50, name: 200, value: 200 } as const;

/** After a task result's `status` key: the name its value is (`: status,`, `= status`, `: "{{ run_task_status }}"`). */
const STATUS_VALUE_NAME =
  /^["']?\s*(?::|=(?![=~])|=>)\s*(?:(["'])\{\{\s*([A-Za-z_]\w*)\s*\}\}\1|([A-Za-z_]\w*)\s*(?:[,;})\]]|$))/;
/** Names that are no variable. */
const NOT_NAMES = new Set(['true', 'false', 'null', 'nil', 'None', 'True', 'False', 'undefined']);
/**
 * A YAML key given a template: group 1 the key (it starts with a word character, so no run of `-` can be split two
 * ways), group 2 the template's expression. Whether the key says status is asked after the match: a `status` inside
 * the pattern made a long key-like line backtrack quadratically.
 */
const STATUS_HANDOVER = /^[ \t-]*(\w[\w-]*)[ \t]*:[ \t]*["']?\{\{([^}\n]{1,200})\}\}/gm;
/** The last name a template's expression reads that says status (`hostvars[h]['completed_run_task_status']`). */
const STATUS_NAME = /[A-Za-z_]\w*status\w*|status/gi;

/**
 * The file's status facts, from its matches (in text order): the names given to a task result's `status` key, the
 * constants declared for a status value, and the status hand-overs of its YAML templates.
 */
export function statusFacts(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  kept: readonly Match[],
  languageId: string | undefined,
): StatusFacts {
  const subjects = subjectsOf(index);
  const names: string[] = [];
  if (subjects !== undefined)
    for (const m of kept) {
      if (m.subject !== subjects.status || names.length >= STATUS_BOUND.entries || m.text.toLowerCase() !== 'status')
        continue;
      const lineEnd = lines.endOf(m.line - 1);
      const v = STATUS_VALUE_NAME.exec(text.slice(m.end, Math.min(lineEnd, m.end + STATUS_BOUND.name)));
      const name = v?.[2] ?? v?.[3];
      if (name !== undefined && !NOT_NAMES.has(name) && !names.includes(name)) names.push(name);
    }
  const handovers: [string, string][] = [];
  // (YAML only: an Ansible playbook's or role's variables.)
  if (languageId === 'yaml' && lines.markers.has('{{')) {
    STATUS_HANDOVER.lastIndex = 0;
    for (
      let h = STATUS_HANDOVER.exec(text);
      h !== null && handovers.length < STATUS_BOUND.entries;
      h = STATUS_HANDOVER.exec(text)
    ) {
      // (A key past a name's bound is no template's variable: STATUS_HANDOVER's key is unbounded on its line.)
      if (h[1]!.length > STATUS_BOUND.name || !/status/i.test(h[1]!)) continue;
      const read = h[2]!.match(STATUS_NAME);
      const last = read?.[read.length - 1];
      if (last !== undefined && last !== h[1]) handovers.push([h[1]!, last]);
    }
  }
  return { names, handovers };
}

/** The project's status names (each file's, and the names handed on to them), bounded. */
export function projectStatus(files: readonly (StatusFacts | undefined)[]): ProjectStatus | undefined {
  const names = new Set<string>();
  for (const f of files) for (const n of f?.names ?? []) if (names.size < STATUS_BOUND.entries) names.add(n);
  if (names.size === 0) return undefined;
  // A hand-over's name holds what its key does: followed until nothing is added (bounded by STATUS_BOUND.entries).
  for (let added = true; added && names.size < STATUS_BOUND.entries;) {
    added = false;
    for (const f of files)
      for (const [key, read] of f?.handovers ?? [])
        if (names.has(key) && !names.has(read) && names.size < STATUS_BOUND.entries) {
          names.add(read);
          added = true;
        }
  }
  return { names };
}

/** Whether the project's status facts concern the text: it spells one of the names. */
export function statusConcerns(project: ProjectStatus | undefined, markers: TextMarkers): boolean {
  if (project === undefined) return false;
  for (const n of project.names) if (markers.has(n)) return true;
  return false;
}

/** Patterns of a project's status facts, made once per project. */
const PATTERNS = new WeakMap<ProjectStatus, RegExp>();
function writesOf(project: ProjectStatus, values: readonly string[]): RegExp {
  let p = PATTERNS.get(project);
  if (p === undefined) {
    // `status = "failed"`, `"status": "passed"`, `run_task_status: passed` (not `==`): group 2 the value.
    p = new RegExp(
      `(?<![\\w$])(?:${[...project.names].map(escapeRegExp).join('|')})["']?[ \\t]*(?::|=(?![=~>]))[ \\t]*(["']?)(${values.join('|')})\\1(?![\\w-])`,
      'g',
    );
    PATTERNS.set(project, p);
  }
  return p;
}

/** The project's status values written to its status names, in the text. */
export function projectStatusMatches(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  profile: LanguageProfile,
  project: ProjectStatus | undefined,
): Match[] {
  const subjects = subjectsOf(index);
  if (subjects === undefined || !statusConcerns(project, lines.markers)) return [];
  const writes = writesOf(project!, subjects.statusValues);
  const places = new LinePlaces(text, profile, lines);
  const out: Match[] = [];
  const push = (start: number, end: number): void => {
    out.push(makeMatch(text, lines, { start, end, subject: subjects.status, confidence: 'context', via: 'name' }));
  };
  writes.lastIndex = 0;
  for (let w = writes.exec(text); w !== null; w = writes.exec(text)) {
    if (places.at(w.index).inComment) continue;
    const end = w.index + w[0].length - w[1]!.length;
    push(end - w[2]!.length, end);
  }
  return out;
}

/** How many lines back a `return` looks for the function it is in. */
const FUNCTION_LINES = 40;
/** A function's definition at a line start, any language: group 1 its name. */
const DEFINITION =
  /^[ \t]*(?:(?:export|public|private|protected|static|async|override)[ \t]+)*(?:def|func|function|fun|fn|defn-?|sub)[ \t]+(?:\([^)\n]*\)[ \t]*)?([A-Za-z_][\w-]*)/;
/** Before a returned value's quote: `return `, `return (`. */
const RETURNS = /^[ \t]*return[ \t]+\(?[ \t]*$/;
/** Before a compared value's quote: the name compared (`stage == `, `req.Stage != `), group 1. */
const COMPARED = /(?<![\w$"'[])([A-Za-z_][\w.]*)[ \t]*(?:===?|!==?)[ \t]*$/;

/**
 * Where the values stand quoted whole (`"passed"`, `'pre_plan'`), each found by a native search the text's markers
 * start: [the value's offset, the value], by value.
 */
function* quoted(text: string, lines: Lines, values: readonly string[]): Generator<[number, string]> {
  for (const value of values)
    for (let at = lines.markers.first(value); at !== -1; at = text.indexOf(value, at + value.length)) {
      const q = text.charCodeAt(at - 1);
      if ((q === 34 || q === 39) && text.charCodeAt(at + value.length) === q) yield [at, value];
    }
}

/** A name for the callback URL (`callback_url`, `task_result_callback_url`, `callbackUrl`). */
const CALLBACK_NAME = /callback_?url/gi;
/** A definition's line (a parameter named for the URL passes nothing): `def send(callback_url, status="passed")`. */
const DEFINES =
  /^[ \t]*(?:(?:export|public|private|protected|static|async)[ \t]+)*(?:def|func|function|fun|fn|defn-?)[ \t]/;

/**
 * In a file that handles run task requests: a status value passed on the line that passes the callback URL, a
 * status value returned by a function named for the status, a stage value compared with a name for the stage.
 */
export function runTaskServerMatches(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  profile: LanguageProfile,
): Match[] {
  const subjects = subjectsOf(index);
  // A server names the callback URL it answers (the search is made once per text: `namesCallbackUrl`); a file
  // that only names task results (a client library's models) is no server.
  if (subjects === undefined || !namesCallbackUrl(text, lines)) return [];
  const places = new LinePlaces(text, profile, lines);
  const out: Match[] = [];
  const push = (start: number, end: number, subject: HistorySubject): void => {
    if (places.at(start).inComment) return;
    out.push(makeMatch(text, lines, { start, end, subject, confidence: 'context', via: 'name' }));
  };
  const sends = subjects.statusValues.some((v) => lines.markers.has(v));
  // A status value after the callback URL on its line, in the same call: `send(callback_url, "passed")`.
  const { sent } = subjects;
  const done = new Set<number>();
  CALLBACK_NAME.lastIndex = 0;
  for (let c = sends ? CALLBACK_NAME.exec(text) : null; c !== null; c = CALLBACK_NAME.exec(text)) {
    const line = lines.lineOf(c.index);
    if (done.has(line)) continue;
    done.add(line);
    const start = lines.startOf(line);
    if (DEFINES.test(text.slice(start, c.index))) continue;
    const after = c.index + c[0].length;
    const rest = text.slice(after, lines.endOf(line));
    const v = sent.exec(rest);
    // Not a comparison (`if status == "passed"`) nor another key's value (`{"url": callback_url, "status": "failed"}`).
    if (v === null || /==|!=|[:=]\s*$/.test(v[0].slice(0, v[0].length - v[2]!.length - 2))) continue;
    const at = after + v[0].length - v[2]!.length - 1;
    push(at, at + v[2]!.length, subjects.status);
  }
  // `return "passed", msg` in a function named for the status (`determine_status_and_message`).
  if (lines.markers.has('return'))
    for (const [at, value] of quoted(text, lines, subjects.statusValues)) {
      const line = lines.lineOf(at);
      if (!RETURNS.test(text.slice(lines.startOf(line), at - 1))) continue;
      for (let k = line - 1; k >= Math.max(0, line - FUNCTION_LINES); k--) {
        const d = DEFINITION.exec(text.slice(lines.startOf(k), lines.endOf(k)));
        if (d === null) continue;
        if (/status/i.test(d[1]!)) push(at, at + value.length, subjects.status);
        break;
      }
    }
  // `stage == "post_apply"`, `payload.stage === 'pre_plan'`, `req.Stage != "post_plan"`: a name for the stage.
  if (subjects.stage !== undefined)
    for (const [at, value] of quoted(text, lines, subjects.stageValues)) {
      const name = COMPARED.exec(text.slice(Math.max(lines.startOf(lines.lineOf(at)), at - 120), at - 1))?.[1];
      if (name !== undefined && /(?:^|[._])stage$/i.test(name)) push(at, at + value.length, subjects.stage);
    }
  return out;
}
