import type { HttpMethod } from './data-types.ts';
import type { Evidence, Hits, NameHit, TailFit, UrlHit, UrlPart } from './hits.ts';
import { sourceOffset } from './hits.ts';
import { profileFor, type LanguageProfile } from './language-profile.ts';
import { inGoLogCall } from './log-calls.ts';
import type { LexInfo, Lexicon } from './lexicon.ts';
import { memoKey, type Lines } from './lines.ts';
import type { TextMarkers } from './text-markers.ts';
import { normalizeUrl, type NormalizedUrl } from './normalize-url.ts';
import { BlockEnds, kindOf, nextTag, scanPatternFor, tagEnd, type FindKind } from './scan-pattern.ts';
import type { LinePlace } from './source-text.ts';
import {
  closingQuote,
  followsCase,
  isAccessorKey,
  isQuote,
  isRegexSpace,
  isWordChar,
  lastIndexWithin,
  keyBefore,
  keyFollows,
  LinePlaces,
} from './source-text.ts';
import { BaseUrls } from './base-urls.ts';
import { blockLabelResources } from './block-labels.ts';
import { tagField } from './struct-tag.ts';
import { shellFlow } from './shell-flow.ts';
import { shellValues } from './shell-values.ts';
import { variablePatterns } from './variable-patterns.ts';
import { heldStructTypes } from './held-structs.ts';
import { unknownTypeValues } from './unknown-types.ts';
import { jqReadHits } from './jq-reads.ts';
import { inKeyList, isKeyMembership, keyPathHits } from './key-paths.ts';
import { joinAfter, joinCallArguments, trailingExpression } from './concatenation.ts';
import { pathPieceCalls } from './path-pieces.ts';
import {
  collectionMethods,
  collectionRequests,
  foreignRequestLines,
  continuedQueryKeys,
  inAnswer,
  type Collection,
} from './request-collections.ts';
import { helperPathCalls, type PathHelper } from './path-helpers.ts';
import {
  apiAddress,
  namesOtherBase,
  namesOtherRootApi,
  namesOwnBase,
  otherSenderSpans,
  ownHosts,
  foreignCassetteUri,
  isCassette,
  versionRootBase,
} from './other-api.ts';
import { showsThisApi } from './receivers.ts';
import { payloadMemberHits } from './payload-members.ts';
import { queryKeyHits } from './query-objects.ts';
import { inLinkageList, inToOneLinkage, relationshipKey, Relationships } from './relationship-data.ts';
import { inPrintCall, mayPrint, sentArgument } from './sending-calls.ts';
import {
  controllerRoutes,
  forgetRouters,
  rootTailLiterals,
  routeReading,
  decisiveTemplate,
  namesThisApi,
  ownWord,
  servesThisApi,
  type PlaceKind,
  type ProjectRoutes,
  type ServedRoute,
} from './server-routes.ts';
import { embeddedCurlMethod, URL_COMMAND } from './shell-commands.ts';
import { formattedLiterals, segmentChains, type FormattedLiteral } from './format-args.ts';
import { formatBases } from './value-flow.ts';
import type { HistoryIndex, PathCandidate } from './types.ts';
import { tailFits } from './url-tails.ts';
import { opensPlaceholder, PLACEHOLDER_MAX, placeholderEnd } from './placeholders.ts';

/** A base joined through a name before a literal (`BaseUrls.joined`). */
type BaseJoin = ReturnType<BaseUrls['joined']>[number];

/**
 * Whether the text holds `http.Method` (Go's `http.MethodPost`), searched by its rare `Method` first (a native search
 * stops at each occurrence of its first character: `h` and `.` are everywhere, `M` is not).
 */
function holdsMethodConstant(text: string): boolean {
  const at = text.indexOf('Method');
  return at !== -1 && text.includes('http.Method', Math.max(0, at - 5));
}

/** The variable a request call sends, at the end of its find (`NewRequest("GET", u,`): group 1. */
const SENT_NAME = /([A-Za-z_]\w*)[ \t]*[,)]$/;

/** How many lines above the request call a sent variable's literal may be assigned. */
const SENT_LINES = 15;
/** `assignedLiteralOn` of each name and line asked, one text's (`sentVariable`). */
const SENT_ASSIGNMENTS = memoKey<Map<string, Map<number, number>>>('sent variables: literal assigned by line');

/**
 * The opening quote of the literal assigned to `name` on line `l` (`u := "github-app/installations"`), or -1: the first
 * such assignment on the line.
 */
function assignedLiteralOn(text: string, lines: Lines, name: string, l: number): number {
  const from = lines.startOf(l);
  const to = lines.endOf(l);
  // The pattern holds the name and an `=`: a line without both cannot match (quick searches first, in the text
  // itself: a one-letter name such as go-tfe's `u` is on almost every line, an `=` on few of them; the line is cut
  // out only for the pattern).
  if (!holdsWithin(text, name, from, to) || !holdsCode(text, 61, from, to)) return -1;
  const m = variablePatterns(name).assignedLiteral.exec(text.slice(from, to));
  return m === null ? -1 : from + m.index + m[0].length - 1;
}
/** How long a comma-separated string of status values may be for its other items to be read. */
const MAX_LIST_STRING = 1_000;

const GO_PROFILE = profileFor({ languageId: 'go' });
const PYTHON_PROFILE = profileFor({ languageId: 'python' });
const BRUNO_PROFILE = profileFor({ languageId: 'bruno' });
const HTTP_FILE_PROFILE = profileFor({ languageId: 'http' });

/**
 * Whether the string opening at `stringStart` (the path at `at` in it) is shown, not run (`echo "curl -s … https://…"`,
 * a hint printed): `SHOWN` before it on its line.
 */
function shownString(text: string, lines: Lines, at: number, stringStart: number): boolean {
  return SHOWN.test(text.slice(Math.max(lines.startOf(lines.lineOf(at)), stringStart - 80), stringStart));
}

/**
 * Whether the text from `from` to `to` (a string's first characters) opens a curl (or wget) command line (`curl -s …`):
 * `/^\s*(?:curl|wget)\s/` on that slice, read in place.
 */
function curlString(text: string, from: number, to: number): boolean {
  let i = from;
  while (i < to && isRegexSpace(text.charCodeAt(i))) i++;
  return (
    i + 4 < to && (text.startsWith('curl', i) || text.startsWith('wget', i)) && isRegexSpace(text.charCodeAt(i + 4))
  );
}
/** What shows a string before it (`echo "`, `printf '`, `print(f"`, `Write-Host "`, `log.info("`): the command in it is text. */
const SHOWN =
  /(?:^|[^\w-])(?:echo|printf|println|print|puts|say|log|logger|warn|warning|info|debug|error|Write-\w+)[ \t(]*(?:-\w+[ \t]+)*[A-Za-z]?$/i;

/**
 * Two pieces joined by `+` right before a string, neither of them a literal: a name, a member, a call or a subscript
 * (`URL + organization + "`, `(base + org.name + "`). Group 1 is the piece right before the string.
 */
const JOINED_PIECES = /(?:[\w$\])])[ \t]*\+[ \t]*([A-Za-z_$][\w$.]*(?:\[[^\][\n]*\]|\([^()\n]*\))*)[ \t]*\+[ \t]*$/;

/** A word of a name that holds a base or a part of one (`tfeHost + API_V2 + "/…"`, `cfg.host + cfg.apiPath + '/…'`). */
const BASE_WORD = /url|uri|host|base|api|path|prefix|root|endpoint|server|address|version|v\d/i;

/**
 * Whether the string opening at `open` is joined after two pieces (`JOINED_PIECES`) on its line, the one right before
 * it a segment (`organization`, `org.name`): not a part of a base, by its name or by the path the text assigns it
 * (`V2 = "/api/v2"`).
 */
function joinedAfterPieces(text: string, lines: Lines, open: number): boolean {
  const from = Math.max(lines.startOf(lines.lineOf(open)), open - 200);
  const piece = JOINED_PIECES.exec(text.slice(from, open))?.[1];
  if (piece === undefined || BASE_WORD.test(piece)) return false;
  const name = /[A-Za-z_$][\w$]*$/.exec(piece.replace(/(?:\[[^\][\n]*\]|\([^()\n]*\))+$/, ''))?.[0];
  if (name === undefined) return true;
  const known = lines.memo(ASSIGNS_PATH, () => new Map<string, boolean>());
  let assigned = known.get(name);
  if (assigned === undefined) known.set(name, (assigned = assignsPath(text, name)));
  return !assigned;
}

/**
 * Whether the text assigns `name` a path or a URL (`V2 = "/api/v2"`, `base: 'https://…'`), asked once a name a text
 * (`ASSIGNS_PATH`): asked per joined string, a text of many such strings and no such assignment ran the pattern over
 * the whole text for each (a client.py shape of 400 KB took 1.65 s; session 37).
 */
function assignsPath(text: string, name: string): boolean {
  return new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b[^\\n=]{0,40}[=:][ \\t]*["'\`](?:/|https?:)`).test(text);
}
const ASSIGNS_PATH = memoKey<Map<string, boolean>>('names assigned a path');

/** Characters that end an unquoted URL (`curl https://…/runs -d …`, `url: /api/v2/runs`). */
const URL_STOP = new Set([' ', '\t', '\r', '\n', '"', "'", '`', '\\', ';', '|', '(', ')', ',']);

/**
 * The single pass: runs the scan pattern over the text and turns each find into hits — URL
 * literals (with concatenations) matched against the path trie, quoted or unquoted known names,
 * struct tag names, and resource evidence. Comments are consumed by the pattern itself.
 */
export class HitCollector {
  readonly #hits: Hits = { urls: [], names: [], evidence: [] };
  readonly #places: LinePlaces;
  /** `closingQuote` in this text and profile, for `joinCallArguments` (one function per collector, not one per literal). */
  readonly #closingQuote = (from: number, quote: number): number => closingQuote(this.text, this.profile, from, quote);
  readonly #bases: BaseUrls;
  /**
   * Literal starts already read by `literalChain` (made at the first: most texts read none, and a collector is made
   * per text and scan, so its empty sets and maps were a share of the scan's garbage).
   */
  #chained: Set<number> | undefined;
  /** Literal starts of format calls read with their constants (`formattedLiterals`): not read again as written. */
  #formatted: Set<number> | undefined;
  /** Literals a base is joined before through a name (`URL + org + "/workspaces"`: `BaseUrls.joined`), by their opening quote (made on the first asked). */
  #joinedLiterals: ReadonlyMap<number, { readonly start: number; readonly lead: string }> | undefined;
  /** `BaseUrls.joined`'s answer (made on the first asked: `pathAt` and `baseUses` both read it). */
  #joinedList: readonly BaseJoin[] | undefined;
  /** Whether `collect` left out paths on a base the text does not show to be this API's (`showsApiAtBase`). */
  #unproven = false;
  /** The comma-separated strings whose items `listSiblings` read (their opening quotes). */
  #listStrings: Set<number> | undefined;
  /** Whether a type string sits in a relationship (made on the first asked). */
  #relationships: Relationships | undefined;
  /** Whether the text declares Kubernetes API types (`KUBE_TYPES`), asked at its first struct tag. */
  #kubeTypes: boolean | undefined;
  /** Go: a name among a logging call's arguments is a key of the log line (`log-calls.ts`). */
  readonly #go: boolean;
  /** Whether the text names anything that may print or log (`mayPrint`, read on the first key). */
  #prints: boolean | undefined;
  /** Whether the text holds an escaped quote (`\"`) anywhere: JSON written inside its strings (read on the first path). */
  #escapes: boolean | undefined;
  /** The text's requests when it is a request collection (Postman, Insomnia, Hoppscotch, Bruno). */
  #collection: Collection | undefined;
  /** Source spans of requests to another API than this one (a collection's URLs, a request file's lines): no URL read. */
  #foreign: (readonly [number, number])[] = [];
  /** Routes read as a server of this API's (`servedRoute`), kept only if the server shows it is one. */
  #served: UrlHit[] | undefined;
  /**
   * Where types start that any JSON:API service writes too (`.type == "workspaces"` compared, a Go model's
   * `jsonapi:"primary,projects"`): kept only in a text of this API (`dropUnprovenTypes`).
   */
  readonly #unprovenTypes: number[] = [];
  /** Whether the text writes JSON:API models to a response (`servesModels`), asked at its first primary tag. */
  #servesModels: boolean | undefined;
  /** Whether the text names this API (`namesThisApi`: the collector's one `placeOf`), read at the first asked. */
  #namesApi: boolean | undefined;
  /** Whether the text shows this API (`showsThisApi`), read at the first URL on a base holding `/api`. */
  #showsApi: boolean | undefined;
  /** The hosts the text names with `/api/v2` (`ownHosts`), read at the first base expanded. */
  #ownHosts: ReadonlySet<string> | undefined;
  /** Whether the text is a recorded cassette (`isCassette`), read at its first URL. */
  #cassette: boolean | undefined;
  /** Whether a `v2/…` path is read from this API's root in the text (`versionRootBase`), read at the first. */
  #versionRoot: boolean | undefined;
  /**
   * The last string literal a path was found in: its start and close, and how far its escaped quotes (`\"`) were
   * counted. Each further path in it resumes there (a bundle's one-line JSON string holds thousands of URLs).
   */
  #literal: EscapeWalk & { start: number; close: number; json?: boolean; command?: number } = {
    start: -1,
    close: -1,
    walked: 0,
    count: 0,
    open: -1,
  };
  /**
   * `normalizeUrl`'s readings of the URL texts read so far, plain and sent (`relative`): a text's URLs repeat (a
   * terrasnek module's `{self._ws_url}/{workspace_id}` in each method, an expanded base read again), and a reading
   * is a value no reader changes (`NormalizedUrl` is read-only).
   */
  #readings: [Map<string, NormalizedUrl | undefined>, Map<string, NormalizedUrl | undefined>] | undefined;

  constructor(
    readonly text: string,
    readonly index: HistoryIndex,
    readonly lexicon: Lexicon,
    readonly profile: LanguageProfile,
    readonly lines: Lines,
    /** HTTP helpers the project's other files define (`project-facts.ts`). */
    readonly helpers?: ReadonlyMap<string, HttpMethod>,
    /** Path helpers the project's other files define (`path-helpers.ts`). */
    readonly pathHelpers?: ReadonlyMap<string, PathHelper>,
    /** What the project's other files say of its routers (`server-routes.ts`). */
    readonly routes?: ProjectRoutes,
    /** The file's name: a folder or file named for this API shows the text is about it (`showsThisApi`). */
    readonly fileName?: string,
    /**
     * Another file of the project names this API (`scanProject`'s `namesApiCheaply`): a path on a base this text does not
     * show to be this API's (a Retrofit interface whose `baseUrl(…/api/v2/)` is written in another file) is kept.
     */
    readonly apiElsewhere = false,
  ) {
    forgetRouters(text, lines.markers);
    this.#places = new LinePlaces(text, profile, lines);
    this.#go = profile === GO_PROFILE;
    const powershell = profile.hashBlockComments === true;
    this.#bases = new BaseUrls(
      text,
      powershell,
      profile.objectKeys,
      profile.commands,
      profile.commands && !powershell ? (name) => shellValues(text, lines, false).written(name) : undefined,
      lines,
    );
  }

  /** Whether `collect` left out paths on a base the text does not show to be this API's (`showsApiAtBase`). */
  get unproven(): boolean {
    return this.#unproven;
  }

  /** Scans the whole text once and returns the hits, URLs and evidence sorted by offset. */
  collect(): Hits {
    const { text, profile } = this;
    this.#collection = collectionRequests(text, profile === BRUNO_PROFILE);
    for (const request of this.#collection?.requests ?? [])
      if (request.foreign && request.url) this.#foreign.push(request.url);
    if (profile === HTTP_FILE_PROFILE) this.#foreign = foreignRequestLines(text);
    // A code host's own API command or client call (`gh api -X DELETE /projects/…`, `octokit.request('PATCH /projects/{id}')`).
    this.#foreign.push(...otherSenderSpans(text, this.lines));
    // Rust's `format!("/{}/{}/oauth-clients", api::ORGANIZATIONS, org)`: the constants put in place first.
    const { markers } = this.lines;
    for (const literal of formattedLiterals(
      text,
      markers,
      (w) => this.index.hasRoot(w) || this.index.resourceTypes.has(w),
    ))
      this.#formattedLiteral(literal);
    // Spring's `.pathSegment("organizations").pathSegment(org).pathSegment("workspaces")`: one path.
    for (const literal of segmentChains(text, markers)) this.#formattedLiteral(literal);
    // A format call's leading placeholder filled by a name the text assigns one string (`value-flow.ts`).
    for (const literal of formatBases(text, markers, profile === PYTHON_PROFILE)) this.#formattedLiteral(literal);
    // A controller class whose route is this API's (`[Route("api/v2/[controller]")]`): its actions, with their verbs.
    for (const action of controllerRoutes(text))
      if (!this.#inComment(action.from)) this.servedRoute(action.route, action.from, action.to);
    // Where the last block comment or docstring consumed ended; where each ends (made at the first).
    let blockEnd = -1;
    let blockEnds: BlockEnds | undefined;
    // A text without `http.Method` is scanned with the pattern without tags, its struct tags found apart (`nextTag`) and
    // taken in offset order with the pattern's finds, a tag first at a tie: the same finds as the whole pattern's.
    const tagged = holdsMethodConstant(text);
    const pattern = scanPatternFor(profile, this.lexicon, tagged);
    // Where scanning resumes (the whole pattern's `lastIndex`); the pattern's next find from there (null: none left,
    // undefined: not searched yet) and where it ends; the next tag's start (-1: none left).
    let resume = 0;
    let find: RegExpExecArray | null | undefined;
    let findEnd = 0;
    let tag = tagged ? -1 : nextTag(text, 0);
    for (;;) {
      // A find before `resume` was passed over (its text read already); the one found from an earlier offset is still
      // the first from `resume` when it starts there or after.
      if (find === undefined || (find !== null && find.index < resume)) {
        pattern.lastIndex = resume;
        find = pattern.exec(text);
        findEnd = pattern.lastIndex;
      }
      if (tag !== -1 && tag < resume) tag = nextTag(text, resume);
      let at: number;
      let kind: FindKind;
      if (tag !== -1 && (find === null || tag <= find.index)) {
        at = tag;
        resume = tagEnd(text, tag);
        kind = 'tag';
      } else if (find !== null) {
        at = find.index;
        kind = kindOf(find[0]);
        resume = kind === 'block-comment' ? (blockEnds ??= new BlockEnds(text)).after(at) : findEnd;
      } else break;
      switch (kind) {
        case 'block-comment':
          // `"/api/*"` is not a comment: restart right after the `/` when the opener sits in a string. Not so a
          // Python triple quote on the line where the last one closed (`"name": "''' + name + '''",`): the line
          // starts inside that string, which its own reading does not know.
          if (this.#places.at(at).stringStart !== -1 && !(blockEnd > this.lines.startOf(this.lines.lineOf(at))))
            resume = at + 1;
          else blockEnd = resume;
          break;
        case 'tag':
          this.structTag(at, resume);
          break;
        case 'word':
          this.quotedWord(at, resume);
          break;
        case 'list-item':
          this.stringListItem(at, resume);
          break;
        case 'path':
          resume = Math.max(resume, this.pathAt(at));
          break;
        case 'relative-path':
          resume = Math.max(resume, this.pathAt(at + 1));
          break;
        case 'sent':
          resume = Math.max(resume, this.sentLiteral(at, resume - 1));
          break;
        case 'sent-variable':
          this.sentVariable(at, resume);
          break;
        case 'key':
          this.bareKey(at, resume);
      }
    }
    // A route literal that goes on from its router's `/api` (`r.Get("/registry/{r}/v2/gpg-keys", …)` under chi's
    // `Route("/api", …)`) holds no first segment the scan pattern finds: read as a route, or not at all.
    for (const open of rootTailLiterals(text)) {
      const place = this.#places.at(open + 1);
      if (this.#isChained(open + 1) || place.inComment || place.stringStart !== open) continue;
      const close = closingQuote(text, profile, open + 1, place.quote);
      const route = close === -1 ? undefined : routeReading(text, open, close, this.routes, this.lines);
      if (route && !route.own) this.servedRoute(route, open + 1, close);
    }
    if (profile.baseUrls) this.baseUses();
    if (profile.pathArguments)
      for (const call of pathPieceCalls(text)) {
        if (this.#inComment(call.start)) continue;
        const hit = this.urlText(call.text, call.parts, false, call.start, call);
        if (!hit) continue;
        const { method, methodStart, methodText } = call;
        hit.method = { method, start: methodStart, end: methodStart + methodText.length, text: methodText };
        hit.methodDistance = 0;
      }
    // A request collection (Postman, Insomnia, Hoppscotch, Bruno): each request's URL is sent with its `method`.
    const collection = this.#collection;
    if (collection !== undefined) {
      for (const { segments, method, methodStart, methodText, foreign } of collection.requests) {
        if (segments === undefined || foreign) continue;
        // A URL written only as its segments is read at its request's method (the one line a reader hovers).
        const span = { start: methodStart, end: methodStart + methodText.length };
        const hit = this.urlText(segments.text, segments.parts, false, methodStart, span);
        if (hit) hit.method = { method, start: span.start, end: span.end, text: methodText };
      }
      collectionMethods(collection.requests, this.#hits.urls);
      // A body is sent to its request's URL: the URL's resources are evidence at the body's start, so its keys (a
      // string of JSON, or Bruno's block, beside the URL's object rather than around it) are that resource's.
      for (const { body, url, methodStart } of collection.requests) {
        if (body === undefined) continue;
        const [from, to] = url ?? [methodStart, methodStart + 1];
        const hit = this.#hits.urls.find((h) => h.start >= from && h.start < to);
        const said = hit && this.#hits.evidence.find((e) => e.offset === hit.start && e.kind === 'path');
        if (said) this.evidence(body, this.lines.lineOf(body), said.resources, 'path');
      }
    }
    // A `.http` file's query continued on the lines under its request line: the keys are that URL's.
    if (profile === HTTP_FILE_PROFILE)
      for (const { url, key, start, end } of continuedQueryKeys(text, this.lines, this.#hits.urls)) {
        const info = this.lexicon.words.get(key);
        if (!info) continue;
        (url.boundKeys ??= []).push({ key, start });
        this.addName({
          start,
          end,
          line: this.lines.lineOf(start),
          info,
          isKey: true,
          keyOf: '',
          via: 'name',
          query: url,
        });
      }
    // A client's own helper given literal pieces: `relationship_collection_path("varsets", &id, "vars")` (`path-helpers.ts`).
    for (const call of helperPathCalls(text, this.lines, this.pathHelpers)) {
      if (this.#inComment(call.start)) continue;
      const hit = this.urlText(call.text, call.parts, false, call.start, call);
      if (!hit) continue;
      if (call.method) {
        const { method, start, text: word } = call.method;
        hit.method = { method, start, end: start + word.length, text: word };
      }
      hit.methodDistance = 0;
    }
    for (const held of heldStructTypes(text, this.lines))
      this.evidence(held.open + 1, this.lines.lineOf(held.open + 1), [held.type], 'type');
    // A type value the history does not know (`Type: "provider-sets"`) says whose names its block holds.
    for (const { at, resources } of unknownTypeValues(text, this.lexicon, this.index.resourceTypes))
      if (!this.#inComment(at)) this.evidence(at, this.lines.lineOf(at), resources, 'type');
    if (profile.blockKeys)
      for (const label of blockLabelResources(text, this.index))
        this.evidence(label.offset, this.lines.lineOf(label.offset), label.resources, 'type');
    const placeOf = (offset: number): PlaceKind => {
      const place = this.#places.at(offset);
      return place.inComment ? 'comment' : place.stringStart !== -1 ? 'string' : 'code';
    };
    // Served routes count only on a server that shows it implements this API (`servesThisApi`), not another one's v2;
    // and a path other APIs have too under their own `/api/v2` root (`/api/v2/organizations`: Foreman's, AWX's) only in
    // a text that shows this API; a text naming another product with an `/api/v2` root (Coder's `Coder-Session-Token`,
    // Zendesk's host) writes that product's paths, `workspaces` and `runs` too, unless it names this API itself.
    // The root may come from a base of the file (`API = f"https://{domain}/api/v2"`); a text naming another product
    // drops its paths on a base it does not spell too (`coder('GET', \`workspaces/${id}\`)` after Coder's root).
    const served = this.#served;
    const own = served === undefined ? undefined : new Set(served);
    const sent = own === undefined ? this.#hits.urls : this.#hits.urls.filter((hit) => !own.has(hit));
    // (Whether the text names this API is asked first, its file name first of all: the search for another product's
    // names, a pattern of many words over the whole text, is the dearer one, and a client's text mostly names this
    // API, which decides. Over history-real's Python texts the two searches took 0.8-1.2 ms and 0.2-0.45 ms a pass.)
    const other =
      sent.length > 0 &&
      (this.fileName === undefined || !namesThisApi(this.fileName)) &&
      !this.namesThisApi(placeOf) &&
      namesOtherRootApi(text, (at) => placeOf(at) === 'comment');
    const shared = other ? [...sent] : sent.filter((hit) => !hit.unrooted && sharedPath(hit));
    if (!other && shared.length > 0 && this.showsThisApi(placeOf)) shared.length = 0;
    // A path on a base the text does not show to be this API's (`unrooted`: a setting, a parameter, an HTTP client
    // object's configured base) is any API's: kept where the text or the project shows this API (`showsApiAtBase`).
    if (!other && !this.apiElsewhere && sent.some((hit) => hit.unrooted)) {
      const kept = new Set(shared);
      const rooted = sent.filter((hit) => !hit.unrooted && !kept.has(hit));
      if (!this.showsApiAtBase(rooted, placeOf)) {
        shared.push(...sent.filter((hit) => hit.unrooted));
        this.#unproven = true;
      }
    }
    if (served && !servesThisApi(text, served.map(bestTemplate), placeOf)) shared.push(...served);
    if (shared.length > 0) {
      const dropped = new Set(shared);
      const starts = new Set(shared.map((hit) => hit.start));
      const urls = this.#hits.urls.filter((hit) => !dropped.has(hit));
      const evidence = this.#hits.evidence.filter((e) => e.kind !== 'path' || !starts.has(e.offset));
      this.#hits.urls.splice(0, this.#hits.urls.length, ...urls);
      this.#hits.evidence.splice(0, this.#hits.evidence.length, ...evidence);
    }
    this.dropUnprovenTypes(placeOf);
    if (!inOrder(this.#hits.urls, urlStart)) this.#hits.urls.sort(byUrlStart);
    if (!inOrder(this.#hits.evidence, evidenceOffset)) this.#hits.evidence.sort(byEvidenceOffset);
    const place: (offset: number) => LinePlace = this.#places.at.bind(this.#places);
    queryKeyHits(text, this.lines, this.lexicon, this.#hits, place, profile.baseUrls);
    // Shell (and CI scripts): keys a jq filter reads from the response of the request piped into it.
    if (profile.commands && profile.hashBlockComments !== true)
      jqReadHits(text, this.lines, this.lexicon, this.#hits, place);
    // Key paths a request names as strings: `properties=["attributes.name"]` beside its `path=`.
    keyPathHits(text, this.lines, this.lexicon, this.#hits, place);
    // Go builds payloads as structs (their tags are read), not member by member.
    if (profile.baseUrls)
      payloadMemberHits(text, this.lines, this.lexicon, this.#hits, place, profile !== PYTHON_PROFILE);
    return this.#hits;
  }

  /**
   * Whether the text shows it is about this API and not another one on the same `/api/v2` root: a path of it other APIs
   * do not share (`/organizations/:org/workspaces`) or a JSON:API query key on one (`?page[size]=`, not AWX's
   * `page_size` nor Foreman's `per_page`), a type value of its resources (`"type": "projects"`), a JSON:API document
   * read or written (`res.data.data`, `["attributes"]`, `json:"attributes"`, `{ data: { attributes: { name } } }`: this
   * API's format, not Foreman's nor AWX's), or its names (`namesThisApi`).
   */
  private showsThisApi(placeOf: (offset: number) => PlaceKind): boolean {
    if (this.#hits.urls.some((hit) => !sharedPath(hit) || hit.url.query.some((q) => q.key.includes('[')))) return true;
    if (this.#hits.evidence.some((e) => e.kind === 'type')) return true;
    return JSON_API_READ.test(this.text) || JSON_API_BODY.test(this.text) || this.namesThisApi(placeOf);
  }

  /**
   * Whether the text shows that its paths on a base it does not spell are this API's: it sends this API's root too
   * (`rooted`, the hits kept), names this API (`namesThisApi`), reads or writes its JSON:API document or writes its
   * paging or filter keys (`{"page[number]": n}`, `?page%5Bsize%5D=`), or one of those paths is one no other API has
   * (`registry-modules`, `varsets`). A path shared with other APIs' (`/projects/:id`, `/workspaces/:id/tasks`: a to-do
   * app's) or a type value (any JSON:API backend's) is not enough.
   */
  private showsApiAtBase(rooted: readonly UrlHit[], placeOf: (offset: number) => PlaceKind): boolean {
    if (rooted.length > 0) return true;
    // The path's own words, never a tail read into a longer path (`{base}/agent-pools` as
    // `/organizations/:org/agent-pools`, `{base}/projects` as `/oauth-clients/:id/…`).
    const ownWords = (hit: UrlHit): string => hit.url.segments.map((s) => (s.placeholder ? ':' : s.text)).join('/');
    if (this.#hits.urls.some((hit) => hit.unrooted && !hit.tailOnly && decisiveTemplate(ownWords(hit)))) return true;
    return (
      JSON_API_READ.test(this.text) ||
      JSON_API_BODY.test(this.text) ||
      JSON_API_QUERY.test(this.text) ||
      this.namesThisApi(placeOf)
    );
  }

  /**
   * Whether the text names this API: its file name (`terraformCloud/project.ts`, `tfe_client.py`), its names outside
   * comments (`servesThisApi`: go-tfe, `TFE_TOKEN`, `ATLAS_TOKEN`, app.terraform.io) or inside an
   * identifier (`NewTfcUrl`). What another product's text may write too (a path, a JSON:API document: Datadog's v2 is
   * one) is not a name.
   */
  private namesThisApi(placeOf: (offset: number) => PlaceKind): boolean {
    if (this.#namesApi !== undefined) return this.#namesApi;
    if (this.fileName !== undefined && namesThisApi(this.fileName)) return (this.#namesApi = true);
    return (this.#namesApi = CAMEL_NAME.test(this.text) || servesThisApi(this.text, [], placeOf));
  }

  /** The bases joined through a name before a literal (`BaseUrls.joined`: a pattern over the text), read once per text. */
  #joined(): readonly BaseJoin[] {
    return (this.#joinedList ??= this.#bases.joined());
  }

  /** The base joined through a name before the literal opening at `open` (`URL + org + "/workspaces"`), if any. */
  #joinedBefore(open: number): { readonly start: number; readonly lead: string } | undefined {
    this.#joinedLiterals ??= new Map(
      this.#joined()
        .filter((join) => join.between)
        .map((join) => [join.open, join]),
    );
    return this.#joinedLiterals.get(open);
  }

  /**
   * Literals that open with a known base (`f"{self._ws_url}/{id}"`) not read yet, and bases passed
   * whole to an HTTP helper (`self._create(self._runs_url, payload)`), with the helper's method.
   */
  private baseUses(): void {
    const { text, profile } = this;
    for (const open of this.#bases.literals()) {
      const place = this.#places.at(open + 1);
      if (this.#isChained(open + 1) || place.inComment || place.stringStart !== open) continue;
      const close = closingQuote(text, profile, open + 1, place.quote);
      if (close !== -1) this.literalChain(open, close);
    }
    // Shell words in command text opening with a base assigned once (`curl -X POST ${registryUrl}/private/…/versions`).
    if (profile.commands || this.lines.markers.has('curl'))
      for (const word of this.#bases.referenceWords()) {
        if (this.#inComment(word.start) || this.#hits.urls.some((u) => u.start <= word.start && word.start < u.end))
          continue;
        this.urlText(text.slice(word.start, word.end), [{ virtual: 0, source: word.start }], false, word.start);
      }
    // The shell family's words opening with a variable that holds a URL (`$(API)/projects/$(ID)`, a CI file's
    // `"${PROVIDER_URL}/versions"` with `PROVIDER_URL` under `variables:`): the URL the value flow says (`shell-flow.ts`).
    if (profile.commands && profile.hashBlockComments !== true && this.lines.markers.has('://'))
      for (const word of shellFlow(text, this.lines, false, profile.bareValues && profile.listValues).urlWords()) {
        if (this.#inComment(word.start) || this.#hits.urls.some((u) => u.start <= word.start && word.start < u.end))
          continue;
        const rest = text.slice(word.reference, word.end);
        const parts = [
          { virtual: 0, source: word.start },
          { virtual: word.value.length, source: word.reference },
        ];
        this.urlText(word.value + rest, parts, false, word.start);
      }
    for (const join of this.#joined()) {
      const place = this.#places.at(join.open + 1);
      if (this.#isChained(join.open + 1) || place.inComment || place.stringStart !== join.open) continue;
      const close = closingQuote(text, profile, join.open + 1, place.quote);
      if (close !== -1) this.literalChain(join.open, close, false, { text: join.lead, source: join.start });
    }
    for (const literal of this.#bases.formatted()) {
      if (this.#inComment(literal.start)) continue;
      this.urlText(literal.text, [{ virtual: 0, source: literal.start }], false, literal.start, literal);
    }
    for (const use of this.#bases.uses(this.helpers)) {
      if (this.#inComment(use.start)) continue;
      const hit = this.urlText(use.text, [{ virtual: 0, source: use.start }], false, use.start, use);
      if (hit)
        hit.method = {
          method: use.method,
          start: use.methodStart,
          end: use.methodStart + use.methodText.length,
          text: use.methodText,
        };
      if (hit) hit.methodDistance = 0;
    }
  }

  /**
   * A literal a request call sends with the method written just before it (`NewRequest("GET",
   * "team-projects", …)`): short relative paths count there. Returns where scanning resumes.
   */
  private sentLiteral(at: number, open: number): number {
    const place = this.#places.at(at);
    if (place.inComment || place.stringStart !== -1) return open;
    const close = closingQuote(this.text, this.profile, open + 1, this.text.charCodeAt(open));
    return close === -1 ? open : this.literalChain(open, close, true);
  }

  /**
   * A variable a request call sends with its method (`NewRequest("GET", u, options)`): the literal last
   * assigned to it within SENT_LINES lines before (`u := "github-app/installations"`) counts as sent,
   * so a short relative path is read there too; its method comes from that call (`sendingCalls`).
   */
  private sentVariable(at: number, after: number): void {
    const { text, lines } = this;
    if (this.#inComment(at)) return;
    const name = SENT_NAME.exec(text.slice(at, after))?.[1];
    if (!name) return;
    const line = lines.lineOf(at);
    // Each line's answer for a name is read once a text: each call of a long line of them read the same lines before
    // it again, time per line growing with the square of its calls (2 s for 800 KB of such lines).
    const byLine = lines.memo(SENT_ASSIGNMENTS, () => new Map<string, Map<number, number>>());
    let answers = byLine.get(name);
    if (answers === undefined) byLine.set(name, (answers = new Map<number, number>()));
    for (let l = line - 1; l >= Math.max(0, line - SENT_LINES); l--) {
      let open = answers.get(l);
      if (open === undefined) answers.set(l, (open = assignedLiteralOn(text, lines, name, l)));
      if (open === -1) continue;
      // Read already as a URL (a full path needs no call), or in a comment: nothing more to do.
      if (this.#inComment(open) || this.#hits.urls.some((u) => u.start === open + 1)) return;
      const close = closingQuote(text, this.profile, open + 1, text.charCodeAt(open));
      if (close !== -1) this.literalChain(open, close, true);
      return;
    }
  }

  /** Adds a name hit found by another step (unquoted object keys). */
  addName(hit: NameHit): void {
    this.#hits.names.push(hit);
  }

  private quotedWord(open: number, after: number): void {
    const { text, profile } = this;
    // `\"enforcement-level\"`: JSON written inside a string literal.
    const end = text.charCodeAt(after - 2) === 92 ? after - 2 : after - 1;
    // A JSON request collection's own keys and values (a request's `name`, a header's) are the tool's.
    if (end === after - 1 && this.#collection?.json === true) return;
    const word = text.slice(open + 1, end);
    const info = this.lexicon.words.get(word);
    if (!info) return;
    const place = this.#places.at(open);
    if (place.inComment) return;
    // A single segment a request call sends (`api_request("runs", method="POST")`, `call(uri='organizations')`).
    if (this.index.hasRoot(word) && !this.#isChained(open + 1) && sentArgument(text, this.lines, open, end))
      this.literalChain(open, end, true);
    // HCL block labels (`variable "github_app_installation_id" {`) name things of the configuration.
    if (profile.blockKeys && isBlockLabel(text, after)) return;
    // Go: a key or value a logging call writes (`log.WithFields(log.Fields{"auto-destroy-at": …})`, `zap.String("name", …)`).
    if (this.#go && inGoLogCall(text, open, this.lines)) return;
    // `case 'fetching':` is a value, whatever follows it.
    const isCase = followsCase(text, open);
    const isKey =
      !isCase &&
      (keyFollows(text, profile, after) ||
        isAccessorKey(text, open, after - 1) ||
        isKeyMembership(text, after) ||
        inKeyList(text, open));
    // A message: the whole first argument of a print or log call (`print("enforcement-level")`, `echo "…"`).
    if (!isKey && isMessage(text, open)) return;
    // A value a message lists in its text: a word quoted inside a string of prose. (The place read above: nothing read
    // since moves the places' walk.)
    const outer = place.stringStart;
    if (!isKey && outer !== -1 && outer !== open && inProse(text, outer, open)) return;
    // A key a print or log call writes (`logger.info("…", extra={"auto-destroy-at": …})`): the log line's, no payload's.
    // (Go's are read above.)
    if (
      isKey &&
      !this.#go &&
      (this.#prints ??= mayPrint(text)) &&
      keyFollows(text, profile, after) &&
      inPrintCall(text, open)
    )
      return;
    // A URL's segments listed apart (a Postman request's `"path": ["api", "v2", "projects", "{{ID}}", "tag-bindings"]`).
    if (!isKey && inSegmentList(text, open)) return;
    const keyOf = isKey ? '' : keyBefore(text, profile, open) || comparedKey(text, open) || typeArgument(text, open);
    this.known(info, open + 1, end, isKey, keyOf, !isKey && comparison(text, open));
  }

  /** A distinct status value inside a comma-separated string: `"planned_and_saved,applied"`. */
  private stringListItem(at: number, after: number): void {
    const info = this.lexicon.words.get(this.text.slice(at + 1, after));
    const place = this.#places.at(at);
    if (!info || place.inComment || (this.text.charCodeAt(at) === 44 && place.stringStart === -1)) return;
    this.known(info, at + 1, after, false, '');
    this.listSiblings(this.#places.at(at + 1).stringStart);
  }

  /**
   * The other items of a comma-separated string that holds a distinct status value (`"pending,fetching,pre_plan_running"`,
   * a run filter's list): each status value of several resources there is a name hit too, once per string. It counts
   * only beside a distinct value of the same resource in the same list (`listedWithDistinct`), never alone.
   */
  private listSiblings(open: number): void {
    const { text } = this;
    if (open === -1 || this.#listStrings?.has(open) === true) return;
    (this.#listStrings ??= new Set()).add(open);
    const close = closingQuote(text, this.profile, open + 1, text.charCodeAt(open));
    if (close === -1 || close - open > MAX_LIST_STRING) return;
    for (let from = open + 1, i = from; i <= close; i++) {
      if (i < close && text.charCodeAt(i) !== 44) continue;
      const info = i > from ? this.lexicon.words.get(text.slice(from, i)) : undefined;
      if (
        info &&
        info.candidates.some((c) => c.subject.type === 'status') &&
        !info.candidates.some((c) => c.rule === 'distinct')
      )
        this.known(info, from, i, false, '');
      from = i + 1;
    }
  }

  /** An unquoted key in YAML/HCL-like text, and in YAML its unquoted value. */
  private bareKey(start: number, end: number): void {
    const { text, profile } = this;
    const place = this.#places.at(start);
    if (place.inComment || place.stringStart !== -1) return;
    if (!keyFollows(text, profile, end)) {
      if (profile.listValues && isListItem(text, start)) {
        const info = this.lexicon.words.get(text.slice(start, end));
        if (info) this.known(info, start, end, false, '');
      }
      return;
    }
    // A YAML (or INI) key starts its line, a list item or a flow mapping's entry: `if name:` in a script block is none.
    if (profile.bareValues && !keyPlace(text, start)) return;
    const key = text.slice(start, end);
    const info = this.lexicon.words.get(key);
    if (info) this.known(info, start, end, true, '');
    if (!profile.bareValues) return;
    let v = end;
    while (text.charCodeAt(v) === 32 || text.charCodeAt(v) === 9) v++;
    v++; // the `:` or `=` that keyFollows saw
    while (text.charCodeAt(v) === 32 || text.charCodeAt(v) === 9) v++;
    let e = v;
    while (isWordChar(text.charCodeAt(e))) e++;
    const value = e > v ? this.lexicon.words.get(text.slice(v, e)) : undefined;
    if (value) this.known(value, v, e, false, key);
  }

  private known(info: LexInfo, start: number, end: number, isKey: boolean, keyOf: string, compared = false): void {
    // A relationship's other spelling in the history (`current_configuration_version`, `locked_by`) is its `include`
    // value (what changed is that it can be included); a `relationships` object's key in a document (a recorded
    // answer's `"current-configuration-version": {"data": …}` in a string) is the relationship itself, no use of that
    // include. (A JSON file's `"locked-by"` relationship stays the recall corpus's locked_by.)
    if (
      isKey &&
      info.candidates.some((c) => c.variant) &&
      this.#insideLiteral(start) &&
      relationshipKey(this.text, start)
    )
      info = { ...info, candidates: info.candidates.filter((c) => !c.variant) };
    const line = this.lines.lineOf(start);
    if (info.evidence) this.evidence(start, line, info.evidence, 'token');
    const isType = info.resourceType && isTypeKey(keyOf);
    // A relationship's type names the target of a reference: no note of its own, no evidence of the payload's type.
    if (
      isType &&
      (this.#relationships ??= new Relationships(this.text, this.lines, this.profile.bareValues)).has(start)
    )
      return;
    // So does the type of an identifier in a to-many linkage list (`"data": [{"type": "workspaces", "id": ws}]`).
    if (isType && inLinkageList(this.text, start)) return;
    // And of a to-one linkage wherever its relationship object is written (`"project": {"data": {"type": …, "id": …}}`).
    if (isType && inToOneLinkage(this.text, start)) return;
    // A type declared as a union of values (`type: "workspaces" | "providers"`, a tool's parameter): no one resource's.
    if (isType && unionMember(this.text, end)) return;
    if (isType) this.evidence(start, line, [info.text], 'type');
    if (isType && compared && !ownWord(info.text)) this.#unprovenTypes.push(start);
    if (info.candidates.length > 0)
      this.addName({ start, end, line, info, isKey, keyOf, via: isType ? 'type' : 'name' });
  }

  /**
   * A type compared to a value (`select(.type == "workspaces")`, `if (p['type'] == 'projects')`) is a filter any
   * JSON:API document (or any JSON with a `type` member) is read with, and a Go JSON:API library's model of a
   * plain-word type (`jsonapi:"primary,projects"`) that the text serves is any JSON:API service's: such a type names this API's resource only
   * in a text that sends a request of this API or names it (`namesThisApi`). Elsewhere it is no type and no evidence.
   */
  private dropUnprovenTypes(placeOf: (offset: number) => PlaceKind): void {
    const starts = new Set(this.#unprovenTypes);
    if (starts.size === 0 || this.#hits.urls.length > 0 || this.namesThisApi(placeOf)) return;
    const names = this.#hits.names.filter((n) => n.via !== 'type' || !starts.has(n.start));
    const evidence = this.#hits.evidence.filter((e) => e.kind !== 'type' || !starts.has(e.offset));
    this.#hits.names.splice(0, this.#hits.names.length, ...names);
    this.#hits.evidence.splice(0, this.#hits.evidence.length, ...evidence);
  }

  /** Go struct tags carry wire names: `jsonapi:"attr,plan-timeout,omitempty"`, `jsonapi:"primary,varsets"`, `json:"stage"`. */
  private structTag(at: number, valueStart: number): void {
    if (this.#inComment(valueStart)) return;
    const close = this.text.indexOf('"', valueStart);
    if (close === -1 || close - valueStart > 200) return;
    // `jsonapi:"` (the pattern's finds are `jsonapi:"`, `json:"` and `url:"`).
    const jsonapi = this.text.charCodeAt(at + 4) === 97;
    // A Kubernetes API type's `json:"…"` fields are its custom resource's schema (`Outputs []*OutputStatus
    // `json:"outputs"`` of a Workspace kind), not this API's wire names, however alike.
    if (!jsonapi && (this.#kubeTypes ??= declaresKubeTypes(this.text, this.lines.markers))) return;
    const field = tagField(this.text, valueStart, close, jsonapi);
    if (field) {
      const info = this.lexicon.words.get(field.name);
      // A struct of a type the history does not know (`jsonapi:"primary,registry-providers"`) still
      // says whose fields these are: no other resource's attribute is meant in it.
      if (field.primary && !info?.resourceType)
        this.evidence(field.start, this.lines.lineOf(field.start), [field.name], 'type');
      if (!info) return;
      const start = field.start;
      const line = this.lines.lineOf(start);
      if (info.evidence) this.evidence(start, line, info.evidence, 'token');
      if (field.primary && info.resourceType) this.evidence(start, line, [info.text], 'type');
      // A JSON:API library's model of a plain-word type (`jsonapi:"primary,projects"`: google/jsonapi is any Go
      // JSON:API service's) in a text that serves its models (`jsonapi.MarshalPayload(w, p)` to a response writer) is
      // this API's only in a text of it; a type only it has (`task-results`) says so itself. A client's models file
      // (its requests in another file) keeps its types.
      if (
        field.primary &&
        info.resourceType &&
        !ownWord(field.name) &&
        (this.#servesModels ??= servesModels(this.text))
      )
        this.#unprovenTypes.push(start);
      if (info.candidates.length > 0)
        this.addName({
          start,
          end: start + field.name.length,
          line,
          info,
          isKey: true,
          keyOf: '',
          via: field.primary ? 'type' : 'name',
          tag: true,
        });
    }
  }

  /** A path found at `at`: reads the whole literal (and what is concatenated to it), or the bare URL. Returns where scanning resumes. */
  private pathAt(at: number): number {
    const { text, profile } = this;
    const place = this.#places.at(at);
    if (place.inComment) return at + 1;
    if (place.stringStart !== -1) {
      const literal = this.#literal;
      if (literal.start !== place.stringStart || at < literal.walked) {
        const close = closingQuote(text, profile, place.stringStart + 1, place.quote);
        this.#literal = { start: place.stringStart, close, walked: place.stringStart + 1, count: 0, open: -1 };
      }
      const close = this.#literal.close;
      if (close !== -1 && this.#formatted?.has(place.stringStart + 1) === true) return close + 1;
      // A string holding a curl command (`sh "curl -s https://…/runs"`, `command = "curl -X POST … ${url}/runs"`):
      // its URL is a word of the command, read as an unquoted one up to the string's end.
      // A string shown, not run (`echo "curl -s … https://…"`, a hint printed), holds no request.
      if (
        close !== -1 &&
        curlString(text, place.stringStart + 1, Math.min(at, place.stringStart + 12)) &&
        !shownString(text, this.lines, at, place.stringStart)
      ) {
        const start = Math.max(bareWordStart(text, at), place.stringStart + 1);
        const end = Math.min(bareWordEnd(text, at), close);
        // The URL runs to the string's end and the string is joined to more (`sh "curl …/runs/" + id + "/apply"`,
        // Groovy's `'''…/workspaces/''' + ws + '''/vars'''`): the URL is the chain, from the word's start.
        if (end === close && joinAfter(text, close + 1, false, profile.dotConcatenation === true))
          return this.literalChain(place.stringStart, close, false, undefined, start);
        let stop = end;
        while (stop > start && '.:>'.includes(text.charAt(stop - 1))) stop--;
        this.urlText(text.slice(start, stop), [{ virtual: 0, source: start }], true, start);
        return end;
      }
      if (close === -1) return at + 1;
      // JSON written inside a string (a collection's saved answer, a body: `"{\n \"api-url\": \"https://…\", …}"`),
      // a script's quoted URL (`command: "…curl \"$BASE/v2/…\"…"`): the path is its escaped string's, and what
      // follows it is still read. (Not in a message shown: `echo "curl … \"https://…\""` is a hint.)
      // JSON written inside a single-quoted string (a VCR cassette's recorded body, `string: '{"data": …}'`, a shell's
      // or Python's `'{"links": …}'`) holds plain `"…"` strings: read alike, when the literal's text is JSON.
      this.#escapes ??= text.includes('\\"');
      const plain = place.quote === 39 && this.#jsonLiteral(place.stringStart, close);
      const inner = plain || this.#escapes ? escapedString(text, this.#literal, at, close, plain ? 0 : 92) : undefined;
      if (
        inner !== undefined &&
        !shownString(text, this.lines, at, place.stringStart) &&
        this.escapedUrl(place.stringStart, close, inner[0], plain)
      ) {
        if (!inAnswer(this.#collection, at))
          this.urlText(text.slice(inner[0], inner[1]), [{ virtual: 0, source: inner[0] }], true, inner[0]);
        return inner[1];
      }
      // A literal a base is joined before through a name (`URL + org + "/workspaces"`) says nothing alone: it is read
      // with that base in front, as `baseUses` reads it. (Joined at once, `base + '/runs'`, it is read as written.)
      const join = profile.baseUrls ? this.#joinedBefore(place.stringStart) : undefined;
      if (join) return this.literalChain(place.stringStart, close, false, { text: join.lead, source: join.start });
      // A literal joined after two pieces that are no literals (`URL + organization + "/workspaces/" + name`): the
      // piece before it is a segment of a longer path whose start the text does not show; no path of its own.
      if (joinedAfterPieces(text, this.lines, place.stringStart)) return close + 1;
      return this.literalChain(place.stringStart, close);
    }
    // A curl command written in another language's text outside its strings (a Terraform heredoc's `curl -X DELETE \`
    // then the URL on a line of its own) has its URL as a bare word, as a shell script has.
    if (!profile.barePaths && !(this.lines.markers.has('curl') && embeddedCurlMethod(text, this.lines, at)))
      return at + 1;
    const start = bareWordStart(text, at);
    let end = bareWordEnd(text, at);
    // A program's string the scan did not see open (a Jenkinsfile's `sh '''⏎ curl …/workspaces/''' + ws + '''/vars`)
    // ends at the word's quote, and joined to more it is one URL with them: the chain, from the word's start.
    const q = text.charCodeAt(end);
    if (
      !profile.commands &&
      (q === 39 || q === 34) &&
      joinAfter(text, end + 1, profile.adjacentLiterals === true, profile.dotConcatenation === true)
    )
      return this.literalChain(start - 1, end, false, undefined, start);
    // A shell word goes on through quoted expansions and command substitutions joined to it:
    // `https://"$HOST"/api/v2/organizations/"$ORG"/workspaces/"$w"`, `…/workspaces/$(_jq)/runs`.
    // (A CI file's command too: Azure Pipelines' macros are `$(ORG)`.)
    const holes = profile.commands ? shellWordHoles(text, end) : [];
    if (holes.length > 0) {
      let virtual = '';
      const map: UrlPart[] = [];
      let from = start;
      for (const hole of holes) {
        map.push({ virtual: virtual.length, source: from });
        virtual += `${text.slice(from, hole.start)}{}`;
        from = hole.end;
      }
      end = holes[holes.length - 1]!.after;
      let stop = end;
      while (stop > from && '.:>'.includes(text.charAt(stop - 1))) stop--;
      map.push({ virtual: virtual.length, source: from });
      virtual += text.slice(from, stop);
      this.urlText(virtual, map, false, start);
      return end;
    }
    let stop = end;
    while (stop > start && '.:>'.includes(text.charAt(stop - 1))) stop--;
    this.urlText(text.slice(start, stop), [{ virtual: 0, source: start }], true, start);
    return end;
  }

  /**
   * Whether the escaped string opening at `inner` (its text's start) in the literal from `open` to `close` is a URL
   * of its own: a value of JSON written in the literal (its text opens with `{` or `[`, the value after `\": `, `[` or
   * `,`), or a word of a command the literal runs (`curl`/`wget` before it). In prose (a description, a help text, an
   * error message: `"set TFE_URL to \"https://…/api/v2/runs\" or …"`) a quoted URL is shown, not sent.
   */
  private escapedUrl(open: number, close: number, inner: number, plain = false): boolean {
    const literal = this.#literal;
    if (literal.command === undefined) {
      this.#jsonLiteral(open, close);
      const command = this.text.slice(open + 1, close).search(URL_COMMAND);
      literal.command = command === -1 ? close : open + 1 + command;
    }
    if (literal.command < inner) return true;
    // The character before the inner string's `\"`, blanks and escaped line breaks skipped: a JSON value's `:`, `[`
    // or `,` in a literal of JSON; in any literal, a call's `(` or an assignment's `=` (code written in a string: a
    // notebook cell's `requests.post(\"…\")`, a generated script). Prose quotes a URL after a word.
    const json = literal.json === true;
    let i = inner - (plain ? 2 : 3);
    for (;;) {
      const c = this.text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i--;
      else if ((c === 110 || c === 116 || c === 114) && this.text.charCodeAt(i - 1) === 92) i -= 2;
      else return c === 40 || c === 61 || (json && (c === 58 || c === 91 || c === 44));
    }
  }

  /** A format call's literal read with the values its placeholders take (`format-args.ts`, `formatBases`). */
  #formattedLiteral(literal: FormattedLiteral): void {
    if (this.#inComment(literal.start)) return;
    (this.#formatted ??= new Set()).add(literal.start);
    this.urlText(literal.text, literal.parts, false, literal.start, literal);
  }

  /**
   * Whether a line comment holds `offset`. Most lines hold no `/` nor `#` before a find (a Go struct tag's, a call's
   * argument): then none can, and the places are not walked to it (`noCommentOpener`).
   */
  #inComment(offset: number): boolean {
    return !noCommentOpener(this.text, offset) && this.#places.at(offset).inComment;
  }

  /** Whether `literalChain` read the literal whose text starts at `start` already. */
  #isChained(start: number): boolean {
    return this.#chained !== undefined && this.#chained.has(start);
  }

  /** Whether `at` is inside a string literal that opens before it (JSON written in a string), not a key's own quotes. */
  #insideLiteral(at: number): boolean {
    const open = this.#places.at(at).stringStart;
    return open !== -1 && open < at - 2;
  }

  /** Whether the literal from `open` to `close` (the last path's, `#literal`) is JSON: its text opens with `{` or `[`. */
  #jsonLiteral(open: number, close: number): boolean {
    const literal = this.#literal;
    if (literal.json === undefined) {
      let i = open + 1;
      while (i < close && blankOrEscape(this.text, i)) i += this.text.charCodeAt(i) === 92 ? 2 : 1;
      const first = this.text.charCodeAt(i);
      literal.json = first === 123 || first === 91;
    }
    return literal.json;
  }

  /** A literal from `open` to `close` (quote offsets) plus the literals joined to it with `+`. */
  private literalChain(
    open: number,
    close: number,
    sent = false,
    lead?: { readonly text: string; readonly source: number },
    first = open + 1,
  ): number {
    const { text, profile } = this;
    (this.#chained ??= new Set()).add(open + 1);
    // `@GetMapping("/workspaces/{id}/varsets")`: the file's own server route, no request of this API; a route under a
    // router whose prefix makes it `/api/v2/…` (`v2 := r.Group("/api/v2")`, `v2.GET(`) is this API's endpoint.
    const route = lead || sent ? undefined : routeReading(text, open, close, this.routes, this.lines);
    if (route) {
      if (!route.own) this.servedRoute(route, open + 1, close);
      return close + 1;
    }
    const joined = lead ? undefined : joinCallArguments(text, open, close, this.#closingQuote);
    if (joined) return this.joinedPieces(open, close, joined, sent);
    const parts = [{ start: first, end: close }];
    // A shell word quoted inside the literal, at its start (`'"https://…/api/v2/runs"'`, `f'"https://…/{pid}" -X
    // DELETE'`: a piece of a curl command): its quotes are the command's, the URL is the word between them.
    const q = text.charCodeAt(first);
    const inner = !lead && (q === 34 || q === 39) ? text.indexOf(q === 34 ? '"' : "'", first + 1) : -1;
    if (inner > first + 1 && inner < close) parts[0] = { start: first + 1, end: inner };
    const holes: boolean[] = [];
    let after = close + 1;
    const adjacent = profile.adjacentLiterals === true;
    const dot = profile.dotConcatenation === true;
    // A shell word's quoted pieces side by side (`"…/workspaces/"$WS"/vars"`): a command's, not a program's.
    const word = profile.commands;
    for (
      let join = joinAfter(text, after, adjacent, dot, word);
      join;
      join = joinAfter(text, after, adjacent, dot, word)
    ) {
      const quote = text.charCodeAt(join.next);
      const end = !isQuote(profile, quote)
        ? -1
        : tripleOpened(text, join.next)
          ? tripleClose(text, join.next + 1, quote)
          : closingQuote(text, profile, join.next + 1, quote);
      const last = parts[parts.length - 1];
      if (
        end === -1 ||
        !last ||
        !(text.charCodeAt(last.end - 1) === 47 || text.slice(join.next + 1, end).includes('/'))
      )
        break;
      parts.push({ start: join.next + 1, end });
      holes.push(join.expression);
      after = end + 1;
    }
    // A base joined before the first literal (`self.url + '/' + name`) is its placeholder, read at the base's name.
    let virtual = lead?.text ?? '';
    const map: { virtual: number; source: number }[] = lead ? [{ virtual: 0, source: lead.source }] : [];
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k]!;
      map.push({ virtual: virtual.length, source: part.start });
      virtual += text.slice(part.start, part.end);
      if (holes[k] === true) virtual += '{}';
    }
    const trailing = virtual.endsWith('/') && trailingExpression(text, after, dot);
    if (trailing) virtual += '{}';
    this.urlText(virtual, map, parts.length === 1 && !trailing && !lead, lead?.source ?? open + 1, undefined, sent);
    return after;
  }

  /**
   * A route of a server implementing this API: the router's prefix and the literal read as one path, its method the
   * registration's (none when it names none: only a path that decides is read).
   */
  private servedRoute(route: ServedRoute, start: number, end: number): void {
    const { text } = this;
    let from = start;
    while (from < end && (text.charCodeAt(from) === 47 || text.charCodeAt(from) === 126)) from++;
    const parts = [
      { virtual: 0, source: start },
      { virtual: route.prefix.length, source: from },
    ];
    const hit = this.urlText(route.prefix + text.slice(from, end), parts, false, start);
    if (!hit) return;
    if (route.method) hit.method = route.method;
    hit.methodDistance = -1;
    if (route.more) hit.sends = route.more;
    (this.#served ??= []).push(hit);
  }

  /** A join call's pieces read as one URL: the first literal, then each piece after a `/` (an expression a placeholder). */
  private joinedPieces(
    open: number,
    close: number,
    joined: NonNullable<ReturnType<typeof joinCallArguments>>,
    sent: boolean,
  ): number {
    const { text } = this;
    const map: UrlPart[] = [{ virtual: 0, source: open + 1 }];
    let virtual = text.slice(open + 1, close);
    for (const piece of joined.pieces) {
      if (!virtual.endsWith('/')) virtual += '/';
      if (piece === 'hole') {
        virtual += '{}';
        continue;
      }
      let start = piece.start;
      while (text.charCodeAt(start) === 47 && start < piece.end) start++;
      (this.#chained ??= new Set()).add(piece.start);
      map.push({ virtual: virtual.length, source: start });
      virtual += text.slice(start, piece.end);
    }
    // The match is the whole call, on the call's line (a call written over several lines).
    this.urlText(virtual, map, false, joined.call, { start: joined.call, end: joined.end + 1 }, sent);
    return joined.end;
  }

  /** `normalizeUrl(text, relative)`, read once per text and flag in a scan (`#readings`). */
  private normalized(text: string, relative: boolean): NormalizedUrl | undefined {
    const readings = (this.#readings ??= [
      new Map<string, NormalizedUrl | undefined>(),
      new Map<string, NormalizedUrl | undefined>(),
    ])[relative ? 1 : 0];
    let url = readings.get(text);
    if (url === undefined && !readings.has(text)) readings.set(text, (url = normalizeUrl(text, relative)));
    return url;
  }

  private rooted(url: ReturnType<typeof normalizeUrl>): url is NonNullable<typeof url> {
    const first = url?.segments[0];
    return first !== undefined && !first.placeholder && this.index.hasRoot(first.text);
  }

  /**
   * A URL text (literal parts joined) matched against the templates. A leading base placeholder
   * (`{self._ws_url}/{id}/runs`) is first replaced by that base's own text; `span` fixes the hit's
   * source range (a base passed whole by its name).
   */
  private urlText(
    raw: string,
    rawParts: readonly UrlPart[],
    rawSingle: boolean,
    origin: number,
    span?: { readonly start: number; readonly end: number },
    relative = false,
  ): UrlHit | undefined {
    // A request of another API's (a collection's, a request file's): its path is that API's.
    if (this.#foreign.length > 0 && this.#foreign.some(([from, to]) => origin >= from && origin < to)) return undefined;
    // A cassette's recorded request to another host (`uri: https://awx.example.com/api/v2/projects/7/`).
    if (
      raw.startsWith('http') &&
      (this.#cassette ??= isCassette(this.text)) &&
      foreignCassetteUri(this.text, origin, raw)
    )
      return undefined;
    // A path written from the API version on (`v2/projects/…`) is this API's only under its `/api/` base (`versionRootBase`).
    if (raw.startsWith('v2/') && !(this.#versionRoot ??= versionRootBase(this.text))) return undefined;
    let text = raw;
    let parts = rawParts;
    let single = rawSingle;
    // A leading placeholder that is a known base is read as that base: `{self._ws_url}/{id}/tasks/{tid}`
    // is `/workspaces/{id}/tasks/{tid}`, not `/tasks/{tid}` (what the text alone would say). When the
    // expanded text names no API path, the text alone is read.
    let expanded =
      this.profile.baseUrls && (raw.charCodeAt(0) === 123 || raw.charCodeAt(0) === 36)
        ? this.#bases.expand(raw, rawParts[0]?.source ?? origin)
        : undefined;
    // A base of the file that is another API's (`HOST = "https://api.github.com"`): its paths are that API's.
    if (expanded !== undefined && apiAddress(expanded.text, (this.#ownHosts ??= ownHosts(this.text))) === 'other')
      return undefined;
    // A base of the file (even the API root, read as the text alone below) is no unknown base.
    const ownBase = expanded !== undefined;
    // What says where the path starts: the base's value, or the text itself.
    const rootText = expanded?.text ?? raw;
    // Both readings are kept: the one chosen below is not normalised again.
    let wide: ReturnType<typeof normalizeUrl>;
    let plain: ReturnType<typeof normalizeUrl>;
    if (expanded) {
      wide = this.normalized(expanded.text, relative);
      plain = this.normalized(raw, relative);
      // A base that adds no path segment (the API root: `${base}/registry-modules`) changes nothing,
      // and the text alone keeps the path's source offsets, which a quick fix rewrites in place.
      const same = this.rooted(plain) && plain.segments.length === wide?.segments.length;
      // A base that is another API's path (`RM = "/resource-manager/2019-12-10"` read in `{self.RM}/projects/{id}`):
      // a literal first segment this API has no root for, no `/api/v2` in it: the path under it is that API's.
      if (!same && wide !== undefined && wide.base === undefined && otherPathBase(wide, (w) => this.index.hasRoot(w)))
        return undefined;
      if (same || !this.rooted(wide)) expanded = undefined;
    }
    if (expanded) {
      const placeholder = expanded.placeholder;
      const first = rawParts[0]?.source ?? origin;
      text = expanded.text;
      parts = [
        { virtual: 0, source: first },
        { virtual: placeholder + expanded.added, source: first + placeholder },
        ...rawParts.slice(1).map((p) => ({ virtual: p.virtual + expanded.added, source: p.source })),
      ];
      single = false;
    }
    const read = expanded ? wide : ownBase ? plain : this.normalized(text, relative);
    const url = ownBase && read?.base !== undefined ? withoutBase(read) : read;
    if (!url || !this.rooted(url)) return undefined;
    // A base read as the host and `/api` (`$TF_API_BASE/v2/organizations/…`): many APIs put their version right after
    // the host (`${DO_API}/v2/projects/{id}`, `$BUILDKITE_API/v2/organizations/…`), so the base's name or the file
    // must say it is this API's.
    if (url.base?.endsWith('/v2') === true && !namesOwnBase(url.base) && !(this.#showsApi ??= showsThisApi(this.text)))
      return undefined;
    // A base named for another API (`${CI_API_V4_URL}/projects/…`, GitLab's; `{GITHUB_API_URL}/orgs/…`): its paths.
    if (url.base !== undefined && namesOtherBase(url.base)) return undefined;
    const query = url.query.length === 0 ? undefined : new Map(url.query.map((p) => [p.key, p.value]));
    let candidates = this.index.matchSegments(url.segments, query);
    // On an unknown base, the path may be the tail of a longer one (`{globals.BASE_URL}/oauth-clients`).
    const tails = url.base === undefined ? NO_TAILS : tailFits(this.index, url.segments, query);
    const tailOnly = candidates.length === 0 && tails.some((t) => t.candidates.length > 0);
    if (tailOnly) candidates = tailCandidates(tails);
    const best = candidates[0];
    const located = { parts };
    if (!best) {
      this.queryKeysAlone(url, located);
      return undefined;
    }
    const start = span?.start ?? Math.max(origin, sourceOffset(located, url.urlStart));
    const line = this.lines.lineOf(origin);
    let end = span?.end ?? sourceOffset(located, url.pathEnd - 1) + 1;
    // A path that ends inside the base's own text (`"${_base_url}"` alone) ends with the placeholder in the source.
    if (expanded && span === undefined && url.pathEnd <= expanded.placeholder + expanded.added)
      end = Math.min(end, (rawParts[0]?.source ?? origin) + expanded.placeholder);
    // The optional fields assigned, not spread in (a spread of `{}` takes a slow generic copy).
    const hit: { -readonly [K in keyof UrlHit]: UrlHit[K] } = {
      start,
      end,
      line,
      url,
      parts,
      single: single && !tailOnly,
      candidates,
    };
    if (tails.length > 0) hit.tails = tails;
    if (tailOnly) hit.tailOnly = true;
    if (apiAddress(rootText, (this.#ownHosts ??= ownHosts(this.text))) !== 'own') hit.unrooted = true;
    if (url.method)
      hit.method = {
        method: url.method.method,
        start: sourceOffset(located, url.method.start),
        end: sourceOffset(located, url.method.end - 1) + 1,
        text: url.method.method,
      };
    this.#hits.urls.push(hit);
    this.evidence(
      start,
      line,
      candidates.length === 1 || candidates[1]?.literals !== best.literals
        ? best.resources
        : sameScoreResources(candidates),
      'path',
    );
    return hit;
  }

  /**
   * The query keys of an API URL no template has (`/workspaces/${id}/runs?page%5Bsize%5D=1`): only a
   * key that counts wherever it is written (the pagination keys) is kept, as a name hit.
   */
  private queryKeysAlone(
    url: NonNullable<ReturnType<typeof normalizeUrl>>,
    located: { parts: readonly UrlPart[] },
  ): void {
    for (const pair of url.query) {
      const info = this.lexicon.words.get(pair.key);
      if (!info?.candidates.some((c) => c.rule === 'parameter' && c.subject.path === '*')) continue;
      const start = sourceOffset(located, pair.keyStart);
      const end = sourceOffset(located, pair.keyEnd - 1) + 1;
      this.addName({ start, end, line: this.lines.lineOf(start), info, isKey: true, keyOf: '', via: 'name' });
    }
  }

  private evidence(offset: number, line: number, resources: readonly string[], kind: Evidence['kind']): void {
    const item: Evidence = { offset, line, resources, kind };
    this.#hits.evidence.push(item);
  }
}

/**
 * Whether `text.slice(from, to)` holds `word` (`includes`), asked of the text without cutting the slice out. The
 * search runs on past `to` when the word is not there: for a word the text holds soon after (`sentVariable`'s name,
 * sent a few lines below).
 */
function holdsWithin(text: string, word: string, from: number, to: number): boolean {
  const at = text.indexOf(word, from);
  return at !== -1 && at + word.length <= to;
}

/** Whether the character `code` is in `text` from `from` to `to` (a line: a walk of its characters). */
function holdsCode(text: string, code: number, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === code) return true;
  return false;
}

/** How far back `noCommentOpener` looks for its line's start. */
const COMMENT_OPENER_REACH = 300;

/**
 * Whether nothing from the start of the line that holds `offset` up to it may open a line comment: no `/` and no `#`
 * (where `LinePlaces` starts every comment it reads). Undecided (false) when the line starts more than
 * COMMENT_OPENER_REACH characters before.
 */
function noCommentOpener(text: string, offset: number): boolean {
  const stop = Math.max(-1, offset - COMMENT_OPENER_REACH);
  for (let i = offset - 1; i > stop; i--) {
    const c = text.charCodeAt(i);
    if (c === 10) return true;
    if (c === 47 || c === 35) return false;
  }
  return stop === -1;
}

/**
 * Whether `items` are in order of `key` already: most texts' hits are found in the text's order, and a stable sort
 * of a list in order leaves it as it is (the sort's own copy and comparisons spared).
 */
function inOrder<T>(items: readonly T[], key: (item: T) => number): boolean {
  for (let k = 1; k < items.length; k++) if (key(items[k - 1]!) > key(items[k]!)) return false;
  return true;
}

const urlStart = (hit: UrlHit): number => hit.start;
const byUrlStart = (a: UrlHit, b: UrlHit): number => a.start - b.start;
const evidenceOffset = (item: Evidence): number => item.offset;
const byEvidenceOffset = (a: Evidence, b: Evidence): number => a.offset - b.offset;

/** No tail fits (`tailFits` is asked only on an unknown base): one empty list, never written to. */
const NO_TAILS: readonly TailFit[] = [];

/** The quote at `at` is the last of a triple quote (`'''`, `"""`) that opens a string. */
function tripleOpened(text: string, at: number): boolean {
  const q = text.charCodeAt(at);
  return text.charCodeAt(at - 1) === q && text.charCodeAt(at - 2) === q;
}

/** The first quote of the triple quote (quote `q`) that closes a triple-quoted string from `from` (lines and all), or -1. */
function tripleClose(text: string, from: number, q: number): number {
  const close = text.indexOf(String.fromCharCode(q, q, q), from);
  return close === -1 || close - from > MAX_TRIPLE_PIECE ? -1 : close;
}

/** The longest triple-quoted piece of a joined URL read (`'''/workspaces⏎ …'''` of a Jenkinsfile's `sh`). */
const MAX_TRIPLE_PIECE = 4_000;

/** The URL read without its base: the file says what the base holds. */
function withoutBase(url: NormalizedUrl): NormalizedUrl {
  const { base: _base, ...rest } = url;
  return rest;
}

/**
 * A key that holds a JSON:API type: `type`, or a name for one (`resource_type`, `request_type`,
 * `resourceType`): `create_api_payload(resource_type="projects", …)`, `request_type: "runs".to_string()`.
 */
function isTypeKey(key: string): boolean {
  return key === 'type' || key === 'Type' || (key.length > 5 && (key.endsWith('_type') || key.endsWith('Type')));
}

/** A keyword argument or assignment naming a type before a literal: `resource_type="projects"` (not `==`). */
function typeArgument(text: string, open: number): string {
  let i = open - 1;
  while (text.charCodeAt(i) === 32) i--;
  if (text.charCodeAt(i) !== 61 || text.charCodeAt(i - 1) === 61 || text.charCodeAt(i - 1) === 33) return '';
  i--;
  while (text.charCodeAt(i) === 32) i--;
  const end = i + 1;
  while (i >= 0 && isWordChar(text.charCodeAt(i)) && end - i < 40) i--;
  const key = text.slice(i + 1, end);
  if (key === 'name' && subtypeName(text, i + 1)) return 'type';
  return isTypeKey(key) ? key : '';
}

/**
 * Java: the `name` of Jackson's `@JsonSubTypes.Type(value = WorkspaceData.class, name = "workspaces")` is the `type`
 * member's value a document of that class is read as (the annotation's `(` open before the key, on its line or just above).
 */
function subtypeName(text: string, key: number): boolean {
  // The last `Type(` at most 160 characters before the key, searched within them (a search back from each key to the
  // text's start where none was near made a file of many `name = "…"` keys quadratic: 2.5 s at 1.6 MB).
  const at = lastIndexWithin(text, 'Type(', key - 160, key);
  if (at === -1) return false;
  const before = text.charCodeAt(at - 1);
  if (before !== 64 && !(before === 46 && text.startsWith('JsonSubTypes', at - 13))) return false;
  return !text.slice(at + 5, key).includes(')');
}

/** After a closing quote: another label or `{` follows (`resource "tfe_team" "ops" {`). */
function isBlockLabel(text: string, after: number): boolean {
  let i = after;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  const c = text.charCodeAt(i);
  return c === 123 || c === 34;
}

/** Where a YAML key may start: after its line's indentation, a list item's `- `, or `{` / `,` of a flow mapping. */
function keyPlace(text: string, start: number): boolean {
  let i = start - 1;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  const c = text.charCodeAt(i);
  if (i < 0 || c === 10 || c === 13 || c === 123 || c === 44) return true;
  if (c !== 45) return false;
  i--;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 45) i--;
  return i < 0 || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13;
}

/** An unquoted YAML list item: `- value` at the start of its line, or inside `[ … ]` after `[` or `,`. */
function isListItem(text: string, start: number): boolean {
  let i = start - 1;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  const c = text.charCodeAt(i);
  if (c === 91 || c === 44) return true;
  if (c !== 45) return false;
  i--;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  return i < 0 || text.charCodeAt(i) === 10;
}

/** Go: the text writes a JSON:API library's payload to an HTTP response (`jsonapi.MarshalPayload(w, p)` in a handler). */
function servesModels(text: string): boolean {
  return text.includes('jsonapi.Marshal') && (text.includes('http.ResponseWriter') || text.includes('c.Writer'));
}

/** Whether the quoted word opening at `open` is compared (`== "x"`, `!= 'x'`, `=== "x"`), not assigned. */
function comparison(text: string, open: number): boolean {
  let i = open - 1;
  while (text.charCodeAt(i) === 32) i--;
  return text.charCodeAt(i) === 61 && (text.charCodeAt(i - 1) === 61 || text.charCodeAt(i - 1) === 33);
}

/**
 * The key a value is compared with or assigned to: `s["type"] == "task-stages"`,
 * `run.status === 'fetching'`, `res.Data.Type = "task-results"` (lower-cased: `type`). A plain
 * assignment counts only to a property (`.Type =`, `["type"] =`), not to a variable.
 */
function comparedKey(text: string, open: number): string {
  let i = open - 1;
  while (text.charCodeAt(i) === 32) i--;
  if (text.charCodeAt(i) !== 61) return '';
  const compared = comparison(text, open);
  i -= compared ? 2 : 1;
  while (text.charCodeAt(i) === 61) i--;
  while (text.charCodeAt(i) === 32) i--;
  let c = text.charCodeAt(i);
  if (!compared && c !== 93) {
    let s = i;
    while (s >= 0 && isWordChar(text.charCodeAt(s))) s--;
    if (text.charCodeAt(s) !== 46) return '';
  }
  if (c === 93) {
    // ["type"] or ['type']
    i--;
    c = text.charCodeAt(i);
    if (c !== 34 && c !== 39) return '';
    i--;
  }
  const end = i + 1;
  while (i >= 0 && isWordChar(text.charCodeAt(i))) i--;
  const key = text.slice(i + 1, end);
  return key.charAt(0).toLowerCase() + key.slice(1);
}

/**
 * The candidates of every tail fit, most literal segments first (a stable sort: the fits' order among equals). Plain
 * loops, not `flatMap`: V8's `flatMap` took several microseconds on these few short lists.
 */
function tailCandidates(tails: readonly TailFit[]): PathCandidate[] {
  const out: PathCandidate[] = [];
  for (const tail of tails) for (const candidate of tail.candidates) out.push(candidate);
  return out.length > 1 ? out.sort(byLiteralsDown) : out;
}

/** Most literal segments first. */
const byLiteralsDown = (a: PathCandidate, b: PathCandidate): number => b.literals - a.literals;

/** Resources of every candidate as specific as the first, each once, in order (a plain loop, as `tailCandidates`). */
function sameScoreResources(candidates: readonly PathCandidate[]): string[] {
  const best = candidates[0]?.literals;
  const out = new Set<string>();
  for (const candidate of candidates)
    if (candidate.literals === best) for (const resource of candidate.resources) out.add(resource);
  return [...out];
}

/**
 * Where an unquoted URL word that holds `at` starts: at a stop character or `=`, except inside a placeholder closed
 * before `at`, whose blanks belong to the word (`${{ inputs.base }}/api/v2/…`, `{{ host }}/api/v2/…`,
 * `<< parameters.host >>/api/v2/…`): placeholders.ts says where each starts and ends.
 */
function bareWordStart(text: string, at: number): number {
  let start = at;
  while (start > 0) {
    const c = text.charAt(start - 1);
    if (URL_STOP.has(c) || c === '=') {
      const open = placeholderAround(text, start - 1, at);
      if (open === -1) break;
      start = open;
      continue;
    }
    start--;
  }
  return start;
}

/**
 * The start of a placeholder on the line that holds offset `inside` and ends by `by` (`{{ host }}` around its blank), or
 * -1. A placeholder that runs past `by` holds the URL itself (`$(curl -s https://…)`): that is no piece of its word.
 */
function placeholderAround(text: string, inside: number, by: number): number {
  const limit = Math.max(0, inside - PLACEHOLDER_MAX);
  let found = -1;
  for (let p = inside - 1; p >= limit; p--) {
    const c = text.charCodeAt(p);
    if (c === 10 || c === 13) break;
    if (!opensPlaceholder(c) || substitutionOpens(text, p)) continue;
    const end = placeholderEnd(text, p);
    if (end > inside && end <= by) found = p;
  }
  return found;
}

/**
 * `$(` at `at`: a command substitution (or an Azure Pipelines macro) stays a stop of a bare word. Joined to the word
 * after it, shellWordHoles reads it; before it, a word that starts after it is what the shell's readers take for the URL.
 */
function substitutionOpens(text: string, at: number): boolean {
  return text.charCodeAt(at) === 36 && text.charCodeAt(at + 1) === 40;
}

/**
 * Where an unquoted URL word that holds `at` ends: at a stop character, except inside a placeholder (GitHub Actions'
 * and workflow engines' `${{ inputs.workspace_id }}`, Jinja's and Postman's `{{ var }}`, CircleCI's
 * `<< parameters.x >>`, ERB's `<%= @ws %>`), which is one path segment, never the end of the URL.
 */
function bareWordEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    if (opensPlaceholder(code) && !substitutionOpens(text, end)) {
      const close = placeholderEnd(text, end);
      if (close !== -1) {
        end = close;
        continue;
      }
    }
    const c = text.charAt(end);
    // `\u0026`: an `&` written escaped (a URL copied out of JSON), not a line continuation
    if (c === '\\' && text.startsWith('\\u0026', end)) {
      end += 6;
      continue;
    }
    if (URL_STOP.has(c)) break;
    end++;
  }
  return end;
}

/** A word's expansion written apart: `"$X"` / `"${X}"` (quotes holding one variable) or `$( … )` on one line. */
const SHELL_HOLE = /^(?:"\$(?:\w+|\{[^}\n"]{1,80}\})"|\$\([^()\n]{1,120}\))/;

/**
 * The expansions joined to an unquoted shell word that ends at `end`, each with the word's text that
 * follows it up to `after`: `/organizations/"$ORG"/workspaces` goes on after `"$ORG"`. Empty when
 * none follows at once (the word ends there).
 */
function shellWordHoles(text: string, end: number): { start: number; end: number; after: number }[] {
  const holes: { start: number; end: number; after: number }[] = [];
  let at = end;
  for (let k = 0; k < 8; k++) {
    if (text.charCodeAt(at) === 40 && text.charCodeAt(at - 1) === 36) at--; // the `$` of `$(` is in the word
    const hole = SHELL_HOLE.exec(text.slice(at, at + 130));
    if (!hole) break;
    let after = at + hole[0].length;
    while (after < text.length && !URL_STOP.has(text.charAt(after))) after++;
    holes.push({ start: at, end: at + hole[0].length, after });
    at = after;
  }
  return holes;
}

/** How far back a segment list's opening bracket is looked for. */
const SEGMENT_LIST_REACH = 400;

/** The literal opening at `open` is an element of a list that is the value of a `path` key: `"path": ["api", "v2", "runs"]`. */
function inSegmentList(text: string, open: number): boolean {
  let i = open - 1;
  const stop = Math.max(0, open - SEGMENT_LIST_REACH);
  // Back over the elements before it (`"api", "v2", `), each a plain string.
  for (;;) {
    while (i >= stop && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
    const c = text.charCodeAt(i);
    if (c === 91) break;
    if (c !== 44) return false;
    i--;
    while (i >= stop && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
    if (text.charCodeAt(i) !== 34) return false;
    const start = lastIndexWithin(text, '"', stop, i - 1);
    if (start === -1 || /["\n]/.test(text.slice(start + 1, i))) return false;
    i = start - 1;
  }
  i--;
  while (i >= stop && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  if (text.charCodeAt(i) !== 58) return false;
  i--;
  while (i >= stop && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  return text.slice(i - 5, i + 1) === '"path"';
}

/**
 * Calls that show or log a text: `print(`, `console.log(`, `logger.info(`, `fmt.Println(`, `log.Printf(`, `fmt.Errorf(`;
 * an error's message (`raise ValueError(`, `throw new Error(`, `errors.New(`, PowerShell's `Write-Error`, Terraform's
 * `error_message =` of a validation or a condition), a write to the error stream (`sys.stderr.write(`, `$stderr.puts`,
 * `Console.Error.WriteLine(`).
 */
const MESSAGE_CALL =
  /(?:(?:^|[^\w.])(?:print|println|printf|puts|echo|console\.(?:log|info|warn|error|debug)|(?:log|logger|logging|LOG|Log|fmt|t)\.(?:\w+)|raise[ \t]+\w+|throw[ \t]+(?:new[ \t]+)?\w+|errors\.New|Write-(?:Host|Error|Warning|Output|Verbose)|(?:sys\.|\$)?stderr\.(?:write|puts)|Console\.Error\.Write(?:Line)?)\(?[ \t]*f?|\berror_message[ \t]*=[ \t]*)$/;

/**
 * A word quoted inside another string's text, after prose (`"'triggers' must be one of 'run:created', 'assessment:drifted'"`,
 * `"stage must be 'pre_plan' or 'post_plan'"`): no structure before it in that string (`{`, `[`, `=`: JSON or a
 * query written in a string), and words of a sentence, or the string is a message (`isMessage`).
 */
function inProse(text: string, stringStart: number, open: number): boolean {
  if (open - stringStart > MAX_PROSE) return false;
  // A placeholder closed before the word (`f"run {run_id} is …"`, `` `trigger ${t} is …` ``, `"#{name} …"`) is no structure.
  const before = text.slice(stringStart + 1, open).replace(INTERPOLATION, ' ');
  return (
    !STRUCTURE.test(before) && ((SENTENCE.test(before) && !COMMAND_LINE.test(before)) || isMessage(text, stringStart))
  );
}

/**
 * A command line or a query written in a string (`tfx workspace run create --status '…'`, `curl -X POST …`, `select id
 * from runs where status in ('…')`): its words are no prose.
 */
const COMMAND_LINE =
  /^\s*(?:(?:curl|wget|tfx|gh|terraform|jq|http|az|aws|gcloud|kubectl)\s|(?:select\s.*\sfrom|update\s+\w+\s+set|insert\s+into|delete\s+from)\s)|\s--?[A-Za-z]/i;

/** An interpolation in a string (`{run_id}`, `{status!r}`, `${t}`, `#{name}`): no quote, colon or bracket inside. */
const INTERPOLATION = /[$#]?\{[^{}[\]"'`:\n]*\}/g;

/** How far into a string a quoted word is read as prose. */
const MAX_PROSE = 2_000;
/** What says a string holds structure, not prose: JSON's or a list's brackets, an assignment or a comparison. */
const STRUCTURE = /[{[=<>]/;
/** Three words of a sentence in a row. */
const SENTENCE = /[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}\b/;

/** The literal opening at `open` is the whole first argument of a print or log call, or of shell's `echo`. */
function isMessage(text: string, open: number): boolean {
  // The line's start within 60 characters, looked for by hand (`lastIndexOf` is a runtime call, and unbounded).
  const stop = Math.max(0, open - 60);
  let from = open;
  while (from > stop && text.charCodeAt(from - 1) !== 10) from--;
  return MESSAGE_CALL.test(text.slice(from, open));
}

/** A blank at `i`, or an escaped one (`\n`, `\t`, `\r` written in a literal). */
function blankOrEscape(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c === 32 || c === 9 || c === 10 || c === 13) return true;
  if (c !== 92) return false;
  const d = text.charCodeAt(i + 1);
  return d === 110 || d === 116 || d === 114;
}

/** A walk over a string literal's escaped quotes: counted up to `walked`, the last one opened at `open`. */
interface EscapeWalk {
  walked: number;
  count: number;
  open: number;
}

/**
 * The escaped string (`\"…\"`) inside the string literal (walked on from `walk`, up to `close`) that holds `at`: its text's start and
 * end (before its closing `\"`), or undefined when `at` is outside any (an odd count of `\"` before it says inside).
 */
function escapedString(
  text: string,
  walk: EscapeWalk,
  at: number,
  close: number,
  escape = 92,
): [number, number] | undefined {
  // `escape` 0: the inner strings are plain `"…"` (JSON in a single-quoted literal), a `\"` inside them no quote.
  const quoteAt = escape === 0 ? (k: number) => text.charCodeAt(k) === 34 && text.charCodeAt(k - 1) !== 92 : undefined;
  let { walked: i, open, count } = walk;
  for (; i < at; i++)
    if (quoteAt ? quoteAt(i) : text.charCodeAt(i) === 92 && text.charCodeAt(i + 1) === 34) {
      count++;
      open = quoteAt ? i + 1 : ++i + 1;
    }
  walk.walked = i;
  walk.open = open;
  walk.count = count;
  if (count % 2 === 0) return undefined;
  for (let i = at; i < close; i++)
    if (quoteAt ? quoteAt(i) : text.charCodeAt(i) === 92 && text.charCodeAt(i + 1) === 34) return [open, i];
  return undefined;
}

/** Whether the literal whose text ends at `end` (its closing quote there) is followed by a type union's `|` (not `||`). */
function unionMember(text: string, end: number): boolean {
  let i = end + 1;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  return text.charCodeAt(i) === 124 && text.charCodeAt(i + 1) !== 124;
}

/**
 * A JSON:API document read or written: the `attributes` member by a quoted key or a struct tag, a member read inside it
 * (`.attributes.name`, `.attributes[`), or a response's top-level `data` read from an HTTP response (`res.data.data`).
 */
const JSON_API_READ = /["'`]attributes["'`]|json:"attributes|\.attributes(?:\.|\[)|\.data\.data\b/;

/** This API's JSON:API paging, filter and search keys, plain or percent-encoded (`page[size]`, `filter%5Bstatus%5D`). */
const JSON_API_QUERY = /\b(?:page(?:\[|%5B)(?:size|number)|(?:filter|search)(?:\[|%5B)[a-z])/;

/**
 * A JSON:API document written with unquoted keys (JavaScript, Ruby): a `data` object opening with its `type` or
 * `attributes` member (`{ data: { attributes: { name } } }`, `{ data: { type: 'teams', attributes: … } }`).
 */
const JSON_API_BODY = /\bdata[ \t]*(?::|=>)[ \t]*\{[ \t\r\n]*:?(?:type|attributes)[ \t]*(?::|=>)/;

/** This API's short names inside an identifier (`NewTfcUrl`, `getTfeClient`, `loadTFCConfig`), which `servesThisApi` reads only whole. */
const CAMEL_NAME = /[a-z](?:Tf[ce]|TF[CE])(?![a-z])/;

/** The most specific template a URL hit matched. */
function bestTemplate(hit: UrlHit): string {
  return hit.candidates[0]?.template ?? '';
}

/**
 * Whether a URL's path is one other APIs have too (`/organizations`, `/projects/:project_id`: Foreman's, AWX's,
 * Coder's, Zendesk's `/api/v2/…`): each literal segment of its template one of the words they share.
 */
function sharedPath(hit: UrlHit): boolean {
  const template = bestTemplate(hit);
  let shared = SHARED_TEMPLATES.get(template);
  if (shared === undefined) {
    shared = template !== '' && template.split('/').every((s) => s === '' || s.startsWith(':') || SHARED_WORDS.has(s));
    SHARED_TEMPLATES.set(template, shared);
  }
  return shared;
}

/** `sharedPath`'s answer by template (the history's templates: a few hundred). */
const SHARED_TEMPLATES = new Map<string, boolean>();

/**
 * Collection names many HTTP APIs have under their own `/api/v2` (Foreman's and AWX's organizations, AWX's projects
 * and teams, Zendesk's and Datadog's users). Not `workspaces` nor `runs`: this API's clients send those most, often
 * from a file that names nothing else of it.
 */
const SHARED_WORDS = new Set(['organizations', 'projects', 'teams', 'users']);

/**
 * Whether an expanded URL opens with a path of another API: its first segment a literal this API has no root for
 * (`resource-manager` of `/resource-manager/2019-12-10/projects/{id}`), and a second segment literal too (a version
 * or a name: one word alone may be a proxy's prefix or a client's own folder).
 */
function otherPathBase(url: NonNullable<ReturnType<typeof normalizeUrl>>, hasRoot: (word: string) => boolean): boolean {
  const [first, second] = url.segments;
  return (
    first !== undefined &&
    second !== undefined &&
    !first.placeholder &&
    !second.placeholder &&
    !hasRoot(first.text) &&
    url.segments.slice(2).some((s) => !s.placeholder && hasRoot(s.text))
  );
}

/**
 * A Go file that declares Kubernetes API types: kubebuilder's root marker (`+kubebuilder:object:root=true`), or a kind
 * embedding its type metadata as a field (`metav1.TypeMeta `json:",inline"``, this pattern) — not a composite literal
 * of another kind (`metav1.TypeMeta{Kind: "Job"}`).
 */
const KUBE_TYPES = /^[ \t]*metav1\.TypeMeta[ \t]+`json:",inline"`/m;

/**
 * Whether the text declares Kubernetes API types (KUBE_TYPES' comment): the root marker by a native search, the field
 * pattern only in a text that holds `metav1.TypeMeta` (a pattern anchored at line starts under the m flag is tried at
 * every position of the text: about 0.6% of the scan of history-real when it was one pattern asked of every Go text).
 */
function declaresKubeTypes(text: string, markers: TextMarkers): boolean {
  return markers.has('+kubebuilder:object:root=true') || (markers.has('metav1.TypeMeta') && KUBE_TYPES.test(text));
}
