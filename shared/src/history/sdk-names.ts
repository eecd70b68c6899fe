import sdk from '@keyfob/schemas/platform-history-sdk.json' with { type: 'json' };
import { fileBaseName, profileFor } from './language-profile.ts';
import { memoKey, type Lines } from './lines.ts';
import type { TextMarkers } from './text-markers.ts';
import { canType, chainBefore, declaredReturns, GoTypeEnvironment, type GoTfeTypes } from './go-types.ts';
import { indexFrom, isGoWordChar } from './go-declarations.ts';
import { alternation } from './scan-pattern.ts';
import { makeMatch } from './make-match.ts';
import type { Match } from './match-types.ts';
import { lastIndexWithin, LinePlaces } from './source-text.ts';
import type { HistoryIndex, HistorySubject } from './types.ts';
import { rubyClientWrites } from './ruby-client-writes.ts';
import { receiverLibrary, type ReceiverLibrary } from './receivers.ts';

/** A name of a client library (go-tfe, terrasnek, terraform-enterprise-client, the Terraform provider) and the subject it stands for. */
interface SdkName {
  readonly client: string;
  readonly kind: 'field' | 'method' | 'constant' | 'schema';
  /** `Workspace.AutoDestroyAt`, `Workspaces.SafeDelete`, `RunPlannedAndSaved`, `workspaces.safe_destroy`, `tfe_workspace.auto_destroy_at`. */
  readonly name: string;
  readonly subject: HistorySubject;
  /** The client's releases the name was read from with this subject (terrasnek's `registry_modules.destroy`). */
  readonly releases?: ReadonlySet<string>;
}

interface SdkData {
  readonly clients: readonly {
    readonly client: string;
    readonly language: string;
    readonly releases?: readonly { readonly release: string }[];
    /** A Python client of services (`client.projects.delete(…)`): the module a program imports it from (`pytfe`). */
    readonly module?: string;
    /** A TypeScript client whose responses it camel-cases (`uploadUrl` for `upload-url`), as its source does. */
    readonly camelCasesResponses?: boolean;
    /** A Python client of classes: the class a program makes (`Client`), what each method returns (`[]Workspace`). */
    readonly entry?: string;
    readonly returns?: Readonly<Record<string, string>>;
  }[];
  readonly providerResources: Readonly<Record<string, string>>;
  readonly names: readonly {
    client: string;
    kind: SdkName['kind'];
    name: string;
    subject: string;
    releases?: readonly string[];
    dependent?: boolean;
  }[];
  readonly goTypes: GoTfeTypes['fields'];
  readonly goReturns: GoTfeTypes['returns'];
  readonly sharedAttributes: Readonly<Record<string, readonly string[]>>;
  /** Per client, its methods added after its first release read, with the release that added them. */
  readonly since?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** Per index: the mapping's names resolved to its subjects, grouped for look-up. */
interface SdkIndex {
  readonly byName: Map<string, SdkName>;
  /**
   * go-tfe's names of `byName` by the name alone (`RunPlannedAndSaved`), and by its type then what follows the type's dot
   * (`Workspace` → `AutoDestroyAt`): a Go file's look-ups, without a key made of the client's name per look-up.
   */
  readonly goTfeNames: Map<string, SdkName>;
  readonly goTfeFields: Map<string, Map<string, SdkName>>;
  /** python-tfe's model and option classes (`RunCreateOptions`) → their mapped fields by keyword (`save_plan`). */
  readonly modelFields: ReadonlyMap<string, ReadonlyMap<string, SdkName>>;
  /** A call of one of those classes: `RunCreateOptions(` (group 1 the class). */
  readonly modelCalls: RegExp | undefined;
  /** A member of one of python-tfe's mapped enums: `TeamProjectAccessType.TEAM_PROJECT_ACCESS_ADMIN` (group 1 the enum). */
  readonly modelConstants: RegExp | undefined;
  /** go-tfe struct names that have mapped fields. */
  readonly structs: Set<string>;
  readonly methods: Map<string, SdkName>;
  /**
   * Method keys whose endpoint changed between the client's releases (`terrasnek registry_modules.destroy`): one name
   * per subject, with the releases that send it. Claimed only for a program whose release is known.
   */
  readonly byRelease: Map<string, SdkName[]>;
  /** Per client, its releases read, oldest first (`clients[].releases`). */
  readonly releaseOrder: Map<string, readonly string[]>;
  /** Per client, its methods added after its first release read (`registry_modules.list_all`) → that release's place. */
  readonly since: Map<string, Map<string, number>>;
  /** Per client, the earliest place of a release known to be the least that decides one of its `byRelease` names. */
  readonly decidingFloor: Map<string, number>;
  /** Python clients of classes (pyterprise): the class a program makes and what each `Class.method` returns. */
  readonly classClients: Map<string, { readonly entry: string; readonly returns: ReadonlyMap<string, string> }>;
  /** Python clients of services (python-tfe, pytfc): claimed only in a file that imports their module. */
  readonly serviceClients: readonly {
    readonly client: string;
    readonly language: string;
    readonly module: string;
    readonly imports: RegExp;
    readonly camelCases: boolean;
  }[];
  /** Method keys (`go-tfe TeamMembers.Add`) that map per keyword or options field (`TeamMembers.Add(OrganizationMembershipIDs)`). */
  readonly keyed: ReadonlySet<string>;
  /** Per client, the services that have mapped methods (`Workspaces`, `VariableSets`). */
  readonly services: Map<string, Set<string>>;
  /** Per client, one pattern of its service calls: `.(Workspaces|Projects|…).(\w+)(`. */
  readonly calls: Map<string, RegExp>;
  readonly language: Map<string, string>;
  readonly providerResources: Readonly<Record<string, string>>;
  /** The Terraform provider's schema names (`tfe_workspace.auto_destroy_at`) by resource, then attribute. */
  readonly schemaNames: ReadonlyMap<string, ReadonlyMap<string, SdkName>>;
  /** go-tfe's struct-valued fields and service results, for a file's type environment. */
  readonly goTypes: GoTfeTypes;
  /** go-tfe's mapped field names: a field read or written on a value (`ws.Project.Name`) is `.` and one of them as a whole word. */
  readonly fieldNames: ReadonlySet<string>;
  /**
   * After a `.`, go-tfe's services (group 1) then `.method(` (group 2) or the end of an expression (`ServiceUse`), else
   * one of its other services whose methods' results the table knows, followed by `.` and a capital (group 3:
   * `canType`'s `otherCalls`), else one of its field names as a whole word (group 4): the service calls, the other
   * services' calls and the field reads in one pass over the dots (prefix trees; cheaper than reading every word after a
   * dot by hand and looking it up). Each alternative consumes what it reads, not a lookahead: V8 then checks the
   * characters after the dot before it enters the prefix trees (a lookahead at every dot cost about a fifth more);
   * `dotNames` resumes at the character after each find's dot, so every dot is tried as with the lookaheads.
   */
  readonly dotPattern: RegExp;
}

const cache = new WeakMap<HistoryIndex, SdkIndex>();

function sdkIndex(index: HistoryIndex): SdkIndex {
  let found = cache.get(index);
  if (found) return found;
  const data = sdk as SdkData;
  const byName = new Map<string, SdkName>();
  const methods = new Map<string, SdkName>();
  const structs = new Set<string>();
  const byRelease = new Map<string, SdkName[]>();
  const modelFields = new Map<string, Map<string, SdkName>>();
  const enums = new Set<string>();
  for (const n of data.names) {
    const subject = index.byId.get(n.subject);
    if (!subject) continue;
    if (n.dependent === true) {
      const key = `${n.client} ${n.name}`;
      const item: SdkName = { client: n.client, kind: n.kind, name: n.name, subject, releases: new Set(n.releases) };
      byRelease.set(key, [...(byRelease.get(key) ?? []), item]);
      continue;
    }
    const item: SdkName = { client: n.client, kind: n.kind, name: n.name, subject };
    byName.set(`${n.client} ${n.name}`, item);
    if (n.kind === 'method') methods.set(`${n.client} ${n.name}`, item);
    if (n.kind === 'constant' && n.client === 'python-tfe') enums.add(n.name.slice(0, n.name.indexOf('.')));
    if (n.kind === 'field' && n.client !== 'python-tfe') structs.add(n.name.slice(0, n.name.indexOf('.')));
    else if (n.kind === 'field') {
      // python-tfe's models and options (`RunCreateOptions.save_plan`): read by their keywords where a file makes one.
      const cls = n.name.slice(0, n.name.indexOf('.'));
      modelFields.set(
        cls,
        (modelFields.get(cls) ?? new Map<string, SdkName>()).set(n.name.slice(cls.length + 1), item),
      );
    }
  }
  const goTfeNames = new Map<string, SdkName>();
  const goTfeFields = new Map<string, Map<string, SdkName>>();
  for (const item of byName.values()) {
    if (item.client !== 'go-tfe') continue;
    goTfeNames.set(item.name, item);
    const dot = item.name.indexOf('.');
    if (dot === -1) continue;
    const type = item.name.slice(0, dot);
    goTfeFields.set(type, (goTfeFields.get(type) ?? new Map<string, SdkName>()).set(item.name.slice(dot + 1), item));
  }
  const owners = new Map<string, Set<string>>();
  const keyed = new Set<string>();
  for (const key of methods.keys()) if (key.endsWith(')')) keyed.add(key.slice(0, key.indexOf('(')));
  // A terrasnek module with keyword fields only (`org_memberships.list_for_org(page)`) is a service too.
  const keywordFieldNames = [...byName.values()].filter((n) => n.kind === 'field' && n.client === 'terrasnek');
  for (const m of [...methods.values(), ...[...byRelease.values()].flat(), ...keywordFieldNames])
    owners.set(m.client, (owners.get(m.client) ?? new Set<string>()).add(m.name.slice(0, m.name.indexOf('.'))));
  // A Python method is also passed by reference as an argument (`call_endpoint(api.orgs.list, org_name=…)`).
  const language = new Map(data.clients.map((c) => [c.client, c.language]));
  const releaseOrder = new Map(
    data.clients.flatMap((c) => (c.releases ? [[c.client, c.releases.map((r) => r.release)]] : [])),
  );
  const since = new Map(
    Object.entries(data.since ?? {}).map(([client, table]) => {
      const order = releaseOrder.get(client) ?? [];
      return [client, new Map(Object.entries(table).map(([name, release]) => [name, order.indexOf(release)]))];
    }),
  );
  const calls = new Map(
    [...owners].map(([client, set]) => {
      // Ruby calls a method without parentheses too (`client.organizations.list, only: […]`).
      const lang = language.get(client);
      const after = lang === 'python' ? '[(,)]' : lang === 'ruby' ? '[(\\s,)]' : '\\(';
      return [client, new RegExp(`\\.(${alternation([...set])})\\.(\\w+)${after}`, 'g')];
    }),
  );
  const fields = new Set(
    [...byName.values()]
      .filter((n) => n.kind === 'field' && n.client === 'go-tfe')
      .map((n) => n.name.slice(n.name.indexOf('.') + 1)),
  );
  const schemaNames = new Map<string, Map<string, SdkName>>();
  for (const item of byName.values()) {
    const dot = item.name.indexOf('.');
    if (item.client !== 'terraform-provider-tfe' || dot === -1 || item.name.includes('.', dot + 1)) continue;
    const resource = item.name.slice(0, dot);
    const attributes = schemaNames.get(resource) ?? new Map<string, SdkName>();
    schemaNames.set(resource, attributes.set(item.name.slice(dot + 1), item));
  }
  const decidingFloor = new Map<string, number>();
  for (const [key, names] of byRelease) {
    const client = key.slice(0, key.indexOf(' '));
    const order = releaseOrder.get(client) ?? [];
    // The first place from which one name holds every later release (its releases are consecutive, newest last).
    const places = names.map((n) => Math.min(...[...(n.releases ?? [])].map((r) => order.indexOf(r))));
    const floor = Math.max(...places);
    decidingFloor.set(client, Math.min(decidingFloor.get(client) ?? order.length, floor));
  }
  const classClients = new Map(
    data.clients.flatMap((c) =>
      c.entry === undefined ? [] : [[c.client, { entry: c.entry, returns: new Map(Object.entries(c.returns ?? {})) }]],
    ),
  );
  const serviceClients = data.clients.flatMap((c) =>
    c.module === undefined
      ? []
      : [
          {
            client: c.client,
            language: c.language,
            module: c.module,
            // Python: `from pytfe import …`, `import pytfc`; Go: the import path quoted (`api "github.com/tsanton/tfe-client/tfe"`);
            // TypeScript: the package quoted (`from '@skorfmann/terraform-cloud'`, `require("@skorfmann/terraform-cloud")`).
            imports:
              c.language === 'go'
                ? new RegExp(`"${c.module.replace(/[.]/g, '\\.')}"`)
                : c.language === 'typescript'
                  ? new RegExp(`['"]${c.module.replace(/[.]/g, '\\.')}['"]`)
                  : new RegExp(`^[ \\t]*(?:from|import)[ \\t]+${c.module}\\b`, 'm'),
            camelCases: c.camelCasesResponses === true,
          },
        ],
  );
  found = {
    byName,
    goTfeNames,
    goTfeFields,
    modelFields,
    modelCalls: modelFields.size === 0 ? undefined : new RegExp(`\\b(${alternation([...modelFields.keys()])})\\(`, 'g'),
    modelConstants:
      enums.size === 0 ? undefined : new RegExp(`\\b(${alternation([...enums])})\\.([A-Z][A-Z0-9_]*)\\b`, 'g'),
    serviceClients,
    decidingFloor,
    classClients,
    schemaNames,
    structs,
    methods,
    byRelease,
    releaseOrder,
    since,
    keyed,
    services: owners,
    calls,
    language,
    providerResources: data.providerResources,
    goTypes: { fields: data.goTypes, returns: data.goReturns, mapped: structs },
    fieldNames: fields,
    dotPattern: new RegExp(
      `\\.(?:(${someOf(owners.get('go-tfe'))})(?:\\.(\\w+)\\(|[ \\t]*(?=[,;)}\\r\\n]|//))|(${someOf(otherReturning(data.goReturns, owners.get('go-tfe')))})\\.[A-Z]|(${someOf(fields)})(?!\\w))`,
      'g',
    ),
  };
  cache.set(index, found);
  return found;
}

/** The services of `returns` (`Service.Method` → the struct it returns) not among `services`: `canType`'s other services. */
function otherReturning(
  returns: Readonly<Record<string, string>>,
  services: ReadonlySet<string> | undefined,
): Set<string> {
  const other = new Set<string>();
  for (const key of Object.keys(returns)) {
    const service = key.slice(0, key.indexOf('.'));
    if (services?.has(service) !== true) other.add(service);
  }
  return other;
}

/** A pattern of the names (a prefix tree), or one that matches nothing when there are none. */
function someOf(names: ReadonlySet<string> | undefined): string {
  return names && names.size > 0 ? alternation([...names]) : '(?!)';
}

const shared = (sdk as SdkData).sharedAttributes;

/**
 * Whether go-tfe's models carry an attribute of this name on the resource the history lists it for and on another
 * the history does not list it for (`updated-at`: workspaces, policies, registry modules …; `known`, the resources
 * the history lists the name for): such a name alone does not say the resource.
 */
export function onSeveralResources(subject: HistorySubject, known: readonly (string | undefined)[] = []): boolean {
  const own = subject.resource?.replace(/^admin\//, '');
  if (own === undefined) return false;
  const listed = new Set(known.map((r) => r?.replace(/^admin\//, '')));
  return [subject.name, ...subject.aliases].some((n) => {
    const types = shared[n];
    return types?.includes(own) === true && types.some((t) => t !== own && !listed.has(t));
  });
}

/** Bounds of one look-up: how far a composite literal's fields are read. */
const MAX_LITERAL = 8_000;

/**
 * Uses of the API through an official client, by the mapping in `schemas/platform-history-sdk.json`:
 * - Go: go-tfe option and model fields in a composite literal (`tfe.WorkspaceCreateOptions{ AutoDestroyAt: … }`)
 *   or set on a variable of that type (`options.AutoDestroyAt = …`), service calls
 *   (`client.Workspaces.SafeDelete(ctx, …)`), state constants (`tfe.RunPlannedAndSaved`);
 * - Python: terrasnek endpoint methods (`api.workspaces.safe_destroy(…)`);
 * - Ruby: terraform-enterprise-client resource methods (`client.workspaces.list(options)`, `client.organizations.list, …`);
 * - the Terraform provider's own resource files (`resource_tfe_workspace.go`): schema attributes.
 * Each match carries `sdk` (client and name) for the hover.
 */
export function sdkMatches(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  languageId: string | undefined,
  fileName: string | undefined,
  goClients?: ReadonlySet<string>,
  project?: SdkFacts,
): Match[] {
  const out: Match[] = [];
  const sdkIdx = sdkIndex(index);
  const push = matchPusher(text, lines, out);
  if (languageId === 'go') {
    // A call or a literal in a comment (code left commented out, a doc comment's example) sends nothing, as a path
    // written in a comment says nothing: Python's, Ruby's and the service clients' readers refuse them alike.
    let places: LinePlaces | undefined;
    const inCode: Push = (start, end, name) => {
      places ??= new LinePlaces(text, profileFor({ languageId }), lines);
      if (!places.at(start).inComment) push(start, end, name);
    };
    // The name go-tfe is imported under: `tfe`, or an alias (`tfc "github.com/hashicorp/go-tfe"`).
    // The import is searched once (its line gives the name too).
    const imported = goTfeImport(text, lines);
    const name = goTfeImportName(text, imported);
    if (imported !== -1 || mentions(text, `${name}.`)) goUses(text, lines, sdkIdx, inCode, name, project?.goReturns);
    // go-tfe's own package calls its services internally; its endpoints are read from its URLs.
    else if (!isGoTfePackage(text)) wrappedCalls(text, lines, sdkIdx, inCode, goClients);
    goServiceClientUses(text, lines, sdkIdx, push);
  }
  if (languageId === 'python' && text.includes('.')) {
    // A call in a comment (code left commented out) or a string sends nothing.
    const places = new LinePlaces(text, profileFor({ languageId }), lines);
    let blocks: TripleQuoted | undefined;
    const isCode = (at: number): boolean => {
      if (!inPythonCode(text, places, at)) return false;
      blocks ??= new TripleQuoted(text);
      return !blocks.holds(at);
    };
    const inCode: Push = (start, end, name) => {
      if (isCode(start)) push(start, end, name);
    };
    // A client of services the file imports (`from pytfe import TFEClient`): its calls are that client's, not terrasnek's.
    let services = false;
    for (const { client, language, module, imports } of sdkIdx.serviceClients)
      if (language === 'python' && lines.markers.has(module) && imports.test(text)) {
        services = true;
        callUses(text, lines, sdkIdx, client, undefined, inCode);
        if (client === 'python-tfe') {
          modelKeywordUses(text, sdkIdx, push, isCode);
          modelConstantUses(text, sdkIdx, inCode);
        }
      }
    if (!services || lines.markers.has('terrasnek'))
      callUses(text, lines, sdkIdx, 'terrasnek', project, inCode, otherReceiverGate(text));
  }
  if (JS_LIKE.has(languageId ?? '')) jsServiceClientUses(text, lines, sdkIdx, languageId, push);
  if (languageId === 'python' && lines.markers.has('pyterprise')) {
    const places = new LinePlaces(text, profileFor({ languageId }), lines);
    const blocks = new TripleQuoted(text);
    classClientUses(text, sdkIdx, 'pyterprise', (start, end, name) => {
      if (inPythonCode(text, places, start) && !blocks.holds(start)) push(start, end, name);
    });
  }
  if (languageId === 'ruby' && text.includes('.')) {
    const places = new LinePlaces(text, profileFor({ languageId }), lines);
    callUses(
      text,
      lines,
      sdkIdx,
      'terraform-enterprise-client',
      undefined,
      (start, end, name) => {
        if (!places.at(start).inComment) push(start, end, name);
      },
      otherReceiverGate(text),
    );
    // Its writes: the hash a create/update sends, an action's endpoint (only where the file names the client).
    if (RUBY_CLIENT.test(text))
      for (const w of rubyClientWrites(text, index))
        if (!places.at(w.start).inComment)
          push(w.start, w.end, {
            client: 'terraform-enterprise-client',
            kind: 'field',
            name: w.name,
            subject: w.subject,
          });
  }
  const resource = providerResource(fileName);
  const attributes = resource && languageId === 'go' ? sdkIdx.schemaNames.get(resource) : undefined;
  if (attributes) {
    for (const { start, name: attribute } of schemaKeys(text)) {
      const name = attributes.get(attribute);
      if (name) push(start, start + attribute.length, name);
    }
  }
  return out;
}

/**
 * What `sdkMatches` hands its readers: each SDK name found, made a match of the text and added to `out`.
 */
function matchPusher(text: string, lines: Lines, out: Match[]): Push {
  return (start, end, name) => {
    // The SDK name is added to the match as made (a copy of every field cost more).
    const match: { -readonly [K in keyof Match]: Match[K] } = makeMatch(text, lines, {
      start,
      end,
      subject: name.subject,
      confidence: 'exact',
      via: 'sdk',
    });
    match.sdk = { client: name.client, name: name.name };
    out.push(match);
  };
}

/**
 * Calls of a Go client of services other than go-tfe (tsanton/tfe-client: `cli.ProviderVersionService.Read(ctx, …)`),
 * only in a file that imports its package; not in a comment or a string.
 */
function goServiceClientUses(text: string, lines: Lines, sdkIdx: SdkIndex, push: Push): void {
  let places: LinePlaces | undefined;
  for (const { client, language, module, imports } of sdkIdx.serviceClients)
    if (language === 'go' && lines.markers.has(module) && imports.test(text))
      callUses(text, lines, sdkIdx, client, undefined, (start, end, name) => {
        places ??= new LinePlaces(text, profileFor({ languageId: 'go' }), lines);
        const place = places.at(start);
        if (!place.inComment && place.stringStart === -1) push(start, end, name);
      });
}

const JS_LIKE = new Set(['typescript', 'javascript', 'typescriptreact', 'javascriptreact']);

/**
 * Calls of a TypeScript client of services (@skorfmann/terraform-cloud: `tfc.Workspaces.showByName(org, name)`), only
 * in a file that imports its package; not in a comment or a string.
 */
function jsServiceClientUses(
  text: string,
  lines: Lines,
  sdkIdx: SdkIndex,
  languageId: string | undefined,
  push: Push,
): void {
  let places: LinePlaces | undefined;
  for (const { client, language, module, imports } of sdkIdx.serviceClients)
    if (language === 'typescript' && lines.markers.has(module) && imports.test(text))
      callUses(text, lines, sdkIdx, client, undefined, (start, end, name) => {
        places ??= new LinePlaces(text, profileFor({ languageId }), lines);
        const place = places.at(start);
        if (!place.inComment && place.stringStart === -1) push(start, end, name);
      });
}

/**
 * Whether a Python call's place on its line is code: not in a comment, not in a string (`"workspaces.show"`
 * handed to a dispatcher, a getattr table); an f-string's braces are code (`f"{api.orgs.list()}"`).
 */
function inPythonCode(text: string, places: LinePlaces, at: number): boolean {
  const place = places.at(at);
  if (place.inComment) return false;
  if (place.stringStart === -1) return true;
  const prefix = text.charCodeAt(place.stringStart - 1);
  return (prefix === 102 || prefix === 70) && lastIndexWithin(text, '{', place.stringStart + 1, at) !== -1;
}

/**
 * Python's triple-quoted blocks (`"""` … `"""`, `'''` … `'''`): docstrings, and code kept in a string that is never
 * run. Found by native searches from the first offset asked, once; offsets are asked in increasing order.
 */
class TripleQuoted {
  #spans: [number, number][] | undefined;
  #next = 0;
  constructor(readonly text: string) {}

  holds(at: number): boolean {
    const spans = (this.#spans ??= tripleQuotedSpans(this.text));
    if (this.#next > 0 && (spans[this.#next - 1]?.[1] ?? 0) > at) this.#next = 0;
    while (this.#next < spans.length && (spans[this.#next]?.[1] ?? 0) <= at) this.#next++;
    const span = spans[this.#next];
    return span !== undefined && span[0] <= at;
  }
}

function tripleQuotedSpans(text: string): [number, number][] {
  const out: [number, number][] = [];
  let double = text.indexOf('"""');
  let single = text.indexOf("'''");
  while (double !== -1 || single !== -1) {
    const open = single === -1 || (double !== -1 && double < single) ? double : single;
    const close = text.indexOf(open === double ? '"""' : "'''", open + 3);
    const end = close === -1 ? text.length : close + 3;
    out.push([open, end]);
    if (double !== -1 && double < end) double = text.indexOf('"""', end);
    if (single !== -1 && single < end) single = text.indexOf("'''", end);
  }
  return out;
}

/**
 * A Python project's dependency files, by their base name (`fileBaseName`): requirements (`requirements.txt`,
 * `pip-reqs.txt`), setup.py, pyproject, Pipfile. (The same pattern unanchored on the whole path, `(?:^|[/\\])…$`,
 * was tried at every character of every file's path, its `[\w.-]*req` backtracking at each: a three-hundredth of a
 * scan.)
 */
const PYTHON_DEPENDENCIES = /^(?:[\w.-]*req[\w.-]*\.txt|setup\.(?:py|cfg)|pyproject\.toml|Pipfile)$/i;
/**
 * Whether a file's name ends as PYTHON_DEPENDENCIES' names end (`.txt`, `setup.py`, `setup.cfg`, `pyproject.toml`,
 * `Pipfile`, in any case): a cheap test asked first of every file.
 */
function mayNameDependencies(fileName: string): boolean {
  const tail = fileName.slice(-14).toLowerCase();
  return (
    tail.endsWith('.txt') ||
    tail.endsWith('setup.py') ||
    tail.endsWith('setup.cfg') ||
    tail.endsWith('pyproject.toml') ||
    tail.endsWith('pipfile')
  );
}

/** Bounds of a dependency file read for pins. */
const MAX_DEPENDENCIES = 200_000;

/**
 * The bounds of a file's pins (`FileFacts.releases`; its later releases too): 20 clients (the mapping has 4 Python
 * clients), each name at most 100 characters (a package's) and each release at most 40 (`0.1.10`; a longer run of
 * dotted numbers is no release and pins nothing). The wire's reader accepts these and no more (`project-facts.ts`'s
 * FACT_BOUNDS).
 */
export const RELEASES_BOUND = { entries: 20, name: 100, value: 40 } as const;

/**
 * The releases of the mapping's Python clients a project's dependency file pins exactly (`terrasnek==0.0.10`,
 * `terrasnek = "==0.0.10"`, poetry's `terrasnek = "0.0.10"`): client → release. A range (`>=`, `^`, `~=`) pins none.
 */
export function pinnedReleases(text: string, fileName: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (
    fileName === undefined ||
    !mayNameDependencies(fileName) ||
    !PYTHON_DEPENDENCIES.test(fileBaseName(fileName)) ||
    text.length > MAX_DEPENDENCIES
  )
    return out;
  for (const client of PYTHON_CLIENTS) {
    if (!text.includes(client)) continue;
    const pattern = new RegExp(
      `(?:^|[\\s"'\\[,])${client}(?:\\[[\\w,.-]*\\])?["']?[ \\t]*(?:==[ \\t]*|=[ \\t]*["'](?:==)?)v?(\\d+(?:\\.\\d+)+)(?![\\w.*])`,
      'gim',
    );
    const found = new Set([...text.matchAll(pattern)].map((m) => m[1] ?? ''));
    const [release = ''] = found;
    if (found.size !== 1 || release.length > RELEASES_BOUND.value || client.length > RELEASES_BOUND.name) continue;
    out.set(client, release);
    if (out.size >= RELEASES_BOUND.entries) break;
  }
  return out;
}

/** `.module.method` of the mapping's names whose endpoint changed between releases (`.registry_modules.destroy`). */
const RELEASE_DEPENDENT = [
  ...new Set((sdk as SdkData).names.filter((n) => n.dependent === true).map((n) => `.${n.name.replace(/\(.*$/, '')}`)),
];

/** What a project says of its client releases (`ProjectFacts` extends it: project-facts.ts gathers them). */
interface ReleaseFacts {
  /** Client releases the project pins (`terrasnek` → `0.0.10`); a client two files pin differently is left out. */
  readonly releases?: ReadonlyMap<string, string>;
  /** The latest release of a client the project's files' calls need, by client (the files' latest). */
  readonly laterReleases?: ReadonlyMap<string, string>;
}

/** What a project says that its files' SDK names read (`ProjectFacts` extends it). */
export interface SdkFacts extends ReleaseFacts {
  /**
   * Go: the go-tfe struct the project's functions and methods return (`go-types.ts`'s `declaredReturns`: `internal.GetWorkspaces`
   * → `[]Workspace`, `.CreateConfigurationVersion` → `ConfigurationVersion`); a name two files type differently is left out.
   */
  readonly goReturns?: ReadonlyMap<string, string>;
}

/** Whether a text calls a name whose endpoint changed between its client's releases (what its project's releases decide). */
export function callsReleaseDependent(markers: TextMarkers): boolean {
  return markers.any(RELEASE_DEPENDENT);
}

/** The mapping's Python clients (their package names). */
const PYTHON_CLIENTS = (sdk as SdkData).clients.filter((c) => c.language === 'python').map((c) => c.client);

const GO_TFE = '"github.com/hashicorp/go-tfe"';
/** A Ruby file that uses terraform-enterprise-client (its module or its require path). */
const RUBY_CLIENT = /TerraformEnterprise|terraform_enterprise|terraform-enterprise-client/;

/**
 * What a Go text says (a scan reads a file's go-tfe uses, then its client sources, `goClientSources`): where go-tfe's
 * import path is, and the service uses after its dots (`dotNames`) once read. Kept per scan (`Lines.memo`).
 */
const GO_TEXT = memoKey<{ readonly importAt: number; dots?: { sdkIdx: SdkIndex; services: readonly ServiceUse[] } }>(
  'go-tfe import and dots',
);

/**
 * `text.indexOf(GO_TFE)`, searched once per text. Its tail `-tfe"` is searched for first: a native search stops at
 * every occurrence of a needle's first character, and `"` is everywhere in Go where `-` is not (most files that do
 * not import go-tfe are read whole).
 */
function goTfeImport(text: string, lines: Lines): number {
  return goText(text, lines).importAt;
}

function goText(
  text: string,
  lines: Lines,
): { readonly importAt: number; dots?: { sdkIdx: SdkIndex; services: readonly ServiceUse[] } } {
  return lines.memo(GO_TEXT, () => ({ importAt: text.includes(GO_TFE_TAIL) ? text.indexOf(GO_TFE) : -1 }));
}
const GO_TFE_TAIL = '-tfe"';
const SCHEMA_VALUE = /[ \t]*(?:\{|schema\.\w+Attribute\{)/y;

/**
 * A provider schema's attribute keys: `"name": {` / `"name": schema.StringAttribute{` with the key first
 * on its line. Each `":` is found by native search and read around by hand (a pattern starting at
 * every quote of the file cost several times more).
 */
function schemaKeys(text: string): { start: number; name: string }[] {
  const out: { start: number; name: string }[] = [];
  for (let colon = text.indexOf('":'); colon !== -1; colon = text.indexOf('":', colon + 2)) {
    SCHEMA_VALUE.lastIndex = colon + 2;
    if (!SCHEMA_VALUE.test(text)) continue;
    let open = colon - 1;
    while (open >= 0 && isSchemaChar(text.charCodeAt(open))) open--;
    const first = text.charCodeAt(open + 1);
    if (text.charCodeAt(open) !== 34 || open + 1 === colon || first < 97 || first > 122) continue;
    let i = open - 1;
    while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
    if (i >= 0 && text.charCodeAt(i) !== 10) continue;
    out.push({ start: open + 1, name: text.slice(open + 1, colon) });
  }
  return out;
}

/** `[a-z0-9_]`. */
function isSchemaChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
}

/**
 * The name go-tfe is imported under: the alias before its import path on that line
 * (`tfc "github.com/hashicorp/go-tfe"`), else `tfe`. The path is found by a native search (`at`, -1
 * when absent), then the line read back (a pattern starting at every position of the text cost a
 * tenth of the whole scan).
 */
function goTfeImportName(text: string, at: number): string {
  if (at === -1) return 'tfe';
  const before = text.slice(Math.max(0, text.lastIndexOf('\n', at) + 1, at - 200), at);
  const alias = /(?:^|[\s(])(\w+)[ \t]*$/.exec(before)?.[1];
  return alias === undefined || alias === 'import' ? 'tfe' : alias;
}

/**
 * `text.includes(needle)`, its tail looked for first when that is rarer: a native search stops at every
 * occurrence of the needle's first character, and `t` of `tfe.` is everywhere in code where `f` is not.
 */
function mentions(text: string, needle: string): boolean {
  return (needle.length < 3 || text.includes(needle.slice(1))) && text.includes(needle);
}

/** The provider resource a file defines (`resource_tfe_workspace.go` → `tfe_workspace`), if the mapping knows it. */
function providerResource(fileName: string | undefined): string | undefined {
  // The pattern is tried only on a name that holds its fixed parts (asked of every file, a few times a scan).
  if (fileName === undefined || !fileName.endsWith('.go') || !fileName.includes('resource_tfe_')) return undefined;
  return PROVIDER_FILE.exec(fileName)?.[1];
}

const PROVIDER_FILE = /(?:^|[/\\])resource_(tfe_\w+?)\.go$/;

/** The JSON:API type of the resource a provider file manages (`resource_tfe_project.go` → `projects`). */
export function providerFileResource(index: HistoryIndex, fileName: string | undefined): string | undefined {
  const resource = providerResource(fileName);
  return resource === undefined ? undefined : sdkIndex(index).providerResources[resource];
}

/** The JSON:API type of the resource a provider's resource or data type manages (`tfe_policy_set` → `policy-sets`), if mapped. */
export function providerTypeResource(index: HistoryIndex, type: string): string | undefined {
  return Object.hasOwn(sdkIndex(index).providerResources, type) ? sdkIndex(index).providerResources[type] : undefined;
}

/**
 * Whether the text imports a mapped TypeScript client that camel-cases its responses' keys (`from
 * '@skorfmann/terraform-cloud'`): its objects' members are the API's kebab-case names camel-cased.
 */
export function importsCamelCasingClient(text: string, index: HistoryIndex): boolean {
  return sdkIndex(index).serviceClients.some(
    (c) => c.camelCases && c.language === 'typescript' && text.includes(c.module) && c.imports.test(text),
  );
}

/** The provider's resource and data types the mapping knows (`tfe_workspace`): those it maps to a resource or maps arguments of. */
export function providerTypes(index: HistoryIndex): readonly string[] {
  const sdkIdx = sdkIndex(index);
  return [...new Set([...Object.keys(sdkIdx.providerResources), ...sdkIdx.schemaNames.keys()])];
}

const ARGUMENT_NAMES = new WeakMap<HistoryIndex, ReadonlySet<string>>();

/** The names of the provider's mapped arguments, whatever their type (`name`, `tag_names`): `providerArgument`'s keys. */
export function providerArgumentNames(index: HistoryIndex): ReadonlySet<string> {
  let names = ARGUMENT_NAMES.get(index);
  if (names === undefined) {
    const all = new Set<string>();
    for (const attributes of sdkIndex(index).schemaNames.values()) for (const key of attributes.keys()) all.add(key);
    ARGUMENT_NAMES.set(index, (names = all));
  }
  return names;
}

/**
 * The provider's schema name of an argument of one of its resource or data types (`tfe_workspace` `tag_names`), if
 * mapped: the subject it stands for and its name (`tfe_workspace.tag_names`).
 */
export function providerArgument(
  index: HistoryIndex,
  type: string,
  key: string,
): { readonly name: string; readonly subject: HistorySubject } | undefined {
  return sdkIndex(index).schemaNames.get(type)?.get(key);
}

type Push = (start: number, end: number, name: SdkName) => void;

function goUses(
  text: string,
  lines: Lines,
  sdkIdx: SdkIndex,
  pushAny: Push,
  pkg: string,
  returns: ReadonlyMap<string, string> | undefined,
): void {
  // Each place once: a field set on a typed variable is found by two readings.
  const push = oncePusher(pushAny);
  // Composite literals: `tfe.X{` … fields at depth one, up to the matching `}`; state constants
  // (`tfe.RunPlannedAndSaved`, not followed by `{` or `(`). One pass over `tfe.` for both.
  // Variables of a mapped type, each with where it is declared: `options` may be a create options
  // struct in one function and an update options struct in the next.
  const typed = new Map<string, { at: number; struct: string }[]>();
  const qualified = qualifiedNames(text, pkg);
  for (const m of qualified) {
    const struct = m.name;
    const next = text.charCodeAt(m.end);
    // `var options tfe.WorkspaceUpdateOptions`: a variable of that type.
    const declared = declaredBefore(text, m.index);
    if (declared) declareTyped(typed, declared, m.index, struct);
    if (next !== 123) {
      const name = next === 40 ? undefined : sdkIdx.goTfeNames.get(struct);
      if (name?.kind === 'constant') push(m.index + pkg.length + 1, m.end, name);
      continue;
    }
    if (!sdkIdx.structs.has(struct) && !LIST_OPTIONS.test(struct)) continue;
    const variable = assignedBefore(text, m.index);
    if (variable) declareTyped(typed, variable, m.index, struct);
    let depth = 0;
    const open = m.end;
    const stop = Math.min(text.length, open + MAX_LITERAL);
    for (let i = open; i < stop; i++) {
      const c = text.charCodeAt(i);
      if (c === 123) depth++;
      else if (c === 125 && --depth === 0) break;
      // A field at a line start, or after the brace or a comma on one line (`tfe.ListOptions{PageNumber: n, PageSize: 100}`).
      if (depth === 1 && (c === 10 || c === 44 || (c === 123 && i === open))) {
        const field = stickyAt(LITERAL_FIELD, text, i + 1, 119);
        const name = field ? fieldName(sdkIdx, struct, field[1] ?? '') : undefined;
        if (field && name) {
          const start = i + 1 + field[0].indexOf(field[1] ?? '');
          push(start, start + (field[1]?.length ?? 0), name);
        }
      }
    }
  }
  // Fields set on a variable of a mapped type: `options.AutoDestroyAt = …` (at a line start). One pattern of
  // the variables' names after a line's blanks finds them (a search per name stopped at every one of its first
  // letter); the declaration before the use gives the type.
  for (const { at, variable } of lineStartUses(text, lines, typed)) {
    const declarations = typed.get(variable) ?? [];
    const after = at + variable.length + 1;
    const field = stickyAt(SET_FIELD, text, after, 120);
    if (!field) continue;
    const struct = declarations.filter((d) => d.at < at).pop()?.struct;
    const name = struct ? fieldName(sdkIdx, struct, field[1] ?? '') : undefined;
    if (name) push(after, after + (field[1]?.length ?? 0), name);
  }
  const dots = dotNames(text, lines, sdkIdx);
  typedFieldUses(text, lines, sdkIdx, push, pkg, dots, qualified, returns);
  heldServiceCalls(text, sdkIdx, push, qualified, serviceUses(text, sdkIdx, push, dots.services));
}

/**
 * `push` once a place (the first name found there).
 */
function oncePusher(push: Push): Push {
  const seen = new Set<number>();
  return (start, end, name) => {
    if (seen.has(start)) return;
    seen.add(start);
    push(start, end, name);
  };
}

/** A variable of a mapped type declared at `at` (`goUses`' `typed`, each variable's declarations in text order). */
function declareTyped(
  typed: Map<string, { at: number; struct: string }[]>,
  variable: string,
  at: number,
  struct: string,
): void {
  const list = typed.get(variable);
  if (list === undefined) typed.set(variable, [{ at, struct }]);
  else list.push({ at, struct });
}

/** A composite literal's field at a line start or after `{`/`,` (`  AutoDestroyAt: …`), and a field set on a variable (`AutoDestroyAt = …`, after its dot). */
const LITERAL_FIELD = /[ \t]*([A-Z]\w*):[ \t]/y;
const SET_FIELD = /([A-Z]\w*)[ \t]*=[^=]/y;

/**
 * A sticky pattern's match at `at` that ends within `within` characters, as the pattern anchored (`^`) on
 * `text.slice(at, at + within)` finds it (read in place: a slice per line cut a string each time).
 */
function stickyAt(pattern: RegExp, text: string, at: number, within: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  const m = pattern.exec(text);
  return m !== null && m[0].length <= within ? m : null;
}

/** `.Service.method(` (`method` set) or `.Service` taken as a value, at `index` (the dot). */
interface ServiceUse {
  readonly index: number;
  readonly service: string;
  readonly method: string | undefined;
}

/**
 * The go-tfe services and mapped field names after the file's dots, in text order, as two patterns found them
 * (`\.(services)(?:\.(\w+)\(|[ \t]*(?=[,;)}\r\n]|//))` and `\.(fields)(?!\w)`), by one (`dotPattern`). A
 * service is followed by what no word goes on with, so it is also a field read when it is a field's name; the
 * dots within a service call start neither. And whether a call of another service whose results the table knows
 * follows a dot (`otherCalls`, `canType`'s search of `\.(?:others)\.[A-Z]`, read in the same pass).
 */
function dotNames(
  text: string,
  lines: Lines,
  sdkIdx: SdkIndex,
): { services: ServiceUse[]; fields: { at: number; field: string }[]; otherCalls: boolean } {
  const services: ServiceUse[] = [];
  const fields: { at: number; field: string }[] = [];
  let otherCalls = false;
  const pattern = sdkIdx.dotPattern;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    // The next dot may be within this find (`.Workspaces.Read(`'s second): resumed right after this one.
    pattern.lastIndex = m.index + 1;
    const service = m[1];
    const other = m[3];
    if (service !== undefined) {
      services.push({ index: m.index, service, method: m[2] });
      if (sdkIdx.fieldNames.has(service)) fields.push({ at: m.index, field: service });
    } else if (other !== undefined) {
      // Tried before the field names: an other service that is a field's name too is that field's read as well.
      otherCalls = true;
      if (sdkIdx.fieldNames.has(other)) fields.push({ at: m.index, field: other });
    } else fields.push({ at: m.index, field: m[4] ?? '' });
  }
  goText(text, lines).dots = { sdkIdx, services };
  return { services, fields, otherCalls };
}

/**
 * go-tfe's service calls (as `callUses` finds them: `.Workspaces.SafeDelete(`) and the places where a service is
 * taken as a value (`agentPools: client.AgentPools,`), which are returned for `heldServiceCalls`; both are found
 * by `dotNames`.
 */
function serviceUses(text: string, sdkIdx: SdkIndex, push: Push, uses: readonly ServiceUse[]): ServiceUse[] {
  const held: ServiceUse[] = [];
  for (const use of uses) {
    if (use.method === undefined) {
      held.push(use);
      continue;
    }
    // `.Service.method(`: the name from after the dot to before the parenthesis.
    const end = use.index + use.service.length + use.method.length + 2;
    const name = goMethodName(sdkIdx, `go-tfe ${use.service}.${use.method}`, text, end + 1);
    if (!name || byOtherKey(argumentsAt(text, end + 1), name)) continue;
    push(use.index + 1, end, name);
  }
  return held;
}

/**
 * go-tfe service calls through a name that holds a service: a parameter, variable or field typed by the service's
 * interface (`VariableSets tfe.VariableSets`, `var ws tfe.Workspaces`) or assigned a client's service (`agentPools:
 * client.AgentPools,`, `runs := client.Runs`), then called with a context first (`VariableSets.ListForWorkspace(ctx,
 * id, nil)`, `c.agentPools.ReadWithOptions(ctx, id, opts)`). A name that holds two services in the file says nothing.
 */
function heldServiceCalls(
  text: string,
  sdkIdx: SdkIndex,
  push: Push,
  qualified: readonly QualifiedName[],
  assigned: readonly ServiceUse[],
): void {
  const services = sdkIdx.services.get('go-tfe');
  if (!services) return;
  const holders = new Map<string, string | undefined>();
  // Typed: `name tfe.Service` / `name *tfe.Service` (a parameter, a field, `var name tfe.Service`), among the
  // file's `tfe.X` (services are exported names; a `tfe.` inside a word has no name before it).
  for (const { index: at, end, name: service } of qualified) {
    const next = text.charCodeAt(end);
    if (!services.has(service) || next === 46 || next === 40 || next === 123) continue;
    holdService(holders, wordBefore(text, text.charCodeAt(at - 1) === 42 ? at - 1 : at, false), service);
  }
  // Assigned: `name: client.Service,` / `name := c.client.Service` / `x.name = client.Service`, or a struct's first
  // field by position (`&runClient{client.Runs}`, `positionalField`).
  const structs: EmbeddingMemo = { embedders: new Map(), receivers: new Map(), firstFields: new Map() };
  for (const m of assigned) {
    let i = m.index;
    while (i > 0 && (isGoWordChar(text.charCodeAt(i - 1)) || text.charCodeAt(i - 1) === 46)) i--;
    holdService(holders, wordBefore(text, i, true) ?? positionalField(text, structs, i), m.service);
  }
  // Embedded: a struct of the program's embeds a holder (`type workspaceLister struct { workspaceClient }`), whose
  // methods are promoted: its methods' receivers call them (`func (wl *workspaceLister) …` then `wl.List(ctx, …)`).
  for (const [name, service] of [...holders])
    if (service !== undefined) embeddingReceivers(text, structs, name, holders, service, EMBEDDING_DEPTH, true);
  for (const [name, service] of holders) {
    if (service === undefined) continue;
    const dotted = `${name}.`;
    for (let at = text.indexOf(dotted); at !== -1; at = text.indexOf(dotted, at + dotted.length)) {
      if (at > 0 && isGoWordChar(text.charCodeAt(at - 1))) continue;
      let end = at + dotted.length;
      while (isGoWordChar(text.charCodeAt(end))) end++;
      if (text.charCodeAt(end) !== 40) continue;
      const method = goMethodName(sdkIdx, `go-tfe ${service}.${text.slice(at + dotted.length, end)}`, text, end + 1);
      if (!method || !CONTEXT_ARGUMENT.test(text.slice(end + 1, end + 81)) || inLineComment(text, at)) continue;
      push(at, end, method);
    }
  }
}

/**
 * How many structs deep a held service is promoted (`embeddingReceivers`): `runStarter` embeds `*runClient`, which
 * embeds `tfe.Runs`, is two.
 */
const EMBEDDING_DEPTH = 3;

/**
 * The receivers of the methods of a struct type that embeds the field `name` (a line holding the name alone, in the
 * body of the `type T struct {` above it; also `*name` and `pkg.name`, an embedded `tfe.Workspaces` is the field
 * `Workspaces`): each holds `service` too (`heldServiceCalls`' `holders`). A struct that embeds T in turn (`*T` or
 * `T`, the field named `T`: `type runStarter struct { *runClient }`) has the methods promoted again, its receivers
 * hold it as well, up to `depth` structs from the holder. T is the text's own type, so unqualified (`qualified`
 * false): an embedded `*tfe.Client` is go-tfe's, not a struct of the text named `Client`.
 */
function embeddingReceivers(
  text: string,
  structs: EmbeddingMemo,
  name: string,
  holders: Map<string, string | undefined>,
  service: string,
  depth: number,
  qualified: boolean,
): void {
  if (depth === 0) return;
  // Each struct type once, however many of its declarations embed the name (a name holds a service whatever the
  // order or count of the asks: `holdService`).
  for (const type of embeddersOf(text, structs, name, qualified)) {
    for (const receiver of receiversOf(text, structs, type)) holdService(holders, receiver, service);
    if (type !== name) embeddingReceivers(text, structs, type, holders, service, depth - 1, false);
  }
}

/**
 * What `embeddingReceivers` reads of a text, kept one `heldServiceCalls` call: the struct types embedding each name (by
 * `qualified` and name) and the receivers of each type's methods. Read again per embedding, a text of many structs
 * embedding one name searched the whole text for each of them, and for each again one level down: a Go program's
 * embedded service (`type runStarter struct { *runClient }`) repeated to 100 KB took 8.5 s (session 38).
 */
interface EmbeddingMemo {
  readonly embedders: Map<string, readonly string[]>;
  readonly receivers: Map<string, readonly string[]>;
  /** `positionalField`: each struct type's embedded first field, or null (none, or no such struct in the text). */
  readonly firstFields: Map<string, string | null>;
}

/** The distinct struct types of the text whose body embeds `name` on a line of its own (see `embeddingReceivers`). */
function embeddersOf(text: string, structs: EmbeddingMemo, name: string, qualified: boolean): readonly string[] {
  const key = `${qualified ? 'q' : ''}:${name}`;
  const kept = structs.embedders.get(key);
  if (kept !== undefined) return kept;
  const types = new Set<string>();
  // Asked of the whole text only when the name ends a line somewhere (gofmt leaves no blank after it).
  if (text.includes(`${name}\n`) || text.includes(`${name}\r`)) {
    const embedded = new RegExp(`\\n[ \\t]+\\*?${qualified ? '(?:\\w+\\.)?' : ''}${name}[ \\t]*\\r?\\n`, 'g');
    for (let m = embedded.exec(text); m !== null; m = embedded.exec(text)) {
      const type = STRUCT_HEAD.exec(text.slice(Math.max(0, m.index - 400), m.index))?.[1];
      if (type !== undefined) types.add(type);
    }
  }
  const found = [...types];
  structs.embedders.set(key, found);
  return found;
}

/** The receivers' names of a type's methods (`func (rs *runStarter) …`: `rs`), each once. */
function receiversOf(text: string, structs: EmbeddingMemo, type: string): readonly string[] {
  const kept = structs.receivers.get(type);
  if (kept !== undefined) return kept;
  const receivers = new RegExp(`\\bfunc[ \\t]*\\([ \\t]*([A-Za-z_]\\w*)[ \\t]+\\*?${type}[ \\t]*\\)`, 'g');
  const found = [...new Set([...text.matchAll(receivers)].map((r) => r[1]!))];
  structs.receivers.set(type, found);
  return found;
}

/** The head of the struct type whose body a text up to a place is in (`type runClient struct {` and no brace after): group 1, its name. */
const STRUCT_HEAD = /type[ \t]+([A-Za-z_]\w*)[ \t]+struct[ \t]*\{[^{}]*$/;

/**
 * The field a value written at `at` fills as the first element of a positional composite literal of a struct
 * declared in the text (`&runClient{client.Runs}` under `type runClient struct {` whose first field is `tfe.Runs`):
 * that field's name when it is embedded (`*T`, `pkg.T`: `T`), the name its methods are promoted under. A named first
 * field (`runs tfe.Runs`) is typed already, and a type not declared in the text says nothing.
 */
function positionalField(text: string, structs: EmbeddingMemo, at: number): string | undefined {
  let i = at - 1;
  while (i >= 0 && /\s/.test(text.charAt(i))) i--;
  if (text.charCodeAt(i) !== 123) return undefined;
  let start = i;
  while (start > 0 && isGoWordChar(text.charCodeAt(start - 1))) start--;
  const type = text.slice(start, i);
  if (type === '' || /\d/.test(type.charAt(0)) || text.charCodeAt(start - 1) === 46) return undefined;
  // Once a type (per value, a text of many such literals searched the whole text for the type's head each time).
  let field = structs.firstFields.get(type);
  if (field === undefined) structs.firstFields.set(type, (field = firstEmbeddedField(text, type) ?? null));
  return field ?? undefined;
}

/** The first field of the text's `type T struct {`, as `positionalField` reads it. */
function firstEmbeddedField(text: string, type: string): string | undefined {
  const head = new RegExp(`\\btype[ \\t]+${type}[ \\t]+struct[ \\t]*\\{[ \\t]*\\r?\\n`).exec(text);
  if (!head) return undefined;
  // The struct's first field: its first line that is no blank or comment.
  const body = text.slice(head.index + head[0].length, head.index + head[0].length + 400);
  const first = /^(?:[ \t]*(?:\/\/[^\n]*)?\r?\n)*[ \t]*\*?(?:\w+\.)?([A-Za-z_]\w*)[ \t]*(?:\/\/[^\n]*)?\r?\n/.exec(
    body,
  );
  return first?.[1];
}

/** A name that holds `service` (`heldServiceCalls`' `holders`): undefined once it holds two. */
function holdService(holders: Map<string, string | undefined>, name: string | undefined, service: string): void {
  if (name === undefined || name === 'func' || name === 'return') return;
  holders.set(name, holders.has(name) && holders.get(name) !== service ? undefined : service);
}

/**
 * The word before `at` after blanks (`name tfe.Service`: `name`), or with `assigned` the word before an
 * assignment or a key's colon there (`name: client.Service`, `name := …`, `x.name = …`: `name`).
 */
function wordBefore(text: string, at: number, assigned: boolean): string | undefined {
  let i = at - 1;
  const blanks = (): void => {
    while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  };
  blanks();
  if (assigned) {
    if (text.charCodeAt(i) === 61) {
      i--;
      if (text.charCodeAt(i) === 58) i--;
      else if (/[=!<>+\-*/%&|^]/.test(text.charAt(i))) return undefined;
    } else if (text.charCodeAt(i) === 58) i--;
    else return undefined;
    blanks();
  } else if (i === at - 1) return undefined;
  const end = i + 1;
  while (i >= 0 && isGoWordChar(text.charCodeAt(i))) i--;
  return end > i + 1 && !/\d/.test(text.charAt(i + 1)) ? text.slice(i + 1, end) : undefined;
}

/**
 * `tfe.X` from `index` to `end`, and `X` (`name`). The whole is not cut out: its readers want its end only (a string a
 * name was about two thirds of `qualifiedNames`' allocation).
 */
interface QualifiedName {
  readonly index: number;
  readonly end: number;
  readonly name: string;
}

/**
 * Each `tfe.X` (X an exported name) under the name go-tfe is imported as, in text order, as the pattern
 * `tfe\.([A-Z]\w*)\b` finds them (a search for the qualifier: the pattern was tried at every position).
 */
function qualifiedNames(text: string, pkg: string): QualifiedName[] & { readonly otherWords: boolean } {
  const out: QualifiedName[] = [];
  // Whether another word follows some `tfe.` (`tfe.x`, `tfe._`, `tfe.1`): then these are not every word after one.
  let otherWords = false;
  const qualified = `${pkg}.`;
  for (let at = indexFrom(text, qualified, 0); at !== -1;) {
    const from = at + qualified.length;
    const first = text.charCodeAt(from);
    if (first < 65 || first > 90) {
      if (isAsciiWordChar(first)) otherWords = true;
      at = indexFrom(text, qualified, at + 1);
      continue;
    }
    let end = from + 1;
    while (isAsciiWordChar(text.charCodeAt(end))) end++;
    out.push({ index: at, end, name: text.slice(from, end) });
    at = indexFrom(text, qualified, end);
  }
  return Object.assign(out, { otherWords });
}

/** A character of a regular expression's `\w` (ASCII letters, digits, `_`). */
function isAsciiWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** The first letters of `lineStartUses`' variables, by code (`& 127`). */
const VARIABLE_FIRSTS = new Uint8Array(128);

/**
 * Each line opening (after its blanks) with one of the variables (words) and a `.`: where the name starts, and
 * which it is. Read from the line table: the word opening each line, taken only when a `.` follows it (a pattern
 * of the names after every newline stopped at each one).
 */
function lineStartUses(
  text: string,
  lines: Lines,
  variables: ReadonlyMap<string, unknown>,
): { at: number; variable: string }[] {
  const out: { at: number; variable: string }[] = [];
  if (variables.size === 0) return out;
  // A line whose word starts with no variable's first letter is left unread (most lines): a table by code.
  // One table for every call, cleared (a typed array of 128 bytes is made off the heap: a cost per text).
  const firsts = VARIABLE_FIRSTS.fill(0);
  for (const name of variables.keys()) firsts[name.charCodeAt(0) & 127] = 1;
  for (const start of lines.all()) {
    let at = start;
    while (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9) at++;
    if (firsts[text.charCodeAt(at) & 127] !== 1) continue;
    let end = at;
    while (isAsciiWordChar(text.charCodeAt(end))) end++;
    if (end === at || text.charCodeAt(end) !== 46) continue;
    const variable = text.slice(at, end);
    if (variables.has(variable)) out.push({ at, variable });
  }
  return out;
}

/**
 * Fields read or set on a value typed elsewhere in the file (`ws.Project.Name` after `ws, err :=
 * client.Workspaces.Read(…)`, `p.Name` with `p *tfe.Project`, `x.ws.UpdatedAt`): the file's type
 * environment (`go-types.ts`), built once and only when a mapped field name follows a dot. A field of a
 * value whose type is not known is not reported; one already found (a literal's key, `options.X =`) is
 * not reported twice.
 */
function typedFieldUses(
  text: string,
  lines: Lines,
  sdkIdx: SdkIndex,
  push: Push,
  pkg: string,
  dots: ReturnType<typeof dotNames>,
  qualified: ReturnType<typeof qualifiedNames>,
  returns: ReadonlyMap<string, string> | undefined,
): void {
  // The reads first, with the chain before each: only their heads' declarations are read.
  const reads: { at: number; field: string; step: boolean; chain: string[] }[] = [];
  for (const { at, field } of dots.fields) {
    const after = text.charCodeAt(at + 1 + field.length);
    // A method call (`.Name()`) or a composite literal's type (`x.Project{`) is not a field.
    if (after === 40 || after === 123) continue;
    const chain = chainBefore(text, at);
    if (chain === undefined || chain[0] === pkg) continue;
    reads.push({ at, field, step: after === 46, chain });
  }
  // The environment is built only where it can type something (most files importing go-tfe type nothing read).
  // The file's `tfe.X` are every word after a `tfe.` when no other word follows one: `canType` reads those.
  if (reads.length === 0) return;
  const words = qualified.otherWords ? undefined : qualified.map((q) => q.name);
  if (
    !canType(
      text,
      pkg,
      sdkIdx.goTypes,
      sdkIdx.services.get('go-tfe') ?? NO_SERVICES,
      dots.services,
      words,
      dots.otherCalls,
    ) &&
    !callsDeclared(lines.markers, returns)
  )
    return;
  const heads = new Set(reads.map((r) => (r.chain[0] ?? '').replace('[]', '')));
  const env = new GoTypeEnvironment(
    text,
    pkg,
    sdkIdx.goTypes,
    heads,
    lines,
    reads.map((r) => r.at),
    returns,
  );
  for (const r of reads) {
    const struct = env.structOf(r.chain, r.at);
    // A step through to another struct (`ws.Project.Name`) reads that struct's field, not this one; its `ID`
    // alone (`ws.Project.ID`) is the relationship's data, this struct's field.
    if (struct === undefined) continue;
    if (r.step && sdkIdx.goTypes.fields[struct]?.[r.field] !== undefined && !idFollows(text, r.at + 1 + r.field.length))
      continue;
    const name = fieldName(sdkIdx, struct, r.field);
    if (name && !inLineComment(text, r.at)) push(r.at + 1, r.at + 1 + r.field.length, name);
  }
}

const NO_SERVICES: ReadonlySet<string> = new Set();

/**
 * Whether a text may call a function or method the project's files say returns a go-tfe struct: a method's `.Name(`,
 * a function's `Name(` (qualified by its package or not). Asked of the text's markers (`text-markers.ts`) by a Go
 * file's second scan and its typed reads; every file of a project is asked it in `factsConcern`'s walk over the text's
 * `(`s (`declaredCalls`), the same answer without a search per name.
 */
export function callsDeclared(markers: TextMarkers, returns: ReadonlyMap<string, string> | undefined): boolean {
  if (returns === undefined) return false;
  for (const marker of declaredMarkers(returns)) if (markers.has(marker)) return true;
  return false;
}

/**
 * `callsDeclared`'s markers (`Name(`), made once per project's `returns` (asked by each Go file's scan, twice by some: a
 * list and a string a name made per file cost more than the look-ups).
 */
const DECLARED_MARKERS = new WeakMap<ReadonlyMap<string, string>, readonly string[]>();

function declaredMarkers(returns: ReadonlyMap<string, string>): readonly string[] {
  let markers = DECLARED_MARKERS.get(returns);
  if (markers === undefined) DECLARED_MARKERS.set(returns, (markers = declaredCalls(returns).map((c) => `${c}(`)));
  return markers;
}

/** What `callsDeclared` looks for before a `(`, a name of `returns`: a method's `.Name`, a function's `Name` (its package dropped). */
export function declaredCalls(returns: ReadonlyMap<string, string>): string[] {
  return [...returns.keys()].map((key) => (key.startsWith('.') ? key : key.slice(key.indexOf('.') + 1)));
}

/**
 * The bounds of what a Go file says its functions and methods return (`FileFacts.goReturns`): 200 (a program's client
 * wraps a few dozen go-tfe calls; a mock of every service names its methods by their names alone, `.Read`, shared by
 * the services), each name (`pkg.Func`, `.Method`) at most 200 characters, each struct at most 100 (go-tfe's longest
 * is under 50, `[]` before a list's). The wire's reader accepts these and no more (`project-facts.ts`'s FACT_BOUNDS).
 */
export const GO_RETURNS_BOUND = { entries: 200, name: 200, value: 100 } as const;

/**
 * What a Go file's functions and methods return for the project's other files (`SdkFacts.goReturns`), in a file that
 * imports go-tfe (go-tfe's own package is not a program using it); the first within GO_RETURNS_BOUND, in the text's order.
 */
export function goDeclaredReturns(text: string, lines: Lines, index: HistoryIndex): Map<string, string> {
  const imported = goTfeImport(text, lines);
  if (imported === -1) return new Map();
  const returns = declaredReturns(text, goTfeImportName(text, imported), sdkIndex(index).goTypes, lines);
  const out = new Map<string, string>();
  for (const [name, struct] of returns) {
    if (out.size >= GO_RETURNS_BOUND.entries) break;
    if (name.length <= GO_RETURNS_BOUND.name && struct.length <= GO_RETURNS_BOUND.value) out.set(name, struct);
  }
  return out;
}

/** `.ID` and no more of the chain at `dot` (`ws.Project.ID`, not `.IDs` or `.ID.String`). */
function idFollows(text: string, dot: number): boolean {
  return text.startsWith('.ID', dot) && !isGoWordChar(text.charCodeAt(dot + 3)) && text.charCodeAt(dot + 3) !== 46;
}

/** A `//` before `at` on its line (a comment, or a URL: either way the place says less). */
function inLineComment(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const slash = text.indexOf('//', lineStart);
  return slash !== -1 && slash < at;
}

/**
 * A go-tfe list's options struct (`WorkspaceListOptions`, `RunListForOrganizationOptions`): go-tfe's embed ListOptions.
 */
const LIST_OPTIONS = /List\w*Options$/;

/**
 * A go-tfe struct's mapped field, or the field of ListOptions that a list's options struct embeds
 * (`opts := &tfe.WorkspaceListOptions{…}; opts.PageNumber = next`; `RunListForOrganizationOptions` too).
 */
function fieldName(sdkIdx: SdkIndex, struct: string, field: string): SdkName | undefined {
  const own = sdkIdx.goTfeFields.get(struct)?.get(field);
  if (own || !LIST_OPTIONS.test(struct)) return own;
  return sdkIdx.goTfeFields.get('ListOptions')?.get(field);
}

/** The variable declared with the type starting at `at` (`var options *`), read backwards by hand. */
function declaredBefore(text: string, at: number): string | undefined {
  let i = at - 1;
  if (text.charCodeAt(i) === 42) i--; // *
  let from = i;
  i = blanksBack(text, i);
  if (i === from) return undefined;
  const end = i + 1;
  while (i >= 0 && isAsciiWordChar(text.charCodeAt(i))) i--;
  if (end === i + 1) return undefined;
  const name = text.slice(i + 1, end);
  from = i;
  i = blanksBack(text, i);
  if (i === from || !text.startsWith('var', i - 2) || isAsciiWordChar(text.charCodeAt(i - 3))) return undefined;
  return name;
}

/** The variable assigned right before `at` (`options := &`, `opts = `), read backwards by hand. */
function assignedBefore(text: string, at: number): string | undefined {
  let i = blanksBack(text, at - 1);
  if (text.charCodeAt(i) === 38) i--; // &
  i = blanksBack(text, i);
  if (text.charCodeAt(i) !== 61) return undefined; // =
  i--;
  if (text.charCodeAt(i) === 58) i--; // :=
  i = blanksBack(text, i);
  const end = i + 1;
  while (i >= 0 && isAsciiWordChar(text.charCodeAt(i))) i--;
  return end > i + 1 ? text.slice(i + 1, end) : undefined;
}

/**
 * The offset before the spaces and tabs that end at `i` (`i` itself when none).
 */
function blanksBack(text: string, i: number): number {
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  return i;
}

/**
 * go-tfe service calls in a Go file that does not import go-tfe, through a type of the program that
 * embeds `*tfe.Client` (`client.PolicyChecks.Read(client.Context(), id)`, where `client` is the
 * program's own `*client.Client`). Other Go clients have services of the same names (godo's and
 * go-github's `Projects`, `Organizations`), so a call counts only when its first argument is a
 * context (every go-tfe service method takes one first) and its service is one no other client is
 * known to name, a compound name (`PolicyChecks`, `WorkspaceRunTasks`, `TeamTokens`); a single-word
 * service (`Projects`, `Runs`, `Workspaces`, `Organizations`) counts only on a receiver that made such
 * a call in the same file.
 */
function wrappedCalls(text: string, lines: Lines, sdkIdx: SdkIndex, push: Push, goClients?: ReadonlySet<string>): void {
  const found = wrappedCallsIn(text, lines, sdkIdx);
  const confirmed = new Set(found.filter((f) => f.compound && f.receiver !== '').map((f) => f.receiver));
  // A receiver assigned what the project's other files call go-tfe services on (`client, err := c.Meta.Client()`).
  const fromProject = (receiver: string, at: number): boolean => {
    const source = goClients === undefined || goClients.size === 0 ? undefined : assignedSource(text, receiver, at);
    return source !== undefined && goClients?.has(source) === true;
  };
  for (const f of found)
    if (f.compound || confirmed.has(f.receiver) || fromProject(f.receiver, f.start))
      push(f.start, f.start + f.length, f.name);
}

interface WrappedCall {
  readonly start: number;
  readonly length: number;
  readonly receiver: string;
  readonly compound: boolean;
  readonly name: SdkName;
}

/** Each mapped go-tfe service call with a context first (`client.Projects.Delete(client.Context(), id)`) and its receiver. */
function wrappedCallsIn(text: string, lines: Lines, sdkIdx: SdkIndex): WrappedCall[] {
  const calls = sdkIdx.calls.get('go-tfe');
  const found: WrappedCall[] = [];
  if (!calls || !text.includes('.')) return found;
  // `.Service.method(` as `calls` finds them: the service uses with a method, when `dotNames` has read this text.
  const read = goText(text, lines).dots;
  const dots = read?.sdkIdx === sdkIdx ? read.services : undefined;
  const matches = dots
    ? dots.flatMap((d) =>
        d.method === undefined
          ? []
          : [{ at: d.index, length: d.service.length + d.method.length + 3, service: d.service, method: d.method }],
      )
    : [...text.matchAll(calls)].map((m) => ({
        at: m.index ?? 0,
        length: m[0].length,
        service: m[1] ?? '',
        method: m[2] ?? '',
      }));
  for (const { at, length, service, method } of matches) {
    const name = goMethodName(sdkIdx, `go-tfe ${service}.${method}`, text, at + length);
    if (!name || !CONTEXT_ARGUMENT.test(text.slice(at + length, at + length + 80))) continue;
    found.push({
      start: at + 1,
      length: length - 2,
      receiver: receiverBefore(text, at),
      compound: COMPOUND.test(service),
      name,
    });
  }
  return found;
}

/**
 * The bounds of the go-tfe client sources a file tells its project (`FileFacts.goClients`, FACT_BOUNDS's): the first
 * 20 a file says, in its order, each of at most 1,000 characters (a longer one is left out, not cut: a cut name is
 * another name). Real programs say one or two (hcptf-cli's commands: `Meta.Client()`).
 */
export const GO_CLIENTS_BOUND = { entries: 20, name: 1_000, value: 1_000 } as const;

/**
 * What a Go file says holds a go-tfe client, for the other files of its program: the expressions its receivers of go-tfe
 * service calls are assigned (`client, err := c.Meta.Client()` then `client.AgentPools.Create(ctx, …)`; `c :=
 * options.TClient` then `c.Workspaces.List(ctx, …)` in a file that imports go-tfe), by their last two selectors
 * (`Meta.Client()`, `options.TClient`). A receiver counts where its calls count: in a file importing go-tfe, or one
 * that calls a compound service on it.
 */
export function goClientSources(text: string, lines: Lines, index: HistoryIndex): string[] {
  const sdkIdx = sdkIndex(index);
  const imported = goTfeImport(text, lines) !== -1;
  if (!imported && isGoTfePackage(text)) return [];
  const found = wrappedCallsIn(text, lines, sdkIdx);
  const out = new Set<string>();
  for (const f of found) {
    if (f.receiver === '' || f.receiver.includes('.') || !(imported || f.compound)) continue;
    if (out.size >= GO_CLIENTS_BOUND.entries) break;
    const source = assignedSource(text, f.receiver, f.start);
    if (source !== undefined && source.length <= GO_CLIENTS_BOUND.name) out.add(source);
  }
  return [...out];
}

/**
 * The expression last assigned to a plain variable before `at` (`client, err := c.Meta.Client()`, `c := options.TClient`),
 * by its last two selectors (`Meta.Client()`, `options.TClient`; a call's arguments must be none). Undefined when the
 * variable is not assigned so in the 4,000 characters before.
 */
function assignedSource(text: string, receiver: string, at: number): string | undefined {
  if (receiver === '' || receiver.includes('.')) return undefined;
  const from = Math.max(0, at - 4_000);
  const window = text.slice(from, at);
  const pattern = new RegExp(
    `(?:^|[^\\w.])${receiver}(?:[ \\t]*,[ \\t]*\\w+)?[ \\t]*:?=[ \\t]*&?([A-Za-z_][\\w.]*?)(\\(\\))?[ \\t]*(?:\\r?\\n|//)`,
    'g',
  );
  let last: RegExpExecArray | undefined;
  for (let m = pattern.exec(window); m !== null; m = pattern.exec(window)) last = m;
  if (last === undefined) return undefined;
  const parts = (last[1] ?? '').split('.');
  if (parts.length < 2) return undefined;
  return `${parts.slice(-2).join('.')}${last[2] ?? ''}`;
}

/** go-tfe's own source: its package clause (the first `package ` of a file, after its comments) is `package tfe`. */
function isGoTfePackage(text: string): boolean {
  const at = text.indexOf('package ');
  return at !== -1 && text.startsWith('package tfe', at) && !isGoWordChar(text.charCodeAt(at + 11));
}

/** A first argument that is a context: `ctx`, `context.Background()`, `client.Context()`, `c.ctx`, `r.Context()`. */
const CONTEXT_ARGUMENT = /^[ \t]*(?:[\w.]*\.)?(?:ctx|\w*Ctx|context\.\w+\(\)|Context\(\))[ \t]*[,)]/;
/** A service name of two words or more: `PolicyChecks`, `SSHKeys`, `OAuthClients` (not `Projects`). */
const COMPOUND = /^[A-Z][A-Za-z0-9]*[a-z0-9][A-Z]|^[A-Z]{2,}[a-z]/;

/** The receiver expression before `.Service` at `dot` (`client`, `c.client`), read backwards by hand. */
function receiverBefore(text: string, dot: number): string {
  let i = dot - 1;
  while (i >= 0 && (isGoWordChar(text.charCodeAt(i)) || text.charCodeAt(i) === 46)) i--;
  return text.slice(i + 1, dot);
}

/**
 * For the clients read without an import (terrasnek, terraform-enterprise-client: a program is often handed the client
 * object): a call whose receiver is another library's object (`client.beta.threads.runs.create(…)` of OpenAI,
 * `gl.projects.list()` after `gl = gitlab.Gitlab(…)`) is not this API's (`receiverLibrary`).
 */
function otherReceiverGate(text: string): (dot: number) => boolean {
  const memo = new Map<string, ReceiverLibrary>();
  return (dot) => receiverLibrary(text, dot, memo) !== 'other';
}

/**
 * Service calls: `.Workspaces.SafeDelete(` (go-tfe), `.workspaces.safe_destroy(` (terrasnek), and terrasnek methods
 * passed by reference (`.orgs.list)`, `.orgs.show_module_producers,`).
 */
function callUses(
  text: string,
  lines: Lines,
  sdkIdx: SdkIndex,
  client: string,
  project: ReleaseFacts | undefined,
  push: Push,
  receiverOk?: (dot: number) => boolean,
): void {
  const calls = sdkIdx.calls.get(client);
  if (!calls) return;
  const found = clientCalls(text, lines, calls);
  // The program's release: pinned by the project, else at least the latest that added a method called here or in the project.
  const pinned = project?.releases?.get(client);
  let known: KnownRelease | undefined = pinned === undefined ? undefined : { exact: pinned };
  if (known === undefined && sdkIdx.byRelease.size > 0) {
    const order = sdkIdx.releaseOrder.get(client) ?? [];
    const floor = Math.max(
      releaseFloor(sdkIdx, client, found),
      order.indexOf(project?.laterReleases?.get(client) ?? ''),
    );
    if (floor > 0) known = { from: floor };
  }
  for (const m of found) {
    if (receiverOk !== undefined && !receiverOk(m.index ?? 0)) continue;
    const key = `${client} ${m[1] ?? ''}.${m[2] ?? ''}`;
    const from = (m.index ?? 0) + m[0].length;
    // A method reference closed there (`call(api.orgs.list)`) has no arguments of its own.
    const args = m[0].endsWith(')') ? '' : argumentsAt(text, from);
    const name = keywordName(sdkIdx, key, args, known) ?? methodOf(sdkIdx, key, known);
    if (name && !byOtherKey(args, name)) {
      const start = (m.index ?? 0) + 1;
      push(start, start + m[0].length - 2, name);
    }
    // A keyword argument the method sends as a query key (`workspaces.list(page=2)`: `page[number]`).
    if (args.includes('=')) keywordFields(sdkIdx, key, args, from, push);
    if (args.includes('filters=')) filterFields(text, sdkIdx, key, args, from, push);
  }
}

/** How far before a call a filter named in its `filters=[…]` is looked for, and how much of its dict is read. */
const MAX_FILTER_LOOKBACK = 3_000;
const MAX_FILTER_DICT = 400;
/** A terrasnek filter's keys, all quoted: `"keys": ["status"]`, `'keys': ['n', 'status']`. */
const FILTER_KEYS = /["']keys["'][ \t]*:[ \t]*\[((?:\s*["'][\w-]+["']\s*,?)+)\]/g;
const FILTER_NAMES = /^filters[ \t]*=[ \t]*\[([\w \t,]+)\]/;

/**
 * A terrasnek call's `filters` keyword (`api.runs.list(workspace_id=ws, filters=[{"keys": ["status"], "value": "pending"}])`)
 * sends each filter's keys as a query key (`filter[status]`): the method's field of that key (`runs.list(filter[status])`)
 * at the keyword. The filters are read written there or as dicts the list names (`filters=[pending]` after `pending =
 * {"keys": ["status"], …}` above the call); other filters (built at run time) say nothing.
 */
function filterFields(text: string, sdkIdx: SdkIndex, key: string, args: string, from: number, push: Push): void {
  const at = args.indexOf('filters=');
  if (at > 0 && /\w/.test(args.charAt(at - 1))) return;
  const value = args.slice(at);
  const dicts = [value];
  const before = text.slice(Math.max(0, from - MAX_FILTER_LOOKBACK), from);
  for (const part of FILTER_NAMES.exec(value)?.[1]?.split(',') ?? []) {
    const name = part.trim();
    const assigned = name === '' ? -1 : before.lastIndexOf(`${name} = {`);
    if (assigned === -1) continue;
    const open = assigned + name.length + 3;
    const close = before.indexOf('}', open);
    dicts.push(before.slice(open, close === -1 ? open + MAX_FILTER_DICT : Math.min(close, open + MAX_FILTER_DICT)));
  }
  const wires = new Set<string>();
  for (const dict of dicts)
    for (const m of dict.matchAll(FILTER_KEYS))
      wires.add(`filter${[...(m[1] ?? '').matchAll(/[\w-]+/g)].map((k) => `[${k[0]}]`).join('')}`);
  for (const wire of wires) {
    const field = sdkIdx.byName.get(`${key}(${wire})`);
    if (field?.kind === 'field') push(from + at, from + at + 'filters'.length, field);
  }
}

/** The keyword arguments of a call (`args`, at `from`) that its method sends as query keys (`key(page)` fields). */
function keywordFields(sdkIdx: SdkIndex, key: string, args: string, from: number, push: Push): void {
  KEYWORD.lastIndex = 0;
  for (let k = KEYWORD.exec(args); k !== null; k = KEYWORD.exec(args)) {
    const field = sdkIdx.byName.get(`${key}(${k[1] ?? ''})`);
    if (field?.kind !== 'field') continue;
    const at = from + k.index + k[0].indexOf(k[1] ?? '');
    push(at, at + (k[1] ?? '').length, field);
  }
}

/** Bounds of a Python text's values typed by a client of classes: assignments read, rounds of reading them. */
const MAX_TYPED_ASSIGNMENTS = 2_000;
const TYPING_ROUNDS = 6;

/**
 * Calls of a Python client of classes (pyterprise): a program makes its entry class (`client = pyterprise.Client()`,
 * `from pyterprise import Client` then `Client()`), and each value a method returns is of the class the mapping says
 * (`org = client.set_organization(id=…)` an Organization, `for w in org.list_workspaces():` a Workspace). A mapped
 * method called on a value so typed (`org.list_workspaces()`, `workspace.run(…)`) is its endpoint; a keyword argument
 * sent as a query key (`workspace.list_runs(page=1, page_size=100)`) is that parameter. A name assigned values of two
 * classes, or anything else besides (`None` aside), has no class; a value of no known class says nothing.
 */
function classClientUses(text: string, sdkIdx: SdkIndex, client: string, push: Push): void {
  const classes = sdkIdx.classClients.get(client);
  if (classes === undefined) return;
  // The names the entry class is made by: `pyterprise.Client(`, an alias of the module's, or the class imported.
  const makers = new Set<string>();
  for (const m of text.matchAll(new RegExp(`^[ \\t]*import[ \\t]+${client}(?:[ \\t]+as[ \\t]+(\\w+))?`, 'gm')))
    makers.add(`${m[1] ?? client}.${classes.entry}`);
  for (const m of text.matchAll(new RegExp(`^[ \\t]*from[ \\t]+${client}[\\w.]*[ \\t]+import[ \\t]+([^\\n]+)`, 'gm')))
    for (const part of (m[1] ?? '').replace(/[()]/g, '').split(','))
      if (/^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part)?.[1] === classes.entry)
        makers.add(/\bas\s+(\w+)/.exec(part)?.[1] ?? classes.entry);
  if (makers.size === 0) return;
  const assignments: { variable: string; value: string; each: boolean }[] = [];
  for (const m of text.matchAll(
    /^[ \t]*(?:for[ \t]+(\w+)[ \t]+in[ \t]+([^\n]+?):|(\w+)[ \t]*=(?!=)[ \t]*([^\n]+))/gm,
  )) {
    if (assignments.length >= MAX_TYPED_ASSIGNMENTS) break;
    if (m[1] !== undefined) assignments.push({ variable: m[1], value: (m[2] ?? '').trim(), each: true });
    else assignments.push({ variable: m[3] ?? '', value: (m[4] ?? '').trim(), each: false });
  }
  const typeOf = (value: string, types: ReadonlyMap<string, string | null>): string | undefined => {
    const call = /^([\w.]+?)(?:\.(\w+))?\(/.exec(value);
    if (call && call[2] === undefined && makers.has(call[1] ?? '')) return classes.entry;
    if (call && makers.has(`${call[1] ?? ''}.${call[2] ?? ''}`)) return classes.entry;
    if (call && call[2] !== undefined && /^\w+$/.test(call[1] ?? '')) {
      const owner = types.get(call[1] ?? '');
      return owner ? classes.returns.get(`${owner}.${call[2]}`) : undefined;
    }
    return /^\w+$/.test(value) ? (types.get(value) ?? undefined) : undefined;
  };
  let types = new Map<string, string | null>();
  for (let round = 0, changed = true; changed && round < TYPING_ROUNDS; round++) {
    const next = new Map<string, string | null>();
    for (const { variable, value, each } of assignments) {
      if (value === 'None') continue;
      let type = typeOf(value, types);
      if (each) type = type?.startsWith('[]') === true ? type.slice(2) : undefined;
      const known = next.get(variable);
      next.set(variable, type === undefined || (known !== undefined && known !== type) ? null : type);
    }
    changed = next.size !== types.size || [...next].some(([v, t]) => types.get(v) !== t);
    types = next;
  }
  if (![...types.values()].some((t) => t !== null)) return;
  for (const m of text.matchAll(/\b(\w+)\.(\w+)\(/g)) {
    const owner = types.get(m[1] ?? '');
    if (!owner || owner.startsWith('[]')) continue;
    const key = `${client} ${owner}.${m[2] ?? ''}`;
    const start = (m.index ?? 0) + (m[1] ?? '').length + 1;
    const name = sdkIdx.methods.get(key);
    if (name) push(start, start + (m[2] ?? '').length, name);
    const from = (m.index ?? 0) + m[0].length;
    const args = argumentsAt(text, from);
    if (args.includes('=')) keywordFields(sdkIdx, key, args, from, push);
  }
}

const ID_LAST = /\/:(\w+)_id$/;
/** How far a call's arguments are read for a keyword. */
const MAX_ARGUMENTS = 300;

/** A call's arguments from `from` to its first `)`, at most `MAX_ARGUMENTS` characters. */
function argumentsAt(text: string, from: number): string {
  const close = text.indexOf(')', from);
  return text.slice(from, close === -1 || close - from > MAX_ARGUMENTS ? from + MAX_ARGUMENTS : close);
}

/** A field set in a call's arguments (`tfe.TeamMemberAddOptions{OrganizationMembershipIDs: ids}`). */
const GO_FIELD = /(?:^|[{,\s])([A-Z]\w*)[ \t]*:(?!=)/g;

/**
 * The go-tfe name a call at `from` (after its `(`) maps to: the method's own, or for a method whose path picks a
 * segment by which options field is set, the name of the field its arguments set (`TeamMembers.Add(ctx, id,
 * tfe.TeamMemberAddOptions{OrganizationMembershipIDs: ids})` → `TeamMembers.Add(OrganizationMembershipIDs)`);
 * options passed in a variable, or fields that pick two endpoints, say nothing.
 */
function goMethodName(sdkIdx: SdkIndex, key: string, text: string, from: number): SdkName | undefined {
  const plain = sdkIdx.methods.get(key);
  if (plain !== undefined || !sdkIdx.keyed.has(key)) return plain;
  let found: SdkName | undefined;
  for (const m of argumentsAt(text, from).matchAll(GO_FIELD)) {
    const name = sdkIdx.methods.get(`${key}(${m[1] ?? ''})`);
    if (name === undefined) continue;
    if (found !== undefined && found.subject !== name.subject) return undefined;
    found = name;
  }
  return found;
}

const KEYWORD = /(?:^|[(,\s])(\w+)[ \t]*=(?!=)/g;

/**
 * The name a call maps to by the keyword argument that picks its endpoint: terrasnek's `workspaces.show(workspace_name=…)`
 * reads `/organizations/{org}/workspaces/{name}`, `workspaces.show(workspace_id=…)` `/workspaces/{id}`
 * (`workspaces.show(workspace_name)` in the mapping); a method reference's call passes them after it
 * (`call_endpoint(api.workspaces.show, workspace_name=ws)`). Two keywords that pick two endpoints pick none.
 */
function keywordName(sdkIdx: SdkIndex, key: string, args: string, known?: KnownRelease): SdkName | undefined {
  if (!args.includes('=')) return undefined;
  let found: SdkName | undefined;
  KEYWORD.lastIndex = 0;
  for (let m = KEYWORD.exec(args); m !== null; m = KEYWORD.exec(args)) {
    const name = methodOf(sdkIdx, `${key}(${m[1] ?? ''})`, known);
    if (name === undefined) continue;
    if (found !== undefined && found.subject !== name.subject) return undefined;
    found = name;
  }
  return found;
}

/**
 * A method's name: the mapping's, or for a name whose endpoint changed between the client's releases, the one the
 * program's release sends (`release`, pinned in its requirements); none when that release is not known.
 */
function methodOf(sdkIdx: SdkIndex, key: string, known: KnownRelease | undefined): SdkName | undefined {
  const name = sdkIdx.methods.get(key);
  if (name !== undefined || known === undefined) return name;
  const names = sdkIdx.byRelease.get(key);
  if (names === undefined) return undefined;
  if ('exact' in known) return names.find((n) => n.releases?.has(known.exact) === true);
  // Every release from the known floor on that has the method sends one endpoint.
  const space = key.indexOf(' ');
  const client = key.slice(0, space);
  const method = key.slice(space + 1).replace(/\(.*$/, '');
  const order = sdkIdx.releaseOrder.get(client) ?? [];
  const possible = order.slice(Math.max(known.from, sdkIdx.since.get(client)?.get(method) ?? 0));
  return possible.length === 0 ? undefined : names.find((n) => possible.every((r) => n.releases?.has(r) === true));
}

/** A text's calls of each client, by the client's pattern (a scan reads a Python file's calls, then its facts read them again). */
const CLIENT_CALLS = memoKey<Map<RegExp, RegExpMatchArray[]>>('client calls');

/** A client's service calls in a text (`.workspaces.show(`), read once per scan. */
function clientCalls(text: string, lines: Lines, pattern: RegExp): RegExpMatchArray[] {
  const byPattern = lines.memo(CLIENT_CALLS, () => new Map<RegExp, RegExpMatchArray[]>());
  let found = byPattern.get(pattern);
  if (found === undefined) {
    found = [...text.matchAll(pattern)];
    byPattern.set(pattern, found);
  }
  return found;
}

/** What is known of a program's release of a client: pinned exactly, or at least the one at a place of its releases. */
type KnownRelease = { readonly exact: string } | { readonly from: number };

/** The place of the latest release that added a method these calls make (0: none after the first). */
function releaseFloor(sdkIdx: SdkIndex, client: string, calls: readonly RegExpMatchArray[]): number {
  const since = sdkIdx.since.get(client);
  let floor = 0;
  if (since !== undefined)
    for (const m of calls) floor = Math.max(floor, since.get(`${m[1] ?? ''}.${m[2] ?? ''}`) ?? 0);
  return floor;
}

/**
 * The releases of the mapping's Python clients a Python text's calls need at least (`agents.destroy_pool`: terrasnek
 * 0.1.4 or later), for the other files of its project (`FileFacts.laterReleases`).
 */
export function laterReleases(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  languageId: string | undefined,
): Map<string, string> {
  const out = new Map<string, string>();
  if (languageId !== 'python' || !text.includes('.')) return out;
  const sdkIdx = sdkIndex(index);
  for (const [client, order] of sdkIdx.releaseOrder) {
    const calls = sdkIdx.calls.get(client);
    if (calls === undefined) continue;
    const floor = releaseFloor(sdkIdx, client, clientCalls(text, lines, calls));
    // A floor that decides none of the client's names tells the project nothing.
    if (floor > 0 && floor >= (sdkIdx.decidingFloor.get(client) ?? order.length)) out.set(client, order[floor] ?? '');
  }
  return out;
}

/**
 * A call that names its object by another key than the mapped endpoint's last parameter: terrasnek's
 * `workspaces.show(workspace_name=…)` reads `/organizations/{org}/workspaces/{name}`, not
 * `/workspaces/:workspace_id`. Such a call is not reported (its endpoint is another).
 */
function byOtherKey(args: string, name: SdkName): boolean {
  const last = ID_LAST.exec(name.subject.id)?.[1];
  return last !== undefined && args.includes(`${last}_name=`);
}

/** The most characters of one model call's arguments read for its keywords. */
const MAX_MODEL_ARGS = 4_000;

/**
 * Keywords of a python-tfe model or option class made in the file (`RunCreateOptions(workspace=ws, save_plan=True)`,
 * `PolicySetCreateOptions(\n  name="x",\n  agent_enabled=True,\n)`): each keyword at the call's own depth that the
 * mapping names (`RunCreateOptions.save_plan` → `attribute runs save-plan`). Strings and nested calls are skipped.
 */
function modelKeywordUses(text: string, sdkIdx: SdkIndex, push: Push, isCode: (at: number) => boolean): void {
  const calls = sdkIdx.modelCalls;
  if (!calls) return;
  calls.lastIndex = 0;
  for (let m = calls.exec(text); m; m = calls.exec(text)) {
    const fields = sdkIdx.modelFields.get(m[1] ?? '');
    if (!fields) continue;
    const end = Math.min(text.length, calls.lastIndex + MAX_MODEL_ARGS);
    let depth = 1;
    let quote = '';
    // At depth 1, the start of an argument (after `(` or `,`): a keyword there is `name=` (not `==`).
    let argStart = true;
    for (let i = calls.lastIndex; i < end && depth > 0; i++) {
      const c = text[i] ?? '';
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = '';
        continue;
      }
      if (c === '"' || c === "'") quote = c;
      else if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') depth--;
      else if (c === '#') {
        const nl = text.indexOf('\n', i);
        i = nl === -1 ? end : nl - 1;
        continue;
      } else if (c === ',' && depth === 1) {
        argStart = true;
        continue;
      } else if (depth === 1 && argStart && /[A-Za-z_]/.test(c)) {
        const kw = /^(\w+)\s*=(?!=)\s*(?:(["'])([\w -]{1,40})\2)?/.exec(text.slice(i, i + 80));
        const name = kw ? fields.get(kw[1] ?? '') : undefined;
        if (kw && name && isCode(i)) push(i, i + (kw[1] ?? '').length, name);
        // A value of a field typed by an enum the history lists values of (`access="maintain"`): that value (a string
        // of the keyword's code).
        const value = kw?.[3] === undefined ? undefined : fields.get(`${kw[1] ?? ''}=${kw[3]}`);
        if (kw && value && isCode(i)) {
          const at = i + kw[0].length - 1 - (kw[3] ?? '').length;
          push(at, at + (kw[3] ?? '').length, value);
        }
        if (kw?.[2] !== undefined) i += kw[0].length - 1;
        argStart = false;
        continue;
      }
      if (!/\s/.test(c)) argStart = false;
    }
  }
}

/**
 * Members of python-tfe's enums the mapping names (`TeamProjectAccessType.TEAM_PROJECT_ACCESS_MAINTAIN` → `status
 * team-projects maintain`), wherever the file names one (an option's keyword, a comparison, a default).
 */
function modelConstantUses(text: string, sdkIdx: SdkIndex, push: Push): void {
  const pattern = sdkIdx.modelConstants;
  if (!pattern) return;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const name = sdkIdx.byName.get(`python-tfe ${m[1] ?? ''}.${m[2] ?? ''}`);
    if (name) push(m.index + (m[1] ?? '').length + 1, m.index + m[0].length, name);
  }
}
