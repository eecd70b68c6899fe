import { callbackMatches } from './callback-calls.ts';
import { assignMethods } from './assign-methods.ts';
import { HitCollector } from './collect-hits.ts';
import type { Evidence, UrlHit } from './hits.ts';
import { handlesRunTasks, type ResolveContext } from './context.ts';
import { findMethods, foreignFakes } from './find-methods.ts';
import { makeMatch } from './make-match.ts';
import { rubyPayloadKeys } from './ruby-client-writes.ts';
import { providerBlockMatches, unmappedBlocks } from './block-labels.ts';
import {
  handsModuleInputs,
  providerReferenceMatches,
  takesModuleValues,
  terraformSource,
} from './provider-references.ts';
import { providerConstructMatches } from './provider-constructs.ts';
import { hclResponseReads, httpDataSources } from './hcl-http-data.ts';
import { httpDataGets } from './http-data-methods.ts';
import { helperDefaultMethods } from './helper-defaults.ts';
import { history } from './history.ts';
import { isHclTemplate, languageOf, profileFor, type LanguageProfile } from './language-profile.ts';
import { withoutJinja } from './jinja-templates.ts';
import { withoutLongLines } from './long-lines.ts';
import { operatorKindMatches } from './operator-manifests.ts';
import { lexiconFor, type Lexicon } from './lexicon.ts';
import { Lines } from './lines.ts';
import type { TextMarkers } from './text-markers.ts';
import type { Match } from './match-types.ts';
import { enumMemberHits, mergeModelHits } from './model-hits.ts';
import { fileResource as namedFileResource } from './model-names.ts';
import { readModels } from './models.ts';
import { objectKeyHits, runTaskFieldEvidence } from './object-keys.ts';
import { baseName, configBases, otherApiSpans } from './other-api.ts';
import { isRegexWordChar } from './source-text.ts';
import { attributeReads, flowResources } from './response-flow.ts';
import { rootScope, scopeMembers, scopeResources, typedWrites } from './response-scope.ts';
import { memberResources } from './member-reads.ts';
import {
  apiNamedNear,
  fileFacts,
  namesApiCheaply,
  NO_FACTS,
  withApiNames,
  withBases,
  withConfigBases,
  withGoClients,
  withGoReturns,
  withHttpSources,
  withTerraform,
  withOperations,
  withPathHelpers,
  withTaskStatus,
  withQueryConsts,
  withLaterReleases,
  withReleases,
  withRouters,
  type FileFacts,
  type ProjectFacts,
} from './project-facts.ts';
import { nameMatch } from './resolve-names.ts';
import { urlMatches } from './resolve-urls.ts';
import {
  callsReleaseDependent,
  callsDeclared,
  goClientSources,
  goDeclaredReturns,
  laterReleases,
  pinnedReleases,
  providerFileResource,
  sdkMatches,
} from './sdk-names.ts';
import { receiverReads, requestFieldReads } from './request-field-reads.ts';
import { projectStatusMatches, runTaskServerMatches, statusFacts } from './run-task-server.ts';
import { otherPayloadSpans, sendingCalls } from './sending-calls.ts';
import { callsPathHelper, pathHelpers } from './path-helpers.ts';
import { routerFacts, routesConcern, routesFor } from './server-routes.ts';
import { serviceCallMatches } from './service-calls.ts';
import { clientCallMatches } from './client-calls.ts';
import { definedOperations, isIndented, operationCalls, operationClasses, zodModelKeys } from './client-operations.ts';
import { goQueryConsts, queryConstHits } from './go-query-consts.ts';
import type { HistoryIndex } from './types.ts';
import { learnBases, placeTails } from './url-tails.ts';

/** Languages whose enums are read by path (`TaskStatus.PASSED`): `enumMemberHits`. */
const ENUM_PATH_LANGUAGES = new Set(['python', 'javascript', 'typescript', 'typescriptreact']);

/** Options of `scanText`. */
export interface ScanOptions {
  /** VS Code language id (`typescript`, `go`, `python`, `shellscript`, `yaml`, `json`, `terraform`, ...). */
  readonly languageId?: string;
  /** File name, used for the language when no id is given. */
  readonly fileName?: string;
  /** Another index than the ready `history` (tests, other data). */
  readonly index?: HistoryIndex;
  /** What the other files of the project say (`scanProject`, an editor's open files): models sent elsewhere. */
  readonly project?: ProjectFacts;
  /**
   * Another file of the project names this API (`scanProject`: `namesApiCheaply`): the text's paths on a base it does
   * not show to be this API's are kept (the interface beside the client that writes `https://app.terraform.io/api/v2/`).
   */
  readonly apiElsewhere?: boolean;
}

/**
 * Finds the platform API subjects a source text uses: URL and path literals (endpoints, their
 * query parameters and include values), attribute and permission keys, status values, resource
 * types and aliases. One pass of one pattern over the text (comments skipped, no backtracking
 * blow-up), then hash and trie look-ups and small local reads around each find. Generic words
 * match only with their resource nearby (see `NEARBY`). Matches are sorted by offset.
 *
 * @example
 * scanText('fetch(`${base}/registry-modules/actions/delete/${org}/vpc`, { method: "POST" })', { languageId: 'typescript' })[0]?.subject.deprecation?.date;
 * // '2021-06-08'
 */
export function scanText(text: string, options: ScanOptions = {}): Match[] {
  return scan(text, options, false).matches;
}

/** `scanText`, with what the file tells the other files of its project (`project-facts.ts`). */
export function scanFile(text: string, options: ScanOptions = {}): { matches: Match[]; facts: FileFacts } {
  return scan(text, options, true);
}

/**
 * `scanFile` of a file of a project, and its scan again with the project's facts (`scanProject`'s second pass):
 * `again` redoes only what the facts change. When they give the file no helper, base, model's path, query-key
 * constant nor go-tfe client source (most files: a project's facts are mostly its operations), its hits, URL and
 * name matches and SDK calls are this scan's, and only the project's operation calls are read anew (and for a
 * Terraform file the project's modules decide, its provider references: `withModules`); otherwise the whole file is
 * scanned again. Kept by one `scanProject` call only, dropped when it returns. `settled` is the
 * first scan's matches for a file the facts do not concern, less those the project's configuration says are another
 * API's (`onOtherBases`).
 */
export function scanProjectFile(
  text: string,
  options: ScanOptions,
): {
  matches: Match[];
  facts: FileFacts;
  markers: TextMarkers;
  again: (project: ProjectFacts) => Match[];
  settled: (project: ProjectFacts) => Match[];
} {
  const { matches, facts, tail } = scan(text, options, true);
  const markers = tail.lines.markers;
  // The scan's line table and its readers' data are not kept: until the second pass every file's tail is alive, and
  // the collector copies what lives that long (then promotes it). The few files read again get a table of their own.
  // Only the URL spans outlive the scan here (the tail's line table does not: see above).
  const based = tail.based;
  return {
    matches,
    facts,
    markers,
    again: againOf(text, options, { ...tail, lines: undefined }, markers),
    settled: (project) => onOtherBases(matches, based, project),
  };
}

/**
 * `scanProjectFile`'s second scan of a file with the project's facts, from what its first scan kept.
 */
function againOf(
  text: string,
  options: ScanOptions,
  kept: Omit<Tail, 'lines'> & { lines: undefined },
  markers: TextMarkers,
): (project: ProjectFacts) => Match[] {
  return (project) => {
    // The first scan's markers are the text's: what it searched is not searched again.
    const tail: Tail = { ...kept, lines: new Lines(kept.text, markers) };
    return sameBefore(tail, project, options.fileName)
      ? finish(withModules(tail, project, options.fileName), project).matches
      : scan(text, { ...options, project }, false, markers).matches;
  };
}

/** What a file's scan holds before the project's operation calls are read (`finish`), and what it read facts from. */
interface Tail {
  /** The operations the file defines itself (Go, Sentinel: `finish`), read on the first `finish`. */
  own?: ReadonlyMap<string, string>;
  /** Python, Ruby: the classes of the operations the file defines itself (`operationClasses`). */
  ownClasses?: ReadonlyMap<string, string>;
  readonly text: string;
  readonly lines: Lines;
  readonly index: HistoryIndex;
  readonly lexicon: Lexicon;
  readonly profile: LanguageProfile;
  readonly languageId: string | undefined;
  /** The matches before the operation calls (URLs, names, attribute reads, SDK calls), in their order. */
  readonly before: readonly Match[];
  /** The starts of the SDK calls among them. */
  readonly sdkAt: ReadonlySet<number>;
  /** A file whose provider references the project's modules decide: what `before` was made of, and its references. */
  readonly provider?: { readonly parts: Parts; readonly refs: readonly Match[] };
  /** The generated services' calls and the callbacks' matches (`serviceCallMatches`, `callbackMatches`). */
  readonly services: readonly Match[];
  readonly callbacks: readonly Match[];
  /** Spans of another API's client (`otherApiSpans`). */
  readonly other: readonly [number, number][];
  /** The URLs on a base placeholder, by span, with the name it reads (`baseName`): a configuration may say whose. */
  readonly based: readonly ConfigBased[];
  /** The bases the file's URLs say, its models, its query-key constants (Go): what the facts are set against. */
  readonly learned: ReadonlyMap<string, string>;
  readonly models: readonly { readonly name: string }[];
  readonly queryConsts: ReadonlyMap<string, string> | undefined;
  /** Go, with facts: the SDK calls `sdkMatches` read without the project's facts (`sameGoSdk`). */
  readonly goSdk?: readonly Match[];
}

/**
 * True when the project's facts other than its operations and modules (`withModules`) would change nothing before
 * `finish`: no helpers (the hits), no go-tfe client sources (the SDK calls), no base the file's URLs do not say
 * already, no path of a model the file reads, no query-key constant the file sets by name, and in Go, no call of a
 * function another file says returns a go-tfe struct, or the SDK calls read with the project's the same (`sameGoSdk`).
 */
function sameBefore(tail: Tail, project: ProjectFacts, fileName: string | undefined): boolean {
  if (project.helpers !== undefined || (project.goClients?.size ?? 0) > 0) return false;
  if (callsPathHelper(tail.text, tail.lines.markers, project.pathHelpers)) return false;
  // A function another file hands a router of this API, or a prefix call naming the project's constant (`server-routes.ts`).
  if (routesConcern(project.routes, tail.lines.markers, fileName)) return false;
  // Terraform: another file's `http` data sources decide the keys of the responses this file decodes.
  if (project.httpSources !== undefined && tail.lines.markers.has('data.http.')) return false;
  // Terraform: locals another file of the module sends as an enumerated argument, a variable's default the module hands
  // to the provider (rare: scanned again whole, so that no file with locals or defaults keeps its provider parts until
  // the second pass).
  if (project.modules !== undefined && takesModuleValues(tail.text, fileName, project.modules, tail.index))
    return false;
  // A client's release the project pins or its calls need decides the SDK names whose endpoint changed between releases.
  if (
    (project.releases !== undefined || project.laterReleases !== undefined) &&
    callsReleaseDependent(tail.lines.markers)
  )
    return false;
  for (const base of project.bases?.keys() ?? []) if (!tail.learned.has(base)) return false;
  if (project.modelPaths.size > 0)
    for (const model of tail.models) if (project.modelPaths.has(model.name)) return false;
  if (
    tail.queryConsts !== undefined &&
    queryConstHits(tail.text, tail.lines, tail.lexicon, project.queryConsts, tail.queryConsts).length > 0
  )
    return false;
  // Go: a call of a function or method another file says returns a go-tfe struct types what it is assigned (asked
  // last: the SDK calls are read again).
  return (
    tail.languageId !== 'go' ||
    !callsDeclared(tail.lines.markers, project.goReturns) ||
    sameGoSdk(tail, project, fileName)
  );
}

/**
 * Whether a Go file's SDK calls read with the project's facts (`sdkMatches`: the types its declared functions return)
 * are the first scan's, every field of every match (`sameFields`): then nothing before `finish` changes, and the file
 * is not scanned whole again (history-real's provider files that call such a function: two a pass, the same calls).
 */
function sameGoSdk(tail: Tail, project: ProjectFacts, fileName: string | undefined): boolean {
  const first = tail.goSdk;
  if (first === undefined) return false;
  const found = sdkMatches(tail.text, tail.lines, tail.index, tail.languageId, fileName, project.goClients, project);
  return (
    found.length === first.length &&
    found.every((m, k) => m.subject === first[k]?.subject && sameFields(m, first[k], 3))
  );
}

/**
 * Whether two values are the same: identical, or objects (arrays) with the same keys whose values are the same, down
 * to `depth` levels (a match's method token, its path's parameters; its subject is compared by identity).
 */
function sameFields(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (depth === 0 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return keys.every((key) => Object.hasOwn(y, key) && sameFields(x[key], y[key], depth - 1));
}

/**
 * A Terraform test, a `.tfvars` file, a module call: `tail` with the provider references the project's modules add
 * (the values they hand to the provider), the rest of its scan as it was (review v7 item 22: the file was scanned whole
 * again). The project's other facts are `sameBefore`'s.
 */
function withModules(tail: Tail, project: ProjectFacts, fileName: string | undefined): Tail {
  const provider = tail.provider;
  if (provider === undefined || project.modules === undefined) return tail;
  const { ctx, index } = provider.parts;
  const refs = providerReferenceMatches(tail.text, ctx.lines, index, fileName, project.modules);
  if (refs.length === provider.refs.length && refs.every((m, k) => sameMatch(m, provider.refs[k]!))) return tail;
  return { ...tail, ...assemble(provider.parts, refs) };
}

function sameMatch(a: Match, b: Match): boolean {
  return a.start === b.start && a.end === b.end && a.subject === b.subject;
}

/** The file's matches from `tail` and the project's operations: their calls, the services' not at an SDK call, the callbacks'. */
function finish(tail: Tail, project: ProjectFacts | undefined): { matches: Match[]; kept: Match[] } {
  const { text, lines, index, profile, languageId } = tail;
  // Sentinel: a policy's own functions that send a request, called in it (`client-operations.ts`); Go: a package's
  // functions called in the file that defines them (`s.updateArrayAttribute(…)`), alone as in a project; Python and
  // Ruby: a class's methods called in its own file (`self.tfe_client.trigger_run(…)`).
  // Read once a file: the project's second pass (`again`) asks it again of the same matches.
  const own =
    languageId === 'sentinel' || languageId === 'go' || isIndented(languageId)
      ? (tail.own ??= definedOperations(text, lines, tail.before, languageId))
      : undefined;
  // The file's own definition is the nearer one (another file's function of the same name is another's).
  const operations = own && own.size > 0 ? withOwn(project?.operations, own) : project?.operations;
  // Python, Ruby: the classes of the operations, the file's own first (`operationClasses`).
  const ownClasses =
    own && own.size > 0 && isIndented(languageId)
      ? (tail.ownClasses ??= operationClasses(text, lines, own, languageId))
      : undefined;
  const classes =
    ownClasses && ownClasses.size > 0 ? withOwn(project?.operationClasses, ownClasses) : project?.operationClasses;
  const matches = [...tail.before];
  // Calls of a client the project defines (a zodios alias, a generated service's method) say their endpoint first.
  const calls = operationCalls(text, lines, index, profile, languageId, operations, own, classes);
  for (const m of calls) matches.push(m);
  // The services' calls but those at an SDK call's start or an operation call's (not a copy of the SDK calls' starts
  // a file: most files have no service call).
  if (tail.services.length > 0) {
    const called = new Set(calls.map((m) => m.start));
    for (const m of tail.services) if (!tail.sdkAt.has(m.start) && !called.has(m.start)) matches.push(m);
  }
  matches.push(...tail.callbacks);
  // A run task server's status values written to the project's names for the status, its status constants read.
  // (Not on a line that says the status already: `"status": "passed"` is matched at its key.)
  if (project?.taskStatus !== undefined) {
    const found = projectStatusMatches(text, lines, index, profile, project.taskStatus);
    if (found.length > 0) {
      const said = new Set(matches.map((m) => `${m.line} ${m.subject.id}`));
      for (const m of found) if (!said.has(`${m.line} ${m.subject.id}`)) matches.push(m);
    }
  }
  // A class of another API's client (its base path another API's) sends none of this API's requests, nor does a URL
  // on a base the configuration sets to another API's URL (`${env.ASANA_API_BASE_URL}/workspaces`).
  const other = configuredOther(tail.other, tail.based, project?.otherBases);
  const kept =
    other.length === 0 ? matches : matches.filter((m) => !other.some(([s, e]) => m.start >= s && m.start < e));
  // Sorted in place (`matches` is this call's copy): the facts read the kept matches in text order.
  return { matches: distinct(kept.sort((a, b) => a.start - b.start || a.end - b.end)), kept };
}

/** A URL on a base placeholder: its span and the name the placeholder reads. */
interface ConfigBased {
  readonly start: number;
  readonly end: number;
  readonly name: string;
}

/** The spans of another API's client (`Tail.other`) and of the URLs on a base `names` says is another API's. */
function configuredOther(
  other: readonly (readonly [number, number])[],
  based: readonly ConfigBased[],
  names: ReadonlySet<string> | undefined,
): readonly (readonly [number, number])[] {
  if (names === undefined || based.length === 0) return other;
  let out: (readonly [number, number])[] | undefined;
  for (const url of based) if (names.has(url.name)) (out ??= [...other]).push([url.start, url.end]);
  return out ?? other;
}

/**
 * A file's matches less those of its URLs on a base the project's configuration sets to another API's URL (what
 * `finish` leaves out with the project's facts): for a file the facts do not otherwise concern, read no second time.
 */
function onOtherBases(matches: Match[], based: readonly ConfigBased[], project: ProjectFacts): Match[] {
  const spans = configuredOther([], based, project.otherBases);
  return spans.length === 0 ? matches : matches.filter((m) => !spans.some(([s, e]) => m.start >= s && m.start < e));
}

/**
 * The URLs of the hits that open with a base placeholder (`NormalizedUrl.base`: `${env.ASANA_API_BASE_URL}/…`), or
 * whose literal a name is joined before (`config.boardApiBase + "/projects/" + id`), with the name read last.
 */
function basedUrls(text: string, urls: readonly UrlHit[]): ConfigBased[] {
  const out: ConfigBased[] = [];
  for (const url of urls) {
    const name = url.url.base === undefined ? joinedBefore(text, url.start) : baseName(url.url.base);
    if (name !== undefined) out.push({ start: url.start, end: url.end, name });
  }
  return out;
}

/** The name a `+` joins before the literal at `start` (its quote or its first character): `settings.BOARD_API +`. */
function joinedBefore(text: string, start: number): string | undefined {
  let i = start - 1;
  if (!isQuote(text.charCodeAt(start))) {
    if (!isQuote(text.charCodeAt(i))) return undefined;
    i--;
  }
  if (/[fr$@]/.test(text.charAt(i))) i--;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  if (text.charCodeAt(i) !== 43) return undefined; // +
  i--;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  const end = i + 1;
  while (i >= 0 && isRegexWordChar(text.charCodeAt(i))) i--;
  return end - i > 1 && !/^\d/.test(text.slice(i + 1, end)) ? text.slice(i + 1, end) : undefined;
}

function isQuote(c: number): boolean {
  return c === 34 || c === 39 || c === 96;
}

function scan(
  source: string,
  options: ScanOptions,
  withFacts: boolean,
  markers?: TextMarkers,
): { matches: Match[]; facts: FileFacts; tail: Tail } {
  const index = options.index ?? history;
  const lexicon = lexiconFor(index);
  const languageId = languageOf({ languageId: options.languageId, fileName: options.fileName, text: source });
  // A Jinja template of HCL is read as the HCL it renders (its tags blanked, offsets kept: `withoutJinja`). A line
  // longer than a person writes is not read (`withoutLongLines`).
  const text = withoutLongLines(isHclTemplate(options.fileName, languageId) ? withoutJinja(source) : source);
  const profile = profileFor({ languageId });
  const lines = new Lines(text, markers);
  const collector = new HitCollector(
    text,
    index,
    lexicon,
    profile,
    lines,
    options.project?.helpers,
    options.project?.pathHelpers,
    routesFor(options.project?.routes, options.fileName),
    options.fileName,
    options.apiElsewhere ?? apiNamedNear(options.project?.namesApi, options.fileName),
  );
  const hits = collector.collect();
  const fields = runTaskFieldEvidence(text, profile, lexicon, lines);
  if (fields.length > 0) {
    hits.evidence.push(...fields);
    hits.evidence.sort((a, b) => a.offset - b.offset);
  }
  if (profile.objectKeys)
    for (const hit of objectKeyHits(text, profile, lexicon, lines, hits.evidence)) collector.addName(hit);
  assignMethods(hits.urls, findMethods(text, profile, lines, hits.urls));
  sendingCalls(text, lines, hits.urls, profile, languageId === 'go');
  if (languageId === 'terraform' || languageId === 'hcl') httpDataGets(text, lines.markers, hits.urls);
  helperDefaultMethods(text, lines, hits.urls);
  foreignFakes(text, profile, lines, hits.urls);
  // What the URLs say their unknown bases hold (`{globals.BASE_URL}`), here and in the project's other files.
  const learned = learnBases(hits.urls);
  const bases = withOwn(options.project?.bases, learned);
  const models = readModels(text, lines, index, languageId, options.fileName);
  const project = options.project?.modelPaths;
  if (project !== undefined && project.size > 0)
    for (const model of models) {
      const paths = project.get(model.name);
      if (paths !== undefined) model.paths = paths;
    }
  // An enum's member read by its path (`TaskStatus.PASSED`), the enum maybe another file's.
  if (languageId !== undefined && ENUM_PATH_LANGUAGES.has(languageId))
    enumMemberHits(text, lines, lexicon, index, models, hits.names);
  // Go: a query value set by the name of a key constant another file of the package declares (`u.SetParam(paramPageSize, …)`).
  const queryConsts = languageId === 'go' ? goQueryConsts(text, lexicon) : undefined;
  if (queryConsts !== undefined)
    hits.names.push(...queryConstHits(text, lines, lexicon, options.project?.queryConsts, queryConsts));
  if (models.length > 0) mergeModelHits(text, lines, lexicon, models, hits.names);
  else hits.names.sort((a, b) => a.start - b.start);
  const named = namedFileResource(index, options.fileName);
  flowResources(text, lines, index, hits.urls, hits.names, languageId, named);
  // Other languages: a response's keys read by quoted subscripts in a function of one API resource.
  scopeResources(text, lines, index, hits.urls, hits.names, languageId);
  // And by member reads (`$w.attributes.name`) of a variable holding one resource's response.
  memberResources(
    text,
    lines,
    lexicon,
    hits.urls,
    hits.names,
    languageId,
    rootScope(text, lines, index, hits.urls, languageId, true),
  );
  // Terraform: the keys of the responses `http` data sources decode (this file's sources, then the project's).
  const hcl = languageId === 'terraform' || languageId === 'hcl';
  const httpSources = hcl ? httpDataSources(text, lines, index, hits.urls) : NO_SOURCES;
  const hclReads = hcl
    ? hclResponseReads(text, lines, index, hits.names, withOwn(options.project?.httpSources, httpSources), languageId)
    : [];
  // A Terraform provider resource file is about one resource: its other resources' names are not meant.
  const fileResource = providerFileResource(index, options.fileName);
  const ctx: ResolveContext = {
    text,
    hits,
    lines,
    lexicon,
    indentBlocks: profile.bareValues,
    runTask: handlesRunTasks(text, lines, hits.evidence),
    ...(named === undefined ? {} : { file: { resource: named, named: evidenceResources(hits.evidence) } }),
    ...(fileResource === undefined ? {} : { providerResource: fileResource }),
    ...(languageId === 'markdown' ? { markdown: true } : {}),
  };
  const urls: Match[] = [];
  for (const url of placeTails(index, hits.urls, bases)) urls.push(...urlMatches(ctx, url));
  const sdk = sdkMatches(text, lines, index, languageId, options.fileName, options.project?.goClients, options.project);
  // (Copied before the other readers' matches are added: `sameGoSdk` compares a second scan's with them.)
  const goSdk = withFacts && languageId === 'go' && options.project === undefined ? [...sdk] : undefined;
  // Terraform: the API's provider's attributes read in expressions, a test's overrides and inputs, a `.tfvars` file's
  // values the project's modules hand to the provider (with the parser, when a host loaded it): after its SDK calls.
  let refs: readonly Match[] = NO_MATCHES;
  // Terraform: the API's provider's blocks, by the provider's mapping (its types and schema arguments).
  if (hcl) sdk.push(...providerBlockMatches(text, lines, index, languageId));
  if (hcl || languageId === 'terraform-vars')
    refs = providerReferenceMatches(text, lines, index, options.fileName, options.project?.modules);
  // CDK for Terraform on the same provider: its constructs and their configuration; the HCP Terraform operator's kinds.
  else
    sdk.push(
      ...providerConstructMatches(text, lines, index, languageId),
      ...operatorKindMatches(text, lines, index, languageId),
    );
  // Terraform: the API's provider's blocks of a type the mapping does not know say nothing of their arguments.
  const unmapped = hcl ? unmappedBlocks(text, lines, index) : NO_SPANS;
  const parts: Parts = {
    ctx,
    index,
    profile,
    languageId,
    urls,
    names: nameMatches(ctx, unmapped, fileResource),
    named,
    hclReads,
    sdk,
  };
  const { before, sdkAt } = assemble(parts, refs);
  const config = configBases(text, options.fileName, languageId);
  const tail: Tail = {
    text,
    lines,
    index,
    lexicon,
    profile,
    languageId,
    before,
    sdkAt,
    // A Terraform test, a `.tfvars` file, a module call: what its provider references are put together with again
    // when the project's modules add some (`withModules`).
    ...(withFacts && (hcl || languageId === 'terraform-vars') && handsModuleInputs(options.fileName, text)
      ? { provider: { parts, refs } }
      : {}),
    services: [
      ...serviceCallMatches(text, lines, index, profile, languageId),
      ...clientCallMatches(text, lines, index, profile, languageId),
    ],
    callbacks: callbackMatches(text, lines, index, profile, ctx.runTask),
    // (A payload sent to another API holds keys only: read where the text has names.)
    other: [
      ...otherApiSpans(text, lines, languageId),
      ...(hits.names.length === 0 ? [] : otherPayloadSpans(text, lines, hits.urls)),
    ],
    based: basedUrls(text, hits.urls),
    learned,
    models,
    queryConsts,
    ...(goSdk === undefined ? {} : { goSdk }),
  };
  const { matches: found, kept } = finish(tail, options.project);
  const ops = withFacts ? definedOperations(text, lines, kept, languageId) : NO_OPERATIONS;
  return {
    matches: found,
    tail,
    facts: withFacts
      ? withLaterReleases(
          withReleases(
            withQueryConsts(
              withOperations(
                withGoClients(
                  withGoReturns(
                    withTaskStatus(
                      withTerraform(
                        withHttpSources(
                          withRouters(
                            withBases(
                              withConfigBases(
                                withPathHelpers(
                                  withApiNames(
                                    fileFacts(text, lines, languageId, hits.urls),
                                    // `scanProject` asked it already (`apiElsewhere`); an editor's folder asks here.
                                    options.apiElsewhere === undefined && namesApiCheaply(text, options.fileName),
                                    collector.unproven,
                                    options.fileName,
                                  ),
                                  pathHelpers(text, lines),
                                ),
                                config,
                              ),
                              learned,
                            ),
                            routerFacts(text, options.fileName),
                          ),
                          httpSources,
                        ),
                        languageId === 'terraform' ? terraformSource(text, options.fileName) : undefined,
                      ),
                      statusFacts(text, lines, index, kept, languageId),
                    ),
                    languageId === 'go' ? goDeclaredReturns(text, lines, index) : NO_RETURNS,
                  ),
                  languageId === 'go' ? goClientSources(text, lines, index) : [],
                ),
                ops,
                operationClasses(text, lines, ops, languageId),
              ),
              queryConsts ?? new Map<string, string>(),
            ),
            pinnedReleases(text, options.fileName),
          ),
          laterReleases(text, lines, index, languageId),
        )
      : NO_FACTS,
  };
}

/**
 * What a file's matches before its operation calls are read (`Tail.before`) are made of, less its provider references
 * (`providerReferenceMatches`): `assemble` puts them together, again with the references the project's modules add.
 */
interface Parts {
  readonly ctx: ResolveContext;
  readonly index: HistoryIndex;
  readonly profile: LanguageProfile;
  readonly languageId: string | undefined;
  /** The URLs' matches. */
  readonly urls: readonly Match[];
  /** The names' matches (`nameMatches`): the keys and words, and the values (`"kind": "opa"`'s `opa`), each in order. */
  readonly names: { readonly keys: readonly Match[]; readonly values: readonly Match[] };
  /** The resource the file's name says (`fileResource`). */
  readonly named: string | undefined;
  readonly hclReads: readonly Match[];
  /** The SDK calls and the provider's blocks. */
  readonly sdk: readonly Match[];
}

/** The names' matches, but those in the provider's unmapped blocks and, in a provider resource's file, other resources'. */
function nameMatches(
  ctx: ResolveContext,
  unmapped: readonly (readonly [number, number])[],
  fileResource: string | undefined,
): { keys: Match[]; values: Match[] } {
  const keys: Match[] = [];
  const values: Match[] = [];
  for (const hit of ctx.hits.names) {
    const match = nameMatch(ctx, hit);
    if (!match) continue;
    if (unmapped.length > 0 && unmapped.some(([open, close]) => open < match.start && match.start < close)) continue;
    const resource = match.subject.resource;
    if (fileResource && match.subject.type !== 'endpoint' && resource !== undefined && resource !== fileResource)
      continue;
    if (hit.info.candidates.some((c) => c.value === true && c.subject === match.subject)) values.push(match);
    else keys.push(match);
  }
  return { keys, values };
}

/**
 * A file's matches before its operation calls (`Tail.before`), in their order, and the starts of its SDK calls: a
 * name's match at an SDK call's start is the call's.
 */
function assemble(parts: Parts, refs: readonly Match[]): { before: Match[]; sdkAt: Set<number> } {
  const { ctx, index, profile, languageId, named, hclReads } = parts;
  const { text, lines, hits } = ctx;
  const sdk = refs.length === 0 ? parts.sdk : [...parts.sdk, ...refs];
  const sdkAt = new Set(sdk.map((m) => m.start));
  const matches = [...parts.urls];
  for (const m of parts.names.keys) if (!sdkAt.has(m.start)) matches.push(m);
  const values = parts.names.values.filter((m) => !sdkAt.has(m.start));
  // A value whose key is matched on its line (`"kind": "opa"`) says the same once more.
  if (values.length > 0) {
    const keyed = new Set([...matches, ...sdk].map((m) => `${m.line} ${m.subject.id}`));
    for (const m of values) if (!keyed.has(`${m.line} ${m.subject.id}`)) matches.push(m);
  }
  // Go: the fields of the struct a run task server decodes the request into, read through a value.
  if (ctx.runTask === true && languageId === 'go') matches.push(...requestFieldReads(text, lines, matches));
  // Any language: a request field read through a value that reads the request's own fields too (elsewhere than
  // in a file that handles run task requests, only where the word `stage` is found: a cheap gate).
  if (ctx.runTask === true || hits.names.some((h) => h.info.text === 'stage'))
    matches.push(...receiverReads(text, lines, index, profile, ctx.runTask === true));
  // Any language, in a file that handles run task requests: the statuses it sends and the stages it compares.
  if (ctx.runTask === true) {
    const said = new Set(matches.map((m) => `${m.line} ${m.subject.id}`));
    for (const m of runTaskServerMatches(text, lines, index, profile))
      if (!said.has(`${m.line} ${m.subject.id}`)) matches.push(m);
  }
  // Python: a resource object's attributes read as a model's members (`proj.attributes.workspace_count`).
  matches.push(...attributeReads(text, lines, index, hits.urls, languageId, named));
  // Typed languages: a typed document's attribute members (`item.Attributes.Name`) by the document's resource.
  matches.push(...scopeMembers(text, lines, index, hits.urls, languageId));
  // Go and C#: a typed document the program writes, its attributes' members by the type it is given.
  const written = typedWrites(text, lines, index, languageId);
  if (written.length > 0) {
    const said = new Set(matches.map((m) => `${m.line} ${m.subject.id}`));
    for (const m of written) if (!said.has(`${m.line} ${m.subject.id}`)) matches.push(m);
  }
  matches.push(...hclReads);
  // JS/TS: zod schemas of JSON:API objects named for their resource.
  matches.push(...zodModelKeys(text, lines, index, languageId));
  // Ruby, Elixir: the symbol keys of a JSON:API payload hash's attributes (`{ data: { type: 'projects', attributes: { name: n } } }`).
  if (languageId === 'ruby' || languageId === 'elixir')
    for (const w of rubyPayloadKeys(text, lines, index))
      matches.push(makeMatch(text, lines, { ...w, confidence: 'context', via: 'name' }));
  matches.push(...sdk);
  return { before: matches, sdkAt };
}

const NO_RETURNS: ReadonlyMap<string, string> = new Map();
const NO_OPERATIONS: ReadonlyMap<string, string> = new Map();

/**
 * One match per span and subject: two readers can reach the same text (seen: a Ruby Faraday
 * `conn.get("organizations/#{org}/workspaces")`, one URL found twice), and a span is annotated once.
 */
function distinct(matches: Match[]): Match[] {
  // Sorted by span: the matches of one span are neighbours, and only those are compared (no key string a match).
  const out: Match[] = [];
  let run = 0;
  for (const m of matches) {
    const head = out[run];
    if (head === undefined || head.start !== m.start || head.end !== m.end) run = out.length;
    let seen = false;
    for (let k = run; k < out.length && !seen; k++) seen = out[k]!.subject.id === m.subject.id;
    if (!seen) out.push(m);
  }
  return out;
}

const NO_SOURCES: ReadonlyMap<string, string> = new Map();
const NO_SPANS: readonly (readonly [number, number])[] = [];
const NO_MATCHES: readonly Match[] = [];

/** The project's entries with the file's own over them. */
function withOwn(
  project: ReadonlyMap<string, string> | undefined,
  own: ReadonlyMap<string, string>,
): ReadonlyMap<string, string> {
  if (project === undefined || project.size === 0) return own;
  if (own.size === 0) return project;
  return new Map([...project, ...own]);
}

/** Every resource some evidence names (a loop: `flatMap` over thousands of items cost more). */
function evidenceResources(evidence: readonly Evidence[]): Set<string> {
  const out = new Set<string>();
  for (const e of evidence) for (const r of e.resources) out.add(r);
  return out;
}
