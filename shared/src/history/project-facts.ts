import { HELPER } from './base-urls.ts';
import { assertsMockOf } from './client-operations.ts';
import type { HttpMethod } from './data-types.ts';
import type { UrlHit } from './hits.ts';
import { lineStartDefsIn, stickyDefs } from './line-start-defs.ts';
import type { Lines } from './lines.ts';
import { isNameChar, pythonBodyEnd } from './source-text.ts';
import { offsetsOf, TextMarkers } from './text-markers.ts';
import { sharedBaseName } from './url-tails.ts';
import {
  callsReleaseDependent,
  declaredCalls,
  GO_CLIENTS_BOUND,
  GO_RETURNS_BOUND,
  RELEASES_BOUND,
  type SdkFacts,
} from './sdk-names.ts';
import { callsHelper, type PathHelper } from './path-helpers.ts';
import {
  projectStatus,
  STATUS_BOUND,
  statusConcerns,
  type ProjectStatus,
  type StatusFacts,
} from './run-task-server.ts';
import { QUERY_CONSTS_BOUND } from './go-query-consts.ts';
import {
  namesOfThisApi,
  namesThisApi,
  resolvedPrefix,
  ROUTERS_BOUND,
  routesConcern,
  type ProjectRoutes,
  type RouterFacts,
} from './server-routes.ts';
import { namesOtherRootApi, writesApiRoot, type ConfigBase } from './other-api.ts';
import {
  dirOf,
  handsModuleInputs,
  takesModuleValues,
  projectModules,
  type ProjectModules,
  type TerraformSource,
} from './provider-references.ts';

/**
 * What one file of a project tells the others: the request models its functions send, by class name,
 * with the path templates of the URLs sent there (`def list(self, workspace_id, options: RunListOptions
 * | None = None)` reading `/api/v2/workspaces/{workspace_id}/runs` gives `RunListOptions` →
 * `/workspaces/:workspace_id/runs`). A model declared in another file (`models/run.py`) then has its
 * query keys (`alias="search[user]"`) bound to that path, as a key next to the URL is.
 */
export interface FileFacts {
  /** Model class name → the templates its functions read with GET (or with no method found). */
  readonly modelPaths: ReadonlyMap<string, readonly string[]>;
  /**
   * HTTP helpers a class defines (often a base class in its own file): a method whose body sends its URL
   * parameter with one method (`def _ls(self, url): … requests.get(url, …)`, `def read(self, path): return
   * self.do_request(get, path)`) → that method, so `self._ls(self._org_base_url)` elsewhere is a GET.
   */
  readonly helpers?: ReadonlyMap<string, HttpMethod>;
  /**
   * What the file's URLs say a base named in other files too holds (`url-tails.ts`'s `learnBases`):
   * `{globals.BASE_URL}` → `organizations/*` when `{globals.BASE_URL}/oauth-clients` is read with GET.
   */
  readonly bases?: ReadonlyMap<string, string>;
  /**
   * Go: what the file assigns the receivers of its go-tfe service calls (`sdk-names.ts`'s `goClientSources`:
   * `Meta.Client()` from `client, err := c.Meta.Client()`), so another file's variable assigned the same holds a client too.
   */
  readonly goClients?: readonly string[];
  /** Go: the go-tfe struct each of the file's functions and methods returns (`sdk-names.ts`'s `goDeclaredReturns`). */
  readonly goReturns?: ReadonlyMap<string, string>;
  /**
   * The operations of a client the file defines (JS/TS, Go, Sentinel, Python, Ruby), by name → endpoint subject id
   * (`client-operations.ts`); '' for a Python or Ruby method of the file that sends none.
   */
  readonly operations?: ReadonlyMap<string, string>;
  /** Python, Ruby: the class each of the file's operations is a method of (`operationClasses`), by name. */
  readonly operationClasses?: ReadonlyMap<string, string>;
  /** Go: constants holding a bracketed query key (`paramPageSize = "page[size]"`, `go-query-consts.ts`), by name. */
  readonly queryConsts?: ReadonlyMap<string, string>;
  /** A Python dependency file's exact pins of the mapping's clients (`terrasnek==0.0.10`, `sdk-names.ts`'s `pinnedReleases`). */
  readonly releases?: ReadonlyMap<string, string>;
  /** The latest release of a client a file's calls need (`agents.destroy_pool`: terrasnek 0.1.4 on), by client. */
  readonly laterReleases?: ReadonlyMap<string, string>;
  /** Terraform: the resource each `http` data source the file declares decodes, by its name (`hcl-http-data.ts`). */
  readonly httpSources?: ReadonlyMap<string, string>;
  /** A run task server's names for its result's status (`run-task-server.ts`). */
  readonly taskStatus?: StatusFacts;
  /** Functions that build a path from pieces their callers pass (`path-helpers.ts`), by name. */
  readonly pathHelpers?: ReadonlyMap<string, PathHelper>;
  /** The routers the file hands to functions, and its constants holding a path of this API (`server-routes.ts`). */
  readonly routers?: RouterFacts;
  /** A configuration file's base names set to a URL, this API's or another's (`other-api.ts`'s `configBases`). */
  readonly configBases?: ReadonlyMap<string, ConfigBase>;
  /** Terraform: the file, for the project's tests (what its module hands the provider: `provider-references.ts`). */
  readonly terraform?: TerraformSource;
  /** The file names this API by the cheap readers (`namesApiCheaply`): its folder (`dirOf`, for `apiNamedNear`). */
  readonly namesApi?: string;
  /**
   * The file's scan alone left out paths on a base it does not show to be this API's (`HitCollector.unproven`): a
   * project naming this API keeps them (`ScanOptions.apiElsewhere`).
   */
  readonly unproven?: true;
}

/** The facts of a project's files put together (`projectFacts`), given to `scanText` as `project`. */
export interface ProjectFacts extends SdkFacts {
  readonly modelPaths: ReadonlyMap<string, readonly string[]>;
  /** Helpers by name; a name two files give different methods is left out. */
  readonly helpers?: ReadonlyMap<string, HttpMethod>;
  /** Bases by placeholder (`{globals.BASE_URL}`); one two files disagree on is left out. */
  readonly bases?: ReadonlyMap<string, string>;
  /** Go expressions that hold a go-tfe client (`Meta.Client()`, `options.TClient`). */
  readonly goClients?: ReadonlySet<string>;
  /**
   * Operations of the project's own clients; a name two files give different endpoints is left out, and so is one a
   * file defines as a method that sends none.
   */
  readonly operations?: ReadonlyMap<string, string>;
  /** Python, Ruby: the operations' classes by name; a name two files give different classes is left out. */
  readonly operationClasses?: ReadonlyMap<string, string>;
  /** Query-key constants by name; a name two files give different keys is left out. */
  readonly queryConsts?: ReadonlyMap<string, string>;
  /** Terraform `http` data sources' resources by name; a name two files give different resources is left out. */
  readonly httpSources?: ReadonlyMap<string, string>;
  /** The status names of the project's run task server (`run-task-server.ts`). */
  readonly taskStatus?: ProjectStatus;
  /** Path helpers by name; a name two files read differently is left out. */
  readonly pathHelpers?: ReadonlyMap<string, PathHelper>;
  /** The routers of this API handed to functions, and the constants holding its paths (`server-routes.ts`). */
  readonly routes?: ProjectRoutes;
  /**
   * The base names the project's configuration sets to another API's URL (`ASANA_API_BASE_URL` in `.env`): a path
   * on a base placeholder reading one (`${env.ASANA_API_BASE_URL}/workspaces`) is that API's. A name any file sets
   * to this API's URL is left out.
   */
  readonly otherBases?: ReadonlySet<string>;
  /** Terraform: the project's modules by directory, for its tests' inputs (`provider-references.ts`). */
  readonly modules?: ProjectModules;
  /** The folders of the project's files that name this API (`FileFacts.namesApi`; for `apiNamedNear`). */
  readonly namesApi?: ReadonlySet<string>;
}

/**
 * The file's facts with whether it names this API (then its folder) and whether its scan left out paths for want of
 * that (`FileFacts`).
 */
export function withApiNames(
  facts: FileFacts,
  namesApi: boolean,
  unproven: boolean,
  fileName: string | undefined,
): FileFacts {
  if (!namesApi && !unproven) return facts;
  return { ...facts, ...(namesApi ? { namesApi: dirOf(fileName ?? '') } : {}), ...(unproven ? { unproven } : {}) };
}

/**
 * Whether a program near the file names this API, given the folders of the project's files that do: in Go, one of the
 * file's own folder (its package: a vendored SDK's folder, go-gitlab's or packngo's services, is its own, whatever the
 * project around it); in any other language, any file of the project. The one rule of `scanProject` and the editors.
 */
export function apiNamedNear(folders: ReadonlySet<string> | undefined, fileName: string | undefined): boolean {
  if (folders === undefined || folders.size === 0) return false;
  return fileName?.endsWith('.go') !== true || folders.has(dirOf(fileName));
}

/**
 * Whether a file names this API by the cheap readers, for its project (`scanProject`, an editor's folder): it writes
 * this API's root (`/api/v2` in a text naming no other product that has one: Coder, Freshservice, `namesOtherRootApi`;
 * HCP Terraform's host `app.terraform.io`), or, in a program's code, its name or text names it (`namesThisApi`: go-tfe,
 * `TFE_TOKEN`, `ATLAS_ADDRESS`). Names alone count only in a program: a lock file's `registry.terraform.io/hashicorp/aws`,
 * a workflow's `secrets.TFC_TOKEN` or a README saying "Terraform Cloud" are in every repository that keeps its
 * infrastructure beside an app, and say nothing of the app's own backend.
 */
export function namesApiCheaply(text: string, fileName: string | undefined): boolean {
  const program = fileName !== undefined && PROGRAM_FILE.test(fileName);
  if (program && namesThisApi(fileName)) return true;
  for (const m of namesOfThisApi(text))
    if (m[0] === 'terraform.io' ? /app\.(?:eu\.)?$/.test(text.slice(Math.max(0, m.index - 7), m.index)) : program)
      return true;
  return writesApiRoot(text) && !namesOtherRootApi(text, () => false);
}

/** A program's source file (not configuration, documentation, a lock file or a CI workflow). */
const PROGRAM_FILE =
  /\.(?:[cm]?[jt]sx?|py|go|rb|java|kts?|cs|fs|vb|php|rs|dart|swift|scala|groovy|lua|pl|pm|exs?|clj|cljs|cpp|cc|c|h|hpp|m|r|jl|sentinel)$/i;

/** The file's facts with the path helpers it defines (`FileFacts.pathHelpers`). */
export function withPathHelpers(facts: FileFacts, helpers: ReadonlyMap<string, PathHelper>): FileFacts {
  return helpers.size === 0 ? facts : { ...facts, pathHelpers: helpers };
}

/** The file's facts with the base names it sets as configuration (`FileFacts.configBases`). */
export function withConfigBases(facts: FileFacts, bases: ReadonlyMap<string, ConfigBase>): FileFacts {
  return bases.size === 0 ? facts : { ...facts, configBases: bases };
}

/** The file's facts with what it says of its routers (`FileFacts.routers`). */
export function withRouters(facts: FileFacts, routers: RouterFacts): FileFacts {
  return routers.handed === undefined && routers.consts === undefined && routers.mounts === undefined
    ? facts
    : { ...facts, routers };
}

/** The file's facts with its run task result's status names (`FileFacts.taskStatus`). */
export function withTaskStatus(facts: FileFacts, status: StatusFacts): FileFacts {
  return status.names.length + status.handovers.length === 0 ? facts : { ...facts, taskStatus: status };
}

/** The file's facts with the Terraform file kept for the project's tests (`FileFacts.terraform`). */
export function withTerraform(facts: FileFacts, source: TerraformSource | undefined): FileFacts {
  return source === undefined ? facts : { ...facts, terraform: source };
}

/** The file's facts with the Terraform `http` data sources it declares (`FileFacts.httpSources`). */
export function withHttpSources(facts: FileFacts, sources: ReadonlyMap<string, string>): FileFacts {
  return sources.size === 0 ? facts : { ...facts, httpSources: sources };
}

/** The file's facts with the query-key constants it declares (`FileFacts.queryConsts`). */
export function withQueryConsts(facts: FileFacts, consts: ReadonlyMap<string, string>): FileFacts {
  return consts.size === 0 ? facts : { ...facts, queryConsts: consts };
}

/** The file's facts with the client releases it pins (`FileFacts.releases`). */
export function withReleases(facts: FileFacts, releases: ReadonlyMap<string, string>): FileFacts {
  return releases.size === 0 ? facts : { ...facts, releases };
}

/** The file's facts with the latest client releases its calls need (`FileFacts.laterReleases`). */
export function withLaterReleases(facts: FileFacts, later: ReadonlyMap<string, string>): FileFacts {
  return later.size === 0 ? facts : { ...facts, laterReleases: later };
}

/** Dotted releases in order (`0.0.16` < `0.1.4` < `0.1.10`). */
function compareReleases(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The file's facts with the client operations it defines and their classes (`FileFacts.operations`). */
export function withOperations(
  facts: FileFacts,
  operations: ReadonlyMap<string, string>,
  classes: ReadonlyMap<string, string>,
): FileFacts {
  if (operations.size === 0) return facts;
  return classes.size === 0 ? { ...facts, operations } : { ...facts, operations, operationClasses: classes };
}

/** The file's facts with what its functions and methods return (`FileFacts.goReturns`). */
export function withGoReturns(facts: FileFacts, returns: ReadonlyMap<string, string>): FileFacts {
  return returns.size === 0 ? facts : { ...facts, goReturns: returns };
}

/** The file's facts with the go-tfe client sources it says (`FileFacts.goClients`, within their bound at their reader). */
export function withGoClients(facts: FileFacts, sources: readonly string[]): FileFacts {
  return sources.length === 0 ? facts : { ...facts, goClients: sources };
}

/** The file's facts with the bases its URLs say (only names that may be shared: `sharedBaseName`). */
export function withBases(facts: FileFacts, learned: ReadonlyMap<string, string>): FileFacts {
  let bases: Map<string, string> | undefined;
  for (const [base, prefix] of learned)
    if (sharedBaseName(base) && (bases?.size ?? 0) < PROJECT_LIMITS.perFile) (bases ??= new Map()).set(base, prefix);
  return bases === undefined ? facts : { ...facts, bases };
}

/** Bounds: facts kept per file and per project, templates per model, a signature's length. */
export const PROJECT_LIMITS = { perFile: 200, perProject: 5_000, pathsPerModel: 8, signature: 1_000 } as const;

/**
 * The bounds of one field of a file's facts: at most `entries` entries (a list's values, a map's names; each of a
 * field's own lists or maps: a run task's names and its hand-overs, each map of the routers), each name (a list's
 * value, a map's key) of 1 to `name` characters and each text value of at most `value`.
 */
export interface FactBound {
  readonly entries: number;
  readonly name: number;
  readonly value: number;
}

/** The bounds of a field whose producer keeps at most PROJECT_LIMITS.perFile entries, each of a signature's length. */
const PER_FILE: FactBound = {
  entries: PROJECT_LIMITS.perFile,
  name: PROJECT_LIMITS.signature,
  value: PROJECT_LIMITS.signature,
};

/**
 * The bounds of each field of `FileFacts` but the four the wire's tuple carries in its own elements (models, helpers,
 * bases under PROJECT_LIMITS; a Terraform text under the parser's bound) and the two that are no list (a folder, a
 * flag): one source of truth, the producer's own constant (`STATUS_BOUND`, `QUERY_CONSTS_BOUND`, `ROUTERS_BOUND`,
 * `GO_CLIENTS_BOUND`, `GO_RETURNS_BOUND`, `RELEASES_BOUND`, exported by the module that makes the field, which cannot
 * import this one without a cycle) or PER_FILE, gathered here for the wire's reader (`project-wire.ts`): it accepts what a producer can
 * make and no more. A list or map field added to FileFacts without a bound here fails to compile (the `satisfies`).
 */
export const FACT_BOUNDS = {
  goClients: GO_CLIENTS_BOUND,
  goReturns: GO_RETURNS_BOUND,
  operations: PER_FILE,
  operationClasses: PER_FILE,
  queryConsts: QUERY_CONSTS_BOUND,
  releases: RELEASES_BOUND,
  // A client's latest release its calls need: one per client of the mapping, a release of the mapping's, as pins are.
  laterReleases: RELEASES_BOUND,
  httpSources: PER_FILE,
  taskStatus: STATUS_BOUND,
  pathHelpers: PER_FILE,
  routers: ROUTERS_BOUND,
  configBases: PER_FILE,
} as const satisfies {
  [
    K in Exclude<keyof FileFacts, 'modelPaths' | 'helpers' | 'bases' | 'terraform' | 'namesApi' | 'unproven'>
  ]-?: FactBound;
};

/** A file that tells the others nothing. */
export const NO_FACTS: FileFacts = { modelPaths: new Map() };

/** Python `def name(` at a line start; TS/JS `function name(`, a method `name(` at a line start. */
const PY_DEF = stickyDefs(/^([ \t]*)(?:async[ \t]+)?def[ \t]+\w+[ \t]*\(/gm);
const TS_DEF =
  /^[ \t]*(?:export[ \t]+)?(?:(?:public|private|protected|static|async|readonly)[ \t]+)*(?:function[ \t]*\*?[ \t]*)?\*?[ \t]*[A-Za-z_$][\w$]*[ \t]*(?:<[^>\n]{0,200}>)?\(/gm;
/** A parameter's declared type: `options: RunListOptions | None`, `Optional[X]`, `opts?: Partial<X>`. */
const PARAM_TYPE = /\??:[ \t]*(?:(?:Optional|Union)\[|(?:Partial|Readonly|Required)<)?([A-Z][A-Za-z0-9_]{0,80})/g;

/**
 * The facts of one file, from its URL hits (after their methods were assigned). Python and JS/TS
 * functions only; a file of another language, or with no function taking a model, gives none.
 */
export function fileFacts(
  text: string,
  lines: Lines,
  languageId: string | undefined,
  urls: readonly UrlHit[],
): FileFacts {
  const python = languageId === 'python';
  if (!python && !isJsLike(languageId)) return NO_FACTS;
  const helpers = python ? pythonHelpers(text, lines) : undefined;
  const models = modelFacts(text, lines, python, urls);
  return helpers === undefined ? models : { ...models, helpers };
}

/** `def _ls(self, url):` whose body sends `url` with one method (`requests.get(url`, `do_request(get, url`). */
const PY_HELPER = stickyDefs(/^([ \t]+)def[ \t]+(_?[a-z]\w{0,40})\(self,[ \t]*([a-z_]\w{0,40})\b/gm);
const SENDS = /(?:requests\.|[(,][ \t]*)(get|post|put|patch|delete)[ \t]*[(,][ \t]*(\w+)\b/g;
const SENDS_ANY = new RegExp(SENDS.source);

function pythonHelpers(text: string, lines: Lines): Map<string, HttpMethod> | undefined {
  // A helper's body sends its parameter (SENDS): a text where SENDS finds nothing has no helper (most have none).
  if (!lines.markers.has('def ') || !SENDS_ANY.test(text)) return undefined;
  let out: Map<string, HttpMethod> | undefined;
  for (const m of lineStartDefsIn(text, lines, PY_HELPER)) {
    const name = m[2] ?? '';
    if (name.replace(/^_/, '') in HELPER || name.startsWith('__')) continue;
    const end = pythonBodyEnd(text, m.index + m[0].length, (m[1] ?? '').length);
    const body = text.slice(m.index + m[0].length, Math.min(end, m.index + 4_000));
    const methods = new Set<string>();
    for (const sent of body.matchAll(SENDS)) if (sent[2] === m[3]) methods.add((sent[1] ?? '').toUpperCase());
    if (methods.size !== 1) continue;
    out ??= new Map();
    if (out.size < PROJECT_LIMITS.perFile) out.set(name, [...methods][0] as HttpMethod);
  }
  return out;
}

function modelFacts(text: string, lines: Lines, python: boolean, urls: readonly UrlHit[]): FileFacts {
  // Only reads (GET, or no method found) give a model its query's path.
  const reads = urls.filter((u) => u.method === undefined || u.method.method === 'GET');
  if (reads.length === 0) return NO_FACTS;
  const modelPaths = new Map<string, string[]>();
  let count = 0;
  const defs: Iterable<RegExpMatchArray> = python ? lineStartDefsIn(text, lines, PY_DEF) : text.matchAll(TS_DEF);
  for (const m of defs) {
    if (count >= PROJECT_LIMITS.perFile) break;
    const open = (m.index ?? 0) + m[0].length - 1;
    const close = closingParen(text, open);
    if (close === -1) continue;
    const types = [...text.slice(open + 1, close).matchAll(PARAM_TYPE)].map((t) => t[1] ?? '');
    if (types.length === 0) continue;
    const end = python ? pythonBodyEnd(text, close, (m[1] ?? '').length) : jsBodyEnd(text, close);
    if (end === -1) continue;
    const paths = readPaths(reads, close, end);
    if (paths.length === 0) continue;
    for (const type of types) {
      const list = modelPaths.get(type) ?? [];
      if (list.length === 0) modelPaths.set(type, list);
      for (const p of paths) if (!list.includes(p) && list.length < PROJECT_LIMITS.pathsPerModel) list.push(p);
      count++;
    }
  }
  return count === 0 ? NO_FACTS : { modelPaths };
}

/** The facts of a project's files, bounded (`PROJECT_LIMITS.perProject` models and helpers). */
export function projectFacts(list: Iterable<FileFacts>): ProjectFacts {
  const files = [...list];
  const modelPaths = new Map<string, string[]>();
  const helpers = new Map<string, HttpMethod | undefined>();
  for (const file of files) {
    for (const [name, method] of file.helpers ?? [])
      if (!helpers.has(name)) {
        if (helpers.size < PROJECT_LIMITS.perProject) helpers.set(name, method);
      } else if (helpers.get(name) !== method) helpers.set(name, undefined);
    for (const [name, paths] of file.modelPaths) {
      const list = modelPaths.get(name) ?? [];
      if (list.length === 0) {
        if (modelPaths.size >= PROJECT_LIMITS.perProject) continue;
        modelPaths.set(name, list);
      }
      for (const p of paths) if (!list.includes(p) && list.length < PROJECT_LIMITS.pathsPerModel) list.push(p);
    }
  }
  const known = new Map<string, HttpMethod>();
  for (const [name, method] of helpers) if (method !== undefined) known.set(name, method);
  const bases = projectBases(files);
  const goClients = new Set<string>();
  for (const file of files)
    for (const source of file.goClients ?? []) if (goClients.size < PROJECT_LIMITS.perProject) goClients.add(source);
  // (One folder per file at most: bounded by the project's files.)
  const namesApi = new Set<string>();
  for (const file of files) if (file.namesApi !== undefined) namesApi.add(file.namesApi);
  const votes = new Map<string, string | undefined>();
  for (const file of files)
    for (const [name, id] of file.operations ?? [])
      if (!votes.has(name)) {
        if (votes.size < PROJECT_LIMITS.perProject) votes.set(name, id);
      } else if (votes.get(name) !== id) votes.set(name, undefined);
  const operations = new Map<string, string>();
  for (const [name, id] of votes) if (id !== undefined && id !== '') operations.set(name, id);
  const operationClasses = agreed(files, (file) => file.operationClasses);
  const queryConsts = agreed(files, (file) => file.queryConsts);
  const goReturns = agreed(files, (file) => file.goReturns);
  const httpSources = agreed(files, (file) => file.httpSources);
  const pins = new Map<string, string | undefined>();
  for (const file of files)
    for (const [client, release] of file.releases ?? [])
      pins.set(client, pins.has(client) && pins.get(client) !== release ? undefined : release);
  const releases = new Map<string, string>();
  for (const [client, release] of pins) if (release !== undefined) releases.set(client, release);
  const taskStatus = projectStatus(files.map((file) => file.taskStatus));
  const helperVotes = new Map<string, string | undefined>();
  const helperOf = new Map<string, PathHelper>();
  for (const file of files)
    for (const [name, helper] of file.pathHelpers ?? []) {
      const key = JSON.stringify(helper);
      if (!helperVotes.has(name)) {
        if (helperVotes.size < PROJECT_LIMITS.perProject) helperVotes.set(name, key);
        helperOf.set(name, helper);
      } else if (helperVotes.get(name) !== key) helperVotes.set(name, undefined);
    }
  const pathHelpers = new Map<string, PathHelper>();
  for (const [name, key] of helperVotes) if (key !== undefined) pathHelpers.set(name, helperOf.get(name)!);
  const consts = agreed(files, (file) => file.routers?.consts);
  const handed = new Map<string, string>();
  for (const [key, prefix] of agreed(files, (file) => file.routers?.handed)) {
    const read = resolvedPrefix(prefix, consts);
    if (read !== undefined) handed.set(key, read);
  }
  // Routers of a module another file mounts (`+prefix` or `=prefix`), the prefix's constants read in.
  const mounts = new Map<string, string>();
  for (const [key, mount] of agreed(files, (file) => file.routers?.mounts)) {
    const read = resolvedPrefix(mount.slice(1), consts);
    if (read !== undefined) mounts.set(key, `${mount.charAt(0)}${read}`);
  }
  const otherBases = projectOtherBases(files);
  const modules = projectModules(files.map((file) => file.terraform));
  const later = new Map<string, string>();
  for (const file of files)
    for (const [client, release] of file.laterReleases ?? [])
      if (compareReleases(release, later.get(client) ?? '0') > 0) later.set(client, release);
  return {
    modelPaths,
    ...(operations.size === 0 ? {} : { operations }),
    ...(operationClasses.size === 0 ? {} : { operationClasses }),
    ...(known.size === 0 ? {} : { helpers: known }),
    ...(bases.size === 0 ? {} : { bases }),
    ...(goClients.size === 0 ? {} : { goClients }),
    ...(queryConsts.size === 0 ? {} : { queryConsts }),
    ...(goReturns.size === 0 ? {} : { goReturns }),
    ...(releases.size === 0 ? {} : { releases }),
    ...(later.size === 0 ? {} : { laterReleases: later }),
    ...(httpSources.size === 0 ? {} : { httpSources }),
    ...(taskStatus === undefined ? {} : { taskStatus }),
    ...(pathHelpers.size === 0 ? {} : { pathHelpers }),
    ...(handed.size === 0 && consts.size === 0 && mounts.size === 0
      ? {}
      : { routes: { handed, consts, ...(mounts.size === 0 ? {} : { mounts }) } }),
    ...(otherBases.size === 0 ? {} : { otherBases }),
    ...(modules === undefined ? {} : { modules }),
    ...(namesApi.size === 0 ? {} : { namesApi }),
  };
}

/** The base names some file's configuration sets to another API's URL and none to this API's, bounded. */
function projectOtherBases(files: readonly FileFacts[]): Set<string> {
  const own = new Set<string>();
  const other = new Set<string>();
  for (const file of files)
    for (const [name, said] of file.configBases ?? [])
      if (said === 'own') own.add(name);
      else if (other.size < PROJECT_LIMITS.perProject) other.add(name);
  for (const name of own) other.delete(name);
  return other;
}

/** The names the files' maps give one value, bounded; a name two files give different values is left out. */
function agreed(
  files: readonly FileFacts[],
  of: (file: FileFacts) => ReadonlyMap<string, string> | undefined,
): Map<string, string> {
  const votes = new Map<string, string | undefined>();
  for (const file of files)
    for (const [name, value] of of(file) ?? [])
      if (!votes.has(name)) {
        if (votes.size < PROJECT_LIMITS.perProject) votes.set(name, value);
      } else if (votes.get(name) !== value) votes.set(name, undefined);
  const out = new Map<string, string>();
  for (const [name, value] of votes) if (value !== undefined) out.set(name, value);
  return out;
}

/** The bases the files' URLs say, bounded; one two files disagree on is left out. */
function projectBases(files: Iterable<FileFacts>): Map<string, string> {
  const votes = new Map<string, string | undefined>();
  for (const file of files)
    for (const [base, prefix] of file.bases ?? []) {
      if (!votes.has(base)) {
        if (votes.size < PROJECT_LIMITS.perProject) votes.set(base, prefix);
      } else if (votes.get(base) !== prefix) votes.set(base, undefined);
    }
  const out = new Map<string, string>();
  for (const [base, prefix] of votes) if (prefix !== undefined) out.set(base, prefix);
  return out;
}

/**
 * A project's helper, operation and path helper names, gathered once per project (factsConcern runs once per file):
 * names of word characters only as one table of their calls (`callsPlain`), any other name by its own search.
 */
interface Called {
  /** The plain names (`[\w$]+`) called after a dot; the path helpers (`path-helpers.ts`), called with or without one. */
  readonly plain: ReadonlySet<string>;
  readonly paths: ReadonlyMap<string, PathHelper>;
  /**
   * Both's lengths (1 at each length), the longest, whether one is a single character, and their words' hashes
   * (`wordHash`).
   */
  readonly lengths: Uint8Array;
  readonly longest: number;
  readonly single: boolean;
  readonly hashes: ReadonlySet<number>;
  /**
   * The last characters by code (LAST_OF_NAME: of a plain name or a path helper's, LAST_OF_DECLARED: of a declared
   * call's) and the last two by the codes' pair (`pairKey`), in the same bits.
   */
  readonly lasts: Uint8Array;
  readonly pairs: Uint8Array;
  readonly others: readonly string[];
  /**
   * The functions and methods the project's files say return a go-tfe struct, as called (`declaredCalls`): those
   * ending in two ASCII characters read at the text's `(`s (`endsDeclared`), any other (`fewDeclared`) as a marker.
   */
  readonly declared: readonly string[];
  readonly fewDeclared: readonly string[];
}
const CALLED = new WeakMap<ProjectFacts, Called>();
const LAST_OF_NAME = 1;
const LAST_OF_DECLARED = 2;
function calledNames(project: ProjectFacts): Called {
  let called = CALLED.get(project);
  if (called === undefined) {
    const plain = new Set<string>();
    const others: string[] = [];
    for (const name of new Set([...(project.helpers?.keys() ?? []), ...(project.operations?.keys() ?? [])]))
      if (/^[\w$]+$/.test(name)) plain.add(name);
      else others.push(name);
    const paths = project.pathHelpers ?? new Map<string, PathHelper>();
    const lasts = new Uint8Array(128);
    const pairs = new Uint8Array(128 * 128);
    const hashes = new Set<number>();
    let longest = 0;
    let single = false;
    const names = [...plain, ...paths.keys()];
    for (const name of names) longest = Math.max(longest, name.length);
    const lengths = new Uint8Array(longest + 1);
    for (const name of names) {
      const end = name.length;
      mark(lasts, name.charCodeAt(end - 1) & 127, LAST_OF_NAME);
      if (end === 1) single = true;
      else mark(pairs, pairKey(name.charCodeAt(end - 2), name.charCodeAt(end - 1)), LAST_OF_NAME);
      lengths[end] = 1;
      hashes.add(wordHash(name, 0, end));
    }
    const declared: string[] = [];
    const fewDeclared: string[] = [];
    for (const name of project.goReturns === undefined ? [] : declaredCalls(project.goReturns)) {
      const end = name.length;
      const [c, d] = [name.charCodeAt(end - 2), name.charCodeAt(end - 1)];
      if (end < 2 || c > 127 || d > 127) fewDeclared.push(name);
      else {
        declared.push(name);
        mark(lasts, d, LAST_OF_DECLARED);
        mark(pairs, pairKey(c, d), LAST_OF_DECLARED);
      }
    }
    called = { plain, paths, lengths, longest, single, hashes, lasts, pairs, others, declared, fewDeclared };
    CALLED.set(project, called);
  }
  return called;
}

/**
 * Whether the text calls one of the plain names after a dot: the pattern `\.(?:name|…)\(` (the whole word between
 * the dot and the parenthesis, as `dotCalls` reads a call), found from each of the text's `(`s (`TextMarkers.opens`:
 * found once per text, shared with the gates' markers that hold one) back over the word before it, and that word read
 * only when its last two characters, its length and its hash (`wordHash`) are a name's (the pattern, which stops at
 * every dot of the text, took a third longer over history-real's texts: 1.56 against 1.19 ms a pass; a slice of every
 * word of a name's last character and length, 0.4 ms more than the hash). At the same `(`s, a path helper's name before
 * one (with a dot or without): true when the text calls it with a literal piece and defines no function of that name
 * itself (`callsHelper`), asked once a name. And a call of a function or method the project's Go files say returns a
 * go-tfe struct (`callsDeclared`'s `Name(`, any word ending so), read at the same `(`s where their last two characters
 * end some (a marker each walked the text's `(`s once more).
 */
function callsPlain(text: string, called: Called, markers: TextMarkers): boolean {
  const { plain, paths, lengths, single, hashes, lasts, pairs, declared } = called;
  if (plain.size === 0 && paths.size === 0 && declared.length === 0 && called.fewDeclared.length === 0) return false;
  for (const name of called.fewDeclared) if (markers.has(`${name}(`)) return true;
  if (plain.size === 0 && paths.size === 0 && declared.length === 0) return false;
  const stop = called.longest + 1;
  let asked: Set<string> | undefined;
  // A text dense in `(`s keeps none (`TextMarkers.opens`): walked here.
  for (const open of markers.opens ?? offsetsOf(text, '(')!) {
    const last = text.charCodeAt(open - 1);
    if (last > 127 || lasts[last] === 0) continue;
    // Most `(`s stop here: a word of two characters or more ends as none of the names does.
    const before = text.charCodeAt(open - 2);
    const pair = before <= 127 ? pairs[pairKey(before, last)]! : 0;
    if ((pair & LAST_OF_DECLARED) !== 0 && endsDeclared(text, open, declared)) return true;
    if (isNameChar(before) ? (pair & LAST_OF_NAME) === 0 : !single) continue;
    // The word before the `(`, read back no further than the longest name (a longer word is none of them), and
    // sliced only when its length and its hash are a name's.
    let start = open - 1;
    while (open - start < stop && isNameChar(text.charCodeAt(start - 1))) start--;
    if (lengths[open - start] !== 1 || !hashes.has(wordHash(text, start, open))) continue;
    const dot = text.charCodeAt(start - 1) === 46;
    if (!dot && paths.size === 0) continue;
    const word = text.slice(start, open);
    if (dot && plain.has(word)) return true;
    const helper = paths.get(word);
    if (helper === undefined || asked?.has(word)) continue;
    (asked ??= new Set()).add(word);
    if (callsHelper(text, word, helper)) return true;
  }
  return false;
}

/** Whether one of the declared calls (`Called.declared`) ends at the `(` at `open`. */
function endsDeclared(text: string, open: number, declared: readonly string[]): boolean {
  for (const name of declared) if (open >= name.length && text.startsWith(name, open - name.length)) return true;
  return false;
}

/** Sets `bit` in the table's entry `at`. */
function mark(table: Uint8Array, at: number, bit: number): void {
  table[at] = (table[at] ?? 0) | bit;
}

/** The index of two ASCII characters' codes in `Called.pairs`. */
function pairKey(a: number, b: number): number {
  return ((a & 127) << 7) | (b & 127);
}

/** A hash of the text's characters from `start` to `end` (a name's, or a word's read at a call), in 32 bits. */
function wordHash(text: string, start: number, end: number): number {
  let hash = 0;
  for (let i = start; i < end; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash;
}

/**
 * True when the text declares a model the project's facts name (`class RunListOptions`, `interface X`): scan it with them.
 * `markers` are the text's from its first scan (`scanProjectFile`), when kept; `facts` the file's own, when known.
 */
export function factsConcern(
  project: ProjectFacts,
  text: string,
  markers = new TextMarkers(text),
  fileName?: string,
  facts?: FileFacts,
): boolean {
  // Paths the file alone left out for want of this API's names, which another file of the project writes.
  if (facts?.unproven === true && apiNamedNear(project.namesApi, fileName)) return true;
  // The helpers' and operations' `.name(` calls: at the text's `(`s (`callsPlain`), not a search per name (a project's
  // operations made that a seventh of the scan) nor a look-up of every call's name (a thirtieth).
  const called = calledNames(project);
  if (callsPlain(text, called, markers)) return true;
  if (project.operations !== undefined && markers.has('.assert_') && assertsMockOf(text, project.operations))
    return true;
  for (const name of called.others) if (markers.has(`.${name}(`)) return true;
  for (const base of project.bases?.keys() ?? []) if (markers.has(base)) return true;
  for (const source of project.goClients ?? []) if (markers.has(source)) return true;
  for (const name of project.queryConsts?.keys() ?? []) if (markers.has(`(${name},`)) return true;
  if (project.httpSources !== undefined && markers.has('data.http.')) return true;
  if (project.modules !== undefined && handsModuleInputs(fileName, text)) return true;
  // Terraform: locals another file of the module sends as an enumerated argument (`access = each.key` over them), a
  // variable's default the module hands to the provider (`access = var.access`, `default = "read"`).
  if (project.modules !== undefined && takesModuleValues(text, fileName, project.modules)) return true;
  if (routesConcern(project.routes, markers, fileName)) return true;
  if (statusConcerns(project.taskStatus, markers)) return true;
  if ((project.releases !== undefined || project.laterReleases !== undefined) && callsReleaseDependent(markers))
    return true;
  for (const name of project.modelPaths.keys()) {
    for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length))
      if (DECLARES.test(text.slice(Math.max(0, at - 12), at)) && !/[\w$]/.test(text.charAt(at + name.length)))
        return true;
  }
  return false;
}

/** A call after a dot: `.name(`. Group 1: the name. */
/** What stands before a declared model's name. */
const DECLARES = /(?:class|interface|type|enum)[ \t]+$/;

function isJsLike(languageId: string | undefined): boolean {
  return (
    languageId === 'typescript' ||
    languageId === 'javascript' ||
    languageId === 'typescriptreact' ||
    languageId === 'javascriptreact'
  );
}

/** The templates of the reading URLs between two offsets: the most specific candidate of each. */
function readPaths(urls: readonly UrlHit[], from: number, to: number): string[] {
  const out: string[] = [];
  for (const url of urls) {
    if (url.start < from || url.start >= to) continue;
    const best = url.candidates[0];
    if (best && !out.includes(best.template)) out.push(best.template);
  }
  return out;
}

/** The `)` closing the `(` at `open`, within a signature's length; -1 when none. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  const stop = Math.min(text.length, open + PROJECT_LIMITS.signature);
  for (let i = open; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === 40) depth++;
    else if (c === 41 && --depth === 0) return i;
  }
  return -1;
}

/** The end of a JS/TS function's body: the `}` closing the `{` after its parameters (-1: no body). */
function jsBodyEnd(text: string, close: number): number {
  const brace = text.indexOf('{', close);
  if (brace === -1 || brace - close > 300 || text.slice(close + 1, brace).includes(';')) return -1;
  let depth = 0;
  const stop = Math.min(text.length, brace + 200_000);
  for (let i = brace; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return i;
  }
  return -1;
}
