import type { ResolveContext } from './context.ts';
import {
  anyEvidenceFor,
  boundUrl,
  namesCallbackUrl,
  neighbours,
  resourcesAt,
  RUN_TASK_CONTEXT,
  scopedResourcesAt,
  urlHasParameter,
} from './context.ts';
import type { NameHit } from './hits.ts';
import type { MatchRule } from './lexicon.ts';
import { memoKey } from './lines.ts';
import { makeMatch } from './make-match.ts';
import { namesOther } from './model-names.ts';
import { ownDictionaryRead } from './object-keys.ts';
import { enclosingStructName, optionsStructUrl } from './options-struct.ts';
import { onSeveralResources } from './sdk-names.ts';
import type { Confidence, Match } from './match-types.ts';
import { followsCase, isRegexSpace } from './source-text.ts';
import type { HistorySubject } from './types.ts';
import { hasWord, listedEnumeration, namesTypedField, resourceWords, singularWord } from './value-lists.ts';

/**
 * The resources a hit's model declares (its name's, its holders', its file's). In a file that handles run task
 * requests, a model whose name spells its resource after other words (`PrePlanPayload`, `TFTaskRequest`) may be
 * the request or the result: their names are its too, unless the name is one of the model's own resource. A
 * name that is its resource's alone (`TaskStage`) decides for its fields; an enum's values that are none of its
 * resource's (`TaskStage`'s `pre_plan`, `TaskStatus`'s `passed`) may be the request's or the result's too.
 */
function declaredResources(ctx: ResolveContext, hit: NameHit): readonly string[] | undefined {
  const own = hit.model !== undefined && hit.model.resources.length > 0 ? hit.model.resources : undefined;
  // An enum's member value (`PRE_PLAN = "pre_plan"` in `class TaskStage(str, Enum):`) is as open as a prefixed name.
  if (own === undefined || ctx.runTask !== true || (hit.model?.prefixed !== true && hit.isKey)) return own;
  if (own.every((r) => RUN_TASK_CONTEXT.includes(r))) return own;
  // A name of the model's own resource stays its own.
  if (hit.info.candidates.some((c) => c.subject.resource !== undefined && own.includes(c.subject.resource))) return own;
  return [...own, ...RUN_TASK_CONTEXT];
}

/**
 * The match of a name hit, if one of its candidate subjects passes its rule (see `MatchRule`).
 * When several pass, the one whose resource is in context wins, then an exact one, then data order;
 * the others become `alternatives`.
 */
export function nameMatch(ctx: ResolveContext, hit: NameHit): Match | undefined {
  if (!mayPass(ctx, hit)) return undefined;
  const context = contextOf(ctx, hit, declaredResources(ctx, hit));
  const passed: { subject: HistorySubject; confidence: Confidence; score: number }[] = [];
  // The value of a `type` key names a JSON:API type (`"type": "tag-bindings"`), never an attribute or a state.
  const typeValue = hit.keyOf === 'type' || hit.via === 'type';
  // A permission or an entitlement is a key of its object (`"run-tasks": false`, `"can-update": true`): the value
  // of another key (`"name": "run-tasks"`, an OpenAPI tag, a menu entry) names something of its own.
  const otherKeysValue = !hit.isKey && hit.keyOf !== '';
  for (const { subject, rule, value, variant } of hit.info.candidates) {
    if (typeValue && subject.type !== 'resource') continue;
    // A string of the snake_case spelling of a name the text also quotes in the API's own kebab-case (`fields =
    // ['apply_duration_average']` beside `['attributes']['apply-duration-average']`, `{"default_execution_mode":
    // attrs.get("default-execution-mode")}`): the program's own name for it (a column, a key of its own). A struct
    // tag's name is a wire name whatever its case; a model's field (no string) may be sent under the other case.
    if (variant === true && hit.tag !== true && quotedSnake(ctx.text, hit) && quotesOwnSpelling(ctx, subject)) continue;
    if (otherKeysValue && (subject.type === 'permission' || subject.type === 'entitlement')) continue;
    const confidence = value ? attributeValue(ctx, hit, subject, context) : check(ctx, hit, subject, rule, context);
    if (!confidence) continue;
    const inContext = subject.resource !== undefined && context()?.includes(subject.resource) === true;
    passed.push({ subject, confidence, score: (inContext ? 2 : 0) + (confidence === 'exact' ? 1 : 0) });
  }
  const ranked = passed.sort((a, b) => b.score - a.score);
  const first = ranked[0];
  if (!first) return undefined;
  const via = first.subject.type === 'parameter' ? 'parameter' : hit.via;
  const alternatives = ranked.slice(1).map((p) => p.subject);
  return makeMatch(ctx.text, ctx.lines, {
    start: hit.start,
    end: hit.end,
    subject: first.subject,
    confidence: first.confidence,
    via,
    alternatives,
  });
}

const OWN_SPELLINGS = memoKey<Map<HistorySubject, boolean>>('subjects whose own kebab-case spelling the text quotes');

/** Whether the hit is a snake_case string: its text holds a `_` and a quote opens it. */
function quotedSnake(text: string, hit: NameHit): boolean {
  const q = text.charCodeAt(hit.start - 1);
  return hit.info.text.includes('_') && (q === 34 || q === 39);
}

/**
 * Whether `name` holds a `-` and the text quotes it whole (`"name"` or `'name'`): one search for the name, each find's
 * neighbours read (two searches of the quoted spellings read the whole text twice where it is absent, as it mostly is).
 */
function quotesKebab(text: string, name: string): boolean {
  if (!name.includes('-')) return false;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const quote = text.charCodeAt(at - 1);
    if ((quote === 34 || quote === 39) && text.charCodeAt(at + name.length) === quote) return true;
  }
  return false;
}

/** Whether the text quotes the subject's own kebab-case spelling (its name or an alias with a `-`), asked once per subject. */
function quotesOwnSpelling(ctx: ResolveContext, subject: HistorySubject): boolean {
  const known = ctx.lines.memo(OWN_SPELLINGS, () => new Map<HistorySubject, boolean>());
  let answer = known.get(subject);
  if (answer === undefined) {
    answer = quotesKebab(ctx.text, subject.name) || subject.aliases.some((n) => quotesKebab(ctx.text, n));
    known.set(subject, answer);
  }
  return answer;
}

/**
 * The resources in context at a hit, asked at most once (the first rule that needs them): the model's it declares,
 * else the evidence nearby, else the scope's.
 */
function contextOf(
  ctx: ResolveContext,
  hit: NameHit,
  declared: readonly string[] | undefined,
): () => readonly string[] | undefined {
  let resources: readonly string[] | undefined | null = null;
  return () =>
    resources === null
      ? (resources = declared ?? resourcesAt(ctx, hit.start, hit.line) ?? scopedResourcesAt(ctx, hit.start))
      : resources;
}

/**
 * Cheap pre-check: a hit whose candidates all need context can only pass when some evidence
 * within CONTEXT_LINES names one of their resources (most ordinary `name:` keys stop here).
 */
function mayPass(ctx: ResolveContext, hit: NameHit): boolean {
  let generic = false;
  let status = false;
  for (const { subject, rule, value } of hit.info.candidates) {
    if (rule === 'distinct' || rule === 'parameter' || (rule === 'type-value' && hit.via === 'type')) return true;
    if (value && !hit.isKey) return true;
    if (ctx.runTask === true && subject.resource !== undefined && RUN_TASK_CONTEXT.includes(subject.resource))
      return true;
    if (rule === 'nested' && hit.isKey && enclosingKey(ctx, hit.start) === parentOf(subject.name)) return true;
    if (rule === 'generic') generic = true;
    if (subject.type === 'status') status = true;
  }
  if (!generic) return false;
  const declared = hit.model?.resources;
  if (declared?.some((r) => hit.info.candidates.some((c) => c.subject.resource === r))) return true;
  if (status || anyEvidenceFor(ctx, hit.start, hit.line, hit.info.candidates)) return true;
  // A scope's resources are those of a `type` value: none of the text's naming a candidate's resource, no scope can
  // (asked first, so the text's brace table is not built for a hit no scope can pass).
  if (!typeNamesCandidate(ctx, hit)) return false;
  const scoped = scopedResourcesAt(ctx, hit.start);
  return (
    scoped !== undefined &&
    hit.info.candidates.some((c) => c.subject.resource !== undefined && scoped.includes(c.subject.resource))
  );
}

/** The resources of the text's `type` evidence, as many pieces of evidence as it was read from (`typeResources`). */
const TYPE_RESOURCES = memoKey<{ count: number; resources: Set<string> }>('resources of the type evidence');

/** The resources the text's `type` evidence names (what `scopedResourcesAt` can answer), read once per scan. */
function typeResources(ctx: ResolveContext): ReadonlySet<string> {
  const evidence = ctx.hits.evidence;
  const known = ctx.lines.memo(TYPE_RESOURCES, () => ({ count: -1, resources: new Set<string>() }));
  if (known.count !== evidence.length) {
    known.resources.clear();
    for (const e of evidence) if (e.kind === 'type') for (const r of e.resources) known.resources.add(r);
    known.count = evidence.length;
  }
  return known.resources;
}

/** Whether some `type` evidence of the text names the resource of one of the hit's candidates. */
function typeNamesCandidate(ctx: ResolveContext, hit: NameHit): boolean {
  const resources = typeResources(ctx);
  if (resources.size === 0) return false;
  for (const { subject } of hit.info.candidates)
    if (subject.resource !== undefined && resources.has(subject.resource)) return true;
  return false;
}

function check(
  ctx: ResolveContext,
  hit: NameHit,
  subject: HistorySubject,
  rule: MatchRule,
  context: () => readonly string[] | undefined,
): Confidence | undefined {
  switch (rule) {
    case 'type-value':
      return hit.via === 'type' ? 'exact' : undefined;
    case 'distinct': {
      // A distinct name still belongs to one resource: not in code that is about another one
      // (`updated-at` in a policies struct is not the workspaces attribute).
      // Only a type says so (a JSON:API `type` value, a struct's primary tag), not a path nearby.
      // A model's declaration says it first (a camelCase name read as kebab-case only on its own resource).
      // Read back from a dictionary the program filled itself under the API's names: its own data.
      if (hit.via === 'name' && ownDictionaryRead(ctx.text, ctx.lines, hit.start, hit.end)) return undefined;
      const declared = declaredResources(ctx, hit);
      if (hit.model?.guessed === true && (declared === undefined || subject.resource === undefined)) return undefined;
      // A model of unknown resource whose name spells another thing (`PolicySetVersion`): not this resource's.
      const model = hit.model?.name;
      if (
        declared === undefined &&
        model !== undefined &&
        subject.resource !== undefined &&
        namesOther(model, subject.resource)
      )
        return undefined;
      // A value (not a key) takes only the type of a block that holds it (a table row `{ Type: "state-versions",
      // Columns: []string{"resource-count"} }`), not one nearby.
      const here =
        subject.resource === undefined
          ? undefined
          : !hit.isKey && declared === undefined
            ? scopedResourcesAt(ctx, hit.start)
            : (declared ?? resourcesAt(ctx, hit.start, hit.line, 'type') ?? scopedResourcesAt(ctx, hit.start));
      // Admin resources carry their plain type in payloads (`admin/organizations` is `organizations`).
      const type = subject.resource?.replace(/^admin\//, '') ?? '';
      if (here === undefined && hit.tag === true && !structNamedFor(ctx, hit.start, type)) return undefined;
      // Nothing near the name says whose it is: a file named for another resource (`agentpool_create.go`,
      // `projects.py`) is about that one's fields (a status value is the same value anywhere).
      if (here === undefined && isField(subject) && !fileAllows(ctx.file, subject.resource, type)) return undefined;
      // A name the API carries on several resources (`updated-at`) says none of them alone: a type, a model's name, the
      // URL the data came from must. A model's member takes its resource from the model (its name, holder, or its
      // file's when it has none: `readModels`), never from the file's name over it (a `Project` class in
      // `workspace.cs`, a model the text does not show to be this API's).
      if (
        here === undefined &&
        subject.type === 'attribute' &&
        (hit.model !== undefined || !fileNames(ctx.file, subject.resource, type)) &&
        ctx.providerResource !== type &&
        onSeveralResources(
          subject,
          hit.info.candidates.map((c) => c.subject.resource),
        ) &&
        !listedWithOwn(ctx, hit, subject)
      )
        return undefined;
      if (here !== undefined && !here.includes(subject.resource ?? '') && !here.includes(type)) return undefined;
      // An admin resource's name said by its plain type alone (`type: 'organizations'` is also the organization's own
      // document): the admin resource's only in a text that speaks of the admin API (`/admin/organizations`, an admin model).
      if (type !== subject.resource && !here?.includes(subject.resource ?? '') && !namesAdmin(ctx)) return undefined;
      // A key inside the object of another resource's attribute is that attribute's member (`"workspace-access":
      // { "run-tasks": false }` of a team-projects body is no team-workspaces permission).
      return hit.isKey && subject.resource !== undefined && inOtherAttribute(ctx, hit, subject.resource)
        ? undefined
        : 'exact';
    }
    case 'parameter':
      // The pagination keys (`*`: every list) are distinct wherever they are written: a query key,
      // a constant's value (`paramPageSize = "page[size]"`), a key of a parameter list.
      if (subject.path === '*' && hit.info.text.includes('[')) return 'context';
      // `q` and `sort` are too common to count unless they are a key (`params={"q": …}`).
      if (!hit.isKey && !hit.info.text.includes('[')) return undefined;
      // A key the code hands to one URL (`query-objects.ts`) is that URL's alone: a URL nearby takes it no more.
      if (hit.query !== undefined) return urlHasParameter(hit.query, subject) ? 'context' : undefined;
      return boundUrl(ctx, subject, hit.start, hit.line) ||
        optionsStructUrl(ctx, subject, hit.start) ||
        queryReadOfTextUrl(ctx, hit, subject) ||
        (hit.query !== undefined && urlHasParameter(hit.query, subject)) ||
        (subject.path !== undefined && hit.model?.paths?.includes(subject.path) === true)
        ? 'context'
        : undefined;
    case 'nested': {
      // `"vcs-repo": { "branch": … }` in a registry module's body: the key of the object around it is the parent's.
      if (!hit.isKey || subject.resource === undefined) return undefined;
      if (enclosingKey(ctx, hit.start) !== parentOf(subject.name)) return undefined;
      return context()?.includes(subject.resource) === true ? 'context' : undefined;
    }
    case 'generic': {
      if (subject.type === 'status') {
        // A key is a value only as a member of a set written as a map (`map[string]bool{"read": true}`).
        if (hit.isKey) return listedEnumeration(ctx, hit, subject) ? 'context' : undefined;
        if (
          subject.resource !== undefined &&
          context()?.includes(subject.resource) === true &&
          statusFieldNear(ctx, hit, subject)
        )
          return 'context';
        // The value of its field (`"access": "custom"`) beside a key only the resource has (`"project-access"`).
        if (hit.keyOf !== '' && hit.keyOf === subject.valueField && listedWithOwn(ctx, hit, subject)) return 'context';
        return listedWithDistinct(ctx, hit, subject) ||
          typedStatusOnLine(ctx, hit, subject) ||
          listedEnumeration(ctx, hit, subject)
          ? 'context'
          : undefined;
      }
      if (!hit.isKey || subject.resource === undefined) return undefined;
      const here = context();
      if (here?.includes(subject.resource) === true) return 'context';
      // Near a run task's own evidence (its result payload), the other of the two may be meant (`payload["stage"]`).
      if (here !== undefined && !here.every((r) => RUN_TASK_CONTEXT.includes(r))) return undefined;
      // A model whose resource is its own alone (a `TaskResult`, a jq read of the objects `select(.type ==
      // "task-results")` keeps) decides for its keys: not the other's.
      if (hit.model !== undefined && hit.model.resources.length > 0 && hit.model.prefixed !== true) return undefined;
      return runTaskKey(ctx, hit, subject.resource) ? 'context' : undefined;
    }
  }
}

/** A key read from a URL's query, up to its quote: `searchParams.get("`, Go's `.Query().Get("`, `request.args.get("`, `query_params["`. */
const QUERY_READ =
  /(?:searchParams|[Qq]uery(?:\(\))?|query_params|params|args)[ \t]*(?:\.[ \t]*(?:get|getAll|get_all|getlist|has|Get|Has)[ \t]*\([ \t]*|\[[ \t]*)["'`]$/;

/**
 * A test's or a fake's read of a bracketed query key from a request's URL (`new URL(calls[0].url).searchParams.get(
 * "search[tags]")`, `r.URL.Query().Get("search[tags]")`) far from the URL it asserts: the key of the path of a URL the
 * text names elsewhere (`/api/v2/organizations/acme/workspaces`), when that path has the key. No such URL says nothing.
 */
function queryReadOfTextUrl(ctx: ResolveContext, hit: NameHit, subject: HistorySubject): boolean {
  if (!hit.info.text.includes('[') || subject.path === undefined || subject.path === '*') return false;
  if (!QUERY_READ.test(ctx.text.slice(Math.max(0, hit.start - 48), hit.start))) return false;
  return ctx.hits.urls.some((url) => urlHasParameter(url, subject));
}

/**
 * A key nothing nearby gives a resource, in a file that handles run task requests: a request field (`stage`,
 * `payload["configuration_version_download_url"]`) is the request's; a task result's attribute only inside the
 * attributes of a payload (`Attributes struct { Status string `json:"status"` }`, `body_attributes["status"]`):
 * such a file also reads other services' answers, whose `status` is theirs.
 */
function runTaskKey(ctx: ResolveContext, hit: NameHit, resource: string): boolean {
  if (ctx.runTask !== true || !RUN_TASK_CONTEXT.includes(resource)) return false;
  // Holding more (`event["result"]["stage"]["status"]`): an object of the program's own, not a request field.
  const after = ctx.text.slice(hit.end, hit.end + 40);
  if (/^["']\]\s*\[/.test(after)) return false;
  const assigned =
    /^["']\]\s*=[^=]/.test(after) || /\.put\(\s*$/.test(ctx.text.slice(Math.max(0, hit.start - 10), hit.start - 1));
  return resource === 'run task request' || inAttributes(ctx, hit, assigned);
}

/** How far back the block around a key is looked for. */
const MAX_BLOCK = 2_000;

/**
 * The key at `hit` is written in the object of a key that is an attribute, of other resources only than
 * `resource` (`"workspace-access": { "run-tasks": … }` of team-projects for a team-workspaces permission).
 */
function inOtherAttribute(ctx: ResolveContext, hit: NameHit, resource: string): boolean {
  const parent = enclosingKey(ctx, hit.start);
  if (parent === undefined) return false;
  // Its candidates that are attributes, read in place (a list filtered per hit was garbage): some, all of others.
  let attributes = false;
  for (const { subject } of ctx.lexicon.words.get(parent)?.candidates ?? []) {
    if (subject.type !== 'attribute') continue;
    if (subject.resource === undefined || subject.resource === resource) return false;
    attributes = true;
  }
  return attributes;
}

/** `vcs-repo` of `vcs-repo.branch`. */
function parentOf(name: string): string {
  return name.slice(0, name.lastIndexOf('.'));
}

/**
 * The key before an object's `{` at `open`: `"vcs-repo": {`, `'vcs-repo' => {`, `vcs_repo = {`, read within the 80
 * characters before it. Read backwards by hand (what `/(?:["']([\w.-]+)["']|([\w-]+))\s*(?::|=>?)\s*$/` on those
 * 80 characters finds, without trying a match at each of them): white space, `:`, `=` or `=>`, white space, then a
 * quoted `[\w.-]+` or a bare `[\w-]+` (its whole run within the window).
 */
function openingKey(text: string, open: number): string | undefined {
  const from = Math.max(0, open - 80);
  let i = open - 1;
  while (i >= from && isRegexSpace(text.charCodeAt(i))) i--;
  if (i < from) return undefined;
  const op = text.charCodeAt(i);
  if (op === 62) {
    // `=>`
    if (i - 1 < from || text.charCodeAt(i - 1) !== 61) return undefined;
    i -= 2;
  } else if (op === 58 || op === 61) i--;
  else return undefined;
  while (i >= from && isRegexSpace(text.charCodeAt(i))) i--;
  if (i < from) return undefined;
  const end = i + 1;
  const last = text.charCodeAt(i);
  if (last === 34 || last === 39) {
    let s = i - 1;
    while (s >= from && isKeyChar(text.charCodeAt(s), true)) s--;
    if (s === i - 1 || s < from) return undefined;
    const quote = text.charCodeAt(s);
    return quote === 34 || quote === 39 ? text.slice(s + 1, i) : undefined;
  }
  if (!isKeyChar(last, false)) return undefined;
  let s = i - 1;
  while (s >= from && isKeyChar(text.charCodeAt(s), false)) s--;
  return text.slice(s + 1, end);
}

/** `[\w-]`, or `[\w.-]` with `dot`. */
function isKeyChar(c: number, dot: boolean): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || (dot && c === 46)
  );
}

/** A regular expression's `\s`: JavaScript's white space and line terminators. */
/**
 * The key whose value is the object (braces) a key at `at` is written in (`vcs-repo` for `branch` in
 * `"vcs-repo": { "identifier": …, "branch": … }`), or undefined: none within MAX_BLOCK, or no key before its `{`.
 * Braces in between pair up (an f-string's `{name}`, a nested object).
 */
function enclosingKey(ctx: ResolveContext, at: number): string | undefined {
  const brace = enclosingBrace(ctx, at);
  return brace === -1 ? undefined : openingKey(ctx.text, brace);
}

/**
 * The last walk of `enclosingBrace` in a scan: where it started and the `{` it found (-1: none). Kept on the scan's
 * `Lines`: what a walk finds is the text's alone.
 */
const LAST_WALK = memoKey<{ at: number; brace: number }>('last enclosing-brace walk');

/**
 * The `{` of the object the offset `at` is written in: read backwards, the first `{` within MAX_BLOCK that no `}`
 * between closes, or -1. The keys of one object are asked in text order: a walk that meets no brace before where
 * the last walk started ends as that one did (its `{`, when within this walk's reach), so each key of a long struct
 * or object is not walked back to the `{` again.
 */
function enclosingBrace(ctx: ResolveContext, at: number): number {
  const { text } = ctx;
  const last = ctx.lines.memo(LAST_WALK, () => ({ at: -1, brace: -1 }));
  const stop = Math.max(0, at - MAX_BLOCK);
  let found = -1;
  let done = false;
  if (last.at >= stop && last.at <= at) {
    let i = at - 1;
    while (i >= last.at && !isBrace(text.charCodeAt(i))) i--;
    if (i < last.at) {
      found = last.brace >= stop ? last.brace : -1;
      done = true;
    }
  }
  if (!done) {
    let depth = 0;
    for (let i = at - 1; i >= stop; i--) {
      const c = text.charCodeAt(i);
      if (c === 125) depth++;
      else if (c === 123 && depth-- === 0) {
        found = i;
        break;
      }
    }
  }
  last.at = at;
  last.brace = found;
  return found;
}

/** `{` or `}`. */
function isBrace(c: number): boolean {
  return c === 123 || c === 125;
}

/**
 * The key is in the `attributes` of a payload: the line that opens its block says so, or for a key assigned
 * (`body_attributes["status"] = …`) its subscript chain (a chain read, `run["attributes"]["status"] == …`, may be
 * any response's).
 */
function inAttributes(ctx: ResolveContext, hit: NameHit, assigned: boolean): boolean {
  const { text } = ctx;
  const lineStart = ctx.lines.startOf(hit.line);
  if (assigned && /attributes/i.test(text.slice(lineStart, hit.start))) return true;
  let depth = 0;
  for (let i = hit.start - 1; i >= Math.max(0, hit.start - MAX_BLOCK); i--) {
    const c = text.charCodeAt(i);
    if (c === 125) depth++;
    else if (c === 123 && depth-- === 0) {
      const open = ctx.lines.lineOf(i);
      return /attributes/i.test(text.slice(ctx.lines.startOf(open), i));
    }
  }
  return false;
}

/**
 * One of the values the history lists for an attribute (`"passed"` of a task result's `status`) stands for it
 * where the attribute's resource is in context (nearby, or the run task context of the file) and the text says
 * it is that field's value: the value of its key (`"status": "passed"`, `status = "failed"`), a line naming the
 * field (`tfresult.Data.Attributes.Status = "failed"`, `if payload["stage"] == "pre_plan"`), a constant of a type
 * named for the resource and field (`TaskPassed TaskStatus = "passed"`), or a list with another of its values
 * (`PrePlan = "pre_plan"` … `PostPlan = "post_plan"` in one const block).
 */
function attributeValue(
  ctx: ResolveContext,
  hit: NameHit,
  subject: HistorySubject,
  context: () => readonly string[] | undefined,
): Confidence | undefined {
  const resource = subject.resource;
  if (hit.isKey || resource === undefined) return undefined;
  const here = context();
  const runTask = ctx.runTask === true && RUN_TASK_CONTEXT.includes(resource);
  if (
    here?.includes(resource) !== true &&
    !(runTask && (here ?? RUN_TASK_CONTEXT).every((r) => RUN_TASK_CONTEXT.includes(r)))
  )
    return undefined;
  // A stage value in a text that reads a run's task stages back and answers no run task request (no callback URL
  // named): a task stage's own stage, which shares the request's values (`["pre_plan", "post_plan"] as $order` sorting
  // the stages read), not the request's.
  if (resource === 'run task request' && here?.includes(resource) !== true && readsTaskStages(ctx)) return undefined;
  const field = subject.name;
  if (hit.keyOf === field) return 'context';
  // The value of another attribute of the resource (`stages = ["pre_plan", "post_plan"]`) is that one's.
  const key = hit.keyOf !== '' ? hit.keyOf : LINE_KEY.exec(ctx.text.slice(ctx.lines.startOf(hit.line), hit.start))?.[1];
  if (
    key !== undefined &&
    ctx.lexicon.words
      .get(key)
      ?.candidates.some((c) => !c.value && c.subject.resource === resource && c.subject !== subject)
  )
    return undefined;
  const from = Math.max(ctx.lines.startOf(hit.line), hit.start - 200);
  const line = ctx.text.slice(from, Math.min(ctx.lines.endOf(hit.line), hit.end + 200));
  const suffix = field.charAt(0).toUpperCase() + field.slice(1);
  if (hasWord(line, field) || hasWord(line, suffix)) return 'context';
  const words = resourceWords(resource);
  if (namesTypedField(line, suffix, words)) return 'context';
  // A task result's value handed to the program's callback (`patch_terraform_callback(token, url, "passed", msg)`).
  if (resource === 'task-results' && callbackArgument(ctx.text, hit.start - 1)) return 'context';
  // A member of an enum named for the resource and field (`class TaskStage(str, Enum):` above `PRE_PLAN = "pre_plan"`).
  if (ENUM_MEMBER.test(ctx.text.slice(ctx.lines.startOf(hit.line), hit.start))) {
    const header = enumHeader(ctx, hit.line);
    if (header !== undefined && namesTypedField(header, suffix, words)) return 'context';
  }
  for (const other of neighbours(ctx.hits.names, nameStart, hit.start, hit.line, SIBLING_LINES)) {
    if (other === hit || other.isKey || other.info === hit.info) continue;
    if (!other.info.candidates.some((c) => c.value === true && c.subject === subject)) continue;
    if (sameList(ctx.text, Math.min(hit.end, other.end), Math.max(hit.start, other.start))) return 'context';
  }
  return undefined;
}

const READS_TASK_STAGES = memoKey<boolean>('reads task stages, answers no run task request');

/** Whether the text names a task stages path (`/runs/{id}/task-stages`, `/task-stages/{id}`) and no callback URL. */
function readsTaskStages(ctx: ResolveContext): boolean {
  return ctx.lines.memo(
    READS_TASK_STAGES,
    () => ctx.text.includes('/task-stages') && !namesCallbackUrl(ctx.text, ctx.lines),
  );
}

/** How far back the call holding an argument is looked for. */
const MAX_ARGUMENTS = 400;

/**
 * Whether the literal opening at `open` is a direct argument of a call named for a callback
 * (`send_callback(`, `patchTerraformCallback(`, `NewCallbackBuilder(`), its arguments possibly over lines.
 */
function callbackArgument(text: string, open: number): boolean {
  let depth = 0;
  const stop = Math.max(0, open - MAX_ARGUMENTS);
  for (let i = open - 1; i >= stop; i--) {
    const c = text.charAt(i);
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '[' || c === '{') {
      if (depth === 0) return false;
      depth--;
    } else if (c === '(') {
      if (depth > 0) {
        depth--;
        continue;
      }
      return /callback\w*\s*$/i.test(text.slice(Math.max(0, i - 60), i));
    }
  }
  return false;
}

/** The key a line opens with (`stages = [`, `"stages": [`). */
const LINE_KEY = /^\s*["']?([\w-]+)["']?\s*[:=]/;

/**
 * A Go options struct with no JSON:API type of its own or of a holder: its name says whose fields
 * they are (`RegistryComponentUpdateOptions` holds no workspace's `tag-bindings`). True when the name's
 * words include the resource's (`WorkspaceUpdateOptions` for `workspaces`), when the struct is not an
 * `…Options` struct (a name such as `Payload` says nothing), or when no struct encloses the tag.
 */
function structNamedFor(ctx: ResolveContext, offset: number, resource: string): boolean {
  const struct = enclosingStructName(ctx, offset);
  if (!struct?.endsWith('Options') || resource === '') return true;
  const words = struct.split(/(?=[A-Z][a-z])/).map((w) => singularWord(w.toLowerCase()));
  return resource.split(/[-/ ]/).every((w) => words.includes(singularWord(w)));
}

/** How far (lines) a distinct status of the same field may be for a generic one to be listed with it. */
const SIBLING_LINES = 4;

/**
 * A generic status value listed beside a distinct one of the same resource and field — the
 * same union type, enum, switch, tuple or YAML list (`'fetching' | 'queuing' | 'pre_plan_running'`):
 * the list is of that field's values.
 */
function listedWithDistinct(ctx: ResolveContext, hit: NameHit, subject: HistorySubject): boolean {
  // The cases of one switch are further apart (each has its body, a message of its own): a case label counts
  // the case labels of its switch up to CASE_LINES away (`case 'fetching': return 'Fetching';` … `case 'pre_plan_running':`).
  const isCase = followsCase(ctx.text, hit.start - 1);
  for (const other of neighbours(ctx.hits.names, nameStart, hit.start, hit.line, isCase ? CASE_LINES : SIBLING_LINES)) {
    if (other === hit || other.isKey) continue;
    if (Math.abs(other.line - hit.line) > SIBLING_LINES && !sameSwitch(ctx.text, hit, other)) continue;
    const sibling = other.info.candidates.some(
      (c) =>
        c.rule === 'distinct' &&
        c.subject.type === 'status' &&
        c.subject.resource === subject.resource &&
        c.subject.valueField === subject.valueField,
    );
    if (sibling && sameList(ctx.text, Math.min(hit.end, other.end), Math.max(hit.start, other.start))) return true;
  }
  return false;
}

const nameStart = (h: NameHit): number => h.start;

/**
 * A name of the same list or object (up to SIBLING_LINES away) is an attribute of the subject's resource only, and
 * of no other the API has (`"latest-change-at"` beside `"updated-at"`): the list is that resource's.
 */
function listedWithOwn(ctx: ResolveContext, hit: NameHit, subject: HistorySubject): boolean {
  for (const other of neighbours(ctx.hits.names, nameStart, hit.start, hit.line, SIBLING_LINES)) {
    if (other === hit || Math.abs(other.line - hit.line) > SIBLING_LINES) continue;
    const own = other.info.candidates.every(
      (c) =>
        c.rule === 'distinct' &&
        c.subject.type === 'attribute' &&
        c.subject.resource === subject.resource &&
        !onSeveralResources(c.subject),
    );
    if (
      own &&
      other.info.candidates.length > 0 &&
      sameList(ctx.text, Math.min(hit.end, other.end), Math.max(hit.start, other.start))
    )
      return true;
  }
  return false;
}

/** How far (lines) the case labels of one switch may be for a generic one to be listed with a distinct one. */
const CASE_LINES = 24;

/** Both values are case labels and no other switch starts between them. */
function sameSwitch(text: string, a: NameHit, b: NameHit): boolean {
  if (!followsCase(text, b.start - 1)) return false;
  const between = text.slice(Math.min(a.end, b.end), Math.max(a.start, b.start));
  return !/\b(?:switch|match)\b/.test(between);
}

/**
 * Whether two values are items of one list: between them brackets balance, allowing one closed and
 * reopened (`@JsonProperty("fetching") FETCHING, @JsonProperty("queuing")`), but not a list closed
 * (`)` of a Go const block, `}` of a switch) before the other value.
 */
function sameList(text: string, from: number, to: number): boolean {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) {
      depth--;
      if (depth < -1) return false;
    }
  }
  return depth === 0;
}

/**
 * A type named for the resource and field on the value's line: go-tfe's
 * `ConfigurationArchived ConfigurationStatus = "archived"`, `RunFetching RunStatus = "fetching"`,
 * `TeamProjectAccessAdmin TeamProjectAccessType = "admin"`; or the enum the value is a member of
 * (`enum RunStatus {` / `class RunStatus(str, Enum):` above `FETCHING = 'fetching'`).
 * The type's words before the field (`Configuration`) must all be words of the resource
 * (`configuration-versions`).
 */
function typedStatusOnLine(ctx: ResolveContext, hit: NameHit, subject: HistorySubject): boolean {
  const field = subject.valueField;
  if (field === undefined || subject.resource === undefined) return false;
  const from = Math.max(ctx.lines.startOf(hit.line), hit.start - 200);
  const line = ctx.text.slice(from, Math.min(ctx.lines.endOf(hit.line), hit.end + 200));
  const suffix = field.charAt(0).toUpperCase() + field.slice(1);
  const words = resourceWords(subject.resource);
  if (namesTypedField(line, suffix, words)) return true;
  // An enum member alone on its line: `QUEUING = 'queuing',`, Java's `QUEUING("queuing"),`.
  if (!ENUM_MEMBER.test(ctx.text.slice(ctx.lines.startOf(hit.line), hit.start))) return false;
  const header = enumHeader(ctx, hit.line);
  return header !== undefined && namesTypedField(header, suffix, words);
}

/** What precedes an enum member's value on its line. */
const ENUM_MEMBER = /^\s*[A-Za-z_]\w*\s*[=(]\s*["'`]$/;
/** How many lines above a member its enum's header may be. */
const MAX_ENUM_LINES = 80;
/** `enum RunStatus {` (TS, Java, C#, Rust, Kotlin's `enum class`), Python's `class RunStatus(str, Enum):`. */
const ENUM_HEADER =
  /^\s*(?:(?:export|public|private|pub|const|declare)\s+)*(?:enum(?:\s+class)?\s+\w+|class\s+\w+\s*\([^)]*Enum\b)/;

/**
 * The header of the enum whose member is on `line` (`NAME = 'value'`, `Name,`): the closest less
 * indented line above, when it opens an enum; undefined otherwise.
 */
function enumHeader(ctx: ResolveContext, line: number): string | undefined {
  const { text, lines } = ctx;
  const indent = (l: number): number => {
    const from = lines.startOf(l);
    let i = from;
    while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
    return i === lines.endOf(l) ? -1 : i - from;
  };
  const own = indent(line);
  if (own <= 0) return undefined;
  for (let l = line - 1; l >= Math.max(0, line - MAX_ENUM_LINES); l--) {
    const at = indent(l);
    if (at === -1 || at >= own) continue;
    const header = text.slice(lines.startOf(l), lines.endOf(l));
    return ENUM_HEADER.test(header) ? header : undefined;
  }
  return undefined;
}

/** A generic status value counts only as the value of its field, or on a line naming the field or a `case`. */
function statusFieldNear(ctx: ResolveContext, hit: NameHit, subject: HistorySubject): boolean {
  const field = subject.valueField;
  if (field === undefined) return false;
  if (hit.keyOf === field) return true;
  // The value of another key (`"variables": "write"` inside `"workspace-access"`, beside `"access": "custom"`) is that
  // key's, not the field's; a key that spells the field (`access_level`, `teamAccess`) is the field's.
  // A key that is itself another attribute of the resource (`workspace_access`, `project_access` of team-projects) is
  // that attribute's (review v5 item 3).
  if (hit.keyOf !== '') return keySpells(hit.keyOf, field) && !otherAttributeKey(ctx, hit.keyOf, subject);
  // The line around the value (bounded, for minified code).
  const from = Math.max(ctx.lines.startOf(hit.line), hit.start - 200);
  const line = ctx.text.slice(from, Math.min(ctx.lines.endOf(hit.line), hit.end + 200));
  return hasWord(line, field) || hasWord(line, 'case');
}

/** Whether a key (`workspace_access`, `projectAccess`, kebab-cased) is an attribute of the subject's resource other than its field. */
function otherAttributeKey(ctx: ResolveContext, key: string, subject: HistorySubject): boolean {
  const wire = key
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
  return (
    ctx.lexicon.words
      .get(wire)
      ?.candidates.some(
        (c) => !c.value && c.subject.resource === subject.resource && c.subject.name !== subject.valueField,
      ) === true
  );
}

/** Whether a key names a field among its words (`access_level`, `teamAccess`, `project-access` spell `access`). */
function keySpells(key: string, field: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return field.split(/[-_]/).every((w) => words.includes(w));
}

/**
 * A file named for no resource, or for the subject's own (or its plain type's), or that names the subject's
 * resource somewhere (a type value, a path), allows its distinct names.
 */
function fileAllows(file: ResolveContext['file'], resource: string | undefined, type: string): boolean {
  return (
    file === undefined ||
    resource === undefined ||
    file.resource === resource ||
    file.resource === type ||
    file.named.has(resource) ||
    file.named.has(type)
  );
}

/** The file is named for the resource, or evidence in it names the resource. */
function fileNames(file: ResolveContext['file'], resource: string | undefined, type: string): boolean {
  return file !== undefined && resource !== undefined && fileAllows(file, resource, type);
}

const isField = (subject: HistorySubject): boolean => subject.type === 'attribute' || subject.type === 'permission';

/**
 * Whether a text speaks of the admin API itself: a path through `admin/` (`/api/v2/admin/organizations`, a fold
 * `ent/admin/org`), an admin type or model name (`admin-organizations`, `AdminOrganization`, `admin_users`). The bare
 * word is no sign (`role: 'admin'`, `isAdmin`, `administrator`). Asked once a text.
 */
const ADMIN_API =
  /\badmin\/[a-z]|\badmin[-_](?:organi[sz]ations?|orgs?|users|runs|workspaces|settings|terraform-versions|terraform_versions)\b|\bAdmin(?:Organi[sz]ation|Org|User|Run|Workspace|Setting|TerraformVersion)/;
const ADMIN_TEXTS = new WeakMap<ResolveContext, boolean>();
function namesAdmin(ctx: ResolveContext): boolean {
  let answer = ADMIN_TEXTS.get(ctx);
  if (answer === undefined) ADMIN_TEXTS.set(ctx, (answer = ADMIN_API.test(ctx.text)));
  return answer;
}
